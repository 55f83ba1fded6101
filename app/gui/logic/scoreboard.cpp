#include "logic/scoreboard.hpp"

#include <QCoreApplication>

#include <algorithm>

#include "hashscope/analysis.hpp"
#include "hashscope/figures.hpp"
#include "hashscope/files.hpp"
#include "logic/result_text.hpp"
#include "logic/scoreboard_detail.hpp"
#include "words.hpp"

namespace hashscope::gui {

namespace {

QString tr(const char* text, const char* disambiguation = nullptr, int n = -1)
{
  return QCoreApplication::translate("hashscope::gui::Scoreboard", text, disambiguation, n);
}

// The badge is the verdict, in the verdict's words (where the bytes came from is the tile's marks' and the
// evidence's to say).
Badge badgeFor(Verdict verdict)
{
  switch (verdict) {
  case Verdict::CpuBound: return Badge::Cpu;
  case Verdict::IoBound: return Badge::Disk;
  case Verdict::MemoryBound: return Badge::Ram;
  case Verdict::Mixed: return Badge::Mixed;
  case Verdict::NetworkBound: return Badge::Network;
  case Verdict::ServerBound: return Badge::Server;
  case Verdict::Unknown: break;
  }
  return Badge::None;
}

// Lower is preferred: cold shows what the device delivers; warm only when nothing else ran.
int cacheRank(const QString& cache)
{
  if (cache == QLatin1String("cold"))
    return 0;
  if (cache == QLatin1String("as-is"))
    return 1;
  return 2;
}

// The key compareRuns() matches tiles by: in-memory results belong to no location or cache mode (the
// suite measures them in every location; a run from another machine has other locations).
TileKey compareKey(TileKey key)
{
  if (key.workload == toString(Workload::HashMemory) || key.workload == toString(Workload::Memory))
    key.location.clear(), key.cache.clear();
  return key;
}

// What every tile shows of a result, from its figures (figures.hpp), whichever source they came from: a live
// result or a stored tile give the same figures, so the same tile.
void setFigures(detail::Entry& e, const Figures& f)
{
  e.failed = f.failed;
  e.mbps = f.mbps;
  e.minMBps = f.minMBps;
  e.maxMBps = f.maxMBps;
  e.passes = f.passes;
  e.share = qs(words::shareText(f));
  e.limit = qs(words::limitText(f));
  for (const Flag& mark : f.marks) {
    e.flags << qs(words::flagSentence(mark));
    e.flagCodes << qs(toString(mark.code));
  }
  if (f.perCore)
    e.perCoreMBps = f.perCore->median;
  e.deliveredMBps = f.deliveredMBps > f.maxMBps ? f.deliveredMBps : 0;
  if (const std::string note = words::deliveredNote(f); !note.empty())
    e.notes << qs(note);
}

detail::Entry entryOf(const RunResult& r, int index)
{
  detail::Entry e;
  e.workload = r.workload;
  e.algorithm = qs(r.algorithm);
  e.location = qs(r.location);
  e.streams = std::max(1, r.streams);
  e.cache = qs(toString(r.cache));
  setFigures(e, figuresOf(r));
  e.badge = badgeOf(r);
  e.index = index;
  e.key = compareKey({std::string(toString(r.workload)), utf8Text(r.location), r.algorithm,
                      std::string(toString(r.cache)), e.streams});
  e.point = evidence::readPointOf(r);
  return e;
}

detail::Entry entryOf(const RunTile& t, int index)
{
  detail::Entry e;
  e.workload = parseWorkload(t.key.workload).value_or(Workload::Memory);
  e.algorithm = qs(t.key.algorithm);
  e.location = qs(t.key.location);
  e.streams = std::max(1, t.key.streams);
  e.cache = qs(t.key.cache);
  setFigures(e, figuresOf(t));
  // Marks of a newer version's codes: listed by their code.
  for (const std::string& code : t.flags) {
    if (!parseFlagCode(code)) {
      e.flags << qs(code);
      e.flagCodes << qs(code);
    }
  }
  e.badge = badgeOf(t);
  e.index = index;
  e.key = compareKey(t.key);
  e.point.mbps = t.mbps;
  e.point.maxMBps = t.maxMBps;
  e.point.streams = e.streams;
  e.point.inFlight = e.streams * t.queueDepth;
  e.point.access = t.readMethods.has(ReadMethod::Mapped) ? ReadAccess::Mapped : ReadAccess::Copy;
  e.point.fromCache = t.fromMemory;
  return e;
}

ScoreTile tileFrom(const detail::Entry& e, ScoreTile tile)
{
  tile.measured = true;
  tile.failed = e.failed;
  tile.mbps = e.failed ? 0 : e.mbps;
  tile.minMBps = e.minMBps;
  tile.maxMBps = e.maxMBps;
  tile.passes = e.passes;
  tile.streams = e.streams;
  tile.cache = e.cache;
  tile.badge = e.failed ? Badge::None : e.badge;
  tile.share = e.failed ? QString() : e.share;
  tile.limit = e.failed ? QString() : e.limit;
  tile.perCoreMBps = e.perCoreMBps;
  tile.deliveredMBps = e.failed ? 0 : e.deliveredMBps;
  tile.flags = e.flags;
  tile.flagCodes = e.flagCodes;
  tile.notes = e.notes;
  tile.resultIndex = e.index;
  tile.key = e.key;
  return tile;
}

// Why a hash tile beat its location's read tile, one sentence (translated).
QString fasterText(const std::vector<evidence::FasterThanRead>& why, const QString& reads)
{
  QStringList parts;
  for (evidence::FasterThanRead reason : why) {
    switch (reason) {
    case evidence::FasterThanRead::MoreStreams: parts << tr("more streams read at once"); break;
    case evidence::FasterThanRead::DeeperQueue: parts << tr("more reads in flight"); break;
    case evidence::FasterThanRead::MappedPages: parts << tr("mapped pages, no read() copy"); break;
    case evidence::FasterThanRead::FromCache: parts << tr("the bytes came from the page cache"); break;
    case evidence::FasterThanRead::ReadVaried: parts << tr("the read's own passes reached this speed"); break;
    case evidence::FasterThanRead::Unexplained: parts << tr("nothing recorded explains it"); break;
    }
  }
  return tr("Faster than the read tile (%1): %2.").arg(reads, parts.join(tr("; ")));
}

// The results a location x algorithm tile can show: hash-file, or hash-tree where a folder was measured.
bool endToEnd(Workload w) { return w == Workload::HashFile || w == Workload::HashTree; }

// Whether `e` should replace `current` in a cell (both fit it).
bool better(const detail::Entry& e, const detail::Entry& current)
{
  if (e.workload != current.workload && endToEnd(e.workload) && endToEnd(current.workload))
    return e.workload == Workload::HashFile;  // the single file, as the suite measures everywhere
  if (e.workload == Workload::HashMemory)  // the fastest repeat is the CPU's ceiling
    return !e.failed && (current.failed || e.mbps > current.mbps);
  return cacheRank(e.cache) < cacheRank(current.cache);
}

}  // namespace

QString badgeText(Badge badge)
{
  switch (badge) {  // the verdict's own word, as the evidence, the tables and the charts say it ("I/O-bound")
  case Badge::Cpu: return tr("CPU");
  case Badge::Disk: return tr("I/O");
  case Badge::Ram: return tr("MEMORY");
  case Badge::Mixed: return tr("MIXED");
  case Badge::Network: return tr("NET");
  case Badge::Server: return tr("SERVER");
  case Badge::None: break;
  }
  return {};
}

QString badgeToolTip(Badge badge)
{
  switch (badge) {
  case Badge::Cpu: return tr("CPU-bound: the hashing thread was the limit; a faster disk would not help.");
  case Badge::Disk: return tr("I/O-bound: the storage could not deliver the data faster.");
  case Badge::Ram: return tr("Memory-bound: reading the data out of RAM (tmpfs or the page cache) was the limit.");
  case Badge::Mixed: return tr("Mixed: no single resource explains the speed.");
  case Badge::Network: return tr("Network-bound: the link to the server carried the data at its speed.");
  case Badge::Server: return tr("Server-bound: the link had room, but the server (or FUSE daemon) delivered no faster.");
  case Badge::None: break;
  }
  return tr("Not enough evidence to say what limited the speed.");
}

QColor badgeColor(Badge badge)
{
  switch (badge) {  // Okabe-Ito: vermillion, blue, bluish green, reddish purple, sky blue, orange
  case Badge::Cpu: return QColor(0xD5, 0x5E, 0x00);
  case Badge::Disk: return QColor(0x00, 0x72, 0xB2);
  case Badge::Ram: return QColor(0x00, 0x9E, 0x73);
  case Badge::Mixed: return QColor(0xCC, 0x79, 0xA7);
  case Badge::Network: return QColor(0x56, 0xB4, 0xE9);
  case Badge::Server: return QColor(0xE6, 0x9F, 0x00);
  case Badge::None: break;
  }
  return QColor(0x99, 0x99, 0x99);
}

QColor badgeTextColor(Badge badge)
{
  // White on the dark blue, vermillion and green; black on the light purple, sky blue, orange and grey.
  const bool light = badge == Badge::Mixed || badge == Badge::None || badge == Badge::Network || badge == Badge::Server;
  return light ? QColor(Qt::black) : QColor(Qt::white);
}

Badge badgeOf(const RunResult& r)
{
  if (!r.analysis)
    return Badge::None;
  return badgeFor(r.analysis->verdict);
}

Badge badgeOf(const RunTile& t)
{
  Verdict verdict = Verdict::Unknown;
  for (Verdict v : {Verdict::CpuBound, Verdict::IoBound, Verdict::MemoryBound, Verdict::Mixed, Verdict::NetworkBound,
                    Verdict::ServerBound}) {
    if (t.verdict == toString(v))
      verdict = v;
  }
  return badgeFor(verdict);
}

SpeedText speedText(double mbps)
{
  if (!(mbps > 0))
    return {};
  if (mbps >= 10000)
    return {QString::number(mbps / 1000, 'f', 1), tr("GB/s")};
  return {QString::number(mbps, 'f', mbps >= 100 ? 0 : 1), tr("MB/s")};
}

QString ScoreTile::title() const
{
  switch (kind) {
  case Kind::Hash: return tr("%1 on %2").arg(algorithm, location);
  case Kind::Read: return tr("read %1").arg(location);
  case Kind::InRam: return tr("%1 in RAM (CPU only)").arg(algorithm);
  case Kind::Empty: break;
  }
  return {};
}

QString ScoreTile::spreadText() const
{
  if (!measured || failed || passes < 2)
    return {};
  // In the big number's unit, which stands right above it: short enough for a narrow tile's one line.
  const bool gb = speedText(mbps).unit != speedText(1).unit;
  const auto number = [gb](double v) { return QString::number(gb ? v / 1000 : v, 'f', gb || v < 100 ? 1 : 0); };
  return tr("%1–%2, %3 passes").arg(number(minMBps), number(maxMBps)).arg(passes);
}

QString ScoreTile::limitText() const { return share; }

QString ScoreTile::unmeasuredText() const
{
  if (!unmeasuredReason.isEmpty())
    return unmeasuredReason;
  switch (unmeasured) {
  case Unmeasured::Pending: return tr("pending");
  case Unmeasured::NotMeasured: return tr("not measured");
  case Unmeasured::Stopped: return tr("not measured (stopped)");
  }
  return {};
}

QString ScoreTile::toolTip() const
{
  QStringList lines{title()};
  if (!measured && !unmeasuredDetail.isEmpty())
    return lines.first() + QLatin1Char('\n') + unmeasuredDetail;
  if (!measured) {
    switch (unmeasured) {
    case Unmeasured::Pending: return lines.first() + QLatin1Char('\n') + tr("Pending: not measured yet.");
    case Unmeasured::NotMeasured: return lines.first() + QLatin1Char('\n') + tr("Not measured in this run.");
    case Unmeasured::Stopped:
      return lines.first() + QLatin1Char('\n') + tr("Not measured: the run was stopped before this step.");
    }
  }
  if (failed)
    return lines.first() + QLatin1Char('\n') + tr("Failed or stopped: no usable figure.");
  lines << speedText(mbps).text() + (streams > 1 ? tr(" with %n streams", nullptr, streams) : QString()) +
               (cache.isEmpty() || kind == Kind::InRam ? QString() : tr(", %1 cache").arg(cache));
  lines << badgeToolTip(badge);
  if (const QString spread = spreadText(); !spread.isEmpty())
    lines << tr("Passes: %1").arg(spread);
  if (!share.isEmpty())
    lines << tr("Reached %1: %2.").arg(share, limit);
  if (perCoreMBps > 0)
    lines << tr("%1 per core: %2 (every location's passes).").arg(algorithm, speedText(perCoreMBps).text());
  for (const QString& note : notes)
    lines << note;
  for (const QString& flag : flags)
    lines << QStringLiteral("\u26a0 ") + flag;
  return lines.join(QLatin1Char('\n'));
}

const ScoreTile* Scoreboard::at(int row, int column) const
{
  if (row < 0 || column < 0 || row >= rows.size() || column >= columns.size())
    return nullptr;
  return &tiles[std::size_t(row * columns.size() + column)];
}

const ScoreTile* Scoreboard::find(const QString& location, const QString& algorithm, ScoreTile::Kind kind) const
{
  for (const ScoreTile& t : tiles) {
    if (t.kind == kind && (kind == ScoreTile::Kind::InRam || t.location == location) &&
        (kind == ScoreTile::Kind::Read || t.algorithm == algorithm))
      return &t;
  }
  return nullptr;
}

int Scoreboard::measuredCount() const
{
  return int(std::count_if(tiles.begin(), tiles.end(), [](const ScoreTile& t) { return t.measured; }));
}

namespace detail {

Scoreboard build(const std::vector<Entry>& entries, const ScoreboardPlan& plan, ScoreTile::Unmeasured unmeasured)
{
  Scoreboard board;
  QStringList locations = plan.locations, algorithms = plan.algorithms;
  bool inRam = false;
  int mainStreams = 0;
  for (const Entry& e : entries) {
    const bool hashLike = endToEnd(e.workload) || e.workload == Workload::HashMemory;
    if (e.workload == Workload::HashMemory)
      inRam = true;
    else if ((hashLike || e.workload == Workload::Read) && !locations.contains(e.location))
      locations << e.location;
    if (hashLike && !e.algorithm.isEmpty() && !algorithms.contains(e.algorithm))
      algorithms << e.algorithm;
    if (endToEnd(e.workload) && mainStreams == 0)
      mainStreams = e.streams;
  }
  if (mainStreams == 0) {  // no hash-file yet: the first read or hash-memory tells the main count
    for (const Entry& e : entries) {
      if (e.workload == Workload::Read || e.workload == Workload::HashMemory) {
        mainStreams = e.streams;
        break;
      }
    }
  }
  if (locations.isEmpty() && !inRam)
    return board;
  inRam = inRam || !plan.algorithms.isEmpty();
  board.rows = locations;
  if (inRam) {
    board.inRamRow = int(board.rows.size());
    board.rows << tr("in RAM (CPU)");
  }
  board.columns = algorithms;
  if (!locations.isEmpty()) {
    board.readColumn = int(board.columns.size());
    board.columns << tr("read");
  }
  for (int row = 0; row < board.rows.size(); ++row) {
    for (int column = 0; column < board.columns.size(); ++column) {
      ScoreTile tile;
      tile.row = row;
      tile.column = column;
      const bool ramRow = row == board.inRamRow, readColumn = column == board.readColumn;
      tile.location = ramRow ? QString() : locations[row];
      tile.algorithm = readColumn ? QString() : algorithms[column];
      tile.kind = ramRow ? (readColumn ? ScoreTile::Kind::Empty : ScoreTile::Kind::InRam)
                         : (readColumn ? ScoreTile::Kind::Read : ScoreTile::Kind::Hash);
      tile.unmeasured = unmeasured;
      board.tiles.push_back(tile);
    }
  }
  std::vector<const Entry*> chosen(board.tiles.size(), nullptr);
  for (const Entry& e : entries) {
    if (e.streams != mainStreams)
      continue;
    int row = -1, column = -1;
    if (e.workload == Workload::HashMemory) {
      row = board.inRamRow;
      column = int(algorithms.indexOf(e.algorithm));
    } else if (endToEnd(e.workload)) {
      row = int(locations.indexOf(e.location));
      column = int(algorithms.indexOf(e.algorithm));
    } else if (e.workload == Workload::Read) {
      row = int(locations.indexOf(e.location));
      column = board.readColumn;
    }
    if (row < 0 || column < 0)
      continue;
    const std::size_t cell = std::size_t(row * board.columns.size() + column);
    if (!chosen[cell] || better(e, *chosen[cell]))
      chosen[cell] = &e;
  }
  for (std::size_t cell = 0; cell < chosen.size(); ++cell) {
    if (chosen[cell])
      board.tiles[cell] = tileFrom(*chosen[cell], board.tiles[cell]);
  }
  // A hash tile faster than its location's read tile says why: the two read at different points.
  for (std::size_t cell = 0; cell < chosen.size(); ++cell) {
    const ScoreTile& t = board.tiles[cell];
    if (!chosen[cell] || t.kind != ScoreTile::Kind::Hash || chosen[cell]->failed || board.readColumn < 0)
      continue;
    const std::size_t readCell = std::size_t(t.row * board.columns.size() + board.readColumn);
    const Entry* read = chosen[readCell];
    if (!read || read->failed)
      continue;
    const auto why = evidence::whyFasterThanRead(chosen[cell]->point, read->point);
    if (!why.empty())
      board.tiles[cell].notes << fasterText(why, speedText(read->mbps).text());
  }
  addCaveat(board, unmeasured == ScoreTile::Unmeasured::Stopped);
  board.headline = headline(board);
  return board;
}

}  // namespace detail

Scoreboard buildScoreboard(const std::vector<RunResult>& results, const ScoreboardPlan& plan)
{
  std::vector<detail::Entry> entries;
  for (std::size_t i = 0; i < results.size(); ++i)
    entries.push_back(entryOf(results[i], int(i)));
  Scoreboard board = detail::build(entries, plan, plan.unmeasured);
  if (board.isEmpty())
    board.headline = tr("Run a benchmark (Ctrl+B) to see what limits hashing on this machine.");
  return board;
}

Scoreboard buildScoreboard(const RunDocument& doc)
{
  std::vector<detail::Entry> entries;
  for (std::size_t i = 0; i < doc.tiles.size(); ++i)
    entries.push_back(entryOf(doc.tiles[i], int(i)));
  return detail::build(entries, {},
                       doc.status == "stopped" ? ScoreTile::Unmeasured::Stopped : ScoreTile::Unmeasured::NotMeasured);
}

}  // namespace hashscope::gui
