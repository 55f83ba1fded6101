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
  return isFileWorkload(run.workload) && isRemote(run.storage);
}

StreamDelivery streamDeliveryOf(const RunResult& run, const std::vector<Ceiling>& ceilings)
{
  StreamDelivery d;
  if (!isRemote(run))
    return d;
  for (const Ceiling& c : ceilings) {
    if (c.kind != CeilingKind::Read)
      continue;
    // A read step's median pass, or the most the location delivered to a hash run, at the streams it had.
    if (c.streams <= 1)
      d.oneStreamMBps = std::max(d.oneStreamMBps, c.mbps);
    else if (c.mbps > d.manyStreamsMBps) {
      d.manyStreamsMBps = c.mbps;
      d.manyStreams = c.streams;
    }
  }
  return d;
}

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

void addRemoteSignals(const RunResult& run, double interfaceMBps, const StreamDelivery& delivery, Signals& s)
{
  if (s.fromRam || !isRemote(run))
    return;
  s.remote = true;
  linkOf(run.storage, s.linkMBps, s.linkIsMemory);
  s.interfaceMBps = interfaceMBps;
  if (delivery.manyStreams > s.streams)
    s.moreStreamsMBps = delivery.manyStreamsMBps;
}

}  // namespace hashscope::analysis
