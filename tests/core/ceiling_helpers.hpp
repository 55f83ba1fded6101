// Ceilings for a test run, by name: what its location reads at the run's own point, the algorithm's speed on
// one core, the memory workload's at the run's streams, as the suite would have measured them there.
#pragma once

#include <algorithm>
#include <vector>

#include "analysis/totals.hpp"
#include "hashscope/analysis.hpp"

namespace hashscope::test {

struct Given {
  double read = 0;    // the read limit at the run's point (MB/s, all its streams); 0 = not measured
  double hash = 0;    // the algorithm on one whole core, per CPU second; 0 = not measured
  double memory = 0;  // the memory workload per stream per CPU second, at the run's streams; 0 = not measured
};

inline std::vector<Ceiling> given(const RunResult& run, Given g)
{
  std::vector<Ceiling> out;
  const int streams = std::max(1, run.streams);
  const int parallel = std::min(streams, std::max(1, analysis::coresOf(run)));
  if (g.read > 0) {
    const bool ram = analysis::isMemoryBacked(run);
    Ceiling c;
    c.kind = CeilingKind::Read;
    c.source = CeilingSource::ReadPass;
    c.basis = ram ? CeilingBasis::PerCpuSecond : CeilingBasis::WallClock;
    c.mbps = c.minMBps = c.maxMBps = ram ? g.read / parallel : g.read;
    c.streams = streams;
    c.access = analysis::accessOf(run);
    c.queueDepth = ram ? 0 : analysis::queueDepthOf(run);
    out.push_back(c);
  }
  if (g.hash > 0) {
    Ceiling c;
    c.kind = CeilingKind::Hash;
    c.source = CeilingSource::HashMemory;
    c.basis = CeilingBasis::PerCpuSecond;
    c.algorithm = run.algorithm;
    c.mbps = c.minMBps = c.maxMBps = g.hash;
    out.push_back(c);
  }
  if (g.memory > 0) {
    Ceiling c;
    c.kind = CeilingKind::Memory;
    c.source = CeilingSource::MemoryPass;
    c.basis = CeilingBasis::PerCpuSecond;
    c.mbps = c.minMBps = c.maxMBps = g.memory;
    c.streams = streams;
    out.push_back(c);
  }
  return out;
}

}  // namespace hashscope::test
