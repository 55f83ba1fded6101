#include "logic/results_model.hpp"

#include <QBrush>
#include <QColor>
#include <QFont>

#include <algorithm>

#include "hashscope/analysis.hpp"
#include "hashscope/export.hpp"
#include "hashscope/figures.hpp"
#include "hashscope/library.hpp"
#include "logic/benchmark_controller.hpp"
#include "logic/chart_labels.hpp"
#include "logic/result_text.hpp"
#include "words.hpp"

namespace hashscope::gui {

ResultsModel::ResultsModel(QObject* parent) : QAbstractTableModel(parent) {}

int ResultsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_results.size()); }
int ResultsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

namespace {
QString percent(double value) { return value > 0 ? QString::number(value, 'f', 0) % QLatin1Char('%') : QStringLiteral("—"); }
bool fromCache(const RunResult& r) { return r.analysis && r.analysis->servedFromCache; }
// The peer tool's program name ("md5sum", "openssl") from the command line it ran.
QString toolName(const RunResult& r) { return qs(r.tool.substr(0, r.tool.find(' '))); }
bool sameRuns(const RunResult& a, const RunResult& b)
{
  return a.location == b.location && a.workload == b.workload && a.algorithm == b.algorithm && a.tool == b.tool &&
         a.streams == b.streams && a.cache == b.cache;
}
// What the workload words mean, for people meeting them the first time.
QString workloadHelp(Workload w)
{
  switch (w) {
  case Workload::Read: return ResultsModel::tr("read: the sample read from the location, no hashing (the disk alone)");
  case Workload::HashMemory: return ResultsModel::tr("hash-memory: hashing a buffer in RAM, CPU only, no disk");
  case Workload::HashFile: return ResultsModel::tr("hash-file: reading and hashing the sample, end to end");
  case Workload::HashTree: return ResultsModel::tr("hash-tree: reading and hashing every file of a folder");
  case Workload::PeerTool: return ResultsModel::tr("peer tool: another program hashing the same sample");
  case Workload::Memory: return ResultsModel::tr("memory: moving data through RAM without hashing (the CPU's ceiling)");
  case Workload::Write: return ResultsModel::tr("write: writing a file (the device's write speed)");
  default: return workloadName(w);
  }
}
}  // namespace

void ResultsModel::follow(const BenchmarkController* controller)
{
  connect(controller, &BenchmarkController::runStarted, this, [this] {
    clear();
    m_when = {};
    m_when.startedAt = utcTimestamp();
    m_machine.reset();
    m_version.clear();
    m_document.clear();
  });
  connect(controller, &BenchmarkController::finished, this,
          [this, controller](quint64, bool cancelled, const QStringList&) {
            m_when.finishedAt = utcTimestamp();
            m_when.status = runStatus(controller->results(), cancelled);
          });
  connect(controller, &BenchmarkController::resultAdded, this,
          [this, controller](quint64, int index) { append(controller->results().at(std::size_t(index))); });
  connect(controller, &BenchmarkController::resultsReplaced, this,
          [this, controller] { setResults(controller->results()); });
}

