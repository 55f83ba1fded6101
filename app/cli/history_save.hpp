// Saving a bench run into the history (the same SQLite file as the app), shared by `bench` and
// `history`: where the database is, and the one call bench makes at its end.
#pragma once

#include "args.hpp"
#include "common.hpp"
#include "hashscope/library.hpp"
#include "hashscope/results.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace hashscope::cli {

// --history-db PATH, else $HASHSCOPE_HISTORY_DB, else the app's data folder (defaultHistoryPath()).
std::filesystem::path historyPath(const Args& args);

// After `bench`: stores the run (finished or stopped) unless --no-save; on a terminal, then says on stderr
// where it went and, when a baseline is set, how the run compares with it (scripts get no extra line).
// A failure to save is a warning: the results were already printed. `startedAt` is the UTC time the run began (utcTimestamp()).
void saveRunToHistory(const Context& context, const Args& args, const std::vector<RunResult>& results, bool stopped,
                      const std::string& startedAt);

}  // namespace hashscope::cli
