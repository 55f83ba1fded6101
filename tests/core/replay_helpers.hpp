// Recorded runs read back for replay: a hashscope.run JSON file (/3 or later) (bench --format json, samples included)
// turned into the RunResults the engine produced, so the analysis can be run again on them without a disk or
// a clock, as heaptrack replays its traces.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "hashscope/results.hpp"

namespace hashscope::test {

// Every result of the file with its passes, per-stream accounting and sample stream, and the analysis the
// recording carried as `recorded` (verdict, reason, flags, limit, efficiency; samples' interval verdicts).
// RunResult::analysis is left empty: the replay analyses again. Throws std::runtime_error on a bad file.
struct RecordedRun {
  RunResult run;
  Analysis recorded;
  std::vector<Verdict> recordedIntervals;
  bool hasReason = false;  // the file is hashscope.run/3 or later (its "evidence" carries the reason code)
  int schema = 0;          // N of the file's "hashscope.run/N"
  double recordedLimitMBps = 0;  // "limit_mb_per_s" as recorded (0 = none)
};
std::vector<RecordedRun> loadRecordedRuns(const std::filesystem::path& file);

// The runs of a recording in the form analyse() and referencesFor() take.
std::vector<RunResult> runsOf(const std::vector<RecordedRun>& recording);

// Every result of a recording analysed again, as runSuite analyses it (each against all the run's ceilings).
std::vector<RunResult> analysedRuns(const std::filesystem::path& file);
// The recordings of tests/data/replay (every *.json there), in name order.
std::vector<std::filesystem::path> replayFiles();

}  // namespace hashscope::test
