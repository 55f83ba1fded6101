#include "logic/sample_list_model.hpp"

#include "logic/result_text.hpp"

namespace hashscope::gui {

SampleListModel::SampleListModel(QObject* parent) : QAbstractTableModel(parent) {}

int SampleListModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_samples.size()); }
int SampleListModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant SampleListModel::data(const QModelIndex& index, int role) const
{
  if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const SampleFile& f = m_samples[std::size_t(index.row())];
  if (role == PathRole || role == Qt::ToolTipRole)
    return qs(f.path);
  if (role != Qt::DisplayRole)
    return {};
  switch (index.column()) {
  case NameColumn: return qs(f.path.filename());
  case FolderColumn: return qs(f.path.parent_path());
  case SizeColumn: return formatBytes(f.size);
  case ContentColumn: return qs(toString(f.content));
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
