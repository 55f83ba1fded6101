// The numbers a user must be able to trust, on recorded runs replayed through the analysis (the figures of
// issue 9: a read reference that varies between passes, a busy machine, a disk throttled below what the
// hash run reported, another process reading the same disk). Deterministic: no disk, no clock.
#include "catch.hpp"

#include "hashscope/analysis.hpp"
#include "suite/run_step.hpp"

using namespace hashscope;

namespace {

constexpr std::uint64_t kBytes = 1024 * MiB;

// One pass of a run at `mbps`, its workers on the CPU `cpuPct` of the time and inside hash calls `busyPct`.
RunResult pass(Workload workload, const std::string& algorithm, double mbps, double cpuPct = 99, double busyPct = 99,
               double waitPct = 1)
{
  RunResult r;
  r.workload = workload;
  r.algorithm = algorithm;
  r.location = "/data";
  r.cache = CacheMode::Cold;
  r.cacheMethod = workloadTraits(workload).readsFile ? CacheMethod::Direct : CacheMethod::NotApplicable;
  r.storage.kind = MediaKind::Ssd;
  r.storage.device.name = "vda";
  r.bytes = kBytes;
  r.seconds = static_cast<double>(kBytes) / (mbps * 1e6);
  StreamResult s;
  s.bytes = kBytes;
  s.wallSeconds = r.seconds;
  s.cpuSeconds = r.seconds * cpuPct / 100;
  s.busySeconds = r.seconds * busyPct / 100;
  s.waitSeconds = r.seconds * waitPct / 100;
  r.perStream.push_back(s);
  if (workloadTraits(workload).readsFile)
    r.ownReadBytes = kBytes;
  return r;
}

// Replays a sample stream: `n` intervals of 0.1 s with the given machine and device figures.
void replay(RunResult& r, double cpuBusyPct, double processPct, double diskBusyPct, std::uint64_t deviceBytes,
            int cores = 2, int n = 10)
{
  for (int i = 1; i <= n; ++i) {
    Sample s;
    s.t = 0.1 * i;
    s.interval = 0.1;
    s.totalBytes = r.bytes * static_cast<std::uint64_t>(i) / static_cast<std::uint64_t>(n);
    s.totalMBps = r.mbPerSec();
    s.cpuBusyPct = cpuBusyPct;
    s.coreBusyPct.assign(static_cast<std::size_t>(cores), cpuBusyPct);
    s.processCpuPct = processPct;
    s.workerCpuPct = {r.perStream[0].cpuSeconds / r.perStream[0].wallSeconds * 100};
    s.waitPct = r.perStream[0].waitSeconds / r.perStream[0].wallSeconds * 100;
    s.busyPct = r.perStream[0].busySeconds / r.perStream[0].wallSeconds * 100;
    s.diskValid = true;
    s.diskBusyPct = diskBusyPct;
    s.diskReadBytes = deviceBytes * static_cast<std::uint64_t>(i) / static_cast<std::uint64_t>(n);
    s.diskReadMBps = static_cast<double>(deviceBytes) / 1e6 / r.seconds;
    r.samples.push_back(s);
  }
}

RunResult passes(std::vector<RunResult> runs) { return suite::combinePasses(std::move(runs)); }

// Analyses every run of a location against the location's final ceilings, as runSuite does.
std::vector<RunResult> analyseLocation(std::vector<RunResult> runs)
{
  const std::vector<RunResult> all = runs;
  for (RunResult& r : runs)
    analyse(r, ceilingsFor(r, all));
  return runs;
}

const Flag* findFlag(const RunResult& r, FlagCode code)
{
  for (const Flag& f : r.analysis->flags) {
    if (f.code == code)
      return &f;
  }
  return nullptr;
}

}  // namespace

TEST_CASE("the step result is the median pass, every pass kept, min and max reported", "[analysis][fidelity]")
{
  const RunResult r = passes({pass(Workload::Read, "", 905), pass(Workload::Read, "", 1665),
                              pass(Workload::Read, "", 1212)});
  REQUIRE(r.passes.size() == 3);
  CHECK(r.mbPerSec() == Approx(1212));
  CHECK(r.minMBps() == Approx(905));
  CHECK(r.maxMBps() == Approx(1665));
  CHECK(r.passes[0].mbPerSec() == Approx(905));  // in the order run
  // An even count takes the lower median: a pass that ran, never an average.
  const RunResult even = passes({pass(Workload::Read, "", 1224), pass(Workload::Read, "", 905),
                                 pass(Workload::Read, "", 1665), pass(Workload::Read, "", 1212)});
  CHECK(even.mbPerSec() == Approx(1212));
}

TEST_CASE("a read speed that varies between passes is flagged as a wide spread", "[analysis][fidelity]")
{
  auto runs = analyseLocation({passes({pass(Workload::Read, "", 905), pass(Workload::Read, "", 1212),
                                       pass(Workload::Read, "", 1665)})});
  const Flag* f = findFlag(runs[0], FlagCode::WideSpread);
  REQUIRE(f);
  CHECK(f->value1 == Approx(905));
  CHECK(f->value2 == Approx(1665));
  // Passes within a few percent of each other are not.
  runs = analyseLocation({passes({pass(Workload::Read, "", 1000), pass(Workload::Read, "", 1030),
                                  pass(Workload::Read, "", 1050)})});
  CHECK_FALSE(findFlag(runs[0], FlagCode::WideSpread));
}

