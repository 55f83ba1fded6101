#include "logic/location_model.hpp"

#include <QBrush>
#include <QColor>

#include "hashscope/samples.hpp"
#include "logic/result_text.hpp"

namespace hashscope::gui {

LocationModel::LocationModel(QObject* parent) : QAbstractTableModel(parent) {}

int LocationModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }
int LocationModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString LocationModel::unusableReason(int row) const
{
  const Row& r = m_rows.at(std::size_t(row));
  const StorageInfo& s = r.info;
  if (!s.error.empty())
    return qs(s.error);
  if (s.readOnly)
    return tr("read-only: can benchmark existing files");
  if (!s.writable)
    return tr("no write permission: can benchmark existing files");
  // Room for the sample, keeping a small margin so the benchmark never fills a disk to the last byte.
  if (!r.hasSample && m_sampleSize > 0 && s.freeBytes < m_sampleSize + 64 * MiB)
    return tr("full: %1 free, the sample needs %2").arg(formatBytes(s.freeBytes), formatBytes(m_sampleSize));
  return {};
}

bool LocationModel::dataOnly(int row) const
{
  const StorageInfo& s = m_rows.at(std::size_t(row)).info;
  return s.error.empty() && (s.readOnly || !s.writable);
}

QVariant LocationModel::data(const QModelIndex& index, int role) const
{
  if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const Row& r = m_rows[std::size_t(index.row())];
  const StorageInfo& s = r.info;
  const QString reason = unusableReason(index.row());
  if (role == Qt::CheckStateRole && index.column() == PathColumn)
    return r.checked && reason.isEmpty() ? Qt::Checked : Qt::Unchecked;
  if (role == Qt::ToolTipRole) {
    QString tip = s.label.empty() ? qs(s.path) : qs(s.label);
    if (!s.mountPoint.empty())
      tip += QLatin1Char('\n') % tr("Mounted at %1").arg(qs(s.mountPoint));
    if (s.totalBytes)
      tip += QLatin1Char('\n') % tr("%1 free of %2").arg(formatBytes(s.freeBytes), formatBytes(s.totalBytes));
    if (!s.device.model.empty())
      tip += QLatin1Char('\n') % tr("Model: %1").arg(qs(s.device.model));
    if (dataOnly(index.row()))
      tip += QLatin1Char('\n') % tr("No sample can be written here. File > Benchmark a file or folder... "
                                     "(Ctrl+Shift+B) measures the files already here, writing nothing.");
    else if (!reason.isEmpty())
      tip += QLatin1Char('\n') % tr("Unusable: %1").arg(reason);
    if (!r.error.isEmpty())
      tip += QLatin1Char('\n') % r.error;
    return tip;
  }
  if (role == Qt::ForegroundRole && index.column() == StatusColumn && r.error.isEmpty() && dataOnly(index.row()))
    return {};  // a label, not an error: the palette's own text colour, readable in light and dark themes
  if (role == Qt::ForegroundRole && index.column() == StatusColumn && (!reason.isEmpty() || !r.error.isEmpty()))
    return QBrush(QColor(200, 60, 40));
  if (role == Qt::UserRole)  // sort key
    return index.column() == FreeColumn ? QVariant(qulonglong(s.freeBytes)) : data(index, Qt::DisplayRole);
  if (role != Qt::DisplayRole)
    return {};
  switch (index.column()) {
  case PathColumn: return qs(s.path);
  case KindColumn: return mediaBadge(s.kind);
  case DeviceColumn:
    if (isRemote(s))
      return s.source.empty() ? qs(s.remote.transport) : qs(s.source);  // the share: "nas:/export"
    return s.device.name.empty() ? QStringLiteral("—") : qs(s.device.name);
  case FilesystemColumn: return qs(s.filesystem);
  case FreeColumn: return formatBytes(s.freeBytes);
  case StatusColumn:
    if (!r.error.isEmpty())
      return r.error;
    if (!reason.isEmpty())
      return reason;
    return r.hasSample ? tr("ready, sample present") : tr("ready");
  default: return {};
  }
}

