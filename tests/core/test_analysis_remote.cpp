// The remote verdicts on synthetic runs: a network location whose link ran at its speed is network-bound, one
// whose link had room (or has none: a local FUSE daemon, a server on this machine) is server-bound, a
// CPU-bound hash stays CPU-bound, a warm read from RAM stays memory-bound, and a link of unknown speed with
// nothing to show it had room falls back to the general rules. The evidence carries the interface's bytes,
// the round trip and one stream against several.
#include "catch.hpp"

#include "analysis/rules.hpp"
#include "analysis/thresholds.hpp"
#include "ceiling_helpers.hpp"
#include "hashscope/analysis.hpp"

using namespace hashscope;
using hashscope::analysis::decideRemote;
using hashscope::analysis::Signals;

namespace {

constexpr std::uint64_t kBytes = 256 * MiB;

StorageInfo nfsOverEth0(double linkMbps)
{
  StorageInfo s;
  s.kind = MediaKind::Network;
  s.filesystem = "nfs4";
  s.source = "nas:/export";
  s.remote.transport = "nfs4";
  s.remote.host = "nas";
  s.remote.interfaceName = "eth0";
  s.remote.linkMbps = linkMbps;
  return s;
}

StorageInfo fuseDaemon()
{
  StorageInfo s;
  s.kind = MediaKind::Fuse;
  s.filesystem = "fuse.hashscope-ratefs";
  s.remote.transport = "hashscope-ratefs";
  s.remote.fuse = true;
  return s;
}

// A cold hash-file (or read) of kBytes in `seconds` whose workers were on the CPU `workerPct` and waited
// `waitPct`, fetched in full (direct I/O), with ten samples in which the interface received `netMBps`.
RunResult remoteRun(Workload workload, const StorageInfo& storage, double seconds, double workerPct, double waitPct,
                    double netMBps, int streams = 1)
{
  RunResult r;
  r.workload = workload;
  r.algorithm = workload == Workload::HashFile ? "md5" : "";
  r.streams = streams;
  r.bytes = kBytes;
  r.seconds = seconds;
  r.cache = CacheMode::Cold;
  r.cacheMethod = CacheMethod::Direct;
  r.storage = storage;
  r.ownReadBytes = kBytes;
  r.fetchedBy = FetchBasis::DirectIo;
  r.roundTripMs = 0.4;
  for (int i = 0; i < streams; ++i) {
    StreamResult s;
    s.bytes = kBytes / static_cast<std::uint64_t>(streams);
    s.wallSeconds = seconds;
    s.cpuSeconds = seconds * workerPct / 100.0;
    s.busySeconds = seconds * workerPct / 100.0;
    s.waitSeconds = seconds * waitPct / 100.0;
    s.readerCpuSeconds = seconds * 0.05;  // the reader sits blocked in reads
    r.perStream.push_back(s);
  }
  const int n = 10;
  std::uint64_t received = 0;
  for (int i = 1; i <= n; ++i) {
    Sample s;
    s.interval = seconds / n;
    s.t = s.interval * i;
    s.totalBytes = kBytes * static_cast<std::uint64_t>(i) / n;
    s.totalMBps = static_cast<double>(kBytes) / seconds / 1e6;
    s.cpuBusyPct = 40;
    s.coreBusyPct.assign(2, 40.0);
    s.workerCpuPct.assign(static_cast<std::size_t>(streams), workerPct);
    s.processCpuPct = workerPct * streams;
    s.waitPct = waitPct;
    s.busyPct = workerPct;
    s.readerCpuPct.assign(static_cast<std::size_t>(streams), 5.0);
    s.netValid = true;
    received += static_cast<std::uint64_t>(netMBps * 1e6 * s.interval);
    s.netRxBytes = received;
    s.netRxMBps = netMBps;
    r.samples.push_back(s);
  }
  return r;
}

}  // namespace

