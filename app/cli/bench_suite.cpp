// `bench` and `bench --suite`: hashscope::runSuite (one path for both) with a progress bar that follows its steps.
#include "bench.hpp"
#include "hashscope/hash.hpp" // workload.hpp uses Digest without including hash.hpp
#include "hashscope/storage.hpp"
#include "hashscope/suite.hpp"
#include "names.hpp"
#include "progress.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>
#include <set>

namespace hashscope::cli {

namespace {

namespace fs = std::filesystem;

// What the suite's threads last reported, read by the progress bar's ticker.
struct SuiteProgress {
  std::mutex mutex;
  std::string title = "planning";
  int index = 0, total = 1;
  Workload workload = Workload::HashFile;
  std::uint64_t bytes = 0, expected = 0;
  double t = 0, seconds = 0, mbps = -1;
  std::uint64_t doneBytes = 0, passBytes = 0;  // finished passes of the step, and the current one
  double doneT = 0, passT = 0;
};

// --data: what PATH holds, checked before anything runs. False (the error printed) when it cannot be measured.
bool describeDataTarget(const fs::path& path, LinkPolicy links, Context& context, BenchOutcome& outcome)
{
  const DataSummary data = describeData(path, context.stop.get_token(), links);
  if (!data.ok()) {
    printError(shownText(data.error));
    outcome.failed = true;
    return false;
  }
  outcome.dataLine = "Data " + shownName(path.string()) + ": " + dataSummaryText(data) +
                     ", measured where it is (nothing was written there)";
  if (!data.notFollowed.empty())
    outcome.dataLine += "; " + std::to_string(data.notFollowed.size()) +
                        (data.notFollowed.size() == 1 ? " symbolic link" : " symbolic links") + " not followed" +
                        (links == LinkPolicy::Skip ? " (--follow follows those that stay inside the folder)" : "");
  return true;
}

// --data: files and folders of the data that could not be read (unreadable, FIFOs, vanished), each said
// once however many steps met it, then counted. They make the run fail (exit 1), as they do for hash -r.
void reportUnreadData(const std::vector<RunResult>& results, BenchOutcome& outcome)
{
  std::set<std::string> unread;
  for (const RunResult& r : results)
    for (const std::string& e : r.fileErrors)
      if (unread.insert(e).second)
        printError("not read: " + e);
  if (unread.empty())
    return;
  printError(std::to_string(unread.size()) + (unread.size() == 1 ? " file or folder" : " files or folders") +
             " of the data could not be read: the results cover the rest");
  outcome.failed = true;
}

} // namespace

BenchOutcome runBenchSuite(const BenchOptions& o, Context& context)
{
  BenchOutcome outcome;
  SuiteSpec spec;
  if (o.data) {
    spec.data = *o.data;
    spec.followLinks = o.followLinks;
    if (!describeDataTarget(*o.data, dataLinkPolicy(spec), context, outcome))
      return outcome;
  }
  for (const auto& location : o.data ? std::vector<fs::path>{} : o.locations) {
    std::error_code ec;
    if (fs::is_directory(location, ec)) {
      spec.locations.push_back(location);
      continue;
    }
    printError(location.string() + (fs::exists(location, ec) ? ": is not a folder" : ": no such folder") +
               ": choose an existing folder with --location");
    outcome.failed = true;
  }
  if (spec.locations.empty() && spec.data.empty())
    return outcome;
  spec.algorithms = o.algorithms;
  if (!o.suite)
    spec.workloads = o.workloads;  // a plain bench is a suite with an explicit list of workloads
  spec.passes = o.passes;
  spec.waitQuiet = o.waitQuiet;
  spec.quietTimeoutSeconds = o.quietTimeout;
  spec.sampleSize = o.size;
  spec.content = o.content;
  spec.cache = o.cache;
  spec.blockSize = o.blockSize;
  spec.readPath = o.readPath;
  spec.queueDepth = o.queueDepth;
  spec.streams = o.streams;
  spec.warm = o.warm;
  spec.ramp = o.ramp;
  spec.maxStreams = o.maxStreams;
  spec.peers = o.peers;
  spec.hashMemorySeconds = o.duration;
  spec.sampleHz = o.sampleHz;
  spec.removeSamplesAfter = !o.keepSample;

  SuiteProgress progress;
  SuiteObserver observer;
  observer.sampleProgress = [&](const std::filesystem::path& location, const SampleProgress& p) {
    std::lock_guard lock(progress.mutex);
    progress.title = "creating sample in " + location.string();
    progress.workload = Workload::Write;
    progress.bytes = p.bytesWritten;
    progress.expected = p.totalBytes;
    progress.mbps = -1;
  };
  observer.waiting = [&](const QuietWait& w) {
    char busy[96];
    std::snprintf(busy, sizeof busy, "other processes use %.1f of %.0f cores, %.0f of %.0f s", w.otherCores,
                  w.cores, w.waited, w.limit);
    std::lock_guard lock(progress.mutex);
    progress.title = std::string("waiting for a quiet machine: ") + busy;
    progress.mbps = -1;
  };
  observer.stepStarted = [&](const SuiteStep& step, int total) {
    if (o.progressLines)
      writeConsole(stderr, shownText("step " + std::to_string(step.index + 1) + "/" + std::to_string(total) + ": " +
                                     step.title) + "\n");
    std::lock_guard lock(progress.mutex);
    progress.title =
        "step " + std::to_string(step.index + 1) + "/" + std::to_string(total) + ": " + step.title;
    progress.index = step.index;
    progress.total = std::max(1, total);
    progress.workload = step.spec.workload;
    progress.bytes = 0;
    progress.expected = step.expectedBytes * static_cast<std::uint64_t>(std::max(1, o.passes));  // 0: unknown
    progress.seconds = step.spec.seconds * std::max(1, o.passes);
    progress.t = 0;
    progress.doneBytes = progress.passBytes = 0;
    progress.doneT = progress.passT = 0;
    progress.mbps = -1;
  };
  observer.sample = [&](const SuiteStep&, const Sample& sample) {
    std::lock_guard lock(progress.mutex);
    // Passes restart the counters: carry the finished passes' bytes (and time) along.
    if (sample.totalBytes < progress.passBytes || sample.t < progress.passT) {
      progress.doneBytes += progress.passBytes;
      progress.doneT += progress.passT;
    }
    progress.passBytes = sample.totalBytes;
    progress.passT = sample.t;
    progress.bytes = progress.doneBytes + sample.totalBytes;
    progress.t = progress.doneT + sample.t;
    progress.mbps = sample.totalMBps;
  };
  std::mutex printedMutex;
  std::set<std::string> printed;  // messages that also come another way (SuiteResult::errors, notes) are printed once
  observer.message = [&](const std::string& message) {
    {
      std::lock_guard lock(printedMutex);
      if (!printed.insert(message).second)
        return;
    }
    printError(message);  // printError escapes control characters: a path may hold a newline
  };
  observer.stepFinished = [&](const SuiteStep& step, const RunResult& result) {
    if (!result.error.empty())
      observer.message(step.title + ": " + result.error);
  };

  SuiteResult suite;
  {
    ProgressBar bar(context.progress, [&] {
      std::lock_guard lock(progress.mutex);
      ProgressState state{progress.title, progress.bytes, progress.expected};
      double within = 0;
      if (progress.expected > 0)
        within = static_cast<double>(progress.bytes) / static_cast<double>(progress.expected);
      else if (progress.seconds > 0)
        within = progress.t / progress.seconds;
      state.fraction = (progress.index + std::min(1.0, within)) / progress.total;
      state.mbPerSec = progress.mbps;
      return state;
    });
    suite = runSuite(spec, observer, context.stop.get_token());
  }

  outcome.cancelled = suite.cancelled || context.stop.stop_requested();
  for (const auto& error : suite.errors) {
    if (printed.insert(error.text).second)
      printError(shownText(error.text));
    outcome.failed = true;
  }
  std::map<std::filesystem::path, StorageInfo> storage;
  // A step that failed stays in the results with its error (the report, the JSON, the CSV and the history
  // show it, and the run's status says a step failed): nothing measured is dropped silently.
  for (auto& result : suite.results) {
    if (!result.error.empty())
      outcome.failed = true;
    if (result.storage.path.empty()) {
      auto it = storage.find(result.location);
      if (it == storage.end())
        it = storage.emplace(result.location, describeStorage(result.location)).first;
      result.storage = it->second;
    }
    outcome.results.push_back(std::move(result));
  }
  if (o.data && !outcome.cancelled)
    reportUnreadData(outcome.results, outcome);
  return outcome;
}

} // namespace hashscope::cli
