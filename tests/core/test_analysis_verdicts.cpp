// The analyser on synthetic runs: every verdict, the served-from-cache and memory-backed flags, the limit
// and efficiency, and the edges (no samples, zero bytes, no disk counters, exactly at a threshold,
// more streams than cores).
#include "catch.hpp"

#include "analysis/thresholds.hpp"
#include "ceiling_helpers.hpp"
#include "hashscope/analysis.hpp"

using namespace hashscope;
namespace th = hashscope::analysis;

namespace {

constexpr std::uint64_t kBytes = 256 * MiB;

// A finished run of `workload` with per-stream accounting: worker CPU, wait and busy shares in percent.
RunResult makeRun(Workload workload, const std::string& algorithm, int streams, double workerPct, double waitPct,
                  double seconds = 2.0, std::uint64_t bytes = kBytes)
{
  RunResult r;
  r.workload = workload;
  r.algorithm = algorithm;
  r.streams = streams;
  r.bytes = bytes;
  r.seconds = seconds;
  r.cache = CacheMode::Cold;
  r.cacheMethod = CacheMethod::Direct;
  r.storage.kind = MediaKind::Hdd;
  r.storage.filesystem = "ext4";
  r.storage.device.name = "vda";
  for (int i = 0; i < streams; ++i) {
    StreamResult s;
    s.bytes = bytes / static_cast<std::uint64_t>(streams);
    s.wallSeconds = seconds;
    s.cpuSeconds = seconds * workerPct / 100.0;
    s.waitSeconds = seconds * waitPct / 100.0;
    s.busySeconds = seconds * workerPct / 100.0;  // uncontended: time hashing = time on the CPU
    r.perStream.push_back(s);
  }
  return r;
}

// Ten 0.1 s samples on a machine with `cores` cores; the device delivered `deviceBytes` in all.
void addSamples(RunResult& r, bool diskValid, double diskBusyPct, std::uint64_t deviceBytes, int cores = 2,
                double workerPct = 95, double waitPct = 2)
{
  const int n = 10;
  for (int i = 1; i <= n; ++i) {
    Sample s;
    s.t = 0.1 * i;
    s.interval = 0.1;
    s.totalBytes = r.bytes * static_cast<std::uint64_t>(i) / n;
    s.totalMBps = static_cast<double>(r.bytes) / n / 0.1 / 1e6;
    s.cpuBusyPct = 60;
    s.coreBusyPct.assign(static_cast<std::size_t>(cores), 60.0);
    s.workerCpuPct.assign(static_cast<std::size_t>(r.streams), workerPct);
    s.processCpuPct = workerPct * r.streams;
    s.waitPct = waitPct;
    s.busyPct = 100 - waitPct;
    s.diskValid = diskValid;
    if (diskValid) {
      s.diskReadBytes = deviceBytes * static_cast<std::uint64_t>(i) / n;
      s.diskReadMBps = static_cast<double>(deviceBytes) / n / 0.1 / 1e6;
      s.diskBusyPct = diskBusyPct;
    }
    r.samples.push_back(s);
  }
}

}  // namespace

TEST_CASE("toString(Verdict) spells the JSON names", "[analysis]")
{
  CHECK(toString(Verdict::CpuBound) == "cpu-bound");
  CHECK(toString(Verdict::IoBound) == "io-bound");
  CHECK(toString(Verdict::MemoryBound) == "memory-bound");
  CHECK(toString(Verdict::Mixed) == "mixed");
  CHECK(toString(Verdict::Unknown) == "unknown");
}

TEST_CASE("a hash-file whose worker is busy and never waits is cpu-bound, with the limit from the references",
          "[analysis]")
{
  RunResult r = makeRun(Workload::HashFile, "md5", 1, 99, 1);
  r.bytes = 1320 * 1000 * 1000;  // 660 MB/s over 2 s
  addSamples(r, true, 21, r.bytes);
  const Analysis a = analyse(r, test::given(r, test::Given{.read = 2900, .hash = 680}));
  CHECK(a.verdict == Verdict::CpuBound);
  CHECK_FALSE(a.servedFromCache);
  CHECK_FALSE(a.memoryBacked);
  CHECK(a.limitMBps() == Approx(680));
  CHECK(a.efficiency == Approx(660.0 / 680.0));
  CHECK(a.diskBusyPct == Approx(21));
  CHECK(a.deviceReadBytes == r.bytes);
  CHECK(a.reason == VerdictReason::WorkerSaturated);
  REQUIRE(a.limit.read);
  REQUIRE(a.limit.hash);
  CHECK(a.limit.read->mbps == Approx(2900));
  CHECK(a.limit.hash->ceiling.mbps == Approx(680));
  CHECK(a.hashCallPct == Approx(99));
  CHECK(a.cores == 2);
  REQUIRE(r.analysis);
  CHECK(r.analysis->verdict == Verdict::CpuBound);
  for (const Sample& s : r.samples)
    CHECK(s.verdict == Verdict::CpuBound);
}

