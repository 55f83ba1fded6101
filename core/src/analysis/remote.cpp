#include "analysis/remote.hpp"

#include <algorithm>

#include "analysis/totals.hpp"

namespace hashscope::analysis {

namespace {

// The link of a location in MB/s (0 = unknown), and whether there is no network link at all: a server on
// this machine (loopback), a local FUSE daemon, a VM host's share (9p, virtiofs).
void linkOf(const StorageInfo& storage, double& linkMBps, bool& linkIsMemory)
{
  const RemoteInfo& r = storage.remote;
  linkIsMemory = r.loopback || storage.kind == MediaKind::Fuse || r.transport == "9p" || r.transport == "virtiofs";
  linkMBps = linkIsMemory ? 0 : r.linkMbps / 8.0;
}

}  // namespace

bool isRemote(const RunResult& run)
{
  return isFileWorkload(run.workload) &&
         (run.storage.kind == MediaKind::Network || run.storage.kind == MediaKind::Fuse);
}

}  // namespace hashscope::analysis

namespace hashscope {

StreamDelivery streamDeliveryFor(const RunResult& run, const std::vector<RunResult>& location)
{
  using namespace analysis;
  StreamDelivery d;
  if (!isRemote(run))
    return d;
  for (const RunResult& other : location) {
    if (!other.ok() || !isRemote(other) || other.cache != run.cache)
      continue;
    const double mbps = deliveredMBps(other);
    if (other.streams <= 1)
      d.oneStreamMBps = std::max(d.oneStreamMBps, mbps);
    else if (mbps > d.manyStreamsMBps) {
      d.manyStreamsMBps = mbps;
      d.manyStreams = other.streams;
    }
  }
  return d;
}

}  // namespace hashscope

namespace hashscope::analysis {

RemoteEvidence remoteEvidence(const RunResult& run, const StreamDelivery& delivery)
{
  RemoteEvidence e;
  linkOf(run.storage, e.linkMBps, e.linkIsMemory);
  double lastT = 0;
  for (const Sample& s : run.samples) {
    if (!s.netValid)
      continue;
    e.interfaceValid = true;
    e.interfaceBytes = std::max(e.interfaceBytes, s.netRxBytes);
    lastT = std::max(lastT, s.t);
  }
  if (e.interfaceValid)
    e.interfaceMBps = megabytesPerSecond(e.interfaceBytes, lastT > 0 ? lastT : run.seconds);
  e.roundTripMs = run.roundTripMs.value_or(-1);
  e.oneStreamMBps = delivery.oneStreamMBps;
  e.manyStreamsMBps = delivery.manyStreamsMBps;
  e.manyStreams = delivery.manyStreams;
  return e;
}

void addRemoteSignals(const RemoteEvidence& evidence, Signals& s)
{
  if (s.fromRam)
    return;
  s.remote = true;
  s.linkMBps = evidence.linkMBps;
  s.linkIsMemory = evidence.linkIsMemory;
  s.interfaceMBps = evidence.interfaceValid ? evidence.interfaceMBps : -1;
  if (evidence.manyStreams > s.streams)
    s.moreStreamsMBps = evidence.manyStreamsMBps;
}

void addRemoteSignals(const Sample& sample, const RunResult& run, Signals& s)
{
  if (s.fromRam || !isRemote(run))
    return;
  s.remote = true;
  linkOf(run.storage, s.linkMBps, s.linkIsMemory);
  s.interfaceMBps = sample.netValid ? sample.netRxMBps : -1;
  if (run.analysis && run.analysis->remote && run.analysis->remote->manyStreams > s.streams)
    s.moreStreamsMBps = run.analysis->remote->manyStreamsMBps;
}

}  // namespace hashscope::analysis
