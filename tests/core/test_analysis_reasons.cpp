// Every verdict reason code, each produced through analyse() by the rule that should produce it; and the
// rule for RAM-backed locations, whose verdict must not move with the machine's load (issue 9's stability).
#include "catch.hpp"

#include "analysis/thresholds.hpp"
#include "ceiling_helpers.hpp"
#include "hashscope/analysis.hpp"

using namespace hashscope;
namespace th = hashscope::analysis;

namespace {

constexpr std::uint64_t kBytes = 256 * MiB;  // over 2 s: 134 MB/s

// A finished run with per-stream accounting: worker CPU, share inside hash calls, wait, reader CPU (percent).
RunResult run(Workload workload, const std::string& algorithm, double workerPct, double waitPct, double readerPct = 0,
              double busyPct = -1)
{
  RunResult r;
  r.workload = workload;
  r.algorithm = algorithm;
  r.bytes = kBytes;
  r.seconds = 2;
  r.cache = CacheMode::Cold;
  r.cacheMethod = workloadTraits(workload).usesCache ? CacheMethod::Direct : CacheMethod::NotApplicable;
  r.storage.kind = MediaKind::Ssd;
  r.storage.device.name = "vda";
  StreamResult s;
  s.bytes = kBytes;
  s.wallSeconds = r.seconds;
  s.cpuSeconds = r.seconds * workerPct / 100;
  s.busySeconds = r.seconds * (busyPct >= 0 ? busyPct : workerPct) / 100;
  s.waitSeconds = r.seconds * waitPct / 100;
  s.readerCpuSeconds = r.seconds * readerPct / 100;
  r.perStream.push_back(s);
  return r;
}

void onRam(RunResult& r)
{
  r.storage = {};
  r.storage.kind = MediaKind::Ram;
  r.storage.filesystem = "tmpfs";
  r.cacheMethod = workloadTraits(r.workload).usesCache ? CacheMethod::MemoryBacked : CacheMethod::NotApplicable;
}

// Ten 0.1 s samples on 2 cores: the machine `cpuPct` busy, this process `processPct` (100 = one core).
void sampled(RunResult& r, double cpuPct, double processPct, bool disk = false, double diskBusyPct = 0,
             std::uint64_t deviceBytes = kBytes)
{
  for (int i = 1; i <= 10; ++i) {
    Sample s;
    s.t = 0.1 * i;
    s.interval = 0.1;
    s.totalBytes = r.bytes * static_cast<std::uint64_t>(i) / 10;
    s.totalMBps = r.mbPerSec();
    s.cpuBusyPct = cpuPct;
    s.coreBusyPct = {cpuPct, cpuPct};
    s.processCpuPct = processPct;
    s.diskValid = disk;
    s.diskBusyPct = diskBusyPct;
    s.diskReadBytes = deviceBytes * static_cast<std::uint64_t>(i) / 10;
    s.diskReadMBps = static_cast<double>(deviceBytes) / 1e6 / r.seconds;
    r.samples.push_back(s);
  }
}

Analysis check(RunResult r, test::Given g, Verdict verdict, VerdictReason reason)
{
  const Analysis a = analyse(r, test::given(r, g));
  INFO("got " << toString(a.verdict) << " (" << toString(a.reason) << ")");
  CHECK(a.verdict == verdict);
  CHECK(a.reason == reason);
  return a;
}

}  // namespace

TEST_CASE("reason codes: no verdict, and why not", "[analysis][reasons]")
{
  RunResult failed = run(Workload::HashFile, "md5", 99, 0);
  failed.error = "Permission denied";
  check(failed, {}, Verdict::Unknown, VerdictReason::RunFailed);
  RunResult cancelled = run(Workload::HashFile, "md5", 99, 0);
  cancelled.cancelled = true;
  check(cancelled, {}, Verdict::Unknown, VerdictReason::RunCancelled);
  RunResult empty = run(Workload::HashFile, "md5", 99, 0);
  empty.bytes = 0;
  check(empty, {}, Verdict::Unknown, VerdictReason::TooShort);
  RunResult blind = run(Workload::HashFile, "md5", 99, 0);
  blind.perStream.clear();
  check(blind, {}, Verdict::Unknown, VerdictReason::NoCounters);
}

TEST_CASE("reason codes: cpu-bound", "[analysis][reasons]")
{
  check(run(Workload::HashFile, "md5", 99, 1), {}, Verdict::CpuBound, VerdictReason::WorkerSaturated);
  // Half on the CPU, half waiting: the accounting alone is mixed; 134 MB/s is 89% of md5's 150.
  check(run(Workload::HashFile, "md5", 50, 45), test::Given{.read = 1000, .hash = 150}, Verdict::CpuBound, VerdictReason::AtHashLimit);
  RunResult contended = run(Workload::HashFile, "md5", 40, 30);
  sampled(contended, 100, 60);  // 1.4 of the 2 cores went to other processes
  check(contended, {}, Verdict::CpuBound, VerdictReason::CpuContended);
  // md5 from tmpfs, waiting on a reader that other processes starve: the ceilings (md5 700 per CPU second,
  // reading tmpfs 5000) say hashing is the limit, whatever the accounting shows.
  RunResult md5Ram = run(Workload::HashFile, "md5", 20, 79, 30);
  onRam(md5Ram);
  sampled(md5Ram, 100, 50);
  check(md5Ram, test::Given{.read = 5000, .hash = 700}, Verdict::CpuBound, VerdictReason::HashSlowerThanRam);
}