TEST_CASE("a hash-file waiting on a busy device is io-bound", "[analysis]")
{
  RunResult r = makeRun(Workload::HashFile, "xxh3-64", 1, 20, 80);
  addSamples(r, true, 97, r.bytes, 2, 20, 80);
  const Analysis a = analyse(r, test::given(r, test::Given{.read = 140, .hash = 9000}));
  CHECK(a.verdict == Verdict::IoBound);
  CHECK(a.limitMBps() == Approx(140));
  CHECK(a.reason == VerdictReason::DeviceSaturated);
  CHECK(a.diskValid);
  CHECK(a.diskBusyPct == Approx(97));
  for (const Sample& s : r.samples)
    CHECK(s.verdict == Verdict::IoBound);
}

TEST_CASE("without device counters, waiting workers and a blocked reader still mean io-bound", "[analysis]")
{
  RunResult r = makeRun(Workload::HashFile, "xxh3-64", 1, 15, 85);
  for (auto& s : r.perStream)
    s.readerCpuSeconds = s.wallSeconds * 0.05;
  const Analysis a = analyse(r, {});
  CHECK(a.verdict == Verdict::IoBound);
  CHECK(a.reason == VerdictReason::ReaderBlocked);
  CHECK_FALSE(a.diskValid);
  CHECK(a.readerCpuPct == Approx(5));

  SECTION("but a reader that was on the CPU all the time was not waiting on the device")
  {
    for (auto& s : r.perStream)
      s.readerCpuSeconds = s.wallSeconds * 0.9;
    CHECK(analyse(r, {}).verdict == Verdict::Mixed);
  }
}

TEST_CASE("waiting workers on an idle device are mixed, not io-bound", "[analysis]")
{
  RunResult r = makeRun(Workload::HashFile, "md5", 1, 40, 60);
  addSamples(r, true, 10, r.bytes);
  CHECK(analyse(r, {}).verdict == Verdict::Mixed);
}

TEST_CASE("a hash-file in RAM (tmpfs) is memory-backed, busy md5 there is cpu-bound", "[analysis]")
{
  RunResult r = makeRun(Workload::HashFile, "md5", 1, 99, 0);
  r.storage = {};
  r.storage.kind = MediaKind::Ram;
  r.storage.filesystem = "tmpfs";
  r.cacheMethod = CacheMethod::MemoryBacked;
  addSamples(r, false, 0, 0);
  // md5 alone at 140 MB/s per CPU second; the run's thread at 99% hashed 134 MB/s: the hash is what it did.
  const Analysis a = analyse(r, test::given(r, test::Given{.hash = 140}));
  CHECK(a.verdict == Verdict::CpuBound);
  CHECK(a.memoryBacked);
  CHECK_FALSE(a.servedFromCache);  // no disk involved at all, so nothing to be fooled by
  CHECK(a.limitMBps() == Approx(140));
  CHECK(a.reason == VerdictReason::WorkerSaturated);
}

TEST_CASE("in RAM (tmpfs) the location's read speed still limits a fast hash", "[analysis]")
{
  // xxh3 hashes far faster than the reader can copy out of tmpfs: reading sets the limit.
  RunResult r = makeRun(Workload::HashFile, "xxh3-64", 1, 10, 90, 0.1);  // 256 MiB in 0.1 s: 2684 MB/s
  r.storage = {};
  r.storage.kind = MediaKind::Ram;
  r.storage.filesystem = "tmpfs";
  r.cacheMethod = CacheMethod::MemoryBacked;
  addSamples(r, false, 0, 0);
  const Analysis a = analyse(r, test::given(r, test::Given{.read = 2800, .hash = 30000}));
  CHECK(a.memoryBacked);
  CHECK(a.limitMBps() == Approx(2800));
  CHECK(a.efficiency == Approx(r.mbPerSec() / 2800));
  CHECK(a.verdict == Verdict::MemoryBound);  // reading set the limit, and reading here is copying out of RAM
}

