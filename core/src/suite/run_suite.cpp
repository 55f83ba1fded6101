// runSuite(): each planned step sampled live and analysed against the reference runs of its location.
#include <chrono>
#include <exception>
#include <map>

#include "hashscope/analysis.hpp"
#include "hashscope/hash.hpp"
#include "hashscope/peer.hpp"
#include "hashscope/storage.hpp"
#include "hashscope/suite.hpp"
#include "platform/file_io.hpp"  // the engine's page-cache eviction, reused for peer tools

namespace hashscope {

namespace {

void note(const SuiteObserver& observer, const std::string& message)
{
  if (observer.message)
    observer.message(message);
}

// What the earlier steps of one location measured, for the later ones' verdicts and digest checks.
struct LocationState {
  StorageInfo storage;
  double readMBps = 0;
  std::map<std::string, double> hashMBps;
  std::map<std::string, std::string> digests;  // HashScope's hex digest of the sample, per algorithm
};

RunResult runPeerStep(const SuiteStep& step, LocationState& state, const SuiteObserver& observer,
                      std::stop_token stop)
{
  const std::string& algorithm = step.spec.algorithm;
  std::vector<PeerTool> tools = findPeerTools(algorithm);
  const PeerTool* tool = nullptr;
  for (const PeerTool& t : tools) {
    if (t.name == step.tool)
      tool = &t;
  }
  if (!tool) {
    RunResult r;
    r.workload = Workload::PeerTool;
    r.algorithm = algorithm;
    r.target = step.spec.target;
    r.error = step.tool + " is no longer installed on this machine.";
    return r;
  }
  std::string expected;
  if (findAlgorithm(algorithm)) {
    auto it = state.digests.find(algorithm);
    if (it == state.digests.end()) {
      // The main run used several streams (no whole-file digest): hash the sample once more, unsampled.
      FileDigests d = hashFile(step.spec.target, {algorithm}, stop);
      if (d.error.empty() && !d.digests.empty())
        it = state.digests.emplace(algorithm, toHex(d.digests.front())).first;
    }
    if (it != state.digests.end())
      expected = it->second;
  } else {
    note(observer, tool->name + " computes " + algorithm +
                       ", which HashScope does not compute: its digest is shown but not checked.");
  }
  return runPeerTool(*tool, step.spec.target, expected, stop);
}

// Peer tools read through the page cache: for a cold step, drop the sample's cached pages first, as the
// engine does for its own cold runs. Returns the cache method achieved.
std::string evictForPeer(const std::filesystem::path& file, const SuiteObserver& observer)
{
  std::string error;
  platform::InputFile f = platform::InputFile::open(file, platform::ReadMode::Cached, error);
  if (!f.isOpen()) {
    note(observer, "Could not evict " + file.string() + " from the page cache: " + error);
    return "as-is";
  }
  std::string evictNote;
  f.evict(evictNote);
  if (!evictNote.empty())
    note(observer, evictNote);
  return "evicted";
}

RunResult runStep(const SuiteStep& step, const SuiteSpec& spec, LocationState& state,
                  const SuiteObserver& observer, std::stop_token stop)
{
  std::string peerCacheMethod = "as-is";
  if (step.spec.workload == Workload::PeerTool && step.spec.cache == CacheMode::Cold)
    peerCacheMethod = state.storage.kind == MediaKind::Ram ? "memory-backed"
                                                           : evictForPeer(step.spec.target, observer);
  else if (step.spec.workload == Workload::PeerTool && step.spec.cache == CacheMode::Warm)
    peerCacheMethod = "warm";

  LiveCounters counters(std::max(1, step.spec.streams));
  RunResult r = runSampled(
      step.spec, state.storage, spec.sampleHz > 0 ? spec.sampleHz : 10.0, counters, stop,
      [&] {
        return step.spec.workload == Workload::PeerTool ? runPeerStep(step, state, observer, stop)
                                                        : runWorkload(step.spec, stop, &counters);
      },
      [&observer, &step](const Sample& s) {
        if (observer.sample)
          observer.sample(step, s);
      },
      [&observer](const std::string& text) { note(observer, text); });
  if (step.spec.workload == Workload::PeerTool) {
    r.cache = step.spec.cache;
    r.cacheMethod = peerCacheMethod;
  }
  r.location = step.location;
  r.storage = state.storage;
  return r;
}

References referencesFor(const SuiteStep& step, const LocationState& state)
{
  References refs;
  // A warm run reads from RAM: the cold read speed of the device is no limit for it.
  if (step.spec.cache != CacheMode::Warm)
    refs.readMBps = state.readMBps;
  if (auto it = state.hashMBps.find(step.spec.algorithm); it != state.hashMBps.end())
    refs.hashMBps = it->second;
  return refs;
}

void remember(const SuiteStep& step, const RunResult& r, LocationState& state)
{
  if (!r.ok())
    return;
  switch (step.spec.workload) {
  case Workload::Read: state.readMBps = r.mbPerSec(); break;
  case Workload::HashMemory: state.hashMBps[step.spec.algorithm] = cpuSpeedPerStream(r); break;
  case Workload::HashFile:
    if (!r.digest.empty())
      state.digests.emplace(step.spec.algorithm, r.digest);
    break;
  default: break;
  }
}

}  // namespace

SuiteResult runSuite(const SuiteSpec& spec, const SuiteObserver& observer, std::stop_token stop)
{
  SuiteResult result;
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::filesystem::path> created;  // samples this suite made: the only ones it may remove
  try {
    const std::vector<SuiteStep> plan = planSuite(spec);
    const int total = static_cast<int>(plan.size());
    // Every location expands to the same number of contiguous steps (even when a folder is listed twice).
    const std::size_t perLocation = spec.locations.empty() ? 0 : plan.size() / spec.locations.size();
    for (std::size_t l = 0; l < spec.locations.size(); ++l) {
      const auto& location = spec.locations[l];
      const std::size_t first = l * perLocation, next = first + perLocation;
      if (stop.stop_requested())
        break;

      LocationState state;
      state.storage = describeStorage(location);
      if (!state.storage.error.empty()) {
        result.errors.push_back(state.storage.error);
        note(observer, state.storage.error);
        continue;
      }
      SampleResult sample = createSample(location, spec.sampleSize, spec.content, stop,
                                         [&](const SampleProgress& p) {
                                           if (observer.sampleProgress)
                                             observer.sampleProgress(location, p);
                                         });
      if (sample.cancelled || stop.stop_requested())
        break;
      if (!sample.ok()) {
        const std::string error = "Skipping " + location.string() + ": " + sample.error;
        result.errors.push_back(error);
        note(observer, error);
        continue;
      }
      if (!sample.reused)
        created.push_back(sample.file.path);

      for (std::size_t i = first; i < next && !stop.stop_requested(); ++i) {
        SuiteStep step = plan[i];
        step.spec.target = sample.file.path;
        if (observer.stepStarted)
          observer.stepStarted(step, total);
        RunResult r = runStep(step, spec, state, observer, stop);
        analyse(r, referencesFor(step, state));
        remember(step, r, state);
        if (!r.error.empty())
          note(observer, step.title + ": " + r.error);
        if (observer.stepFinished)
          observer.stepFinished(step, r);
        const bool cancelled = r.cancelled;
        result.results.push_back(std::move(r));
        if (cancelled)
          break;
      }
    }
  } catch (const std::exception& e) {
    result.errors.push_back(std::string("The suite stopped on an internal error: ") + e.what());
  }

  if (spec.removeSamplesAfter || stop.stop_requested()) {
    for (const auto& file : created) {
      const std::string error = removeSample(file);
      if (!error.empty())
        result.errors.push_back(error);
    }
  }
  result.cancelled = stop.stop_requested();
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace hashscope
