// The HashScope sample files already present in the chosen locations (reused by the next benchmark), and
// the files only named like one, listed as "not a HashScope sample" with the reason (never deleted).
#pragma once

#include <QAbstractTableModel>
#include <QStringList>

#include <vector>

#include "hashscope/samples.hpp"

namespace hashscope::gui {

class SampleListModel : public QAbstractTableModel {
  Q_OBJECT
public:
  enum Column { NameColumn, FolderColumn, SizeColumn, ContentColumn, StatusColumn, ColumnCount };
  static constexpr int PathRole = Qt::UserRole + 1;

  explicit SampleListModel(QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  // Lists the samples (and files named like one) in these folders (not recursive).
  void refresh(const QStringList& folders);
  const SampleFile& sample(int row) const { return m_samples.at(std::size_t(row)); }

  // What a row is, for people: "sample", "not a HashScope sample: <reason> ...".
  static QString status(const SampleFile& f);

private:
  std::vector<SampleFile> m_samples;
};

}  // namespace hashscope::gui
