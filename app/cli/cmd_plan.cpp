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

std::int64_t runIdOf(const std::string& text)
{
  const std::int64_t id = std::atoll(text.c_str());
  if (id <= 0 || std::to_string(id) != text)
    throw UsageError("--run '" + text + "' is not a run id (see: hashscope-cli history list)");
  return id;
}

// plan --run ID --run ID...: the runs as a fleet, one machine each (bench --host stores one per machine).
int planFleet(const Args& args, std::uint64_t bytes, double seconds, const std::string& algorithm,
              const std::string& format)
{
  if (format != "table")
    throw UsageError("--format json is for one run: a fleet's plan is a table");
  if (algorithm.empty())
    throw UsageError("a fleet's plan is for one algorithm: give -a ALGO");
  std::vector<std::pair<std::string, RunDocument>> runs;
  try {
    LibraryOptions options;
    options.create = false;
    const RunLibrary library(historyPath(args), options);
    for (const std::string& text : args.values("run")) {
      const std::int64_t id = runIdOf(text);
      const auto record = library.record(id);
      if (!record)
        throw CommandError("there is no run '" + text + "' in the history (see: hashscope-cli history list)");
      runs.emplace_back(record->name.empty() ? "run " + text : record->name, library.run(id));
    }
  } catch (const LibraryError& e) {
    throw CommandError(e.what());
  } catch (const RunFormatError& e) {
    throw CommandError(e.what());
  }
  const FleetPlan plan = makeFleetPlan(runs, bytes, seconds, algorithm);
  if (!writeOut(renderFleetPlan(plan)))
    return kExitFailure;
  return plan.notMeasured.empty() ? kExitOk : kExitFailure;
}

}  // namespace

int runPlan(Context&, const Arguments& argv)
{
  const Args args({{"data", 0, true, false},
                   {"time", 0, true, false},
                   {"algorithm", 'a', true, false},
                   {"run", 0, true, true},
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
  if (args.values("run").size() > 1)
    return planFleet(args, *bytes, *seconds, algorithm, format);

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
        runId = runIdOf(*run);
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