TEST_CASE("decideRemote: the link when it ran at its speed, the server when it had room", "[analysis][remote]")
{
  Signals s;
  s.remote = true;
  s.achievedMBps = 110;
  s.linkMBps = 125;  // 1 GbE
  s.interfaceMBps = 112;
  CHECK(decideRemote(s).verdict == Verdict::NetworkBound);
  CHECK(decideRemote(s).reason == VerdictReason::LinkSaturated);
  s.interfaceMBps = 125 * hashscope::analysis::kLinkBusyFraction;  // exactly at the edge: full
  s.achievedMBps = 20;
  CHECK(decideRemote(s).verdict == Verdict::NetworkBound);
  s.interfaceMBps = 60;  // another process's traffic does not fill it either
  CHECK(decideRemote(s).verdict == Verdict::ServerBound);
  CHECK(decideRemote(s).reason == VerdictReason::ServerLimited);

  SECTION("no network link at all: a FUSE daemon or a server on this machine")
  {
    Signals local;
    local.remote = true;
    local.linkIsMemory = true;
    local.achievedMBps = 400;
    local.interfaceMBps = 400;  // loopback carries it, but loopback is memory
    CHECK(decideRemote(local).verdict == Verdict::ServerBound);
  }
  SECTION("a link of unknown speed: only more streams getting more shows it had room")
  {
    Signals unknown;
    unknown.remote = true;
    unknown.achievedMBps = 100;
    unknown.interfaceMBps = 101;
    CHECK(decideRemote(unknown).verdict == Verdict::Unknown);
    unknown.moreStreamsMBps = 129;  // below the 1.3x gain
    CHECK(decideRemote(unknown).verdict == Verdict::Unknown);
    unknown.moreStreamsMBps = 130;
    CHECK(decideRemote(unknown).verdict == Verdict::ServerBound);
  }
}

TEST_CASE("a cold hash of a share whose link is full is network-bound, with its evidence", "[analysis][remote]")
{
  // 256 MiB in 2.4 s = 112 MB/s over a 1 GbE link (125 MB/s): the md5 thread waited 80% of the time.
  RunResult r = remoteRun(Workload::HashFile, nfsOverEth0(1000), 2.4, 20, 80, 113);
  const Analysis a = analyse(r, test::given(r, test::Given{.read = 112, .hash = 700}));
  CHECK(a.verdict == Verdict::NetworkBound);
  CHECK(a.reason == VerdictReason::LinkSaturated);
  CHECK(toString(a.verdict) == "network-bound");
  CHECK(toString(a.reason) == "link-saturated");
  CHECK_FALSE(a.servedFromCache);
  REQUIRE(a.remote);
  CHECK(a.remote->linkMBps == 125);
  CHECK_FALSE(a.remote->linkIsMemory);
  CHECK(a.remote->interfaceValid);
  CHECK(a.remote->interfaceBytes == Approx(113e6 * 2.4).epsilon(0.01));
  CHECK(a.remote->interfaceMBps == Approx(113).epsilon(0.01));
  CHECK(a.remote->roundTripMs == 0.4);
  CHECK(a.remote->oneStreamMBps == 112);
  // Each interval of it too.
  for (const Sample& s : r.samples)
    CHECK(s.verdict == Verdict::NetworkBound);
}

