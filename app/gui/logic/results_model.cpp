#include "logic/results_model.hpp"

#include <QBrush>
#include <QColor>
#include <QFont>

#include "logic/result_text.hpp"

namespace hashscope::gui {

ResultsModel::ResultsModel(QObject* parent) : QAbstractTableModel(parent) {}

int ResultsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_results.size()); }
int ResultsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

namespace {
QString percent(double value) { return value > 0 ? QString::number(value, 'f', 0) % QLatin1Char('%') : QStringLiteral("—"); }
bool fromCache(const RunResult& r) { return r.analysis && r.analysis->servedFromCache; }
}  // namespace

QVariant ResultsModel::display(const RunResult& r, int column) const
{
  const Analysis* a = r.analysis ? &*r.analysis : nullptr;
  switch (column) {
  case LocationColumn: return qs(r.location);
  case DeviceColumn: return r.storage.device.name.empty() ? deviceLabel(r.storage) : qs(r.storage.device.name);
  case AlgorithmColumn: return r.workload == Workload::PeerTool && !r.tool.empty() ? qs(r.tool) : qs(r.algorithm);
  case WorkloadColumn: return workloadName(r.workload);
  case StreamsColumn: return r.streams;
  case CacheColumn: return cacheLabel(r);
  case SpeedColumn:
    if (!r.error.empty())
      return tr("failed");
    if (r.passes.size() > 1)  // the median, with the slowest and fastest pass
      return tr("%1 (%2–%3)").arg(formatMBps(r.mbPerSec()), QString::number(r.minMBps(), 'f', 0),
                                  QString::number(r.maxMBps(), 'f', 0));
    return formatMBps(r.mbPerSec());
  case CpuColumn: return percent(workerCpuPercent(r));
  case DiskColumn: return a ? percent(a->diskBusyPct) : QStringLiteral("—");
  case LimitColumn: return a ? formatMBps(a->limitMBps) : QStringLiteral("—");
  case EfficiencyColumn:
    if (a && a->efficiency > 0 && !a->efficiencyShown())
      return tr("unreliable");  // above the limit estimate: never a plain number over 100%
    return a && a->efficiency > 0 ? percent(a->efficiency * 100) : QStringLiteral("—");
  case VerdictColumn: {
    if (!r.error.empty())
      return qs(r.error);
    if (!a)
      return QStringLiteral("—");
    QString text = verdictName(a->verdict);
    if (a->servedFromCache)
      text += tr(" — from cache: describes RAM, not the disk");
    else if (a->memoryBacked)
      text += tr(" — RAM-backed location");
    if (a->has(FlagCode::MachineBusy))
      text += tr(" — machine busy: not representative");
    if (a->has(FlagCode::WideSpread))
      text += tr(" — wide spread");
    return text;
  }
  default: return {};
  }
}

QVariant ResultsModel::sortKey(const RunResult& r, int column) const
{
  const Analysis* a = r.analysis ? &*r.analysis : nullptr;
  switch (column) {
  case StreamsColumn: return r.streams;
  case SpeedColumn: return r.mbPerSec();
  case CpuColumn: return workerCpuPercent(r);
  case DiskColumn: return a ? a->diskBusyPct : -1.0;
  case LimitColumn: return a ? a->limitMBps : -1.0;
  case EfficiencyColumn: return a ? a->efficiency : -1.0;
  default: return display(r, column);
  }
}

QVariant ResultsModel::data(const QModelIndex& index, int role) const
{
  if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const RunResult& r = m_results[std::size_t(index.row())];
  switch (role) {
  case Qt::DisplayRole: return display(r, index.column());
  case SortRole: return sortKey(r, index.column());
  case Qt::TextAlignmentRole:
    if (index.column() >= StreamsColumn && index.column() <= EfficiencyColumn && index.column() != CacheColumn)
      return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
  case Qt::ToolTipRole: {
    QString tip = resultTitle(r);
    if (const QString evidence = evidenceText(r); !evidence.isEmpty())
      tip += QLatin1Char('\n') % evidence;
    const QString warning = cacheWarning(r);
    if (!warning.isEmpty())
      tip += QLatin1Char('\n') % warning;
    if (!r.cacheNote.empty())
      tip += QLatin1Char('\n') % qs(r.cacheNote);
    return tip;
  }
  case Qt::BackgroundRole:
    if (!r.error.empty())
      return QBrush(QColor(220, 60, 40, 60));
    if (fromCache(r))
      return QBrush(QColor(240, 170, 30, 80));  // amber: this row is about RAM, not the disk
    return {};
  case Qt::FontRole:
    if (fromCache(r) && index.column() == VerdictColumn) {
      QFont font;
      font.setBold(true);
      return font;
    }
    return {};
  default: return {};
  }
}

QVariant ResultsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
  if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
    return QAbstractTableModel::headerData(section, orientation, role);
  static const char* const names[ColumnCount] = {
      QT_TR_NOOP("Location"), QT_TR_NOOP("Device"),  QT_TR_NOOP("Algorithm"), QT_TR_NOOP("Workload"),
      QT_TR_NOOP("Streams"),  QT_TR_NOOP("Cache"),   QT_TR_NOOP("MB/s"),      QT_TR_NOOP("CPU %"),
      QT_TR_NOOP("Disk %"),   QT_TR_NOOP("Limit"),   QT_TR_NOOP("Efficiency"), QT_TR_NOOP("Verdict")};
  static const char* const tips[ColumnCount] = {
      QT_TR_NOOP("The folder tested"),
      QT_TR_NOOP("The device behind it"),
      QT_TR_NOOP("Hash algorithm (or peer tool)"),
      QT_TR_NOOP("read: disk only; hash-memory: CPU only; hash-file: both, end to end"),
      QT_TR_NOOP("Parallel streams"),
      QT_TR_NOOP("Cache mode requested (and how it was achieved)"),
      QT_TR_NOOP("Throughput in decimal megabytes per second"),
      QT_TR_NOOP("Mean CPU share of the hashing threads (100% = one core busy)"),
      QT_TR_NOOP("Share of the time the device was busy"),
      QT_TR_NOOP("The expected ceiling: min(read speed, hash speed x streams)"),
      QT_TR_NOOP("Speed reached as a share of the limit"),
      QT_TR_NOOP("What limited the speed")};
  if (section < 0 || section >= ColumnCount)
    return {};
  return tr(role == Qt::DisplayRole ? names[section] : tips[section]);
}

void ResultsModel::clear()
{
  beginResetModel();
  m_results.clear();
  endResetModel();
}

void ResultsModel::append(const RunResult& result)
{
  const int row = rowCount();
  beginInsertRows({}, row, row);
  m_results.push_back(result);
  endInsertRows();
}

void ResultsModel::setResults(const std::vector<RunResult>& results)
{
  beginResetModel();
  m_results = results;
  endResetModel();
}

}  // namespace hashscope::gui