QVariant LocationModel::headerData(int section, Qt::Orientation orientation, int role) const
{
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
    return QAbstractTableModel::headerData(section, orientation, role);
  switch (section) {
  case PathColumn: return tr("Location");
  case KindColumn: return tr("Type");
  case DeviceColumn: return tr("Device");
  case FilesystemColumn: return tr("Filesystem");
  case FreeColumn: return tr("Free");
  case StatusColumn: return tr("Status");
  default: return {};
  }
}

Qt::ItemFlags LocationModel::flags(const QModelIndex& index) const
{
  if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return Qt::NoItemFlags;
  Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
  if (index.column() == PathColumn && unusableReason(index.row()).isEmpty())
    f |= Qt::ItemIsUserCheckable;
  return f;
}

bool LocationModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
  if (role != Qt::CheckStateRole || index.column() != PathColumn || !(flags(index) & Qt::ItemIsUserCheckable))
    return false;
  setChecked(index.row(), value.toInt() == Qt::Checked);
  return true;
}

void LocationModel::setChecked(int row, bool checked)
{
  if (row < 0 || row >= rowCount())
    return;
  m_rows[std::size_t(row)].checked = checked;
  const QModelIndex i = index(row, PathColumn);
  Q_EMIT dataChanged(i, i, {Qt::CheckStateRole});
}

void LocationModel::setLocations(const std::vector<StorageInfo>& detected)
{
  beginResetModel();
  std::vector<Row> kept;
  for (Row& r : m_rows) {
    if (r.added)
      kept.push_back(std::move(r));
  }
  m_rows.clear();
  for (const StorageInfo& s : detected)
    m_rows.push_back(Row{s, false, false, false, {}});
  for (Row& r : kept)
    m_rows.push_back(std::move(r));
  refreshSamples();
  endResetModel();
}

int LocationModel::findRow(const QString& path) const
{
  for (std::size_t i = 0; i < m_rows.size(); ++i) {
    if (qs(m_rows[i].info.path) == path)
      return int(i);
  }
  return -1;
}

int LocationModel::addFolder(const StorageInfo& info)
{
  const int existing = findRow(qs(info.path));
  if (existing >= 0)
    return existing;
  const int row = rowCount();
  beginInsertRows({}, row, row);
  m_rows.push_back(Row{info, true, true, false, {}});
  m_rows.back().hasSample = false;
  endInsertRows();
  refreshSamples();
  Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
  return row;
}

QStringList LocationModel::addedFolders() const
{
  QStringList out;
  for (const Row& r : m_rows) {
    if (r.added)
      out.append(qs(r.info.path));
  }
  return out;
}

void LocationModel::refreshSamples()
{
  for (Row& r : m_rows) {
    r.hasSample = false;
    if (!r.info.error.empty() || m_sampleSize == 0)
      continue;
    for (const SampleFile& f : listSamples(r.info.path))
      r.hasSample = r.hasSample || (f.isSample() && f.size == m_sampleSize && f.content == m_content);
  }
}