TEST_CASE("reason codes: io-bound", "[analysis][reasons]")
{
  RunResult busyDevice = run(Workload::HashFile, "xxh3-64", 20, 80);
  sampled(busyDevice, 50, 40, true, 97);
  check(busyDevice, {}, Verdict::IoBound, VerdictReason::DeviceSaturated);
  check(run(Workload::HashFile, "xxh3-64", 15, 85, 5), {}, Verdict::IoBound, VerdictReason::ReaderBlocked);
  check(run(Workload::HashFile, "md5", 30, 70), {}, Verdict::IoBound, VerdictReason::WaitedForData);
  check(run(Workload::HashFile, "md5", 50, 45), test::Given{.read = 150, .hash = 1000}, Verdict::IoBound, VerdictReason::AtReadLimit);
}

TEST_CASE("reason codes: memory-bound", "[analysis][reasons]")
{
  RunResult tmpfsRead = run(Workload::Read, "", 2, 98, 90);
  onRam(tmpfsRead);
  check(tmpfsRead, {}, Verdict::MemoryBound, VerdictReason::MemoryBacked);

  RunResult warmRead = run(Workload::Read, "", 2, 98, 90);
  warmRead.cache = CacheMode::Warm;
  warmRead.cacheMethod = CacheMethod::Warm;
  warmRead.ownReadBytes = 4096;  // the process fetched next to nothing from storage
  check(warmRead, {}, Verdict::MemoryBound, VerdictReason::ServedFromCache);

  RunResult waiting = run(Workload::HashFile, "crc32", 40, 60);
  onRam(waiting);
  check(waiting, {}, Verdict::MemoryBound, VerdictReason::WaitedForRam);

  RunResult fastHash = run(Workload::HashFile, "xxh3-64", 95, 1);
  onRam(fastHash);
  check(fastHash, test::Given{.read = 2800, .hash = 30000}, Verdict::MemoryBound, VerdictReason::RamSlowerThanHash);

  RunResult gap = run(Workload::HashFile, "xxh3-64", 50, 5);  // 134 MB/s against 9000 alone, not waiting
  onRam(gap);
  check(gap, test::Given{.hash = 9000}, Verdict::MemoryBound, VerdictReason::BelowHashSpeed);

  // At 89% of the read ceiling of tmpfs while the two ceilings are too close to decide alone.
  RunResult atCopy = run(Workload::HashFile, "sha1", 50, 45);
  onRam(atCopy);
  check(atCopy, test::Given{.read = 150, .hash = 200}, Verdict::MemoryBound, VerdictReason::AtReadLimit);

  check(run(Workload::HashMemory, "xxh3-64", 99, 0), test::Given{.memory = 140}, Verdict::MemoryBound,
        VerdictReason::NearMemorySpeed);
  check(run(Workload::Memory, "", 99, 0), {}, Verdict::MemoryBound, VerdictReason::MemoryCopy);
}

TEST_CASE("reason codes: mixed", "[analysis][reasons]")
{
  RunResult readerBusy = run(Workload::HashFile, "md5", 20, 80, 90);
  sampled(readerBusy, 60, 110, true, 10);
  check(readerBusy, {}, Verdict::Mixed, VerdictReason::ReaderOnCpu);
  RunResult idleDevice = run(Workload::HashFile, "md5", 40, 60);
  sampled(idleDevice, 40, 40, true, 10);
  check(idleDevice, {}, Verdict::Mixed, VerdictReason::DeviceIdle);
  check(run(Workload::HashFile, "md5", 60, 20), {}, Verdict::Mixed, VerdictReason::NoDominantResource);
}

TEST_CASE("reason codes are spelled once each and read back", "[analysis][reasons]")
{
  CHECK(toString(VerdictReason::RamSlowerThanHash) == "ram-slower-than-hash");
  CHECK(verdictReasonFromString("worker-saturated") == VerdictReason::WorkerSaturated);
  CHECK_FALSE(verdictReasonFromString("CPU-bound: the md5 thread was busy"));
  CHECK_FALSE(verdictReasonFromString(""));
}

