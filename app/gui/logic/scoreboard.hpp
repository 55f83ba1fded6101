// The scoreboard: the answer at a glance. A grid of tiles, rows = locations plus "in RAM (CPU)",
// columns = algorithms plus "read", each tile one big number with what limited it; and one headline
// sentence above it. Pure logic (no widgets): the scoreboard view, the compare view and the HTML report
// all draw the same tiles.
//
// Which result a tile shows (several results can fit one cell):
// - location x algorithm: the hash-file result (hash-tree where only a folder was hashed) at the run's
//   main stream count (the streams of the first
//   hash-file result: the suite runs the main hash-file before its warm pass and its ramp); among cache
//   modes cold first, then as-is, then warm (cold is what the device really delivers).
// - location x read: the read result, same stream and cache rule.
// - in RAM x algorithm: hash-memory at the main stream count. The suite measures it once per location;
//   the tile shows the fastest of them (the CPU's ceiling: a slower repeat was disturbed by something).
// Badge: the verdict in its own word (CPU, I/O, MEMORY, MIXED, NET, SERVER for CPU-bound, I/O-bound, memory-bound,
// mixed, network-bound, server-bound; unknown: no badge), the words the evidence, the tables and the charts use.
#pragma once

#include <QColor>
#include <QString>
#include <QStringList>

#include <vector>

#include "hashscope/library.hpp"
#include "hashscope/results.hpp"

namespace hashscope::gui {

enum class Badge { None, Cpu, Disk, Ram, Mixed, Network, Server };
QString badgeText(Badge badge);     // "CPU", "I/O", "MEMORY", ... (the verdict's word), empty for None
QString badgeToolTip(Badge badge);  // what the badge means, one sentence
// Okabe-Ito colours (safe for the common colour-blindnesses); the badge also carries its text.
QColor badgeColor(Badge badge);
QColor badgeTextColor(Badge badge);  // black or white, whichever reads on badgeColor()
Badge badgeOf(const RunResult& result);
Badge badgeOf(const RunTile& tile);  // from a stored run document

// "610 MB/s", "12.4 GB/s": GB/s from 10,000 MB/s up with one decimal; number and unit apart for the
// tile's big number.
struct SpeedText {
  QString number, unit;
  QString text() const { return number.isEmpty() ? QString() : number + QLatin1Char(' ') + unit; }
};
SpeedText speedText(double mbps);

struct ScoreTile {
  enum class Kind { Empty, Hash, Read, InRam };
  // What a tile without a result says: its run is still going, it ended without it, or it was stopped first.
  enum class Unmeasured { Pending, NotMeasured, Stopped };
  Kind kind = Kind::Empty;
  int row = 0, column = 0;
  QString location, algorithm;  // the row's location (empty for in RAM), the column's algorithm
  bool measured = false;        // false: see `unmeasured`
  Unmeasured unmeasured = Unmeasured::Pending;
  // Why its location was not measured (logic/location_check): said instead of "not measured", and in the
  // tooltip; empty when there is no more to say.
  QString unmeasuredReason, unmeasuredDetail;
  bool failed = false;          // the run failed or was cancelled
  double mbps = 0, minMBps = 0, maxMBps = 0;
  int passes = 0;               // passes behind the spread (0/1: no spread)
  int streams = 1;
  QString cache;                // "cold", "warm", "as-is"
  Badge badge = Badge::None;
  QString share;                // its share of the limit in words ("97% of the limit", "at the limit"), or empty
  QString limit;                // its limit and where it comes from ("limit 680 MB/s (reading alone)"), or empty
  double perCoreMBps = 0;       // an in-RAM tile: its algorithm's per-core figure from every location (0: none)
  double deliveredMBps = 0;     // a read tile: the most its device delivered during a hash step, above the read's
                                // own passes (0: none); its note says during which step
  QStringList flags;            // its marks: one sentence per flag (served from cache, machine busy, ...); a tile
                                // keeps them during and after the run, whatever the caveat line says
  QStringList flagCodes;        // the flags' codes ("machine-busy"), in the same order
  QStringList notes;            // what explains the number, not a warning: why hashing beat the read tile
  int resultIndex = -1;         // the result behind the tile, in the vector it was built from
  TileKey key;                  // the library's key of that result, to match tiles across runs

  QString title() const;        // "md5 on /tmp", "read /tmp", "md5 in RAM (CPU)"
  QString spreadText() const;   // "600–620 MB/s over 3 passes", empty without a spread
  QString limitText() const;    // its share: "97% of the limit", "at the limit", empty when not shown
  QString toolTip() const;      // title, speed, badge meaning, spread, limit and each flag sentence
  QString unmeasuredText() const;  // "pending", "not measured", "not measured (stopped)", or the reason
};

struct Scoreboard {
  QStringList rows;     // locations in first-seen order, then "in RAM (CPU)" when hash-memory ran
  QStringList columns;  // algorithms in first-seen order, then "read" when any location row exists
  std::vector<ScoreTile> tiles;  // rows x columns, row-major; cells nothing can fill are Kind::Empty
  QString headline;
  // One line under the headline on what is wrong with the run as a whole ("Other programs used the CPU
  // during 13 of 14 results: ..."), or why it is incomplete; empty when nothing is.
  QString caveat;
  QStringList caveatCodes;  // the flag codes the caveat speaks for (their tiles keep their marks)
  int inRamRow = -1, readColumn = -1;

  bool isEmpty() const { return tiles.empty(); }
  const ScoreTile* at(int row, int column) const;
  const ScoreTile* find(const QString& location, const QString& algorithm, ScoreTile::Kind kind) const;
  int measuredCount() const;
};

// The planned grid of a run that is still going: these locations and algorithms get pending tiles
// before their results arrive (empty = only what the results show).
struct ScoreboardPlan {
  QStringList locations, algorithms;
  // What unmeasured tiles say: pending while the run goes, not measured once it ended (a step failed, a
  // location was skipped), not measured (stopped) once it was stopped.
  ScoreTile::Unmeasured unmeasured = ScoreTile::Unmeasured::Pending;
};

Scoreboard buildScoreboard(const std::vector<RunResult>& results, const ScoreboardPlan& plan = {});
// The same tiles from a stored run (badges from its verdicts, flags by code); resultIndex indexes doc.tiles.
// Its unmeasured tiles are "not measured", or "not measured (stopped)" for a stopped run.
Scoreboard buildScoreboard(const RunDocument& doc);

// The run-wide caveat of `board` from its tiles' flags (what buildScoreboard puts in Scoreboard::caveat):
// a flag carried by at least half of the measured results (and two or more) is said once for the run.
void addCaveat(Scoreboard& board, bool stopped);

}  // namespace hashscope::gui
