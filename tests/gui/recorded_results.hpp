// Recorded benchmark results for the GUI tests: a hashscope.run JSON file (as `hashscope-cli bench
// --format json` wrote it, e.g. tests/data/runs/board_suite.json) read back into RunResult values, with
// their analysis, flags, passes and the samples the charts use. Core reads run files only as library
// tiles (readRunDocument); the scoreboard and the report need whole results.
#pragma once

#include <QString>

#include <vector>

#include "hashscope/results.hpp"

namespace hashscope::gui::test {

// Throws std::runtime_error when the file cannot be read or is not a run file.
std::vector<RunResult> loadRecordedResults(const QString& file);

}  // namespace hashscope::gui::test
