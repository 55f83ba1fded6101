#include "logic/algorithm_model.hpp"

#include <QFont>

#include "logic/result_text.hpp"

namespace hashscope::gui {

AlgorithmModel::AlgorithmModel(QObject* parent) : AlgorithmModel(allAlgorithms(), parent) {}

AlgorithmModel::AlgorithmModel(const std::vector<AlgorithmInfo>& algorithms, QObject* parent)
    : QAbstractListModel(parent)
{
  for (AlgorithmFamily family : {AlgorithmFamily::Cryptographic, AlgorithmFamily::Checksum, AlgorithmFamily::Fast}) {
    bool any = false;
    for (const AlgorithmInfo& info : algorithms) {
      if (info.family != family)
        continue;
      if (!any)
        m_rows.push_back(Row{true, family, {}, false});
      any = true;
      m_rows.push_back(Row{false, family, info, false});
    }
  }
}

int AlgorithmModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

QVariant AlgorithmModel::data(const QModelIndex& index, int role) const
{
  if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const Row& r = m_rows[std::size_t(index.row())];
  if (role == IsHeaderRole)
    return r.header;
  if (r.header) {
    if (role == Qt::DisplayRole) {
      switch (r.family) {
      case AlgorithmFamily::Cryptographic: return tr("Cryptographic");
      case AlgorithmFamily::Checksum: return tr("Checksums");
      case AlgorithmFamily::Fast: return tr("Fast, non-cryptographic");
      }
    }
    if (role == Qt::FontRole) {
      QFont font;
      font.setBold(true);
      return font;
    }
    return {};
  }
  switch (role) {
  case Qt::DisplayRole: return qs(r.info.displayName.empty() ? r.info.id : r.info.displayName);
  case IdRole: return qs(r.info.id);
  case Qt::CheckStateRole: return r.checked ? Qt::Checked : Qt::Unchecked;
  case Qt::ToolTipRole: {
    QString tip = tr("%1 (\"%2\"), %3-bit digest").arg(qs(r.info.displayName), qs(r.info.id)).arg(r.info.digestBytes * 8);
    tip += QLatin1Char('\n') % tr("Implementation: %1").arg(qs(r.info.implementation));
    if (!r.info.peerTool.empty())
      tip += QLatin1Char('\n') % tr("Same output as: %1").arg(qs(r.info.peerTool));
    return tip;
  }
  default: return {};
  }
}

Qt::ItemFlags AlgorithmModel::flags(const QModelIndex& index) const
{
  if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return Qt::NoItemFlags;
  if (m_rows[std::size_t(index.row())].header)
    return Qt::ItemIsEnabled;
  return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable;
}

bool AlgorithmModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
  if (role != Qt::CheckStateRole || !(flags(index) & Qt::ItemIsUserCheckable))
    return false;
  m_rows[std::size_t(index.row())].checked = value.toInt() == Qt::Checked;
  Q_EMIT dataChanged(index, index, {Qt::CheckStateRole});
  return true;
}

QStringList AlgorithmModel::checkedIds() const
{
  QStringList ids;
  for (const Row& r : m_rows) {
    if (!r.header && r.checked)
      ids.append(qs(r.info.id));
  }
  return ids;
}

void AlgorithmModel::setCheckedIds(const QStringList& ids)
{
  for (Row& r : m_rows)
    r.checked = !r.header && ids.contains(qs(r.info.id));
  if (!m_rows.empty())
    Q_EMIT dataChanged(index(0), index(rowCount() - 1), {Qt::CheckStateRole});
}

}  // namespace hashscope::gui
