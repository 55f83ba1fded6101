// runSampled: warm-up, sampler, fetched-bytes meter and work in the one order that keeps the counters honest.
#include <memory>

#include "hashscope/analysis.hpp"
#include "hashscope/counters.hpp"
#include "hashscope/suite.hpp"
#include "suite/fetch_meter.hpp"

namespace hashscope {

RunResult plannedRun(const WorkloadSpec& spec, const std::filesystem::path& location, const StorageInfo& storage)
{
  RunResult planned;
  planned.workload = spec.workload;
  planned.algorithm = spec.algorithm;
  planned.location = location;
  planned.target = spec.target;
  planned.streams = spec.streams;
  planned.readPath = spec.readPath;
  planned.cache = spec.cache;
  // A cold read of a device keeps the spec's reads in flight per stream (cached and RAM reads: the kernel's).
  if (spec.cache == CacheMode::Cold && storage.kind != MediaKind::Ram && spec.readPath != ReadPath::Mapped)
    planned.queueDepth = spec.queueDepth;
  planned.cacheMethod = spec.cache == CacheMode::Warm ? CacheMethod::Warm : CacheMethod::NotApplicable;
  planned.storage = storage;
  // The engine's read decision for this step, as it will make it: analysis reads it, never derives it.
  WorkloadSpec run = spec;
  run.remote = isRemote(storage);
  const AlgorithmInfo* algorithm = findAlgorithm(spec.algorithm);
  planned.readMethods = plannedReadMethods(run, spec.cache == CacheMode::Warm || storage.kind == MediaKind::Ram,
                                           algorithm ? algorithm->threadsPerStream : 1u);
  return planned;
}

StepContext liveContext(const RunResult& planned, const std::vector<RunResult>& earlier)
{
  return contextFor(planned, ceilingsFor(planned, earlier));
}

RunResult runSampled(const WorkloadSpec& spec, const StorageInfo& storage, const StepContext& live, double hz,
                     LiveCounters& counters, std::stop_token stop,
                     const std::function<RunResult(const WorkloadSpec&)>& work,
                     const std::function<void(const Sample&)>& onSample,
                     const std::function<void(const std::string&)>& onNote)
{
  WorkloadSpec run = spec;
  run.remote = isRemote(storage);  // read with copies there: the wait for the server must show as waiting
  const WorkloadTraits traits = workloadTraits(spec.workload);
  // The one warm-up: before the sampler starts, so its device reads are not counted in the run.
  if (spec.cache == CacheMode::Warm && traits.usesCache && !spec.prewarmed) {
    const std::string error = warmUp(spec, stop);
    if (!error.empty() && onNote && !stop.stop_requested())
      onNote("Could not pre-read " + spec.target.string() + ": " + error);
    run.prewarmed = error.empty();
  }

  std::unique_ptr<Sampler> sampler;
  if (hz > 0) {
    // Null when the location has no device with counters (RAM, network): CPU sampling goes on regardless.
    sampler = std::make_unique<Sampler>(SamplerConfig{hz}, counters, makeCpuCounterSource(),
                                        makeDiskCounterSource(storage.device));
    sampler->setNetworkSource(makeNetCounterSource(storage));  // null unless a network location's interface
    if (onSample) {
      // Live verdicts: each interval is classified as it arrives, on the sampler thread.
      sampler->setCallback([step = plannedRun(spec, {}, storage), live, &onSample](const Sample& s) {
        Sample classified = s;
        classified.verdict = classifyInterval(classified, step, live);
        onSample(classified);
      });
    }
    sampler->start();
  }
  suite::FetchMeter fetched(spec, storage);
  fetched.begin();
  RunResult result = work(run);
  if (sampler) {
    sampler->stop();
    result.samples = sampler->samples();
  }
  fetched.end(result);
  return result;
}

}  // namespace hashscope
