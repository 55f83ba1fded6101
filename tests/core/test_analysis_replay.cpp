// The analysis on recorded runs: sample streams recorded on the development VM with
// `hashscope-cli bench ... --sample-hz 20 --format json` (tests/data/replay/README.md says how), read back
// and analysed again, as heaptrack replays its traces. No disk, no clock: the verdict rules are tested
// deterministically on what real runs looked like.
#include "catch.hpp"
#include "replay_helpers.hpp"

#include <string>

#include "hashscope/analysis.hpp"
#include "hashscope/suite.hpp"

using namespace hashscope;
using hashscope::test::RecordedRun;

namespace {

const std::string kDir = std::string(HASHSCOPE_TEST_DATA_DIR) + "/replay/";

// The recording analysed again: every run against the ceilings of its own location, as runSuite does.
struct Replay {
  std::vector<RecordedRun> recorded;
  std::vector<RunResult> runs;  // analysed
};

Replay replay(const std::string& name)
{
  Replay r;
  r.recorded = test::loadRecordedRuns(kDir + name);
  r.runs = test::runsOf(r.recorded);
  const std::vector<RunResult> all = r.runs;
  for (RunResult& run : r.runs) {
    std::vector<RunResult> location;
    for (const RunResult& other : all) {
      if (other.location == run.location)
        location.push_back(other);
    }
    analyse(run, referencesFor(run, location));
  }
  return r;
}

// The run of `workload` in a replay (each recording has one of each).
const RunResult& find(const Replay& r, Workload workload)
{
  for (const RunResult& run : r.runs) {
    if (run.workload == workload)
      return run;
  }
  FAIL("no " << toString(workload) << " run in the recording");
  throw;
}

// The replay reproduces the recording exactly: verdict, reason, flags, limit, efficiency, interval verdicts.
void checkReproduced(const Replay& r)
{
  REQUIRE(r.recorded.size() == r.runs.size());
  for (std::size_t i = 0; i < r.runs.size(); ++i) {
    const RecordedRun& rec = r.recorded[i];
    const Analysis& a = *r.runs[i].analysis;
    INFO(toString(r.runs[i].workload) << " " << r.runs[i].algorithm << ": " << toString(a.verdict) << " ("
                                      << toString(a.reason) << ")");
    REQUIRE(rec.hasReason);
    CHECK(a.verdict == rec.recorded.verdict);
    CHECK(a.reason == rec.recorded.reason);
    CHECK(a.servedFromCache == rec.recorded.servedFromCache);
    CHECK(a.memoryBacked == rec.recorded.memoryBacked);
    CHECK(a.limitMBps == Approx(rec.recorded.limitMBps).epsilon(1e-9));
    CHECK(a.efficiency == Approx(rec.recorded.efficiency).epsilon(1e-9));
    REQUIRE(a.flags.size() == rec.recorded.flags.size());
    for (std::size_t f = 0; f < a.flags.size(); ++f) {
      CHECK(a.flags[f].code == rec.recorded.flags[f].code);
      CHECK(a.flags[f].value1 == Approx(rec.recorded.flags[f].value1).epsilon(1e-9));
    }
    REQUIRE(r.runs[i].samples.size() == rec.recordedIntervals.size());
    for (std::size_t s = 0; s < rec.recordedIntervals.size(); ++s)
      CHECK(r.runs[i].samples[s].verdict == rec.recordedIntervals[s]);
  }
}

// What the sampler knew of a step while it ran: core's own probe (core/src/suite/run_sampled.cpp classifies
// each interval as it arrives with it), carrying the ceilings of the location's steps recorded before this
// one, as runSuite hands them over.
RunResult liveProbe(const Replay& r, const RunResult& run)
{
  WorkloadSpec spec;
  spec.workload = run.workload;
  spec.algorithm = run.algorithm;
  spec.streams = run.streams;
  spec.cache = run.cache;
  const auto index = static_cast<std::size_t>(&run - r.runs.data());  // `run` is one of r.runs
  REQUIRE(index < r.runs.size());
  std::vector<RunResult> earlier;
  for (std::size_t i = 0; i < index; ++i) {
    if (r.recorded[i].run.location == run.location)
      earlier.push_back(r.recorded[i].run);
  }
  return intervalProbe(spec, run.storage, earlier);
}

// Each interval replayed through classifyInterval equals the verdict the recording carries for it, and so does
// the live classification (the probe): live bands never say something else than the final ones. (Not the
// verdict analyse() just left on the sample: that one is classifyInterval's own result.)
void checkIntervals(const Replay& r, const RunResult& run)
{
  const RunResult probe = liveProbe(r, run);
  const auto index = static_cast<std::size_t>(&run - r.runs.data());  // `run` is one of r.runs
  const std::vector<Verdict>& recorded = r.recorded[index].recordedIntervals;
  REQUIRE(recorded.size() == run.samples.size());
  for (std::size_t i = 0; i < run.samples.size(); ++i) {
    const Sample& s = run.samples[i];
    INFO("sample at " << s.t << " s");
    CHECK(classifyInterval(s, run) == recorded[i]);
    CHECK(classifyInterval(s, probe) == recorded[i]);
  }
}

// On a RAM-backed location the read and hash-memory references run before the hash-file step: its live probe
// carries the same two ceilings as the final analysis, which decide its intervals there.
void checkLiveCeilings(const Replay& r, const RunResult& hash)
{
  const RunResult probe = liveProbe(r, hash);
  REQUIRE(probe.analysis);
  CHECK(probe.analysis->readMBps == Approx(hash.analysis->readMBps).epsilon(1e-12));
  CHECK(probe.analysis->hashMBps == Approx(hash.analysis->hashMBps).epsilon(1e-12));
  CHECK(probe.analysis->hashMBps > 0);
  CHECK(probe.analysis->readMBps > 0);
}

}  // namespace