TEST_CASE("cacheMethod memory-backed alone marks a run memory-backed", "[analysis]")
{
  RunResult r = makeRun(Workload::HashFile, "md5", 1, 99, 0);
  r.storage.kind = MediaKind::Unknown;
  r.cacheMethod = CacheMethod::MemoryBacked;
  CHECK(analyse(r, {}).memoryBacked);
}

TEST_CASE("reading from RAM, or hashing from RAM while waiting on the copy, is memory-bound", "[analysis]")
{
  SECTION("hash-memory is never memory-backed, whatever the location")
  {
    RunResult r = makeRun(Workload::HashMemory, "md5", 1, 100, 0);
    r.storage.kind = MediaKind::Ram;
    CHECK_FALSE(analyse(r, {}).memoryBacked);
  }
  SECTION("read workload on tmpfs")
  {
    RunResult r = makeRun(Workload::Read, "", 1, 100, 0);
    r.storage.kind = MediaKind::Ram;
    CHECK(analyse(r, {}).verdict == Verdict::MemoryBound);
  }
  SECTION("a fast hash waiting for data copied out of RAM")
  {
    RunResult r = makeRun(Workload::HashFile, "crc32", 1, 40, 60);
    r.storage.kind = MediaKind::Ram;
    CHECK(analyse(r, {}).verdict == Verdict::MemoryBound);
  }
  SECTION("a hash far below its in-memory speed with workers neither busy nor waiting")
  {
    RunResult r = makeRun(Workload::HashFile, "xxh3-64", 1, 50, 5);  // 134 MB/s against 9000 MB/s alone
    r.storage.kind = MediaKind::Ram;
    CHECK(analyse(r, test::given(r, test::Given{.hash = 9000})).verdict == Verdict::MemoryBound);
  }
  SECTION("memory workload")
  {
    RunResult r = makeRun(Workload::Memory, "", 1, 100, 0);
    CHECK(analyse(r, {}).verdict == Verdict::MemoryBound);
  }
}

TEST_CASE("a disk-backed file that the device barely read is served from the page cache", "[analysis]")
{
  RunResult r = makeRun(Workload::HashFile, "md5", 1, 99, 0);
  r.cache = CacheMode::Warm;
  r.cacheMethod = CacheMethod::Warm;
  addSamples(r, true, 1, 64 * 1024);
  const Analysis a = analyse(r, test::given(r, test::Given{.read = 100, .hash = 140}));
  CHECK(a.servedFromCache);
  CHECK_FALSE(a.memoryBacked);
  CHECK(a.verdict == Verdict::CpuBound);
  CHECK(a.reason == VerdictReason::WorkerSaturated);
  CHECK(a.has(FlagCode::ServedFromCache));
  CHECK(a.limitMBps() == Approx(140));  // the device's read speed is no limit for data already in RAM

  SECTION("exactly at the threshold is not served from cache; just under it is")
  {
    RunResult atEdge = makeRun(Workload::HashFile, "md5", 1, 99, 0);
    addSamples(atEdge, true, 50, static_cast<std::uint64_t>(th::kCacheDeviceFraction * kBytes));
    CHECK_FALSE(analyse(atEdge, {}).servedFromCache);
    RunResult under = makeRun(Workload::HashFile, "md5", 1, 99, 0);
    addSamples(under, true, 50, static_cast<std::uint64_t>(th::kCacheDeviceFraction * kBytes) - 10);
    CHECK(analyse(under, {}).servedFromCache);
  }
  SECTION("without device counters only a warm run is flagged, never a cold one")
  {
    RunResult warm = makeRun(Workload::HashFile, "md5", 1, 99, 0);
    warm.cacheMethod = CacheMethod::Warm;
    CHECK(analyse(warm, {}).servedFromCache);
    RunResult cold = makeRun(Workload::HashFile, "md5", 1, 99, 0);
    CHECK_FALSE(analyse(cold, {}).servedFromCache);
  }
  SECTION("tiny runs and workloads that read no file are never flagged")
  {
    RunResult tiny = makeRun(Workload::HashFile, "md5", 1, 99, 0, 0.5, th::kCacheCheckMinBytes - 1);
    addSamples(tiny, true, 0, 0);
    CHECK_FALSE(analyse(tiny, {}).servedFromCache);
    RunResult memory = makeRun(Workload::HashMemory, "md5", 1, 99, 0);
    addSamples(memory, true, 0, 0);
    CHECK_FALSE(analyse(memory, {}).servedFromCache);
  }
}

