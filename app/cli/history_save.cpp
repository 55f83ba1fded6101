// saveRunToHistory(): bench's one call into the run library.
#include "history_save.hpp"

#include "hashscope/export.hpp"
#include "hashscope/files.hpp"
#include "history_text.hpp"

namespace hashscope::cli {

std::filesystem::path historyPath(const Args& args)
{
  if (const auto path = args.value("history-db")) {
    if (path->empty())
      throw UsageError("--history-db needs a file name");
    if (*path == ":memory:")  // SQLite's name for a database in memory: it would keep nothing
      throw UsageError("--history-db :memory: would keep nothing: give a file name (./:memory: for a file named so)");
    return pathFromUtf8(*path);
  }
  return defaultHistoryPath();
}

void saveRunToHistory(const Context& context, const Args& args, const std::vector<RunResult>& results, bool stopped,
                      const std::string& startedAt)
{
  if (args.has("no-save") || results.empty())
    return;
  ExportOptions options;
  options.startedAt = startedAt;
  options.finishedAt = utcTimestamp();
  options.status = runStatus(results, stopped);
  try {
    RunLibrary library(historyPath(args));
    const std::int64_t id = library.save(toJson(results, options));
    std::string note = "saved as run " + std::to_string(id) + " in the history (hashscope-cli history show " +
                       std::to_string(id) + ")";
    if (const auto base = library.baseline(); base && *base != id)
      note += "; against baseline run " + std::to_string(*base) + ": " +
              comparisonSummary(compareRuns(library.run(*base), library.run(id))) +
              " (hashscope-cli history compare " + std::to_string(*base) + " " + std::to_string(id) + ")";
    if (context.progress)
      printError(note);
  } catch (const std::exception& e) {
    printWarning(std::string("the run was not saved in the history: ") + e.what());
  }
}

}  // namespace hashscope::cli