TEST_CASE("a hash far faster than reading tmpfs is memory-bound however busy the machine", "[analysis][reasons]")
{
  // xxh3-64 from /dev/shm while other processes held 1.9 of the 2 cores (stability.sh on a loaded VM): the
  // hash thread was preempted inside its hash calls (98% "busy", 12% on the CPU) and the whole CPU was
  // saturated. Before, that read as CPU-bound in some runs and memory-bound in others.
  for (const double others : {0.0, 0.6, 1.9}) {
    INFO("other processes: " << others << " cores");
    RunResult r = run(Workload::HashFile, "xxh3-64", 12, 0, 0, 98);
    onRam(r);
    sampled(r, others > 0 ? 100 : 60, 100 * (2 - others));
    const Analysis a = check(r, test::Given{.read = 4800, .hash = 46000}, Verdict::MemoryBound, VerdictReason::RamSlowerThanHash);
    // When the load is what changed the run, the result says so.
    CHECK(a.has(FlagCode::MachineBusy) == (others >= th::kBusyOtherCores));
  }
  SECTION("the rule needs both ceilings and a clear ratio between them")
  {
    // sha256 at 134 MB/s with its thread 99% on the CPU: 135.6 MB/s per CPU second, its own ceiling's speed.
    RunResult r = run(Workload::HashFile, "sha256", 99, 1);
    onRam(r);
    check(r, test::Given{.read = 200, .hash = 200 / th::kClearCeilingRatio + 1}, Verdict::CpuBound, VerdictReason::WorkerSaturated);
    check(r, test::Given{.read = 200, .hash = 200 / th::kClearCeilingRatio - 1}, Verdict::CpuBound, VerdictReason::HashSlowerThanRam);
    check(r, test::Given{.hash = 150}, Verdict::CpuBound, VerdictReason::WorkerSaturated);
  }
  SECTION("a disk location is judged by its accounting: a device's speed does vary")
  {
    RunResult r = run(Workload::HashFile, "xxh3-64", 12, 0, 0, 98);
    sampled(r, 100, 10, true, 20);
    CHECK(analyse(r, test::given(r, test::Given{.read = 4800, .hash = 46000})).reason != VerdictReason::RamSlowerThanHash);
  }
}

TEST_CASE("the read ceiling of a RAM-backed location is per second of the reader's CPU time", "[analysis][reasons]")
{
  // Three read passes of tmpfs on a loaded machine: 776, 1450 and 2396 MB/s of wall time, each ~4800 MB/s
  // per second of the reader thread's CPU time. The hash ceiling is per CPU second too, so their ratio (and
  // the verdict) no longer depends on how much CPU time other processes left the reader.
  RunResult read = run(Workload::Read, "", 1, 99, 20);
  onRam(read);
  for (const double wall : {776.0, 1450.0, 2396.0}) {
    PassResult p;
    p.bytes = kBytes;
    p.seconds = static_cast<double>(kBytes) / (wall * 1e6);
    p.cpuMBps = 4800 + wall / 100;  // the reader's speed per CPU second barely moves
    read.passes.push_back(p);
  }
  RunResult hash = run(Workload::HashFile, "xxh3-64", 12, 0);
  onRam(hash);
  hash.readMethods = ReadMethod::Pipelined;  // copies, as the read step did
  const std::vector<Ceiling> ceilings = ceilingsFor(hash, {read, hash});
  REQUIRE(ceilings.size() == 1);
  const Ceiling& c = ceilings.front();
  CHECK(c.kind == CeilingKind::Read);
  CHECK(c.basis == CeilingBasis::PerCpuSecond);
  CHECK(c.access == ReadAccess::Copy);
  CHECK(c.mbps == Approx(4800 + 14.50));  // the median pass: one figure, shown and used alike
  CHECK(c.minMBps == Approx(4800 + 7.76));
  CHECK(c.maxMBps == Approx(4800 + 23.96));
  CHECK(c.passes == 3);
  const StepContext context = contextFor(hash, ceilings);
  REQUIRE(context.limit.read);
  CHECK(context.limit.read->mbps == Approx(4814.5));

  SECTION("a hash through mapped pages is not judged against a copy's ceiling")
  {
    RunResult mapped = hash;
    mapped.readMethods = ReadMethod::Mapped;
    const StepContext m = contextFor(mapped, ceilingsFor(mapped, {read, mapped}));
    CHECK_FALSE(m.limit.read);
    CHECK(m.limit.readMissing);
  }
  SECTION("nor two streams against one stream's")
  {
    RunResult two = hash;
    two.streams = 2;
    CHECK(contextFor(two, ceilingsFor(two, {read, two})).limit.readMissing);
  }
  SECTION("a reader's CPU clock gives the reference's speed per CPU second")
  {
    RunResult one = run(Workload::Read, "", 1, 99, 25);  // 134 MB/s wall, the reader on the CPU 25%
    CHECK(cpuSpeedPerStream(one) == Approx(one.mbPerSec() / 0.25));
  }
  SECTION("a disk's read ceiling stays what the device delivered per second of wall time")
  {
    RunResult diskRead = read;
    diskRead.storage.kind = MediaKind::Ssd;
    diskRead.cacheMethod = CacheMethod::Direct;
    RunResult diskHash = hash;
    diskHash.storage.kind = MediaKind::Ssd;
    diskHash.cacheMethod = CacheMethod::Direct;
    const StepContext disk = contextFor(diskHash, ceilingsFor(diskHash, {diskRead, diskHash}));
    REQUIRE(disk.limit.read);
    CHECK(disk.limit.read->ceiling.basis == CeilingBasis::WallClock);
    CHECK(disk.limit.read->mbps == Approx(1450).epsilon(0.001));  // the median pass
    CHECK(disk.limit.read->ceiling.maxMBps == Approx(2396).epsilon(0.001));
  }
}
