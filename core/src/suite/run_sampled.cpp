// runSampled: warm-up, sampler and work in the one order that keeps the device counters honest.
#include <memory>

#include "hashscope/counters.hpp"
#include "hashscope/suite.hpp"

namespace hashscope {

RunResult runSampled(const WorkloadSpec& spec, const StorageInfo& storage, double hz, LiveCounters& counters,
                     std::stop_token stop, const std::function<RunResult()>& work,
                     const std::function<void(const Sample&)>& onSample,
                     const std::function<void(const std::string&)>& onNote)
{
  const bool readsFile = spec.workload != Workload::HashMemory && spec.workload != Workload::Memory;
  if (spec.cache == CacheMode::Warm && readsFile) {
    const std::string error = warmFile(spec.target, stop);
    if (!error.empty() && onNote)
      onNote("Could not pre-read " + spec.target.string() + ": " + error);
  }

  std::unique_ptr<Sampler> sampler;
  if (hz > 0) {
    // Null when the location has no device with counters (RAM, network): CPU sampling goes on regardless.
    sampler = std::make_unique<Sampler>(SamplerConfig{hz}, counters, makeCpuCounterSource(),
                                        makeDiskCounterSource(storage.device));
    if (onSample)
      sampler->setCallback(onSample);
    sampler->start();
  }
  RunResult result = work();
  if (sampler) {
    sampler->stop();
    result.samples = sampler->samples();
  }
  return result;
}

}  // namespace hashscope
