// Made-up live data for the live charts' tests: steps and samples fed into a LiveTimeline as the controller would.
#pragma once

#include <string>

#include "hashscope/suite.hpp"
#include "logic/live_buffer.hpp"
#include "logic/live_timeline.hpp"

namespace hashscope::gui::test {

inline SuiteStep step(int index, Workload workload, const std::string& algorithm, const std::string& location = "/tmp")
{
  SuiteStep s;
  s.index = index;
  s.location = location;
  s.spec.workload = workload;
  s.spec.algorithm = algorithm;
  s.spec.cache = CacheMode::Cold;
  return s;
}

// `count` samples 0.1 s apart from suite time `start` at `mbps`, with CPU and (optionally) disk figures.
inline void feed(LiveTimeline& timeline, int stepIndex, double start, int count, double mbps, double diskMBps = -1)
{
  for (int i = 1; i <= count; ++i) {
    LiveSample live;
    live.step = stepIndex;
    live.t = start + 0.1 * i;
    live.sample.t = 0.1 * i;
    live.sample.interval = 0.1;
    live.sample.totalMBps = mbps;
    live.sample.totalBytes = std::uint64_t(mbps * 1e5 * i);
    live.sample.streamMBps = {mbps};
    live.sample.workerCpuPct = {95};
    live.sample.cpuBusyPct = 50;
    if (diskMBps >= 0) {
      live.sample.diskValid = true;
      live.sample.diskBusyPct = 80;
      live.sample.diskReadMBps = diskMBps;
    }
    timeline.add(live);
  }
}

}  // namespace hashscope::gui::test
