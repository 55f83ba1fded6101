// runStep(): one step for k passes. Peer tools get the engine's eviction for cold passes; every pass is
// sampled on its own; the step's result is the median pass, with all passes kept.
#include "suite/run_step.hpp"

#include <algorithm>
#include <numeric>
#include <optional>

#include "analysis/totals.hpp"
#include "hashscope/analysis.hpp"
#include "hashscope/hash.hpp"
#include "hashscope/peer.hpp"
#include "platform/file_io.hpp"  // the engine's page-cache eviction, reused for peer tools

namespace hashscope::suite {

void note(const SuiteObserver& observer, const std::string& message)
{
  if (observer.message)
    observer.message(message);
}

namespace {

RunResult runPeerPass(const SuiteStep& step, LocationState& state, LiveCounters& counters, std::stop_token stop)
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
  }
  return runPeerTool(*tool, step.spec.target, expected, stop, &counters);  // its reads feed the live samples
}

// Peer tools read through the page cache: for a cold pass, drop the sample's cached pages first, as the
// engine does for its own cold runs. Returns the cache method achieved.
CacheMethod evictForPeer(const std::filesystem::path& file, const SuiteObserver& observer)
{
  std::string error;
  platform::InputFile f = platform::InputFile::open(file, platform::ReadMode::Cached, error);
  if (!f.isOpen()) {
    note(observer, "Could not evict " + file.string() + " from the page cache: " + error);
    return CacheMethod::AsIs;
  }
  std::string evictNote;
  f.evict(evictNote);
  if (!evictNote.empty())
    note(observer, evictNote);
  return CacheMethod::Evicted;
}

// `readBefore`: the read made beside this pass just before it (RunResult::pairedReads), if any: the live
// intervals are judged against it as the final analysis judges them against the pass's paired reads.
RunResult runPass(const SuiteStep& step, const SuiteSpec& spec, LocationState& state,
                  const std::vector<RunResult>& earlier, const PassResult* readBefore, const SuiteObserver& observer,
                  std::stop_token stop)
{
  const bool peer = step.spec.workload == Workload::PeerTool;
  CacheMethod peerMethod = CacheMethod::AsIs;
  if (peer && step.spec.cache == CacheMode::Cold)
    peerMethod = state.storage.kind == MediaKind::Ram ? CacheMethod::MemoryBacked
                                                      : evictForPeer(step.spec.target, observer);
  else if (peer && step.spec.cache == CacheMode::Warm)
    peerMethod = CacheMethod::Warm;

  LiveCounters counters(std::max(1, step.spec.streams));
  RunResult planned = plannedRun(step.spec, step.location, state.storage);
  if (readBefore)
    planned.pairedReads = {*readBefore};
  const StepContext live = liveContext(planned, earlier);
  RunResult r = runSampled(
      step.spec, state.storage, live, spec.sampleHz > 0 ? spec.sampleHz : 10.0, counters, stop,
      [&](const WorkloadSpec& run) {
        return peer ? runPeerPass(step, state, counters, stop) : runWorkload(run, stop, &counters);
      },
      [&observer, &step](const Sample& s) {
        if (observer.sample)
          observer.sample(step, s);
      },
      [&observer](const std::string& text) { note(observer, text); });
  if (peer) {
    r.cache = step.spec.cache;
    r.cacheMethod = peerMethod;
  }
  r.location = step.location;
  r.storage = state.storage;
  r.roundTripMs = state.roundTripMs;
  return r;
}

PassResult summaryOf(const RunResult& r)
{
  PassResult p;
  p.bytes = r.bytes;
  p.seconds = r.seconds;
  p.userSeconds = r.userSeconds;
  p.systemSeconds = r.systemSeconds;
  if (r.workload != Workload::PeerTool)
    p.cpuMBps = cpuSpeedPerStream(r);
  const std::optional<std::uint64_t> deviceRead = analysis::deviceReadBytesOf(r.samples);
  p.deviceValid = deviceRead.has_value();
  p.deviceReadBytes = deviceRead.value_or(0);
  p.ownReadBytes = r.ownReadBytes;
  return p;
}

}  // namespace

RunResult combinePasses(std::vector<RunResult> passes)
{
  std::vector<PassResult> summaries(passes.size());
  std::ranges::transform(passes, summaries.begin(), summaryOf);
  std::vector<std::size_t> order(passes.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return passes[a].mbPerSec() < passes[b].mbPerSec(); });
  // The lower median for an even count: a pass that really ran, never an average of two.
  const std::size_t kept = order[(order.size() - 1) / 2];
  RunResult median = std::move(passes[kept]);
  median.passes = std::move(summaries);
  median.keptPass = static_cast<int>(kept);
  return median;
}

namespace {

// Whether `step` gets read passes beside its own (RunResult::pairedReads): a hash-file of a RAM-backed location
// that is not warmed first (a warm run reads RAM whatever the location).
bool pairsReads(const SuiteStep& step, const LocationState& state)
{
  return step.spec.workload == Workload::HashFile && state.storage.kind == MediaKind::Ram &&
         step.spec.cache != CacheMode::Warm;
}

// One read pass beside a hash-file pass: the same file, streams and block size, unsampled, reaching the bytes
// the way the hash-file does (mapped pages where it maps them, else the read workload's copies).
std::optional<PassResult> pairedRead(const SuiteStep& step, const LocationState& state, std::stop_token stop)
{
  WorkloadSpec read = step.spec;
  read.workload = Workload::Read;
  read.algorithm.clear();
  read.remote = isRemote(state.storage);
  const RunResult planned = plannedRun(step.spec, step.location, state.storage);
  if (analysis::accessOf(planned) == ReadAccess::Mapped)
    read.readPath = ReadPath::Mapped;
  RunResult r = runWorkload(read, stop, nullptr);
  if (!r.ok())
    return std::nullopt;  // a read that failed is no ceiling; the hash-file pass says what went wrong, if anything
  return summaryOf(r);
}

}  // namespace

RunResult runStep(const SuiteStep& step, const SuiteSpec& spec, LocationState& state,
                  const std::vector<RunResult>& earlier, const SuiteObserver& observer, std::stop_token stop)
{
  const int k = std::clamp(step.passes > 0 ? step.passes : spec.passes, 1, 100);
  const bool paired = pairsReads(step, state);
  std::vector<RunResult> passes;
  std::vector<PassResult> reads;
  const auto readBeside = [&] {
    if (!paired || stop.stop_requested())
      return;
    if (auto read = pairedRead(step, state, stop))
      reads.push_back(*read);
  };
  for (int i = 0; i < k; ++i) {
    if (observer.passStarted)
      observer.passStarted(step, i + 1, k);
    readBeside();
    const PassResult* readBefore = paired && reads.size() == passes.size() + 1 ? &reads.back() : nullptr;
    RunResult r = runPass(step, spec, state, earlier, readBefore, observer, stop);
    if (!r.ok())
      return r;  // a failed or stopped pass is the step's result: no median of what did not run
    if (step.spec.workload == Workload::HashFile && !r.digest.empty())
      state.digests.emplace(step.spec.algorithm, r.digest);
    passes.push_back(std::move(r));
    if (stop.stop_requested())
      break;
  }
  readBeside();
  RunResult result = combinePasses(std::move(passes));
  if (reads.size() == result.passes.size() + 1)  // one before each pass and one after the last, or none
    result.pairedReads = std::move(reads);
  return result;
}

}  // namespace hashscope::suite
