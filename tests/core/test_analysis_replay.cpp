// The analysis on recorded runs: sample streams recorded on the development VM with
// `hashscope-cli bench ... --sample-hz 20 --format json` (tests/data/replay/README.md says how), read back
// and analysed again, as heaptrack replays its traces. No disk, no clock: the verdict rules are tested
// deterministically on what real runs looked like.
#include "catch.hpp"
#include "replay_helpers.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "hashscope/analysis.hpp"
#include "hashscope/suite.hpp"

using namespace hashscope;
using hashscope::test::RecordedRun;

namespace {

const std::string kDir = std::string(HASHSCOPE_TEST_DATA_DIR) + "/replay/";

// The recording analysed again: every run against the ceilings of the whole recording, as runSuite does.
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
  for (RunResult& run : r.runs)
    analyse(run, ceilingsFor(run, all));
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

// The replay reproduces a recording made by this analysis (hashscope.run/5) exactly: verdict, reason, flags,
// limit, efficiency, interval verdicts. An older recording is re-analysed under today's model: its own tests
// say what that gives.
void checkReproduced(const Replay& r)
{
  REQUIRE(r.recorded.size() == r.runs.size());
  for (std::size_t i = 0; i < r.runs.size(); ++i) {
    const RecordedRun& rec = r.recorded[i];
    const Analysis& a = *r.runs[i].analysis;
    INFO(toString(r.runs[i].workload) << " " << r.runs[i].algorithm << ": " << toString(a.verdict) << " ("
                                      << toString(a.reason) << ")");
    REQUIRE(rec.schema >= 5);
    CHECK(a.verdict == rec.recorded.verdict);
    CHECK(a.reason == rec.recorded.reason);
    CHECK(a.servedFromCache == rec.recorded.servedFromCache);
    CHECK(a.memoryBacked == rec.recorded.memoryBacked);
    CHECK(a.limitMBps() == Approx(rec.recordedLimitMBps).epsilon(1e-9));
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

// What the sampler knew of a step while it ran: core's own live context (core/src/suite/run_sampled.cpp
// classifies each interval as it arrives in it), from the steps recorded before this one, as runSuite hands
// them over.
StepContext liveOf(const Replay& r, const RunResult& run)
{
  WorkloadSpec spec;
  spec.workload = run.workload;
  spec.algorithm = run.algorithm;
  spec.streams = run.streams;
  spec.cache = run.cache;
  const auto index = static_cast<std::size_t>(&run - r.runs.data());  // `run` is one of r.runs
  REQUIRE(index < r.runs.size());
  std::vector<RunResult> earlier;
  for (std::size_t i = 0; i < index; ++i)
    earlier.push_back(r.recorded[i].run);
  RunResult planned = plannedRun(spec, run.location, run.storage);
  planned.readMethods = run.readMethods;  // the engine's choice for the step then (it copied files in RAM until /4)
  return liveContext(planned, earlier);
}

// Each interval classified live (core's own live context: the ceilings measured before the step) equals the
// verdict the final analysis left on it: live bands never say something else than the final ones. (Not the
// final context classified again: the analysis left exactly that on the sample. A recording of an older model
// carries interval verdicts that today's model may change on purpose; checkReproduced compares them for /4.)
void checkIntervals(const Replay& r, const RunResult& run)
{
  const StepContext live = liveOf(r, run);
  for (const Sample& s : run.samples) {
    INFO("sample at " << s.t << " s");
    CHECK(classifyInterval(s, run, live) == s.verdict);
  }
}

// The read and hash-memory references run before the hash-file step: its live context carries the same limit
// as the final analysis.
void checkLiveCeilings(const Replay& r, const RunResult& hash)
{
  const StepContext live = liveOf(r, hash);
  const Limit& final = hash.analysis->limit;
  CHECK(live.limit.mbps() == Approx(final.mbps()).epsilon(1e-12));
  CHECK(live.limit.hash.has_value() == final.hash.has_value());
  CHECK(live.limit.read.has_value() == final.read.has_value());
  CHECK(live.limit.readMissing == final.readMissing);
  CHECK(live.limit.hash);
}

}  // namespace

// hashscope.run/3 recordings of the 2-core VM, re-analysed under today's model: the verdicts they recorded
// hold; where the model now takes a ceiling at the run's own point, the limit says what was not measured.
void checkVerdictsKept(const Replay& r)
{
  REQUIRE(r.recorded.size() == r.runs.size());
  for (std::size_t i = 0; i < r.runs.size(); ++i) {
    INFO(toString(r.runs[i].workload) << " " << r.runs[i].algorithm);
    CHECK(r.recorded[i].schema == 3);
    CHECK(r.runs[i].analysis->verdict == r.recorded[i].recorded.verdict);
  }
}

TEST_CASE("replayed /3: md5 from /dev/shm is cpu-bound, memory-backed, at most its hash ceiling",
          "[analysis][replay]")
{
  const Replay r = replay("ram_md5_cpu.json");
  checkVerdictsKept(r);
  const RunResult& hash = find(r, Workload::HashFile);
  const Analysis& a = *hash.analysis;
  CHECK(a.verdict == Verdict::CpuBound);
  CHECK(a.memoryBacked);
  CHECK_FALSE(a.servedFromCache);
  // Recorded when files in RAM were still read by copies, as the read step copied: that ceiling is at its
  // point (copies, one stream), and clearly above md5's.
  CHECK(toString(hash.readMethods) == "pipelined");
  CHECK(a.reason == VerdictReason::HashSlowerThanRam);
  REQUIRE(a.limit.read);
  REQUIRE(a.limit.hash);
  CHECK(a.limit.read->ceiling.access == ReadAccess::Copy);
  CHECK(a.limit.read->mbps > 1.5 * a.limit.hash->mbps);
  CHECK(a.limitMBps() == Approx(a.limit.hash->mbps));
  CHECK(a.efficiencyShown());
  CHECK(a.efficiency <= 1.03);
  CHECK(find(r, Workload::Read).analysis->reason == VerdictReason::MemoryBacked);
  // Live, the context carries the location's ceilings: the intervals' live verdicts are the final ones.
  checkIntervals(r, hash);
  checkLiveCeilings(r, hash);
  checkIntervals(r, find(r, Workload::Read));
  for (const Sample& s : hash.samples)
    CHECK(s.verdict == Verdict::CpuBound);
}

TEST_CASE("replayed /3: xxh3-64 of a cold file on the disk is io-bound at the device's ceiling", "[analysis][replay]")
{
  const Replay r = replay("disk_xxh3_cold.json");
  checkVerdictsKept(r);
  const RunResult& hash = find(r, Workload::HashFile);
  const Analysis& a = *hash.analysis;
  CHECK(a.verdict == Verdict::IoBound);
  CHECK(a.reason == VerdictReason::DeviceSaturated);
  CHECK_FALSE(a.memoryBacked);
  CHECK_FALSE(a.servedFromCache);
  CHECK(a.diskValid);
  REQUIRE(a.limit.read);
  CHECK(a.limitMBps() == Approx(a.limit.read->mbps));  // the disk, not xxh3, sets it
  CHECK(a.limit.read->ceiling.basis == CeilingBasis::WallClock);
  CHECK(a.efficiencyShown());
  CHECK(a.efficiency <= 1.03);
  CHECK_FALSE(a.has(FlagCode::LimitUnreliable));
  CHECK_FALSE(a.has(FlagCode::ServedFromCache));
  CHECK(a.has(FlagCode::MachineBusy) == (a.otherCores >= 0.3));  // recorded on the shared VM: it was busy
  // Live and final interval verdicts agree.
  checkIntervals(r, hash);
  checkIntervals(r, find(r, Workload::Read));
}

TEST_CASE("replayed /3: a warm md5 on the disk is served from the page cache", "[analysis][replay]")
{
  const Replay r = replay("disk_md5_warm.json");
  checkVerdictsKept(r);
  const RunResult& hash = find(r, Workload::HashFile);
  const Analysis& a = *hash.analysis;
  CHECK(a.servedFromCache);
  CHECK(a.has(FlagCode::ServedFromCache));
  CHECK(a.verdict == Verdict::CpuBound);
  // Other processes held 1.1 of the 2 cores while it ran: md5 from the cache waited for CPU time.
  CHECK(a.reason == VerdictReason::CpuContended);
  CHECK(a.has(FlagCode::MachineBusy));
  CHECK_FALSE(a.limit.read);  // the device's speed is no limit for data already in RAM
  CHECK_FALSE(a.limit.readMissing);
  REQUIRE(a.limit.hash);
  CHECK(a.limitMBps() == Approx(a.limit.hash->mbps));
  const Analysis& read = *find(r, Workload::Read).analysis;
  CHECK(read.verdict == Verdict::MemoryBound);
  CHECK(read.reason == VerdictReason::ServedFromCache);
  checkIntervals(r, hash);
}

TEST_CASE("replayed /3: xxh3-64 from /dev/shm on a busy machine stays memory-bound and is flagged busy",
          "[analysis][replay]")
{
  // Recorded while two `yes > /dev/null` held the VM's two cores (and other builds ran).
  const Replay r = replay("ram_xxh3_busy.json");
  checkVerdictsKept(r);
  const RunResult& hash = find(r, Workload::HashFile);
  const Analysis& a = *hash.analysis;
  CHECK(a.verdict == Verdict::MemoryBound);
  // Its thread's CPU time went to getting the pages, not to xxh3 (per CPU second, whatever the load).
  CHECK(a.has(FlagCode::MachineBusy));
  CHECK(a.otherCores >= 0.3);
  CHECK(a.efficiency < 1.0);
  // The intervals follow the same rules live as once analysed.
  checkIntervals(r, hash);
  checkLiveCeilings(r, hash);
  for (const Sample& s : hash.samples) {
    if (s.verdict != Verdict::Unknown)
      CHECK(s.verdict == Verdict::MemoryBound);
  }
}

TEST_CASE("replayed /3: four md5 streams on two busy cores are cpu-bound and flagged busy", "[analysis][replay]")
{
  const Replay r = replay("disk_md5_4streams.json");
  checkVerdictsKept(r);
  const RunResult& hash = find(r, Workload::HashFile);
  const Analysis& a = *hash.analysis;
  CHECK(hash.streams == 4);
  CHECK(a.cores == 2);
  CHECK(a.verdict == Verdict::CpuBound);
  CHECK(a.reason == VerdictReason::CpuContended);
  CHECK(a.has(FlagCode::MachineBusy));
  REQUIRE(a.limit.read);
  REQUIRE(a.limit.hash);
  CHECK(a.limit.hash->mbps == Approx(2 * a.limit.hash->ceiling.mbps));  // hash ceiling x min(streams, cores)
  CHECK(a.limitMBps() == Approx(std::min(a.limit.read->mbps, a.limit.hash->mbps)));
  CHECK(a.efficiency <= 1.03);
  checkIntervals(r, hash);
}

namespace {

// The runs of `workload` and `algorithm` at `location`, by streams.
std::vector<const RunResult*> ramp(const Replay& r, Workload workload, const std::string& algorithm,
                                   const std::string& location)
{
  std::vector<const RunResult*> out;
  for (const RunResult& run : r.runs) {
    if (run.workload == workload && run.algorithm == algorithm && run.location == location)
      out.push_back(&run);
  }
  std::sort(out.begin(), out.end(), [](const RunResult* a, const RunResult* b) { return a->streams < b->streams; });
  return out;
}

bool ceilingBased(VerdictReason reason)
{
  return reason == VerdictReason::RamSlowerThanHash || reason == VerdictReason::AtReadLimit;
}

}  // namespace

// The quick suite with a ramp to 16 streams on a 16-core machine (../shared/data/many-core/suite-16-cores.json,
// hashscope.run/3): tmpfs hashed through mapped pages with up to 16 streams, a virtio disk read by one reader.
// Recorded, 51 of 64 RAM-backed hash-file results carried limit-unreliable and sha256 with 7-16 streams was
// "memory-bound" while its speed still rose; re-analysed, each limit is taken at the result's own point.
TEST_CASE("replayed /3 from 16 cores: limits and verdicts that hold at every parallelism", "[analysis][replay]")
{
  const Replay r = replay("suite_16_cores.json");
  const std::string ram = "/dev/shm/dev16", disk = "/tmp";
  // Above its limit by more than noise: each is explained, by its own numbers. What remains of the recording
  // (quick preset: one pass per step) is md5 from tmpfs with 1-3 streams, 4-6% above md5's per-core figure (the
  // median of its two hash-memory passes, 496 and 502 MB/s): their own threads hashed faster per CPU second
  // than either pass, so the reference was low. (A hash-memory result is judged by its own passes: xxh3-64 in
  // /dev/shm, the faster of the two passes xxh3-64's per-core figure is the median of, is not above its limit.)
  std::vector<std::string> above;
  for (const RunResult& run : r.runs) {
    const Analysis& a = *run.analysis;
    const std::string name = std::string(toString(run.workload)) + " " + run.algorithm + " x" +
                             std::to_string(run.streams) + " " + run.location.string();
    INFO(name << ": " << toString(a.verdict) << " (" << toString(a.reason) << "), efficiency " << a.efficiency);
    // Nothing is unreliable for want of a reference the run did not take: what exceeded its limit is explained.
    for (const Flag& f : a.flags) {
      if (f.code == FlagCode::LimitUnreliable)
        CHECK(f.reason != LimitReason::Unexplained);
    }
    if (a.efficiency > kMaxPlausibleEfficiency) {
      above.push_back(name);
      const bool explained = a.has(FlagCode::WithinReferenceSpread) || a.has(FlagCode::LimitUnreliable);
      CHECK(explained);
      if (run.workload == Workload::HashFile) {
        REQUIRE(a.has(FlagCode::LimitUnreliable));
        CHECK(a.flags.back().reason == LimitReason::HashReferenceVaried);
        CHECK(a.flags.back().value2 > a.flags.back().value1);  // its own threads, per CPU second, were faster
      }
    }
    // A RAM-backed location hashed through mapped pages: its read ceiling was measured for one copying stream
    // only, so the limit says the read side was not measured there instead of judging against that.
    if (run.workload == Workload::HashFile && run.location == ram) {
      CHECK(a.limit.readMissing);
      CHECK_FALSE(a.limit.read);
    }
  }
  CHECK(above == std::vector<std::string>{"hash-file md5 x1 " + ram, "hash-file md5 x2 " + ram,
                                          "hash-file md5 x3 " + ram});

  for (const std::string algorithm : {"md5", "sha256"}) {
    const auto steps = ramp(r, Workload::HashFile, algorithm, ram);
    REQUIRE(steps.size() == 16);
    const double one = steps.front()->mbPerSec();
    for (std::size_t i = 0; i < steps.size(); ++i) {
      const RunResult& run = *steps[i];
      INFO(algorithm << " x" << run.streams << ": " << run.mbPerSec() << " MB/s, " << toString(run.analysis->verdict)
                     << " (" << toString(run.analysis->reason) << ")");
      // CPU-bound while it scales (at least 0.7 x N one stream's speed).
      if (run.mbPerSec() >= 0.7 * run.streams * one)
        CHECK(run.analysis->verdict == Verdict::CpuBound);
      // Never memory-bound while its speed still rises with the streams.
      if (i > 0 && run.mbPerSec() > 1.05 * steps[i - 1]->mbPerSec())
        CHECK(run.analysis->verdict != Verdict::MemoryBound);
    }
  }
  // No algorithm is called memory-bound from a ceiling while its speed still rises with the streams.
  for (const std::string algorithm : {"md5", "sha256", "xxh3-64", "blake3"}) {
    const auto steps = ramp(r, Workload::HashFile, algorithm, ram);
    for (std::size_t i = 1; i < steps.size(); ++i) {
      INFO(algorithm << " x" << steps[i]->streams);
      if (steps[i]->mbPerSec() > 1.05 * steps[i - 1]->mbPerSec())
        CHECK_FALSE(ceilingBased(steps[i]->analysis->reason));
    }
  }

  // The disk: one reader with 3 reads in flight got 1388 MB/s; sha256 with 3 streams made the device deliver
  // 2067. The read says the device gave more with more in flight.
  const RunResult& read = *ramp(r, Workload::Read, "", disk).front();
  CHECK(read.analysis->verdict == Verdict::IoBound);
  CHECK(read.analysis->reason == VerdictReason::QueueDepthLimited);
  // The read tile is judged against the read's own ceiling; what the device gave with more in flight is the
  // deeper figure the reason quotes.
  REQUIRE(read.analysis->limit.read);
  CHECK(read.analysis->limit.read->ceiling.source == CeilingSource::ReadPass);
  CHECK(read.analysis->limit.read->ceiling.inFlight() == 3);
  REQUIRE(read.analysis->limit.deeper);
  CHECK(read.analysis->limit.deeper->mbps == Approx(2067.26).epsilon(0.001));
  CHECK(read.analysis->limit.deeper->ceiling.inFlight() == 9);
  CHECK(read.analysis->limit.deeper->ceiling.source == CeilingSource::Delivered);

  // BLAKE3 hashes one stream on its 16 threads: hash-memory is judged against its own threads' figure, not a
  // mix of one thread's CPU time and all cores' bytes.
  for (const RunResult* hm : ramp(r, Workload::HashMemory, "blake3", ram)) {
    REQUIRE(hm->analysis->limit.hash);
    CHECK(hm->analysis->limit.hash->ceiling.threadsPerStream == 16);
    CHECK(hm->analysis->limit.hash->ceiling.basis == CeilingBasis::WallClock);
    CHECK(hm->analysis->efficiency == Approx(1.0).epsilon(0.03));
  }
}

namespace {

// No result above its limit by more than noise, and none whose limit is flagged unreliable.
void checkWithinLimit(const RunResult& run)
{
  const Analysis& a = *run.analysis;
  INFO(toString(run.workload) << " " << run.algorithm << " x" << run.streams << " " << run.location.string()
                              << ": efficiency " << a.efficiency);
  CHECK(a.efficiency <= kMaxPlausibleEfficiency);
  CHECK_FALSE(a.has(FlagCode::LimitUnreliable));
}

}  // namespace

TEST_CASE("replayed /5 from the 2-core VM: a quick suite with a ramp, every RAM hash-file judged by its own reads",
          "[analysis][replay]")
{
  // bench --suite --preset quick --ramp, /var/tmp (a virtual disk) and /dev/shm, md5 sha256 xxh3-64 blake3, 256M,
  // quiet (2026-11-27). Before paired reads, 1 to 4 of its 28 results landed above 103% of a read step taken
  // earlier (xxh3-64 from /dev/shm at up to 168%, blake3 at up to 124%): RAM's speed had moved in between.
  const Replay r = replay("vm_quick_ramp_paired.json");
  REQUIRE(r.runs.size() == 28);
  checkReproduced(r);
  int paired = 0;
  for (const RunResult& run : r.runs) {
    const Analysis& a = *run.analysis;
    checkWithinLimit(run);
    if (run.workload == Workload::HashFile && a.memoryBacked) {
      ++paired;
      REQUIRE(a.limit.read);
      CHECK(a.limit.read->ceiling.source == CeilingSource::PairedRead);
      CHECK(run.pairedReads.size() == run.passes.size() + 1);
    }
    checkIntervals(r, run);
  }
  CHECK(paired == 8);  // 4 algorithms x 1 and 2 streams
}

TEST_CASE("replayed /4, the fresh 16-core quick suite with a ramp: nothing above 103%, nothing unreliable",
          "[analysis][replay]")
{
  // The run on a lent 16-core Xeon (README of tests/data/replay). Recorded under /4, two hash-memory results were
  // above 103% of the figure pooled from every hash-memory pass (xxh3-64 113%, blake3 106%, flagged within the
  // reference's spread); a hash-memory result is now judged by its own passes.
  const Replay r = replay("suite_16_cores_fresh.json");
  REQUIRE(r.runs.size() == 50);
  for (const RunResult& run : r.runs) {
    checkWithinLimit(run);
    CHECK_FALSE(run.analysis->has(FlagCode::WithinReferenceSpread));
  }
}
