// A saved run read back into whole results, for History > Open: the Results tab then shows it (scoreboard,
// table, charts, details) and every export works on it, as on a run just made. The run library keeps runs
// as their hashscope.run JSON document; what the engine measured (passes, per-stream accounting, samples,
// device) is read back, and the analysis is made again by core (analyse(), the suite's way), so an old run's
// figures are today's, the same as the CLI replays them.
#pragma once

#include <QByteArray>
#include <QString>

#include <optional>
#include <vector>

#include "hashscope/export.hpp"
#include "hashscope/library.hpp"
#include "hashscope/results.hpp"

namespace hashscope::gui {

struct LoadedRun {
  std::vector<RunResult> results;  // analysed
  ExportOptions when;              // started_at, finished_at, status as the run recorded them
  MachineFingerprint machine;      // where it was measured
  QString version;                 // the HashScope that measured it
};

// The run in `json`, or nothing with `error` set to one sentence.
std::optional<LoadedRun> readRun(const QByteArray& json, QString* error = nullptr);

}  // namespace hashscope::gui