TEST_CASE("the cpu-bound threshold is inclusive", "[analysis]")
{
  RunResult at = makeRun(Workload::HashFile, "sha256", 1, th::kCpuBusyPct, th::kLowWaitPct);
  CHECK(analyse(at, {}).verdict == Verdict::CpuBound);
  RunResult below = makeRun(Workload::HashFile, "sha256", 1, th::kCpuBusyPct - 0.5, th::kLowWaitPct);
  CHECK(analyse(below, {}).verdict == Verdict::Mixed);
  RunResult waiting = makeRun(Workload::HashFile, "sha256", 1, 99, th::kLowWaitPct + 0.5);
  CHECK(analyse(waiting, {}).verdict == Verdict::Mixed);
}

TEST_CASE("the io-bound thresholds are inclusive", "[analysis]")
{
  RunResult at = makeRun(Workload::HashFile, "crc32", 1, 20, th::kHighWaitPct);
  addSamples(at, true, th::kDiskBusyPct, at.bytes);
  CHECK(analyse(at, {}).verdict == Verdict::IoBound);
  RunResult idleDisk = makeRun(Workload::HashFile, "crc32", 1, 20, th::kHighWaitPct);
  addSamples(idleDisk, true, th::kDiskBusyPct - 1, idleDisk.bytes);
  CHECK(analyse(idleDisk, {}).verdict == Verdict::Mixed);
}

TEST_CASE("more streams than cores: threads sharing the cores fully are still cpu-bound", "[analysis]")
{
  // 4 streams on 2 cores: each thread can get at most 50% of a core.
  RunResult r = makeRun(Workload::HashFile, "sha256", 4, 48, 1);
  addSamples(r, true, 5, r.bytes, 2, 48, 1);
  const Analysis a = analyse(r, test::given(r, test::Given{.read = 2000, .hash = 300}));
  CHECK(a.verdict == Verdict::CpuBound);
  CHECK(a.limitMBps() == Approx(600));  // hash speed x min(streams, cores)
  CHECK(a.reason == VerdictReason::WorkerSaturated);
  CHECK(a.cores == 2);
  CHECK(a.workerBusyPct == Approx(48));
  for (const Sample& s : r.samples)
    CHECK(s.verdict == Verdict::CpuBound);
}

TEST_CASE("a hashing thread kept off the CPU by other processes is still the bottleneck", "[analysis]")
{
  RunResult r = makeRun(Workload::HashFile, "md5", 1, 60, 1);
  for (auto& s : r.perStream)
    s.busySeconds = s.wallSeconds * 0.98;  // inside hash calls 98% of the wall time, on the CPU 60% of it
  const Analysis a = analyse(r, {});
  CHECK(a.verdict == Verdict::CpuBound);
  CHECK(a.workerBusyPct == Approx(60));
  CHECK(a.reason == VerdictReason::WorkerSaturated);
  CHECK(a.hashCallPct == Approx(98));

  SECTION("but for a plain read, time inside read calls is time waiting on the device")
  {
    RunResult read = makeRun(Workload::Read, "", 1, 10, 0);
    for (auto& s : read.perStream)
      s.busySeconds = s.wallSeconds * 0.98;
    CHECK(analyse(read, {}).verdict == Verdict::IoBound);
  }
}

TEST_CASE("the limit is the smaller of read and hash speed, unknown references leave it unknown", "[analysis]")
{
  RunResult r = makeRun(Workload::HashFile, "md5", 1, 30, 70);
  CHECK(analyse(r, test::given(r, test::Given{.read = 100, .hash = 700})).limitMBps() == Approx(100));
  CHECK(analyse(r, test::given(r, test::Given{.hash = 700})).limitMBps() == Approx(700));
  CHECK(analyse(r, test::given(r, test::Given{.read = 100})).limitMBps() == Approx(100));
  const Analysis none = analyse(r, {});
  CHECK(none.limitMBps() == 0);
  CHECK(none.efficiency == 0);
  CHECK(none.reason == VerdictReason::WaitedForData);  // waited 70% for data, no device counters
}

