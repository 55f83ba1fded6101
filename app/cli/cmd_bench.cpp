// `hashscope-cli bench`: option parsing and validation, then the run and its report.
#include "args.hpp"
#include "bench.hpp"
#include "bench_remote.hpp"
#include "commands.hpp"
#include "hashscope/files.hpp"
#include "hashscope/hash.hpp"
#include "hashscope/storage.hpp"
#include "hashscope/workload.hpp"
#include "hashscope/suite.hpp"
#include "help.hpp"
#include "history_save.hpp"
#include "os.hpp"
#include "output_file.hpp"

#include <optional>
#include <set>

namespace hashscope::cli {

namespace {

// --data PATH: existing data measured where it is. Options about samples, or that would write, do not apply.
void parseDataOption(const Args& args, BenchOptions& o)
{
  const std::vector<std::string> data = args.values("data");
  if (data.empty()) {
    if (args.has("follow"))
      throw UsageError("--follow is about the symbolic links under --data PATH: give --data too");
    return;
  }
  if (data.size() > 1)
    throw UsageError("give one --data PATH per run (a file, or a folder of files)");
  if (data.front().empty())
    throw UsageError("--data needs a file or a folder");
  o.data = pathFromUtf8(data.front());
  o.followLinks = args.has("follow");
  if (args.has("location"))
    throw UsageError("--data measures PATH where it is: --location is not used with it");
  for (const char* sampleOption : {"size", "content", "keep-sample"}) {
    if (args.has(sampleOption))
      throw UsageError(std::string("--") + sampleOption + " is about sample files: --data measures PATH as it is");
  }
  for (Workload w : o.workloads) {
    if (w == Workload::Write)
      throw UsageError("--workload write would write a file: --data reads PATH and writes nothing");
  }
}

BenchOptions parseBenchOptions(const Args& args)
{
  BenchOptions o;
  for (const auto& location : args.values("location"))
    o.locations.push_back(pathFromUtf8(location));
  if (o.locations.empty())
    o.locations.push_back(defaultLocation());
  for (const auto& positional : args.positionals())
    throw UsageError("unexpected argument '" + positional +
                     "' (use --location DIR for a folder to test, --data PATH for existing data)");

  o.algorithms = parseAlgorithms(args.list("algorithm"));
  if (o.algorithms.empty())
    o.algorithms = {"md5", "sha256", "xxh3-64", "crc32"};
  for (const auto& name : args.list("workload")) {
    const auto workload = parseWorkload(name);
    if (!workload || *workload == Workload::PeerTool)
      throw UsageError(
          "unknown workload '" + name +
          "' (choose from memory, hash-memory, write, read, hash-file, hash-tree; peer tools: --peers)");
    o.workloads.push_back(*workload);
  }
  parseDataOption(args, o);
  // With --data the core picks the steps by what PATH is: hash-file for a file, hash-tree for a folder.
  if (o.workloads.empty() && !o.data)
    o.workloads = {Workload::Read, Workload::HashMemory, Workload::HashFile};
  if (const auto preset = args.value("preset"))
    o.passes = passesOf(parseChoiceOption("--preset", *preset, parsePreset, "quick, standard or thorough"));
  if (const auto passes = args.value("passes"))
    o.passes = parseCountOption("--passes", *passes, 1, 100);
  o.waitQuiet = args.has("wait-quiet");
  if (const auto timeout = args.value("quiet-timeout")) {
    o.quietTimeout = parseSecondsOption("--quiet-timeout", *timeout, 0);
    o.waitQuiet = true;
  }

  if (const auto size = args.value("size")) {
    o.size = parseSizeOption("--size", *size);
    if (o.size == 0)
      throw UsageError(
          "--size 0 would benchmark an empty file, which measures nothing: give a size such as 64M");
  }
  if (const auto content = args.value("content"))
    o.content = parseChoiceOption("--content", *content, parseSampleContent, "random, zeros or text");
  if (const auto streams = args.value("streams"))
    o.streams = parseCountOption("--streams", *streams, 1, 256);
  if (const auto cache = args.value("cache"))
    o.cache = parseChoiceOption("--cache", *cache, parseCacheMode, "cold, warm or as-is");
  if (const auto block = args.value("block-size")) {
    o.blockSize = parseSizeOption("--block-size", *block);
    if (o.blockSize < 512 || o.blockSize > 1 * GiB)
      throw UsageError("--block-size must be between 512 bytes and 1G");
  }
  if (const auto duration = args.value("duration"))
    o.duration = parseSecondsOption("--duration", *duration, 0.01);
  if (const auto hz = args.value("sample-hz")) // samples a second, not seconds: 0 (no sampling) to 1000
    o.sampleHz = parseNumberOption("--sample-hz", *hz, 0, 1000);
  if (const auto top = args.value("max-streams"))
    o.maxStreams = parseCountOption("--max-streams", *top, 1, 256);
  if (const auto path = args.value("read-path"))
    o.readPath = parseChoiceOption("--read-path", *path, parseReadPath, "auto, copy or mapped");
  if (const auto depth = args.value("queue-depth"))
    o.queueDepth = parseCountOption("--queue-depth", *depth, 1, kMaxQueueDepth);
  const int buffers = o.queueDepth + 1; // blocks each reading stream keeps in memory
  if (args.has("ramp") && o.maxStreams > o.streams) // the ramp's last run reads with --max-streams streams
    checkBufferMemory("--max-streams", o.maxStreams, o.blockSize, buffers);
  else
    checkBufferMemory("--streams", o.streams, o.blockSize, buffers);
  o.suite = args.has("suite");
  o.warm = args.has("warm");
  o.ramp = args.has("ramp");
  o.peers = args.has("peers");
  o.keepSample = args.has("keep-sample");
  if (const auto format = args.value("format")) {
    if (*format == "table")
      o.format = OutputFormat::Table;
    else if (*format == "csv")
      o.format = OutputFormat::Csv;
    else if (*format == "json")
      o.format = OutputFormat::Json;
    else
      throw UsageError("unknown --format '" + *format + "' (choose table, csv or json)");
  }
  if (const auto output = args.value("output")) {
    if (output->empty())
      throw UsageError("--output needs a file name");
    if (*output != "-") // "-" is standard output, as everywhere else
      o.output = pathFromUtf8(*output);
  }
  o.force = args.has("force");
  o.progressLines = args.has("progress-lines");
  if (o.suite && args.has("workload"))
    printWarning("--workload is ignored with --suite (the suite runs read, hash-memory and hash-file)");
  return o;
}

} // namespace

int runBench(Context& context, const Arguments& argv)
{
  const std::vector<OptionSpec> specs(
      {{"location", 'l', true, true},    {"algorithm", 'a', true, true}, {"workload", 'w', true, true},
       {"size", 's', true, false},       {"content", 0, true, false},    {"streams", 'j', true, false},
       {"cache", 0, true, false},        {"block-size", 0, true, false}, {"duration", 'd', true, false},
       {"format", 'f', true, false},     {"output", 'o', true, false},   {"force", 0, false, false},
       {"suite", 0, false, false},       {"ramp", 0, false, false},      {"max-streams", 0, true, false},
       {"warm", 0, false, false},        {"peers", 0, false, false},     {"sample-hz", 0, true, false},
       {"keep-sample", 0, false, false}, {"passes", 0, true, false},   {"preset", 0, true, false},
       {"wait-quiet", 0, false, false},  {"quiet-timeout", 0, true, false}, {"help", 'h', false, false},
       {"no-save", 0, false, false},     {"history-db", 0, true, false}, {"data", 0, true, true},
       {"follow", 0, false, false},      {"read-path", 0, true, false},  {"queue-depth", 0, true, false},
       {"host", 0, true, true},          {"hosts-parallel", 0, false, false}, {"bundle", 0, true, false},
       {"ssh-config", 0, true, false},   {"progress-lines", 0, false, false}, {"host-timeout", 0, true, false}});
  const Args args(specs, argv);
  if (args.has("help"))
    return writeOut(helpText("bench")) ? kExitOk : kExitFailure;
  const BenchOptions options = parseBenchOptions(args);  // also checks what --host passes on
  if (args.has("host")) {
    std::set<std::string, std::less<>> flags;
    for (const OptionSpec& spec : specs)
      if (!spec.takesValue)
        flags.insert(spec.name);
    return runRemoteBench(context, args, flags);
  }
  for (const char* remoteOnly : {"hosts-parallel", "bundle", "ssh-config", "host-timeout"})
    if (args.has(remoteOnly))
      throw UsageError(std::string("--") + remoteOnly + " is about --host: give --host [USER@]HOST too");

  std::optional<OutputFile> output;
  if (options.output)
    output.emplace(*options.output, options.force);

  const std::string startedAt = utcTimestamp();
  const BenchOutcome outcome = runBenchSuite(options, context);
  saveRunToHistory(context, args, outcome.results, outcome.cancelled || context.stop.stop_requested(), startedAt);
  if (outcome.cancelled || context.stop.stop_requested()) {
    // --data measures files where they are and writes none: nothing partial to remove there.
    printError(options.data ? "interrupted: the benchmark was stopped"
                            : "interrupted: the benchmark was stopped and its partial files removed");
    return kExitInterrupted; // `output` removes the file it reserved
  }
  if (outcome.results.empty()) {
    if (!outcome.failed)
      printError("nothing was measured");
    return kExitFailure;
  }
  ExportOptions stamp;
  stamp.startedAt = startedAt;
  stamp.finishedAt = utcTimestamp();
  stamp.status = runStatus(outcome.results, false);
  std::string report = renderBench(outcome.results, options.format, stamp);
  if (options.format == OutputFormat::Table && !outcome.dataLine.empty())
    report = outcome.dataLine + "\n" + report;  // JSON and CSV results carry target, files and bytes
  if (!deliverReport(output ? &*output : nullptr, report))
    return kExitFailure;
  return outcome.failed ? kExitFailure : kExitOk;
}

} // namespace hashscope::cli