TEST_CASE("sha1 at 930 MB/s keeps its verdict whichever read pass was fast", "[analysis][fidelity]")
{
  // The flip: one read pass measured 867 MB/s, the next 1894. With every pass in the ceiling, the
  // order of the passes no longer decides the verdict.
  for (const auto& order : {std::vector<double>{867, 1894, 1200}, std::vector<double>{1894, 1200, 867}}) {
    std::vector<RunResult> read;
    for (double mbps : order)
      read.push_back(pass(Workload::Read, "", mbps, 20, 0));
    RunResult memory = pass(Workload::HashMemory, "sha1", 950);
    RunResult file = pass(Workload::HashFile, "sha1", 930, 98, 98, 2);
    replay(file, 60, 100, 40, kBytes);
    const auto runs = analyseLocation({passes(read), passes({memory}), passes({file})});
    const Analysis& a = *runs[2].analysis;
    CHECK(a.verdict == Verdict::CpuBound);
    CHECK(a.efficiency <= 1.03);
    CHECK(a.efficiencyShown());
  }
}

TEST_CASE("the read ceiling includes what the device delivered during the location's hash runs",
          "[analysis][fidelity]")
{
  // One read pass at 900 MB/s; a hash-file then fetched the whole file from the device at 1000 MB/s.
  RunResult file = pass(Workload::HashFile, "xxh3-64", 1000, 30, 30, 70);
  replay(file, 40, 40, 95, kBytes);
  const auto runs = analyseLocation({passes({pass(Workload::Read, "", 900, 20, 0)}),
                                     passes({pass(Workload::HashMemory, "xxh3-64", 5000)}), passes({file})});
  const Analysis& a = *runs[2].analysis;
  CHECK(a.limitMBps() == Approx(1000));
  CHECK(a.efficiency <= 1.0 + 1e-9);
  CHECK_FALSE(a.has(FlagCode::LimitUnreliable));
  // The read row is judged against reads only: what a hash run made the device deliver is no read tile's limit.
  CHECK(runs[0].analysis->limitMBps() == Approx(900));
}

TEST_CASE("a hash-file that beat its throttled disk is flagged, with the reason, never a plain number",
          "[analysis][fidelity]")
{
  // Disk throttled to 255 MB/s; the first hash-file of a fresh sample reported 280 MB/s because part of
  // the file was still in the page cache: the process fetched only 70% of it from storage.
  RunResult file = pass(Workload::HashFile, "md5", 280, 60, 60, 40);
  file.ownReadBytes = kBytes * 7 / 10;
  replay(file, 50, 60, 99, kBytes * 7 / 10);
  const auto runs = analyseLocation({passes({pass(Workload::Read, "", 255, 10, 0)}),
                                     passes({pass(Workload::HashMemory, "md5", 620)}), passes({file})});
  const Analysis& a = *runs[2].analysis;
  CHECK(a.efficiency > 1.03);
  CHECK_FALSE(a.efficiencyShown());
  CHECK_FALSE(a.servedFromCache);  // most of it did come from the disk
  const Flag* f = findFlag(runs[2], FlagCode::LimitUnreliable);
  REQUIRE(f);
  CHECK(f->reason == LimitReason::PartlyFromCache);
  CHECK(f->value1 == Approx(static_cast<double>(kBytes) * 0.7));
}

TEST_CASE("a busy machine: one figure for the hash speed, and the step flagged with the other processes' share",
          "[analysis][fidelity]")
{
  // md5 hash-memory got 62% of a core (383 MB/s wall) while it hashed all the time: 616 MB/s per CPU second.
  RunResult memory = pass(Workload::HashMemory, "md5", 383, 62.2, 100, 0);
  replay(memory, 100, 62, 0, 0);
  const auto runs = analyseLocation({passes({memory})});
  const Analysis& a = *runs[0].analysis;
  CHECK(a.limitMBps() == Approx(383 / 0.622).epsilon(0.01));   // the per-core ceiling, also in the Limit column
  CHECK(a.efficiency == Approx(0.622).epsilon(0.01));
  const Flag* f = findFlag(runs[0], FlagCode::MachineBusy);
  REQUIRE(f);
  CHECK(f->value1 == Approx(1.38).epsilon(0.01));  // 2 cores x 100% - 0.62 of ours
  CHECK(f->value2 == 2);
  // The same run on a quiet machine carries no flag.
  RunResult quiet = pass(Workload::HashMemory, "md5", 616, 99.5, 100, 0);
  replay(quiet, 50, 99.5, 0, 0);
  CHECK_FALSE(analyseLocation({passes({quiet})})[0].analysis->has(FlagCode::MachineBusy));
}

TEST_CASE("served_from_cache comes from the process's own I/O, not the whole disk's counters",
          "[analysis][fidelity]")
{
  // Another process read 1 GiB from the same disk while our warm run was served from RAM.
  RunResult warm = pass(Workload::HashFile, "md5", 600, 99, 99, 1);
  warm.cache = CacheMode::Warm;
  warm.cacheMethod = CacheMethod::Warm;
  warm.ownReadBytes = 0;
  replay(warm, 70, 100, 80, kBytes);
  analyse(warm, {});
  CHECK(warm.analysis->servedFromCache);
  // Without the process's own figure, the device counters are the fallback (and here they are fooled).
  warm.ownReadBytes.reset();
  analyse(warm, {});
  CHECK_FALSE(warm.analysis->servedFromCache);
}

TEST_CASE("each interval is classified as it arrives, on the same rules as the run", "[analysis][fidelity]")
{
  RunResult probe = pass(Workload::HashFile, "md5", 600);
  probe.samples.clear();
  RunResult run = pass(Workload::HashFile, "md5", 600, 99, 99, 1);
  replay(run, 60, 100, 10, kBytes);
  for (const Sample& s : run.samples)
    CHECK(classifyInterval(s, probe, StepContext{}) == Verdict::CpuBound);
}