TEST_CASE("edges: no samples, zero bytes, failed, cancelled and too-short runs", "[analysis]")
{
  SECTION("no samples still gives a verdict from the thread accounting")
  {
    RunResult r = makeRun(Workload::HashFile, "md5", 1, 99, 0);
    CHECK(r.samples.empty());
    CHECK(analyse(r, {}).verdict == Verdict::CpuBound);
  }
  SECTION("no samples and no accounting: unknown")
  {
    RunResult r = makeRun(Workload::HashFile, "md5", 1, 99, 0);
    r.perStream.clear();
    const Analysis a = analyse(r, {});
    CHECK(a.verdict == Verdict::Unknown);
    CHECK(a.reason == VerdictReason::NoCounters);
  }
  SECTION("a zero-length file")
  {
    RunResult r = makeRun(Workload::HashFile, "md5", 1, 0, 0, 0.0001, 0);
    const Analysis a = analyse(r, test::given(r, test::Given{.read = 100, .hash = 700}));
    CHECK(a.verdict == Verdict::Unknown);
    CHECK(a.efficiency == 0);
    CHECK(a.reason == VerdictReason::TooShort);
  }
  SECTION("a failed run")
  {
    RunResult r = makeRun(Workload::HashFile, "md5", 1, 99, 0);
    r.error = "Permission denied";
    const Analysis a = analyse(r, {});
    CHECK(a.verdict == Verdict::Unknown);
    CHECK(a.reason == VerdictReason::RunFailed);
  }
  SECTION("a cancelled run")
  {
    RunResult r = makeRun(Workload::HashFile, "md5", 1, 99, 0);
    r.cancelled = true;
    CHECK(analyse(r, {}).verdict == Verdict::Unknown);
  }
  SECTION("disk counters invalid in every sample")
  {
    RunResult r = makeRun(Workload::HashFile, "md5", 1, 99, 0);
    addSamples(r, false, 0, 0);
    const Analysis a = analyse(r, {});
    CHECK(a.verdict == Verdict::CpuBound);
    CHECK(a.deviceReadBytes == 0);
    CHECK(a.diskBusyPct == 0);
    CHECK_FALSE(a.servedFromCache);
  }
}

TEST_CASE("hash-memory and peer-tool runs", "[analysis]")
{
  RunResult hm = makeRun(Workload::HashMemory, "sha256", 1, 99, 0);
  CHECK(analyse(hm, {}).verdict == Verdict::CpuBound);
  RunResult nearMemory = makeRun(Workload::HashMemory, "xxh3-64", 1, 99, 0);
  CHECK(analyse(nearMemory, test::given(nearMemory, test::Given{.memory = 140})).verdict == Verdict::MemoryBound);  // 134 of 140 MB/s

  RunResult peer;
  peer.workload = Workload::PeerTool;
  peer.algorithm = "md5";
  peer.tool = "md5sum /tmp/x";
  peer.bytes = kBytes;
  peer.seconds = 1.0;
  peer.userSeconds = 0.9;
  peer.systemSeconds = 0.08;
  peer.digestMatches = true;
  const Analysis a = analyse(peer, test::given(peer, test::Given{.hash = 700}));
  CHECK(a.verdict == Verdict::CpuBound);
  CHECK(a.workerBusyPct == Approx(98));
  CHECK(a.reason == VerdictReason::WorkerSaturated);

  peer.userSeconds = 0.1;
  peer.systemSeconds = 0.1;
  addSamples(peer, true, 95, kBytes);
  CHECK(analyse(peer, {}).verdict == Verdict::IoBound);
}

TEST_CASE("classifyInterval judges each sample on its own numbers", "[analysis]")
{
  RunResult r = makeRun(Workload::HashFile, "md5", 1, 60, 40);
  Sample s;
  s.interval = 0.1;
  s.totalMBps = 100;
  s.coreBusyPct = {50, 50};
  s.workerCpuPct = {97};
  s.waitPct = 1;
  s.busyPct = 99;
  s.diskValid = true;
  s.diskReadMBps = 100;
  s.diskBusyPct = 30;
  CHECK(classifyInterval(s, r, StepContext{}) == Verdict::CpuBound);

  s.workerCpuPct = {10};
  s.waitPct = 90;
  s.busyPct = 10;
  s.diskBusyPct = 99;
  CHECK(classifyInterval(s, r, StepContext{}) == Verdict::IoBound);

  SECTION("an interval whose data did not come from the device is judged as RAM")
  {
    s.diskReadMBps = 1;
    s.diskBusyPct = 2;
    CHECK(classifyInterval(s, r, StepContext{}) == Verdict::MemoryBound);
  }
  SECTION("an interval too short or with nothing moving has no verdict")
  {
    Sample tiny = s;
    tiny.interval = th::kMinIntervalSeconds / 2;
    CHECK(classifyInterval(tiny, r, StepContext{}) == Verdict::Unknown);
    Sample idle;
    idle.interval = 0.1;
    CHECK(classifyInterval(idle, r, StepContext{}) == Verdict::Unknown);
  }
}

