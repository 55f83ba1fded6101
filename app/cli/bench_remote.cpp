// `bench --host`: the same benchmark on other machines over ssh (core's remote area does the work), each
// machine's run stored in the history under its name, then each machine's results and the fleet's aggregate.
#include "bench_remote.hpp"

#include "hashscope/files.hpp"
#include "hashscope/planner.hpp"
#include "hashscope/remote.hpp"
#include "history_save.hpp"
#include "history_text.hpp"
#include "names.hpp"
#include "os.hpp"
#include "progress.hpp"
#include "table.hpp"
#include "words.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <string_view>

namespace hashscope::cli {

namespace {

// Options about this side (the report, the history, the hosts themselves): not passed to the remote bench.
// (A constant array: nothing built at every start of the process, for a command most calls never run.)
constexpr std::array<std::string_view, 12> kLocalOptions = {
    "host", "hosts-parallel", "bundle", "ssh-config", "host-timeout", "format", "output", "force",
    "no-save", "history-db", "help", "progress-lines"};

std::vector<std::string> remoteArguments(const Args& args, const std::set<std::string, std::less<>>& flags)
{
  std::vector<std::string> out;
  for (const auto& [name, value] : args.sequence()) {
    if (std::find(kLocalOptions.begin(), kLocalOptions.end(), name) != kLocalOptions.end())
      continue;
    out.push_back("--" + name);
    if (!flags.count(name))
      out.push_back(value);
  }
  return out;
}

std::string machineTable(const RunDocument& doc)
{
  Table table;
  table.elideCellsAt(60);
  for (const char* header : {"Workload", "Algorithm", "Location", "Cache", "Streams", "MB/s", "Verdict"})
    table.addColumn(header, std::string_view(header) == "Streams" || std::string_view(header) == "MB/s"
                                ? Table::Align::Right
                                : Table::Align::Left);
  for (const RunTile& t : doc.tiles)
    table.addRow({t.key.workload, t.key.algorithm, t.key.location, t.key.cache, std::to_string(t.key.streams),
                  t.failed ? "failed" : fixed(t.mbps, 1), words::verdictName(t.verdict)});
  return table.render();
}

// Stores a machine's run under its name; the run id, or 0 when not stored (a warning said why).
std::int64_t store(const Args& args, const RemoteRun& run)
{
  if (args.has("no-save"))
    return 0;
  try {
    RunLibrary library(historyPath(args));
    return library.save(run.document, run.host.label());
  } catch (const std::exception& e) {
    printWarning(run.host.label() + ": the run was not saved in the history: " + e.what());
    return 0;
  }
}

std::string aggregateText(const Fleet& fleet)
{
  std::string out = "\nThe fleet (" + std::to_string(fleet.machines.size()) + " machines):\n";
  for (const FleetMachine& m : fleet.machines)
    out += "  " + shownText(m.name) + ": " + shownText(m.algorithm) + " " + formatRate(m.hashMBps) + " end to end" +
           (m.verdict.empty() ? std::string() : ", " + shownText(words::verdictName(m.verdict))) + "; storage " +
           (m.storageMBps > 0 ? formatRate(m.storageMBps) : std::string("not measured")) + "\n";
  out += "  together: hashing " + formatRate(fleet.hashMBps) + " (each machine as its verdict limits it), storage " +
         formatRate(fleet.storageMBps) + "\n";
  return out;
}

}  // namespace

int runRemoteBench(Context& context, const Args& args, const std::set<std::string, std::less<>>& flags)
{
  std::vector<RemoteHost> hosts;
  for (const std::string& text : args.values("host")) {
    std::string why;
    const auto host = parseRemoteHost(text, &why);
    if (!host)
      throw UsageError("--host '" + text + "': " + why + " (give [USER@]HOST[:PORT])");
    hosts.push_back(*host);
  }
  for (const char* local : {"format", "output"})
    if (args.has(local))
      throw UsageError(std::string("--") + local + " is not used with --host: each machine's run is stored in the " +
                       "history (hashscope-cli history export ID)");
  RemoteOptions options;
  options.selfExecutable = executablePath();
  if (const auto bundle = args.value("bundle"))
    options.bundle = pathFromUtf8(*bundle);
  if (const auto config = args.value("ssh-config"))
    options.sshConfig = pathFromUtf8(*config);
  if (const auto seconds = args.value("host-timeout"))
    options.probeSeconds = parseSecondsOption("--host-timeout", *seconds, 1, 3600);
  options.benchArguments = remoteArguments(args, flags);

  RemoteObserver observer;
  observer.line = [](const RemoteHost& host, std::string_view line) {
    writeConsole(stderr, shownText(host.label()) + ": " + shownText(line) + "\n");
  };
  const std::vector<RemoteRun> runs =
      runRemoteBenches(hosts, options, observer, context.stop.get_token(), args.has("hosts-parallel"));

  std::string report;
  std::vector<std::pair<std::string, RunDocument>> measured;
  std::string planRuns;
  bool failed = false;
  for (const RemoteRun& run : runs) {
    const std::string name = shownText(run.host.label());
    if (!run.leftBehind.empty())
      printError(name + ": could not confirm that " + shownText(run.leftBehind) +
                 " was removed there: remove it by hand if it is still there");
    if (!run.ok()) {
      failed = true;
      if (!run.stopped)
        printError(name + ": " + shownText(run.error));
      continue;
    }
    const std::int64_t id = store(args, run);
    if (id > 0)
      planRuns += " --run " + std::to_string(id);
    report += "\n" + name + " (" + shownText(run.platform) + (run.copied ? ", bundle copied" : ", its own hashscope-cli") +
              (id > 0 ? ", saved as run " + std::to_string(id) : std::string()) + "):\n" + machineTable(*run.run);
    measured.emplace_back(run.host.label(), *run.run);
  }
  if (!measured.empty())
    report += aggregateText(fleetOf(measured));
  if (measured.size() > 1 && !planRuns.empty())
    report += "Plan with them: hashscope-cli plan --data 1T --time 1m -a ALGO" + planRuns + "\n";
  if (!report.empty() && !writeOut(report.substr(1)))
    return kExitFailure;
  if (context.stop.stop_requested()) {
    printError("interrupted: the remote runs were stopped and their folders removed there");
    return kExitInterrupted;
  }
  return failed ? kExitFailure : kExitOk;
}

}  // namespace hashscope::cli
