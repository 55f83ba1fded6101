// The HashScope sample files already present in the chosen locations (reused by the next benchmark).
#pragma once

#include <QAbstractTableModel>
#include <QStringList>

#include <vector>

#include "hashscope/samples.hpp"

namespace hashscope::gui {

class SampleListModel : public QAbstractTableModel {
  Q_OBJECT
public:
  enum Column { NameColumn, FolderColumn, SizeColumn, ContentColumn, ColumnCount };
  static constexpr int PathRole = Qt::UserRole + 1;

  explicit SampleListModel(QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  // Lists the samples in these folders (not recursive).
  void refresh(const QStringList& folders);
  const SampleFile& sample(int row) const { return m_samples.at(std::size_t(row)); }

private:
  std::vector<SampleFile> m_samples;
};

}  // namespace hashscope::gui
