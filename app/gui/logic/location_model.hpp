// The storage locations the user can benchmark: detected volumes plus added folders, each checkable,
// with device, filesystem, free space, a media badge and, when unusable, the reason why.
#pragma once

#include <QAbstractTableModel>
#include <QStringList>

#include <vector>

#include "hashscope/storage.hpp"
#include "hashscope/types.hpp"

namespace hashscope::gui {

class LocationModel : public QAbstractTableModel {
  Q_OBJECT
public:
  enum Column { PathColumn, KindColumn, DeviceColumn, FilesystemColumn, FreeColumn, StatusColumn, ColumnCount };

  explicit LocationModel(QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

  void setLocations(const std::vector<StorageInfo>& detected);
  // Adds a folder the user chose (or returns the row it already has).
  int addFolder(const StorageInfo& info);
  QStringList addedFolders() const;

  // The sample the suite will need: locations without room for it (and no such sample yet) are unusable.
  void setSampleSpec(std::uint64_t size, SampleContent content);
  QStringList checkedPaths() const;        // checked and usable
  void setCheckedPaths(const QStringList& paths);
  void setChecked(int row, bool checked);
  std::uint64_t smallestFreeChecked() const;  // free bytes of the fullest checked location (0 = none)
  // Ticks one usable location per device (deviceKey), preferring `preferred` in that order, then row order;
  // unticks the rest. Two folders on one disk measure the same thing twice.
  void checkOnePerDevice(const QStringList& preferred);
  QStringList knownPaths() const;          // every location that could be examined (ticked or not)
  // A sample of the current size and content was found there: the next run reads it and writes nothing.
  bool reusesSample(const QString& path) const;
  // One sentence saying what the next run writes where, e.g. "Will write a 1 GiB sample in /tmp (vda,
  // ext4); it is removed after the run." (and which existing samples it reuses).
  QString writePlan(bool keepSamples) const;

  void setError(const QString& path, const QString& text);  // shown beside the location
  void clearErrors();

  // What makes two locations one device for the default selection: the disk's name; every RAM-backed
  // location is one "RAM" device; a network share its source; otherwise the mount point.
  static QString deviceKey(const StorageInfo& info);
  static QString placeLabel(const StorageInfo& info);  // "/tmp (vda, ext4)", "/dev/shm (RAM, tmpfs)"

  const StorageInfo& info(int row) const { return m_rows.at(std::size_t(row)).info; }
  QString unusableReason(int row) const;  // empty when usable
  // No sample can be written there (a read-only filesystem, no write permission), but the files already
  // there can be measured with "Benchmark a file or folder...": labelled so, not shown as an error.
  bool dataOnly(int row) const;

private:
  struct Row {
    StorageInfo info;
    bool checked = false;
    bool added = false;
    bool hasSample = false;  // a reusable sample of the current size/content is already there
    QString error;
  };
  void refreshSamples();
  int findRow(const QString& path) const;
  std::vector<Row> m_rows;
  std::uint64_t m_sampleSize = 0;
  SampleContent m_content = SampleContent::Random;
};

}  // namespace hashscope::gui
