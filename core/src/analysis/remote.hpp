// The network signal of the analysis: what a run on a network or FUSE location tells about its link and its
// server (the interface's traffic, the link speed, the round trip, one stream against several), fed to
// decideRemote (rules.hpp) and shown as RemoteEvidence. Nothing here applies to local volumes.
#pragma once

#include "analysis/rules.hpp"
#include "hashscope/analysis.hpp"

namespace hashscope::analysis {

// A file workload on a network or FUSE location.
bool isRemote(const RunResult& run);

// The evidence of a whole run (its samples' interface traffic, the location's link and stream delivery).
RemoteEvidence remoteEvidence(const RunResult& run, const StreamDelivery& delivery);

// Sets the remote fields of `s` for a whole run (from its evidence), or for one interval of it (from the
// sample's interface rate); leaves them alone when the run is not remote or its data came from RAM.
void addRemoteSignals(const RemoteEvidence& evidence, Signals& s);
void addRemoteSignals(const Sample& sample, const RunResult& run, Signals& s);

}  // namespace hashscope::analysis
