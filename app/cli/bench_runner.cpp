// Single-workload benchmarks: one sample per location, each workload sampled live, then analysed.
#include "bench.hpp"
#include "hashscope/analysis.hpp"
#include "hashscope/hash.hpp"
#include "hashscope/peer.hpp"
#include "hashscope/samples.hpp"
#include "hashscope/storage.hpp"
#include "hashscope/suite.hpp"
#include "hashscope/workload.hpp"
#include "progress.hpp"

#include <algorithm>
#include <chrono>
#include <memory>
#include <mutex>
#include <thread>

namespace hashscope::cli {

namespace {

namespace fs = std::filesystem;

bool needsAlgorithm(Workload w)
{
  return w == Workload::HashMemory || w == Workload::HashFile || w == Workload::HashTree;
}
bool needsSample(Workload w)
{
  return w == Workload::Read || w == Workload::HashFile;
}

// The planned runs of one location, in order.
std::vector<WorkloadSpec> planLocation(const BenchOptions& o, const fs::path& location,
                                       const fs::path& sample)
{
  std::vector<WorkloadSpec> plan;
  auto base = [&](Workload w, const std::string& algorithm) {
    WorkloadSpec spec;
    spec.workload = w;
    spec.algorithm = algorithm;
    spec.streams = o.streams;
    spec.blockSize = o.blockSize;
    spec.cache = o.cache;
    spec.content = o.content;
    if (w == Workload::Memory || w == Workload::HashMemory)
      spec.seconds = o.duration;
    else if (w == Workload::Write) {
      spec.target = location;
      spec.bytes = o.size;
    } else if (w == Workload::HashTree)
      spec.target = location;
    else
      spec.target = sample;
    return spec;
  };
  for (Workload w : o.workloads) {
    if (!needsAlgorithm(w)) {
      plan.push_back(base(w, {}));
      continue;
    }
    for (const auto& algorithm : o.algorithms) {
      plan.push_back(base(w, algorithm));
      if (w != Workload::HashFile)
        continue;
      if (o.warm && o.cache != CacheMode::Warm) {
        plan.push_back(base(w, algorithm));
        plan.back().cache = CacheMode::Warm;
      }
      if (o.ramp) {
        const int top = o.maxStreams > 0
                            ? o.maxStreams
                            : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
        for (int n = 1; n <= top; ++n) {
          if (n == o.streams)
            continue; // the main run already measured this count
          plan.push_back(base(w, algorithm));
          plan.back().streams = n;
        }
      }
    }
  }
  return plan;
}

// One workload with its sampler and a progress bar.
RunResult runOne(const WorkloadSpec& spec, const StorageInfo& storage, const BenchOptions& o,
                 Context& context)
{
  LiveCounters counters(spec.streams);
  RunResult probe;
  probe.workload = spec.workload;
  probe.algorithm = spec.algorithm;
  probe.location = storage.path;
  probe.cache = spec.cache;
  probe.streams = spec.streams;
  const std::string title = runTitle(probe);
  const auto start = std::chrono::steady_clock::now();
  const double seconds = spec.seconds;
  RunResult result = runSampled(
      spec, storage, o.sampleHz, counters, context.stop.get_token(),
      [&] {
        ProgressBar bar(context.progress, [&] {
          ProgressState state{title, counters.totalBytes(), counters.expectedBytes()};
          if (state.total == 0 && seconds > 0)
            state.fraction =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / seconds;
          return state;
        });
        return runWorkload(spec, context.stop.get_token(), &counters);
      },
      {}, [](const std::string& text) { printWarning(text); });
  result.location = storage.path;
  result.storage = storage;
  return result;
}

// Reference speeds for the analysis of `run`, taken from the other runs of the same location.
References referencesFor(const RunResult& run, const std::vector<RunResult>& all)
{
  References refs;
  for (const auto& other : all) {
    if (!other.ok() || other.location != run.location)
      continue;
    if (other.workload == Workload::Read && other.cache == run.cache && other.streams == 1)
      refs.readMBps = other.mbPerSec();
    else if (other.workload == Workload::HashMemory && other.algorithm == run.algorithm && other.streams >= 1)
      refs.hashMBps = cpuSpeedPerStream(other);
    else if (other.workload == Workload::Memory && other.streams >= 1)
      refs.memoryMBps = cpuSpeedPerStream(other);
  }
  return refs;
}

} // namespace

BenchOutcome runWorkloads(const BenchOptions& o, Context& context)
{
  BenchOutcome outcome;
  const std::stop_token stop = context.stop.get_token();
  for (const auto& location : o.locations) {
    if (stop.stop_requested())
      break;
    std::error_code ec;
    if (!fs::is_directory(location, ec)) {
      printError(location.string() + (fs::exists(location, ec) ? ": is not a folder" : ": no such folder") +
                 ": choose an existing folder with --location");
      outcome.failed = true;
      continue;
    }
    const StorageInfo storage = describeStorage(location);
    const bool wantsSample = std::any_of(o.workloads.begin(), o.workloads.end(), needsSample) || o.peers;

    SampleResult sample;
    if (wantsSample && storage.readOnly && !fs::exists(location / sampleFileName(o.size, o.content), ec)) {
      // Say "read-only" first: it is the real reason, whatever the free space looks like.
      printError(location.string() + " is on a read-only filesystem: choose another location");
      outcome.failed = true;
      continue;
    }
    if (wantsSample) {
      SampleProgress latest;
      std::mutex mutex;
      {
        ProgressBar bar(context.progress, [&] {
          std::lock_guard lock(mutex);
          return ProgressState{"creating sample in " + location.string(), latest.bytesWritten,
                               latest.totalBytes};
        });
        sample = createSample(location, o.size, o.content, stop, [&](const SampleProgress& p) {
          std::lock_guard lock(mutex);
          latest = p;
        });
      }
      if (sample.cancelled || stop.stop_requested())
        break;
      if (!sample.ok()) {
        printError(sample.error);
        outcome.failed = true;
        continue;
      }
    }

    const std::size_t first = outcome.results.size();
    for (const WorkloadSpec& spec : planLocation(o, location, sample.file.path)) {
      if (stop.stop_requested())
        break;
      RunResult result = runOne(spec, storage, o, context);
      if (result.cancelled || stop.stop_requested())
        break;
      if (!result.error.empty()) {
        printError(runTitle(result) + ": " + result.error);
        outcome.failed = true;
        continue;
      }
      const std::string digest = result.digest;
      const bool peersAfter = o.peers && spec.workload == Workload::HashFile && spec.cache == o.cache &&
                              spec.streams == o.streams;
      outcome.results.push_back(std::move(result));
      if (!peersAfter)
        continue;
      for (const PeerTool& tool : findPeerTools(spec.algorithm)) {
        if (stop.stop_requested())
          break;
        RunResult peer = runPeerTool(tool, sample.file.path, digest, stop);
        peer.location = location;
        peer.storage = storage;
        if (!peer.error.empty()) {
          printError(tool.name + ": " + peer.error);
          outcome.failed = true;
        } else if (!peer.cancelled) {
          outcome.results.push_back(std::move(peer));
        }
      }
    }
    for (std::size_t i = first; i < outcome.results.size(); ++i) {
      RunResult& run = outcome.results[i];
      run.analysis = analyse(run, referencesFor(run, outcome.results));
    }
    // Remove only what this run created, and keep it when asked to.
    if (wantsSample && !sample.reused && !o.keepSample) {
      sample.hold.release();  // our own shared lock would make the removal refuse; another run's still does
      const std::string error = removeSample(sample.file.path);
      if (!error.empty())
        printError(error);
    }
  }
  outcome.cancelled = stop.stop_requested();
  return outcome;
}

} // namespace hashscope::cli