TEST_CASE("a run at its limit is held by whatever sets the limit", "[analysis]")
{
  // Threads half on the CPU and half waiting (a shared, busy machine): the accounting alone says "mixed".
  RunResult r = makeRun(Workload::HashFile, "md5", 1, 50, 45);  // 134 MB/s
  CHECK(analyse(r, {}).verdict == Verdict::Mixed);
  CHECK(analyse(r, test::given(r, test::Given{.read = 1000, .hash = 150})).verdict == Verdict::CpuBound);  // 89% of md5's 150 MB/s
  CHECK(analyse(r, test::given(r, test::Given{.read = 150, .hash = 1000})).verdict == Verdict::IoBound);   // 89% of the 150 MB/s read
  CHECK(analyse(r, test::given(r, test::Given{.read = 1000, .hash = 134.2 / th::kAtLimitFraction + 1})).verdict == Verdict::Mixed);
  CHECK(analyse(r, test::given(r, test::Given{.read = 1000, .hash = 134.2 / th::kAtLimitFraction - 1})).verdict == Verdict::CpuBound);
}

TEST_CASE("a reader blocked in reads means io-bound even when io_ticks look low", "[analysis]")
{
  RunResult r = makeRun(Workload::HashFile, "xxh3-64", 1, 10, 90);
  for (auto& s : r.perStream)
    s.readerCpuSeconds = s.wallSeconds * 0.2;
  addSamples(r, true, 35, r.bytes);  // an NVMe-like device: requests in parallel, io_ticks 35%
  CHECK(analyse(r, {}).verdict == Verdict::IoBound);

  RunResult read = makeRun(Workload::Read, "", 1, 2, 98);
  for (auto& s : read.perStream)
    s.readerCpuSeconds = s.wallSeconds * 0.1;
  addSamples(read, true, 35, read.bytes);
  CHECK(analyse(read, {}).verdict == Verdict::IoBound);
}

TEST_CASE("a peer tool reading from RAM is not 'waiting' when it is off the CPU", "[analysis]")
{
  RunResult peer;
  peer.workload = Workload::PeerTool;
  peer.algorithm = "md5";
  peer.tool = "md5sum /dev/shm/x";
  peer.storage.kind = MediaKind::Ram;
  peer.bytes = kBytes;
  peer.seconds = 1.0;
  peer.userSeconds = 0.45;  // the other half of the time other processes had the cores
  peer.systemSeconds = 0.05;
  CHECK(analyse(peer, {}).verdict == Verdict::Mixed);
  CHECK(analyse(peer, test::given(peer, test::Given{.hash = 300})).verdict == Verdict::CpuBound);  // 268 of md5's 300 MB/s
}

TEST_CASE("a saturated CPU shared with other processes makes a run cpu-bound", "[analysis]")
{
  // md5 from RAM on 2 cores while other processes take 1.4 of them: the hasher waits for its reader,
  // which waits for CPU time.
  RunResult r = makeRun(Workload::HashFile, "md5", 1, 21, 79);
  r.storage.kind = MediaKind::Ram;
  for (auto& s : r.perStream)
    s.readerCpuSeconds = s.wallSeconds * 0.3;  // the reader, copying from RAM, got the CPU 30% of the time
  addSamples(r, false, 0, 0, 2, 21, 79);
  for (Sample& s : r.samples) {
    s.cpuBusyPct = 100;
    s.processCpuPct = 60;
    s.readerCpuPct = {30};
  }
  const Analysis a = analyse(r, {});
  CHECK(a.verdict == Verdict::CpuBound);
  CHECK(a.reason == VerdictReason::CpuContended);
  CHECK(a.cpuBusyPct == Approx(100));
  CHECK(a.otherCores == Approx(1.4));
  for (const Sample& s : r.samples)
    CHECK(s.verdict == Verdict::CpuBound);

  SECTION("just under saturation it stays memory-bound")
  {
    for (Sample& s : r.samples)
      s.cpuBusyPct = th::kCpuSaturatedPct - 1;
    CHECK(analyse(r, {}).verdict == Verdict::MemoryBound);
  }
  SECTION("a reader on the CPU all along was limited by the copy out of RAM, not by the other processes")
  {
    for (auto& s : r.perStream)
      s.readerCpuSeconds = s.wallSeconds * 0.95;
    CHECK(analyse(r, {}).verdict == Verdict::MemoryBound);
  }
  SECTION("when this process itself fills the cores, other processes are not to blame")
  {
    for (Sample& s : r.samples)
      s.processCpuPct = 200 - th::kOtherProcessesPct + 1;
    CHECK(analyse(r, {}).verdict == Verdict::MemoryBound);
  }
}