TEST_CASE("a share whose link had room is server-bound, and more streams getting more say so without a link speed",
          "[analysis][remote]")
{
  SECTION("10 GbE link, 40 MB/s delivered")
  {
    RunResult r = remoteRun(Workload::Read, nfsOverEth0(10000), 6.7, 5, 95, 40);
    const Analysis a = analyse(r, test::given(r, test::Given{.read = 40}));
    CHECK(a.verdict == Verdict::ServerBound);
    CHECK(a.reason == VerdictReason::ServerLimited);
  }
  SECTION("link speed unknown (virtio-net says -1), but 4 streams got 2.5x one")
  {
    // The location's two hash runs: what it delivered to each is a read ceiling at that run's streams.
    RunResult r = remoteRun(Workload::HashFile, nfsOverEth0(0), 6.7, 10, 90, 40);
    RunResult four = remoteRun(Workload::HashFile, nfsOverEth0(0), 2.7, 10, 90, 100, 4);
    const std::vector<RunResult> location{r, four};
    std::vector<Ceiling> ceilings = ceilingsFor(r, location);
    const std::vector<Ceiling> hash = test::given(r, test::Given{.hash = 700});
    ceilings.insert(ceilings.end(), hash.begin(), hash.end());
    const Analysis a = analyse(r, ceilings);
    CHECK(a.verdict == Verdict::ServerBound);
    REQUIRE(a.remote);
    CHECK(a.remote->oneStreamMBps == Approx(kBytes / 6.7 / 1e6));
    CHECK(a.remote->manyStreams == 4);
    CHECK(a.remote->manyStreamsMBps == Approx(kBytes / 2.7 / 1e6));
    // The 4-stream run itself has no more streams to compare with: not claimed server-bound on that ground.
    const Analysis b = analyse(four, ceilings);
    CHECK(b.verdict != Verdict::ServerBound);
    CHECK(b.verdict != Verdict::NetworkBound);
  }
  SECTION("a local FUSE daemon has no link: what it delivers is the server's speed")
  {
    RunResult r = remoteRun(Workload::HashFile, fuseDaemon(), 5.6, 8, 92, 0);
    for (Sample& s : r.samples)
      s.netValid = false;  // no interface
    const Analysis a = analyse(r, test::given(r, test::Given{.read = 48, .hash = 700}));
    CHECK(a.verdict == Verdict::ServerBound);
    REQUIRE(a.remote);
    CHECK(a.remote->linkIsMemory);
    CHECK_FALSE(a.remote->interfaceValid);
  }
}

TEST_CASE("a remote location's CPU-bound hash and warm read keep their verdicts", "[analysis][remote]")
{
  SECTION("sha512 that cannot keep up with the link is CPU-bound")
  {
    RunResult r = remoteRun(Workload::HashFile, nfsOverEth0(10000), 0.4, 98, 1, 670);
    CHECK(analyse(r, test::given(r, test::Given{.read = 1100, .hash = 680})).verdict == Verdict::CpuBound);
  }
  SECTION("a warm read that came from the page cache is memory-bound and flagged")
  {
    RunResult r = remoteRun(Workload::HashFile, fuseDaemon(), 1.0, 60, 5, 0);
    r.cache = CacheMode::Warm;
    r.cacheMethod = CacheMethod::Warm;
    r.ownReadBytes = 0;
    r.fetchedBy = FetchBasis::PageCache;
    const Analysis a = analyse(r, test::given(r, test::Given{.hash = 700}));
    CHECK(a.servedFromCache);
    CHECK(a.has(FlagCode::ServedFromCache));
    CHECK(a.verdict == Verdict::MemoryBound);  // hashing from RAM below the hash speed, never "server-bound"
  }
}

TEST_CASE("a remote location's context gives its best one-stream and many-stream delivery, from its read ceilings",
          "[analysis][remote]")
{
  const StorageInfo nas = nfsOverEth0(0);
  std::vector<RunResult> location{remoteRun(Workload::Read, nas, 6.7, 5, 95, 40),
                                  remoteRun(Workload::HashFile, nas, 2.7, 10, 90, 100, 4),
                                  remoteRun(Workload::HashFile, nas, 3.4, 10, 90, 80, 2)};
  const StreamDelivery d = contextFor(location[0], ceilingsFor(location[0], location)).delivery;
  CHECK(d.oneStreamMBps == Approx(kBytes / 6.7 / 1e6));
  CHECK(d.manyStreams == 4);
  CHECK(d.manyStreamsMBps == Approx(kBytes / 2.7 / 1e6));
  // Another cache mode's runs are not this one's ceilings.
  RunResult warm = location[0];
  warm.cache = CacheMode::Warm;
  CHECK(contextFor(warm, ceilingsFor(warm, location)).delivery.manyStreams == 0);
  // A local location has none.
  RunResult local = location[0];
  local.storage.kind = MediaKind::Ssd;
  CHECK(contextFor(local, ceilingsFor(local, {local})).delivery.oneStreamMBps == 0);
}
