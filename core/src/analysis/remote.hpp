// The network signal of the analysis: what a run on a network or FUSE location tells about its link and its
// server (the interface's traffic, the link speed, the round trip, one stream against several), fed to
// decideRemote (rules.hpp) and shown as RemoteEvidence. Nothing here applies to local volumes.
#pragma once

#include <vector>

#include "analysis/rules.hpp"
#include "hashscope/analysis.hpp"

namespace hashscope::analysis {

// A file workload on a network or FUSE location.
bool isRemote(const RunResult& run);

// What `run`'s network or FUSE location delivered to one stream and to the most streams, from its read ceilings
// among `ceilings` (ceilingsFor: the location's read steps and what it delivered to its hash runs, in the run's
// cache mode); zeros elsewhere.
StreamDelivery streamDeliveryOf(const RunResult& run, const std::vector<Ceiling>& ceilings);

// The evidence of a whole run (its samples' interface traffic, the location's link and stream delivery).
RemoteEvidence remoteEvidence(const RunResult& run, const StreamDelivery& delivery);

// Sets the remote fields of `s` (s.streams and s.fromRam already set): the location's link, what its interface
// received per second (-1 = unknown; the whole run's or one interval's) and, when more streams than `s.streams`
// got more, what they got. Leaves them alone when the run is not remote or its data came from RAM.
void addRemoteSignals(const RunResult& run, double interfaceMBps, const StreamDelivery& delivery, Signals& s);

}  // namespace hashscope::analysis