void LocationModel::setSampleSpec(std::uint64_t size, SampleContent content)
{
  m_sampleSize = size;
  m_content = content;
  refreshSamples();
  if (rowCount() > 0)
    Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

QStringList LocationModel::checkedPaths() const
{
  QStringList out;
  for (std::size_t i = 0; i < m_rows.size(); ++i) {
    if (m_rows[i].checked && unusableReason(int(i)).isEmpty())
      out.append(qs(m_rows[i].info.path));
  }
  return out;
}

void LocationModel::setCheckedPaths(const QStringList& paths)
{
  for (Row& r : m_rows)
    r.checked = paths.contains(qs(r.info.path));
  if (rowCount() > 0)
    Q_EMIT dataChanged(index(0, PathColumn), index(rowCount() - 1, PathColumn), {Qt::CheckStateRole});
}

std::uint64_t LocationModel::smallestFreeChecked() const
{
  std::uint64_t smallest = 0;
  for (const Row& r : m_rows) {
    if (r.checked && (smallest == 0 || r.info.freeBytes < smallest))
      smallest = r.info.freeBytes;
  }
  return smallest;
}

QString LocationModel::deviceKey(const StorageInfo& info)
{
  if (!info.device.name.empty())
    return QStringLiteral("device:") % qs(info.device.name);
  if (info.kind == MediaKind::Ram)
    return QStringLiteral("ram");
  if (info.kind == MediaKind::Network && !info.source.empty())
    return QStringLiteral("share:") % qs(info.source);
  return QStringLiteral("mount:") % qs(info.mountPoint.empty() ? info.path : info.mountPoint);
}

QString LocationModel::placeLabel(const StorageInfo& info)
{
  const QString device = info.device.name.empty() ? mediaBadge(info.kind) : qs(info.device.name);
  QStringList parts;
  if (!device.isEmpty())
    parts.append(device);
  if (!info.filesystem.empty())
    parts.append(qs(info.filesystem));
  return parts.isEmpty() ? qs(info.path) : tr("%1 (%2)").arg(qs(info.path), parts.join(QStringLiteral(", ")));
}

void LocationModel::checkOnePerDevice(const QStringList& preferred)
{
  std::vector<int> order;
  for (const QString& path : preferred) {
    const int row = findRow(path);
    if (row >= 0)
      order.push_back(row);
  }
  const std::size_t chosen = order.size();  // rows the user chose before come first
  for (int row = 0; row < rowCount(); ++row)
    order.push_back(row);
  QStringList devices;
  for (Row& r : m_rows)
    r.checked = false;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const int row = order[i];
    Row& r = m_rows[std::size_t(row)];
    const QString key = deviceKey(r.info);
    if (r.checked || devices.contains(key) || !unusableReason(row).isEmpty())
      continue;
    // A share or FUSE mount is ticked only when the user chose it before: a sample written there by
    // default would travel over the network.
    const bool remote = isRemote(r.info);
    if (remote && i >= chosen)
      continue;
    devices.append(key);
    r.checked = true;
  }
  if (rowCount() > 0)
    Q_EMIT dataChanged(index(0, PathColumn), index(rowCount() - 1, PathColumn), {Qt::CheckStateRole});
}

QStringList LocationModel::knownPaths() const
{
  QStringList out;
  for (const Row& r : m_rows) {
    if (r.info.error.empty())
      out.append(qs(r.info.path));
  }
  return out;
}

bool LocationModel::reusesSample(const QString& path) const
{
  const int row = findRow(path);
  return row >= 0 && m_rows[std::size_t(row)].hasSample;
}

QString LocationModel::writePlan(bool keepSamples) const
{
  QStringList writes, reuses;
  for (std::size_t i = 0; i < m_rows.size(); ++i) {
    const Row& r = m_rows[i];
    if (r.checked && unusableReason(int(i)).isEmpty())
      (r.hasSample ? reuses : writes).append(r.hasSample ? qs(r.info.path) : placeLabel(r.info));
  }
  if (writes.isEmpty() && reuses.isEmpty())
    return tr("Tick a location to benchmark.");
  // "a, b and c": the places themselves contain commas inside their parentheses.
  auto joined = [](QStringList items) {
    const QString last = items.takeLast();
    return items.isEmpty() ? last : tr("%1 and %2").arg(items.join(QStringLiteral(", ")), last);
  };
  QString text;
  if (!writes.isEmpty())
    text = (keepSamples ? tr("Will write a %1 sample in %2 and keep it.")
                        : tr("Will write a %1 sample in %2, removed after the run."))
               .arg(formatBytes(m_sampleSize), joined(writes));
  if (!reuses.isEmpty()) {
    if (!text.isEmpty())
      text += QLatin1Char(' ');
    text += tr("Reuses the %1 sample already in %2.").arg(formatBytes(m_sampleSize), joined(reuses));
  }
  return text;
}

void LocationModel::setError(const QString& path, const QString& text)
{
  const int row = findRow(path);
  if (row < 0)
    return;
  m_rows[std::size_t(row)].error = text;
  Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void LocationModel::clearErrors()
{
  for (Row& r : m_rows)
    r.error.clear();
  if (rowCount() > 0)
    Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

}  // namespace hashscope::gui
