#include "logic/sample_list_model.hpp"

#include <QBrush>
#include <QColor>

#include "logic/result_text.hpp"

namespace hashscope::gui {

QString SampleListModel::status(const SampleFile& f)
{
  switch (f.status) {
  case SampleStatus::Sample: return tr("sample");
  case SampleStatus::NotASample:
    return tr("not a HashScope sample: %1 (never deleted by HashScope)").arg(qs(f.reason));
  case SampleStatus::Writing: return tr("being written by another HashScope");
  case SampleStatus::StalePartial: return tr("left by a stopped run (removed by the next sample of this size)");
  }
  return {};
}

SampleListModel::SampleListModel(QObject* parent) : QAbstractTableModel(parent) {}

int SampleListModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_samples.size()); }
int SampleListModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant SampleListModel::data(const QModelIndex& index, int role) const
{
  if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const SampleFile& f = m_samples[std::size_t(index.row())];
  if (role == PathRole)
    return qs(f.path);
  if (role == Qt::ToolTipRole)
    return f.isSample() ? qs(f.path) : qs(f.path) + QLatin1Char('\n') + status(f);
  if (role == Qt::ForegroundRole && index.column() == StatusColumn && f.status == SampleStatus::NotASample)
    return QBrush(QColor(200, 60, 40));
  if (role != Qt::DisplayRole)
    return {};
  switch (index.column()) {
  case NameColumn: return qs(f.path.filename());
  case FolderColumn: return qs(f.path.parent_path());
  case SizeColumn: return formatBytes(f.bytesOnDisk);
  case ContentColumn: return f.status == SampleStatus::NotASample ? QStringLiteral("—") : qs(toString(f.content));
  case StatusColumn: return status(f);
  default: return {};
  }
}

QVariant SampleListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
    return QAbstractTableModel::headerData(section, orientation, role);
  switch (section) {
  case NameColumn: return tr("Sample");
  case FolderColumn: return tr("Folder");
  case SizeColumn: return tr("Size");
  case ContentColumn: return tr("Content");
  case StatusColumn: return tr("Status");
  default: return {};
  }
}

void SampleListModel::refresh(const QStringList& folders)
{
  beginResetModel();
  m_samples.clear();
  for (const QString& folder : folders) {
    for (SampleFile& f : listSamples(toPath(folder)))
      m_samples.push_back(std::move(f));
  }
  endResetModel();
}

}  // namespace hashscope::gui
