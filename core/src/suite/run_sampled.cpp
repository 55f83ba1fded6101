// runSampled: warm-up, sampler, fetched-bytes meter and work in the one order that keeps the counters honest.
#include <memory>

#include "hashscope/analysis.hpp"
#include "hashscope/counters.hpp"
#include "hashscope/suite.hpp"
#include "suite/fetch_meter.hpp"

namespace hashscope {

RunResult intervalProbe(const WorkloadSpec& spec, const StorageInfo& storage, const std::vector<RunResult>& earlier)
{
  RunResult probe;
  probe.workload = spec.workload;
  probe.algorithm = spec.algorithm;
  probe.streams = spec.streams;
  probe.cache = spec.cache;
  probe.cacheMethod = spec.cache == CacheMode::Warm ? CacheMethod::Warm : CacheMethod::NotApplicable;
  probe.storage = storage;
  // The ceilings the final analysis will use, as far as the location has measured them: the same
  // referencesFor() (the probe has the step's algorithm and cache mode, all it looks at).
  const References refs = referencesFor(probe, earlier);
  Analysis known;
  known.readMBps = refs.readMBps;
  known.hashMBps = refs.hashMBps;
  probe.analysis = known;
  return probe;
}

RunResult runSampled(const WorkloadSpec& spec, const StorageInfo& storage, const std::vector<RunResult>& earlier,
                     double hz, LiveCounters& counters,
                     std::stop_token stop, const std::function<RunResult(const WorkloadSpec&)>& work,
                     const std::function<void(const Sample&)>& onSample,
                     const std::function<void(const std::string&)>& onNote)
{
  WorkloadSpec run = spec;
  run.remote = isRemote(storage);  // read with copies there: the wait for the server must show as waiting
  const WorkloadTraits traits = workloadTraits(spec.workload);
  // The one warm-up: before the sampler starts, so its device reads are not counted in the run.
  if (spec.cache == CacheMode::Warm && traits.usesCache && !spec.prewarmed) {
    std::string error;
    if (traits.targetsFolder || spec.tree)  // a read over a folder (a data plan's tree) warms the tree too
      warmTree(spec.target, stop, spec.links);
    else
      error = warmFile(spec.target, stop);
    if (!error.empty() && onNote)
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
      sampler->setCallback([probe = intervalProbe(spec, storage, earlier), &onSample](const Sample& s) {
        Sample classified = s;
        classified.verdict = classifyInterval(classified, probe);
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
