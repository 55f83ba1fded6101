// clausesOf(): what a result's evidence sentence says, as data, in the order it says it.
#include "hashscope/evidence.hpp"

#include <algorithm>

#include "analysis/totals.hpp"
#include "hashscope/analysis.hpp"
#include "hashscope/figures.hpp"
#include "hashscope/hash.hpp"

namespace hashscope::evidence {

namespace {

// How the working threads spent their time.
void addThreads(const RunResult& r, const Analysis& a, std::vector<Clause>& out)
{
  const int streams = std::max(1, r.streams);
  if (r.workload == Workload::Read && a.readerCpuPct >= 0) {
    out.push_back(Readers{streams, a.readerCpuPct});
    return;
  }
  const bool known = a.workerBusyPct > 0 || a.hashCallPct >= 0;
  if (!known) {
    out.push_back(NoThreadTimes{});
    return;
  }
  if (r.workload == Workload::PeerTool) {
    out.push_back(Tool{r.tool.substr(0, r.tool.find(' ')), a.workerBusyPct});
    return;
  }
  Threads t;
  t.what = r.algorithm;
  t.workload = r.workload;
  t.streams = streams;
  // A hashing thread that other processes keep off the CPU is still busy hashing: its share inside hash calls.
  const bool hashes = analysis::hashesOnOwnThreads(r.workload);
  t.busyPct = hashes ? std::max(a.workerBusyPct, a.hashCallPct) : a.workerBusyPct;
  if (hashes && t.busyPct - a.workerBusyPct >= kOffCpuWorthSaying)
    t.onCpuPct = a.workerBusyPct;
  if (workloadTraits(r.workload).usesCache)
    t.waitPct = a.waitPct;
  out.push_back(t);
}

void addData(const RunResult& r, const Analysis& a, std::vector<Clause>& out)
{
  if (!workloadTraits(r.workload).usesDisk)
    return;
  if (a.remote) {
    const RemoteEvidence& e = *a.remote;
    Remote remote;
    remote.deliveredBytes = r.ownReadBytes;
    remote.interfaceName = r.storage.remote.interfaceName;
    if (e.interfaceValid) {
      remote.interfaceBytes = e.interfaceBytes;
      remote.interfaceMBps = e.interfaceMBps;
    }
    if (e.roundTripMs >= 0)
      remote.roundTripMs = e.roundTripMs;
    if (e.oneStreamMBps > 0 && e.manyStreams > 1) {
      remote.oneStreamMBps = e.oneStreamMBps;
      remote.manyStreamsMBps = e.manyStreamsMBps;
      remote.manyStreams = e.manyStreams;
    }
    out.push_back(remote);
  } else if (a.memoryBacked)
    out.push_back(FromRam{r.storage.filesystem});
  else if (!a.diskValid)
    out.push_back(NoDiskCounters{});
  else
    out.push_back(Disk{r.storage.device.name, a.diskBusyPct, a.deviceReadBytes});
}

// The ceilings behind the limit, and the sides that were not measured at this result's point.
void addCeilings(const RunResult& r, const Analysis& a, std::vector<Clause>& out)
{
  const Limit& limit = a.limit;
  const bool reads = workloadTraits(r.workload).usesCache && r.workload != Workload::Read;
  if (reads && limit.read) {
    const Ceiling& c = limit.read->ceiling;
    const bool other = c.streams != std::max(1, r.streams) || c.queueDepth != analysis::queueDepthOf(r);
    const bool delivered = c.source == CeilingSource::Delivered;
    out.push_back(ReadAlone{*limit.read, a.memoryBacked, other && !(delivered && c.step == stepLabel(r)),
                            c.source == CeilingSource::PairedRead, delivered, delivered && c.step == stepLabel(r)});
  }
  if (!r.algorithm.empty() && limit.hash)
    out.push_back(HashAlone{r.algorithm, *limit.hash, std::max(1, r.streams), r.workload == Workload::HashMemory});
  if (limit.readMissing && (reads || !(limit.hash || limit.read)))
    out.push_back(NotMeasured{CeilingKind::Read, std::max(1, r.streams), analysis::accessOf(r)});
  if (limit.hashMissing)
    out.push_back(NotMeasured{CeilingKind::Hash, std::max(1, r.streams), std::nullopt});
}

}  // namespace

std::vector<Clause> clausesOf(const RunResult& r)
{
  std::vector<Clause> out;
  if (!r.analysis)
    return out;
  const Analysis& a = *r.analysis;
  Why why;
  why.verdict = a.verdict;
  why.reason = a.reason;
  why.workload = r.workload;
  why.streams = std::max(1, r.streams);
  why.error = r.error;
  if (a.reason == VerdictReason::QueueDepthLimited) {
    why.deeper = a.limit.deeper ? a.limit.deeper : a.limit.read;
    why.inFlight = std::max(1, r.streams) * std::max(1, analysis::queueDepthOf(r));
  }
  if (a.remote)
    why.link = Link{r.storage.remote.interfaceName, a.remote->linkMBps, a.remote->linkIsMemory,
                    r.storage.kind == MediaKind::Fuse};
  out.push_back(why);
  if (a.reason == VerdictReason::RunFailed || a.reason == VerdictReason::RunCancelled ||
      a.reason == VerdictReason::TooShort)
    return out;  // nothing measured worth stating
  addThreads(r, a, out);
  if (a.cores > 0 && r.streams > a.cores)
    out.push_back(StreamsOverCores{r.streams, a.cores});
  addData(r, a, out);
  if (a.cpuBusyPct > 0) {
    Machine m{a.cpuBusyPct, std::nullopt, a.cores};
    if (a.otherCores >= kOtherCoresWorthSaying && a.cores > 0)
      m.otherCores = a.otherCores;
    out.push_back(m);
  }
  addCeilings(r, a, out);
  const double achieved = r.mbPerSec();
  if (!a.limit.known())
    out.push_back(RanAt{achieved});
  else if (a.efficiencyShown())
    out.push_back(LimitReached{a.limitMBps(), a.efficiency, achieved});
  else
    out.push_back(LimitExceeded{a.limitMBps(), achieved});
  if (r.workload == Workload::PeerTool) {
    Digest d{Digest::State::NoDigest, r.algorithm};
    if (r.digestMatches)
      d.state = *r.digestMatches ? Digest::State::Matches : Digest::State::Differs;
    else if (!findAlgorithm(r.algorithm))
      d.state = Digest::State::NotComputed;
    out.push_back(d);
  }
  return out;
}

ReadPoint readPointOf(const RunResult& r)
{
  ReadPoint p;
  p.mbps = r.mbPerSec();
  p.maxMBps = r.maxMBps();
  p.streams = std::max(1, r.streams);
  p.inFlight = p.streams * analysis::queueDepthOf(r);
  p.access = analysis::accessOf(r);
  p.fromCache = r.analysis && r.analysis->servedFromCache;
  return p;
}

std::vector<FasterThanRead> whyFasterThanRead(const ReadPoint& hash, const ReadPoint& read)
{
  std::vector<FasterThanRead> why;
  if (!(read.mbps > 0) || hash.mbps <= kMaxPlausibleEfficiency * read.mbps)
    return why;
  if (hash.fromCache && !read.fromCache)
    why.push_back(FasterThanRead::FromCache);
  if (hash.access == ReadAccess::Mapped && read.access == ReadAccess::Copy)
    why.push_back(FasterThanRead::MappedPages);
  if (hash.streams > read.streams)
    why.push_back(FasterThanRead::MoreStreams);
  else if (hash.inFlight > read.inFlight && read.inFlight > 0)
    why.push_back(FasterThanRead::DeeperQueue);
  if (why.empty())
    why.push_back(hash.mbps <= read.maxMBps ? FasterThanRead::ReadVaried : FasterThanRead::Unexplained);
  return why;
}

}  // namespace hashscope::evidence
