// `hashscope-cli plan --data 1T --time 1m [-a ALGO] [--run ID | --file RUN.json]`: the planner.
#include "args.hpp"
#include "commands.hpp"
#include "hashscope/planner.hpp"
#include "help.hpp"
#include "history_save.hpp"
#include "history_text.hpp"

#include <cstdlib>

namespace hashscope::cli {

namespace {

bool hasHashFigures(const RunDocument& doc)
{
  for (const RunTile& t : doc.tiles)
    if (!t.failed && t.key.workload == "hash-memory")
      return true;
  return false;
}

}  // namespace

int runPlan(Context&, const Arguments& argv)
{
  const Args args({{"data", 0, true, false},
                   {"time", 0, true, false},
                   {"algorithm", 'a', true, false},
                   {"run", 0, true, false},
                   {"file", 0, true, false},
                   {"format", 'f', true, false},
                   {"history-db", 0, true, false},
                   {"help", 'h', false, false}},
                  argv);
  if (args.has("help"))
    return writeOut(helpText("plan")) ? kExitOk : kExitFailure;
  if (!args.positionals().empty())
    throw UsageError("unexpected argument '" + args.positionals().front() + "' (see: hashscope-cli plan --help)");
  const auto dataText = args.value("data");
  const auto timeText = args.value("time");
  if (!dataText || !timeText)
    throw UsageError("plan needs --data SIZE and --time DURATION, e.g. --data 1T --time 1m");
  const auto bytes = parseDataSize(*dataText);
  if (!bytes)
    throw UsageError("--data '" + *dataText + "' is not a size (1T, 500G, 2TiB: T = 10^12 bytes, TiB = 2^40)");
  const auto seconds = parseDuration(*timeText);
  if (!seconds)
    throw UsageError("--time '" + *timeText + "' is not a duration (90s, 1m, 1h30m, 2d)");
  std::string algorithm;
  if (const auto a = args.value("algorithm"))
    algorithm = parseAlgorithms({*a}).front();
  const auto format = args.value("format").value_or("table");
  if (format != "table" && format != "json")
    throw UsageError("unknown --format '" + format + "' (choose table or json)");
  if (args.has("run") && args.has("file"))
    throw UsageError("give --run or --file, not both");

  RunDocument doc;
  std::int64_t runId = 0;
  std::string source;
  try {
    if (const auto file = args.value("file")) {
      doc = readRunDocument(readRunFile(*file));
      source = *file;
    } else {
      LibraryOptions options;
      options.create = false;  // reading: a mistyped --history-db creates nothing
      const RunLibrary library(historyPath(args), options);
      if (const auto run = args.value("run")) {
        runId = std::atoll(run->c_str());
        if (runId <= 0 || std::to_string(runId) != *run)
          throw UsageError("--run '" + *run + "' is not a run id (see: hashscope-cli history list)");
        const auto record = library.record(runId);
        if (!record)
          throw CommandError("there is no run '" + *run + "' in the history (see: hashscope-cli history list)");
        doc = library.run(runId);
        source = describeRun(*record);
      } else {
        // The newest run that measured hashing: the planner needs its per-core figures.
        for (const RunRecord& record : library.list()) {
          doc = library.run(record.id);
          if (hasHashFigures(doc)) {
            runId = record.id;
            source = describeRun(record);
            break;
          }
        }
        if (runId == 0)
          throw CommandError("no run in the history measured hash speeds: run `hashscope-cli bench -w read,hash-memory "
                             "--ramp` first, or give --file RUN.json");
      }
    }
  } catch (const LibraryError& e) {
    throw CommandError(e.what());
  } catch (const RunFormatError& e) {
    throw CommandError(e.what());
  }
  const Plan plan = makePlan(doc, *bytes, *seconds, algorithm);
  const std::string out = format == "json" ? planJson(plan, runId) : renderPlan(plan, source);
  if (!writeOut(out))
    return kExitFailure;
  return plan.algorithm.empty() || plan.chosen ? kExitOk : kExitFailure;
}

}  // namespace hashscope::cli