QVariant ResultsModel::display(const RunResult& r, int column) const
{
  const Analysis* a = r.analysis ? &*r.analysis : nullptr;
  switch (column) {
  case LocationColumn: return qs(r.location);
  case DeviceColumn: return r.storage.device.name.empty() ? deviceLabel(r.storage) : qs(r.storage.device.name);
  case AlgorithmColumn: return qs(r.algorithm);
  case ToolColumn: return r.workload == Workload::PeerTool ? toolName(r) : QString();
  case WorkloadColumn: return workloadName(r.workload);
  case StreamsColumn: return r.streams;
  case CacheColumn: return cacheLabel(r);
  case SpeedColumn: {
    if (!r.error.empty())
      return tr("failed");
    const Figures f = figuresOf(r);  // the tile's figure and spread, the same passes
    if (f.passes > 1)  // the median, with the slowest and fastest pass
      return tr("%1 (%2–%3)").arg(formatMBps(f.mbps), QString::number(f.minMBps, 'f', 0),
                                  QString::number(f.maxMBps, 'f', 0));
    return formatMBps(f.mbps);
  }
  case CpuColumn: return percent(workerCpuPercent(r));
  case DiskColumn: return a ? percent(a->diskBusyPct) : QStringLiteral("—");
  case LimitColumn: {
    const Figures f = figuresOf(r);
    return f.limitMBps > 0 ? formatMBps(f.limitMBps) : QStringLiteral("—");
  }
  case EfficiencyColumn: {
    const Figures f = figuresOf(r);
    if (f.share)  // never a plain number over 100%: "at the limit"
      return qs(words::shareText(f));
    return f.limitMBps > 0 && f.hasMark(FlagCode::LimitUnreliable) ? tr("unreliable") : QStringLiteral("—");
  }
  case VerdictColumn: {
    if (!r.error.empty())
      return qs(r.error);
    if (!a)
      return QStringLiteral("—");
    QString text = verdictName(a->verdict);
    if (a->memoryBacked && !a->servedFromCache)
      text += tr(" — RAM-backed location");
    for (const Flag& mark : figuresOf(r).marks)  // the tile's marks, in its words
      text += QStringLiteral(" — \u26a0 ") % qs(words::flagShort(mark.code));
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
  case SpeedColumn: return figuresOf(r).mbps;
  case CpuColumn: return workerCpuPercent(r);
  case DiskColumn: return a ? a->diskBusyPct : -1.0;
  case LimitColumn: return a ? a->limitMBps() : -1.0;
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
    if (index.column() == ToolColumn && !r.tool.empty())
      return tr("Command line: %1").arg(qs(r.tool));
    if (index.column() == WorkloadColumn)
      return workloadHelp(r.workload);
    QString tip = resultTitle(r);
    if (const QString evidence = evidenceText(r); !evidence.isEmpty())
      tip += QLatin1Char('\n') % evidence;
    for (const QString& note : {cacheWarning(r), memoryBackedNote(r)}) {
      if (!note.isEmpty())
        tip += QLatin1Char('\n') % note;
    }
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
      QT_TR_NOOP("Location"), QT_TR_NOOP("Device"),  QT_TR_NOOP("Algorithm"), QT_TR_NOOP("Tool"), QT_TR_NOOP("Workload"),
      QT_TR_NOOP("Streams"),  QT_TR_NOOP("Cache"),   QT_TR_NOOP("MB/s"),      QT_TR_NOOP("CPU %"),
      QT_TR_NOOP("Disk %"),   QT_TR_NOOP("Limit"),   QT_TR_NOOP("Share of limit"), QT_TR_NOOP("Verdict")};
  static const char* const tips[ColumnCount] = {
      QT_TR_NOOP("The folder tested"),
      QT_TR_NOOP("The device behind it"),
      QT_TR_NOOP("Hash algorithm"),
      QT_TR_NOOP("The peer tool (another program) that hashed the same sample; empty for HashScope's own runs.\n"
                 "Hover a tool for its command line."),
      QT_TR_NOOP("read: the disk alone; hash-memory: in RAM, CPU only; hash-file: both, end to end;\n"
                 "hash-tree: every file of a folder"),
      QT_TR_NOOP("Parallel streams: the file is split into this many slices, each read and hashed by its own thread"),
      QT_TR_NOOP("Cache mode requested (and how it was achieved). cold: read from the device itself;\n"
                 "warm: served from RAM (the page cache); as-is: the cache left alone"),
      QT_TR_NOOP("Throughput in MB/s: decimal megabytes (10^6 bytes) per second. With several passes: the median\n"
                 "(slowest–fastest)"),
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
  if (!results.empty() && results.size() == m_results.size() &&
      std::equal(results.begin(), results.end(), m_results.begin(), sameRuns)) {
    // The final analysis of the same runs: rows keep their place (and the views their selection).
    m_results = results;
    Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    return;
  }
  beginResetModel();
  m_results = results;
  endResetModel();
}

void ResultsModel::showSavedRun(const std::vector<RunResult>& results, const ExportOptions& when,
                                const MachineFingerprint& machine, const QString& version, const QByteArray& document)
{
  m_when = when;
  m_machine = std::make_shared<const MachineFingerprint>(machine);
  m_version = version;
  m_document = document;
  beginResetModel();
  m_results = results;
  endResetModel();
}

const MachineFingerprint& ResultsModel::machine() const { return m_machine ? *m_machine : thisMachine(); }

QString ResultsModel::version() const { return m_machine ? m_version : qs(hashscope::version()); }

}  // namespace hashscope::gui
