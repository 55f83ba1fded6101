// Inside the scoreboard builder (private to logic/scoreboard*.cpp): one result, whichever source it came
// from (a live RunResult or a stored run document's tile), and the headline written from the tiles.
#pragma once

#include <QString>
#include <QStringList>

#include <vector>

#include "hashscope/evidence.hpp"
#include "logic/scoreboard.hpp"

namespace hashscope::gui::detail {

struct Entry {
  Workload workload = Workload::HashFile;
  QString algorithm, location, cache;
  int streams = 1;
  bool failed = false;
  double mbps = 0, minMBps = 0, maxMBps = 0;
  int passes = 0;
  Badge badge = Badge::None;
  QString share, limit;      // words::shareText and limitText of its figures
  double perCoreMBps = 0;    // a hash-memory result: its algorithm's per-core figure (0: none)
  double deliveredMBps = 0;  // a read: the most its device delivered during a hash step, above the read (0: none)
  QStringList flags, flagCodes;
  QStringList notes;         // what explains its figure (a read's device delivering more during hashing)
  int index = -1;
  TileKey key;
  evidence::ReadPoint point;  // how it read its location, to say why hashing beat the read tile
};

Scoreboard build(const std::vector<Entry>& entries, const ScoreboardPlan& plan, ScoreTile::Unmeasured unmeasured);
// "On this machine md5 is CPU-bound (610 MB/s per core); /tmp reads 1100 MB/s, so sha256 and crc32 are
// disk-bound there." Written from the measured tiles only, through tr().
QString headline(const Scoreboard& board);

}  // namespace hashscope::gui::detail