TEST_CASE("replayed: md5 from /dev/shm is cpu-bound, memory-backed, at most its hash ceiling",
          "[analysis][replay]")
{
  const Replay r = replay("ram_md5_cpu.json");
  checkReproduced(r);
  const RunResult& hash = find(r, Workload::HashFile);
  const Analysis& a = *hash.analysis;
  CHECK(a.verdict == Verdict::CpuBound);
  CHECK(a.reason == VerdictReason::HashSlowerThanRam);
  CHECK(a.memoryBacked);
  CHECK_FALSE(a.servedFromCache);
  CHECK(a.limitMBps == Approx(a.hashMBps));  // md5 is far slower than reading tmpfs
  CHECK(a.readMBps > 1.5 * a.hashMBps);
  CHECK(a.efficiencyShown());
  CHECK(a.efficiency <= 1.03);
  CHECK(find(r, Workload::Read).analysis->reason == VerdictReason::MemoryBacked);
  // Live, the probe carries the location's ceilings: the intervals' live verdicts are the final ones.
  checkIntervals(r, hash);
  checkLiveCeilings(r, hash);
  checkIntervals(r, find(r, Workload::Read));
  for (const Sample& s : hash.samples)
    CHECK(s.verdict == Verdict::CpuBound);
}

TEST_CASE("replayed: xxh3-64 of a cold file on the disk is io-bound at the device's ceiling", "[analysis][replay]")
{
  const Replay r = replay("disk_xxh3_cold.json");
  checkReproduced(r);
  const RunResult& hash = find(r, Workload::HashFile);
  const Analysis& a = *hash.analysis;
  CHECK(a.verdict == Verdict::IoBound);
  CHECK(a.reason == VerdictReason::DeviceSaturated);
  CHECK_FALSE(a.memoryBacked);
  CHECK_FALSE(a.servedFromCache);
  CHECK(a.diskValid);
  CHECK(a.limitMBps == Approx(a.readMBps));  // the disk, not xxh3, sets it
  CHECK(a.efficiencyShown());
  CHECK(a.efficiency <= 1.03);
  CHECK_FALSE(a.has(FlagCode::LimitUnreliable));
  CHECK_FALSE(a.has(FlagCode::ServedFromCache));
  CHECK(a.has(FlagCode::MachineBusy) == (a.otherCores >= 0.3));  // recorded on the shared VM: it was busy
  // Live and final interval verdicts agree: nothing the run added changes a disk interval.
  checkIntervals(r, hash);
  checkIntervals(r, find(r, Workload::Read));
}

TEST_CASE("replayed: a warm md5 on the disk is served from the page cache", "[analysis][replay]")
{
  const Replay r = replay("disk_md5_warm.json");
  checkReproduced(r);
  const RunResult& hash = find(r, Workload::HashFile);
  const Analysis& a = *hash.analysis;
  CHECK(a.servedFromCache);
  CHECK(a.has(FlagCode::ServedFromCache));
  CHECK(a.verdict == Verdict::CpuBound);
  // Other processes held 1.1 of the 2 cores while it ran: md5 from the cache waited for CPU time.
  CHECK(a.reason == VerdictReason::CpuContended);
  CHECK(a.has(FlagCode::MachineBusy));
  CHECK(a.readMBps == 0);                    // the device's speed is no limit for data already in RAM
  CHECK(a.limitMBps == Approx(a.hashMBps));
  const Analysis& read = *find(r, Workload::Read).analysis;
  CHECK(read.verdict == Verdict::MemoryBound);
  CHECK(read.reason == VerdictReason::ServedFromCache);
  checkIntervals(r, hash);
}

TEST_CASE("replayed: xxh3-64 from /dev/shm on a busy machine stays memory-bound and is flagged busy",
          "[analysis][replay]")
{
  // Recorded while two `yes > /dev/null` held the VM's two cores (and other builds ran).
  const Replay r = replay("ram_xxh3_busy.json");
  checkReproduced(r);
  const RunResult& hash = find(r, Workload::HashFile);
  const Analysis& a = *hash.analysis;
  CHECK(a.verdict == Verdict::MemoryBound);
  CHECK(a.reason == VerdictReason::RamSlowerThanHash);
  CHECK(a.has(FlagCode::MachineBusy));
  CHECK(a.otherCores >= 0.3);
  CHECK(a.limitMBps == Approx(a.readMBps));  // reading tmpfs (per CPU second) is the limit
  CHECK(a.efficiency < 1.0);
  // The intervals follow the run's ceilings, live as well as once analysed: the accounting alone (other
  // processes starving the reader or the hash) would call some of them otherwise.
  checkIntervals(r, hash);
  checkLiveCeilings(r, hash);
  for (const Sample& s : hash.samples) {
    if (s.verdict != Verdict::Unknown)
      CHECK(s.verdict == Verdict::MemoryBound);
  }
}

TEST_CASE("replayed: four md5 streams on two busy cores are cpu-bound and flagged busy", "[analysis][replay]")
{
  const Replay r = replay("disk_md5_4streams.json");
  checkReproduced(r);
  const RunResult& hash = find(r, Workload::HashFile);
  const Analysis& a = *hash.analysis;
  CHECK(hash.streams == 4);
  CHECK(a.cores == 2);
  CHECK(a.verdict == Verdict::CpuBound);
  CHECK(a.reason == VerdictReason::CpuContended);
  CHECK(a.has(FlagCode::MachineBusy));
  CHECK(a.limitMBps == Approx(std::min(a.readMBps, 2 * a.hashMBps)));  // hash ceiling x min(streams, cores)
  CHECK(a.efficiency <= 1.03);
  checkIntervals(r, hash);
}