TEST_CASE("a read carries its reader thread's CPU share, peer-tool intervals speak only of the device", "[analysis]")
{
  RunResult read = makeRun(Workload::Read, "", 1, 1, 99);
  for (auto& s : read.perStream)
    s.readerCpuSeconds = s.wallSeconds * 0.12;
  addSamples(read, true, 90, read.bytes);
  const Analysis a = analyse(read, test::given(read, test::Given{}));
  CHECK(a.verdict == Verdict::IoBound);
  CHECK(a.reason == VerdictReason::DeviceSaturated);
  CHECK(a.readerCpuPct == Approx(12));

  RunResult peer;
  peer.workload = Workload::PeerTool;
  peer.algorithm = "md5";
  peer.bytes = kBytes;
  peer.seconds = 2;
  addSamples(peer, true, 90, kBytes);
  Sample quiet = peer.samples.front();
  quiet.diskBusyPct = 10;
  CHECK(classifyInterval(peer.samples.front(), peer, StepContext{}) == Verdict::IoBound);
  CHECK(classifyInterval(quiet, peer, StepContext{}) == Verdict::Unknown);
}

TEST_CASE("a peer tool on a CPU saturated by other processes is cpu-bound", "[analysis]")
{
  RunResult peer;
  peer.workload = Workload::PeerTool;
  peer.algorithm = "md5";
  peer.tool = "md5sum /dev/shm/x";
  peer.storage.kind = MediaKind::Ram;
  peer.bytes = kBytes;
  peer.seconds = 2;
  peer.userSeconds = 0.2;  // md5sum on the CPU 10% of the time
  peer.systemSeconds = 0;
  addSamples(peer, false, 0, 0, 2, 0, 0);
  for (Sample& s : peer.samples) {
    s.cpuBusyPct = 100;
    s.processCpuPct = 1;  // HashScope itself only samples
  }
  const Analysis a = analyse(peer, {});
  CHECK(a.verdict == Verdict::CpuBound);
  CHECK(a.reason == VerdictReason::CpuContended);
  CHECK(a.otherCores == Approx(1.9).margin(0.05));

  SECTION("when the child itself is what keeps the cores busy, others are not to blame")
  {
    peer.userSeconds = 1.9;  // one of the two cores, all the time; the other core idle
    for (Sample& s : peer.samples)
      s.cpuBusyPct = 50;
    const Analysis own = analyse(peer, {});
    CHECK(own.verdict == Verdict::CpuBound);
    CHECK(own.otherCores < 0.5);
  }
}

TEST_CASE("reference speeds are per second of the stream's own CPU time, like openssl speed", "[analysis]")
{
  RunResult hashMemory;
  hashMemory.workload = Workload::HashMemory;
  hashMemory.algorithm = "md5";
  hashMemory.streams = 2;
  hashMemory.bytes = 600'000'000;
  hashMemory.seconds = 1.0;  // other processes held the cores: each thread ran only part of that second
  hashMemory.perStream = {StreamResult{300'000'000, 1.0, 0.5}, StreamResult{300'000'000, 1.0, 0.25}};
  CHECK(cpuSpeedPerStream(hashMemory) == Approx((600.0 + 1200.0) / 2));

  SECTION("without thread clocks it falls back to wall-clock speed per stream")
  {
    for (StreamResult& s : hashMemory.perStream)
      s.cpuSeconds = 0;
    CHECK(cpuSpeedPerStream(hashMemory) == Approx(300.0));
  }
}
