// Ceilings as values: each taken at a result's point (read method, streams, device reads in flight, hashing
// threads), never a figure another parallelism reached passed off as this one's; and the reason codes and
// flags that come with that (queue depth, within the reference's spread, a low hash reference).
#include <algorithm>
#include <variant>

#include "catch.hpp"

#include "ceiling_helpers.hpp"
#include "hashscope/analysis.hpp"
#include "hashscope/figures.hpp"
#include "hashscope/evidence.hpp"
#include "hashscope/suite.hpp"

using namespace hashscope;

namespace {

constexpr std::uint64_t kBytes = 256 * MiB;  // over 2 s: 134 MB/s

RunResult run(Workload workload, const std::string& algorithm, double workerPct, double waitPct, double readerPct = 0,
              int streams = 1)
{
  RunResult r;
  r.workload = workload;
  r.algorithm = algorithm;
  r.bytes = kBytes;
  r.seconds = 2;
  r.streams = streams;
  r.cache = CacheMode::Cold;
  r.cacheMethod = CacheMethod::Direct;
  r.readMethods = ReadMethod::Pipelined;
  r.queueDepth = 3;
  r.storage.kind = MediaKind::Ssd;
  r.storage.device.name = "vda";
  for (int i = 0; i < streams; ++i) {
    StreamResult s;
    s.bytes = kBytes / static_cast<std::uint64_t>(streams);
    s.wallSeconds = r.seconds;
    s.cpuSeconds = r.seconds * workerPct / 100;
    s.busySeconds = s.cpuSeconds;
    s.waitSeconds = r.seconds * waitPct / 100;
    s.readerCpuSeconds = r.seconds * readerPct / 100;
    r.perStream.push_back(s);
  }
  return r;
}

void onRam(RunResult& r)
{
  r.storage = {};
  r.storage.kind = MediaKind::Ram;
  r.cacheMethod = CacheMethod::MemoryBacked;
  r.readMethods = ReadMethod::Mapped;
  r.queueDepth = 0;
}

// Ten samples on 16 cores with the device `diskBusyPct` busy.
void sampled(RunResult& r, double diskBusyPct)
{
  for (int i = 1; i <= 10; ++i) {
    Sample s;
    s.t = 0.2 * i;
    s.interval = 0.2;
    s.totalBytes = r.bytes * static_cast<std::uint64_t>(i) / 10;
    s.totalMBps = r.mbPerSec();
    s.cpuBusyPct = 10;
    s.coreBusyPct.assign(16, 10.0);
    s.processCpuPct = 100;
    s.diskValid = true;
    s.diskBusyPct = diskBusyPct;
    s.diskReadBytes = s.totalBytes;
    s.diskReadMBps = r.mbPerSec();
    r.samples.push_back(s);
  }
}

Ceiling deviceRead(double mbps, int streams, int depth)
{
  Ceiling c;
  c.kind = CeilingKind::Read;
  c.source = CeilingSource::ReadPass;
  c.basis = CeilingBasis::WallClock;
  c.mbps = c.minMBps = c.maxMBps = mbps;
  c.streams = streams;
  c.queueDepth = depth;
  c.access = ReadAccess::Copy;
  return c;
}

Ceiling hashCeiling(const std::string& algorithm, double median, double min, double max, int passes)
{
  Ceiling c;
  c.kind = CeilingKind::Hash;
  c.source = CeilingSource::HashMemory;
  c.basis = CeilingBasis::PerCpuSecond;
  c.algorithm = algorithm;
  c.mbps = median;
  c.minMBps = min;
  c.maxMBps = max;
  c.passes = passes;
  return c;
}

// A pass of kBytes at `mbps` (per CPU second too).
PassResult passOf(double mbps)
{
  PassResult p;
  p.bytes = kBytes;
  p.seconds = static_cast<double>(kBytes) / (mbps * 1e6);
  p.cpuMBps = mbps;
  return p;
}

}  // namespace

TEST_CASE("a ceiling holds where it was measured, and one core's hash scales with the streams", "[analysis][ceilings]")
{
  const Ceiling md5 = hashCeiling("md5", 500, 490, 510, 3);
  CHECK(md5.scales());
  CHECK(md5.at(1, 16) == Approx(500));
  CHECK(md5.at(8, 16) == Approx(4000));
  CHECK(md5.at(32, 16) == Approx(8000));  // no more than the cores
  Ceiling blake3 = md5;
  blake3.threadsPerStream = 16;
  blake3.basis = CeilingBasis::WallClock;
  CHECK_FALSE(blake3.scales());
  CHECK(blake3.at(1, 16) == Approx(500));
  CHECK_FALSE(blake3.at(2, 16));  // two streams of 16 threads: not measured there
  Ceiling mapped = md5;
  mapped.kind = CeilingKind::Read;
  mapped.streams = 4;
  CHECK_FALSE(mapped.scales());
  CHECK(mapped.at(4, 16) == Approx(2000));  // per CPU second per stream, at the 4 streams it was measured with
  CHECK_FALSE(mapped.at(8, 16));
  CHECK(deviceRead(2067, 3, 3).inFlight() == 9);

  const Spread s = spreadOf({510, 0, 490, 500, 505});
  CHECK(s.median == Approx(502.5));  // the middle two of four
  CHECK(s.min == 490);
  CHECK(s.max == 510);
  CHECK(s.count == 4);
  CHECK(spreadOf({}).median == 0);
}

TEST_CASE("a RAM-backed location's read ceiling holds at its own streams and access only", "[analysis][ceilings]")
{
  RunResult hash = run(Workload::HashFile, "sha256", 99, 0, 0, 8);
  onRam(hash);
  sampled(hash, 0);  // on 16 cores
  Ceiling oneCopy = deviceRead(5157, 1, 0);
  oneCopy.basis = CeilingBasis::PerCpuSecond;
  const std::vector<Ceiling> ceilings{oneCopy, hashCeiling("sha256", 1166, 1166, 1166, 1)};
  const StepContext c = contextFor(hash, ceilings);
  CHECK_FALSE(c.limit.read);
  CHECK(c.limit.readMissing);  // "not measured at this parallelism", not a figure from one copying stream
  REQUIRE(c.limit.hash);
  CHECK(c.limit.hash->mbps == Approx(8 * 1166));
  CHECK(c.limit.mbps() == Approx(8 * 1166));

  Ceiling mappedAt8 = oneCopy;
  mappedAt8.streams = 8;
  mappedAt8.access = ReadAccess::Mapped;
  mappedAt8.mbps = 1000;  // per stream per CPU second: below sha256's 1166
  const StepContext measured = contextFor(hash, {mappedAt8, ceilings[1]});
  REQUIRE(measured.limit.read);
  CHECK(measured.limit.read->mbps == Approx(8 * 1000));
  CHECK_FALSE(measured.limit.partial());
  CHECK(measured.limit.setter() == &*measured.limit.read);
}

TEST_CASE("reason codes: one reader's queue depth, not the device, limited it", "[analysis][ceilings]")
{
  // The 16-core VM's disk: one reader with 3 reads in flight; the device gives more with 32 in flight.
  RunResult read = run(Workload::Read, "", 1, 99, 2);
  sampled(read, 97);
  const Ceiling shallow = deviceRead(read.mbPerSec(), 1, 3), deep = deviceRead(300, 1, 32);
  Analysis a = analyse(read, {shallow, deep});
  CHECK(a.verdict == Verdict::IoBound);
  CHECK(a.reason == VerdictReason::QueueDepthLimited);
  REQUIRE(a.limit.read);
  CHECK(a.limit.read->ceiling.queueDepth == 32);  // the read tile is judged against a read's own ceiling
  CHECK(toString(VerdictReason::QueueDepthLimited) == "queue-depth-limited");
  // The device's most measured at this depth: the device itself was the limit.
  CHECK(analyse(read, {shallow}).reason == VerdictReason::DeviceSaturated);

  // Hashing with one stream waits on the same queue; with 16 streams (48 in flight) the deep read is no
  // deeper, so a busy device is saturated.
  RunResult one = run(Workload::HashFile, "xxh3-64", 10, 90, 2);
  sampled(one, 97);
  CHECK(analyse(one, {shallow, deep}).reason == VerdictReason::QueueDepthLimited);
  RunResult sixteen = run(Workload::HashFile, "xxh3-64", 10, 90, 2, 16);
  sampled(sixteen, 97);
  CHECK(analyse(sixteen, {shallow, deep}).reason == VerdictReason::DeviceSaturated);
}

TEST_CASE("hashing from RAM that spends its CPU time on something else is memory-bound, however busy",
          "[analysis][ceilings]")
{
  // xxh3-64 through mapped pages: its thread on the CPU all the time, at 136 MB/s per CPU second where the hash
  // alone does 9000: faulting and unmapping pages took the time, not the hash.
  RunResult xxh3 = run(Workload::HashFile, "xxh3-64", 99, 0);
  onRam(xxh3);
  Analysis a = analyse(xxh3, test::given(xxh3, {.hash = 9000}));
  CHECK(a.verdict == Verdict::MemoryBound);
  CHECK(a.reason == VerdictReason::BelowHashSpeed);
  // md5 at its own speed per CPU second is the hash, whatever its wall-clock speed.
  RunResult md5 = run(Workload::HashFile, "md5", 99, 0);
  onRam(md5);
  a = analyse(md5, test::given(md5, {.hash = 140}));
  CHECK(a.verdict == Verdict::CpuBound);
  CHECK(a.reason == VerdictReason::WorkerSaturated);
}

TEST_CASE("above the limit within its reference's spread is explained, not unreliable", "[analysis][ceilings]")
{
  RunResult md5 = run(Workload::HashFile, "md5", 99, 0);  // 134.2 MB/s
  onRam(md5);
  Analysis a = analyse(md5, {hashCeiling("md5", 128, 120, 140, 3)});
  CHECK(a.efficiency == Approx(134.2 / 128).epsilon(0.01));
  CHECK(a.has(FlagCode::WithinReferenceSpread));
  CHECK_FALSE(a.has(FlagCode::LimitUnreliable));
  CHECK(a.efficiencyShown());
  // Beyond the reference's fastest pass: the limit estimate is not trusted as a number.
  a = analyse(md5, {hashCeiling("md5", 128, 120, 130, 3)});
  CHECK(a.has(FlagCode::LimitUnreliable));
  CHECK_FALSE(a.has(FlagCode::WithinReferenceSpread));
  CHECK_FALSE(a.efficiencyShown());

  SECTION("a run whose own threads hashed faster per CPU second says the reference was low")
  {
    md5.perStream.front().cpuSeconds = 1.9;  // 141 MB/s per CPU second
    a = analyse(md5, {hashCeiling("md5", 125, 125, 125, 1)});
    REQUIRE(a.has(FlagCode::LimitUnreliable));
    const Flag& f = a.flags.back();
    CHECK(f.reason == LimitReason::HashReferenceVaried);
    CHECK(f.value1 == Approx(125));
    CHECK(f.value2 == Approx(141.3).epsilon(0.01));
  }
}

TEST_CASE("the hash ceiling of several threads per stream holds at its own streams", "[analysis][ceilings]")
{
  RunResult memory = run(Workload::HashMemory, "blake3", 90, 0);
  memory.hashThreads = 4;
  memory.cacheMethod = CacheMethod::NotApplicable;
  RunResult two = run(Workload::HashFile, "blake3", 60, 0, 0, 2);
  two.hashThreads = 4;
  onRam(two);
  RunResult one = two;
  one.streams = 1;
  const std::vector<RunResult> results{memory, one, two};
  const std::vector<Ceiling> ceilings = ceilingsFor(one, results);
  REQUIRE(ceilings.size() == 1);
  CHECK(ceilings.front().basis == CeilingBasis::WallClock);  // all its threads together
  CHECK(ceilings.front().threadsPerStream == 4);
  CHECK(contextFor(one, ceilings).limit.hash);
  const StepContext c2 = contextFor(two, ceilingsFor(two, results));
  CHECK_FALSE(c2.limit.hash);
  CHECK(c2.limit.hashMissing);
}

TEST_CASE("one hash figure per algorithm in a run: the median of every hash-memory pass", "[analysis][ceilings]")
{
  // md5 hash-memory measured in two locations (the suite runs it in each): one figure, from all their passes.
  RunResult a = run(Workload::HashMemory, "md5", 100, 0);
  a.location = "/tmp";
  for (const double cpu : {480.0, 500.0, 505.0}) {
    PassResult p;
    p.bytes = kBytes;
    p.seconds = 1;
    p.cpuMBps = cpu;
    a.passes.push_back(p);
  }
  RunResult b = a;
  b.location = "/dev/shm";
  b.passes[0].cpuMBps = 495;
  RunResult file = run(Workload::HashFile, "md5", 99, 0);
  file.location = "/tmp";
  const std::vector<Ceiling> ceilings = ceilingsFor(file, {a, b, file});
  REQUIRE(ceilings.size() >= 1);
  const auto hash = std::find_if(ceilings.begin(), ceilings.end(), [](const Ceiling& c) { return c.kind == CeilingKind::Hash; });
  REQUIRE(hash != ceilings.end());
  CHECK(hash->mbps == 500);  // 480 495 500 500 505 505
  CHECK(hash->minMBps == 480);
  CHECK(hash->maxMBps == 505);
  CHECK(hash->passes == 6);
}

TEST_CASE("a RAM-backed hash-file's read ceiling is the reads beside its passes, each pass bounded by the faster "
          "neighbour",
          "[analysis][ceilings]")
{
  // xxh3-64 from /dev/shm, three passes, a read pass before each and after the last (per CPU second). RAM's speed
  // moved during the step (3300 -> 5200 MB/s): a read step taken earlier (3300) is below what the hash-file did.
  RunResult file = run(Workload::HashFile, "xxh3-64", 99, 0);
  onRam(file);
  file.readMethods = ReadMethod::Read;
  file.passes = {passOf(4100), passOf(4600), passOf(4700)};
  file.bytes = kBytes;
  file.seconds = file.passes[1].seconds;  // the median pass
  file.pairedReads = {passOf(3300), passOf(5100), passOf(5000), passOf(5200)};
  RunResult readStep = run(Workload::Read, "", 99, 0);
  onRam(readStep);
  readStep.readMethods = ReadMethod::Read;
  readStep.passes = {passOf(3300)};
  const std::vector<Ceiling> ceilings = ceilingsFor(file, {readStep, file});
  const StepContext c = contextFor(file, ceilings);
  REQUIRE(c.limit.read);
  const Ceiling& paired = c.limit.read->ceiling;
  CHECK(paired.source == CeilingSource::PairedRead);  // preferred over the read step with the same point
  CHECK(paired.access == ReadAccess::Copy);
  CHECK(paired.mbps == 5100);  // the bounds max(3300,5100) max(5100,5000) max(5000,5200): 5100 5100 5200
  CHECK(paired.minMBps == 3300);
  CHECK(paired.maxMBps == 5200);
  CHECK(paired.passes == 4);
  CHECK(c.limit.read->mbps == Approx(5100));

  RunResult analysed = file;
  const Analysis a = analyse(analysed, ceilings);
  CHECK(a.efficiency < kMaxPlausibleEfficiency);
  CHECK_FALSE(a.has(FlagCode::LimitUnreliable));
  const auto clauses = evidence::clausesOf(analysed);
  const auto alone = std::find_if(clauses.begin(), clauses.end(),
                                  [](const evidence::Clause& x) { return std::holds_alternative<evidence::ReadAlone>(x); });
  REQUIRE(alone != clauses.end());
  CHECK(std::get<evidence::ReadAlone>(*alone).beside);

  // Without its own reads (a /4 recording, or a count that does not pair up) the read step is its ceiling, as before.
  RunResult unpaired = file;
  unpaired.pairedReads.pop_back();
  const StepContext old = contextFor(unpaired, ceilingsFor(unpaired, {readStep, unpaired}));
  REQUIRE(old.limit.read);
  CHECK(old.limit.read->ceiling.source == CeilingSource::ReadPass);
  CHECK(old.limit.read->mbps == Approx(3300));
  // A warm run reads RAM whatever the location: no read side from its reads either.
  RunResult warm = file;
  warm.cache = CacheMode::Warm;
  CHECK_FALSE(contextFor(warm, ceilingsFor(warm, {readStep, warm})).limit.read);
  // A pass still running (the live context: the planned run, given the read made just before it) is bounded by
  // that read alone, preferred over the read step as the final analysis prefers the pass's paired reads.
  RunResult live = file;
  live.passes.clear();
  live.pairedReads = {passOf(4800)};
  const StepContext during = contextFor(live, ceilingsFor(live, {readStep}));
  REQUIRE(during.limit.read);
  CHECK(during.limit.read->ceiling.source == CeilingSource::PairedRead);
  CHECK(during.limit.read->mbps == Approx(4800));
}

TEST_CASE("a hash-memory result is judged by its own passes and shows its algorithm's pooled per-core figure",
          "[analysis][ceilings]")
{
  // Quick preset: one pass each in two locations, 15% apart. Against their pooled median each would be 7% above
  // or below "its" limit; each is the reference itself.
  RunResult a = run(Workload::HashMemory, "xxh3-64", 100, 0);
  a.location = "/tmp";
  PassResult p;
  p.bytes = kBytes;
  p.seconds = static_cast<double>(kBytes) / 53458e6;
  p.cpuMBps = 53458;
  a.passes = {p};
  a.seconds = p.seconds;
  RunResult b = a;
  b.location = "/dev/shm";
  b.passes[0].seconds = static_cast<double>(kBytes) / 44988e6;
  b.passes[0].cpuMBps = 44988;
  b.seconds = b.passes[0].seconds;
  const std::vector<RunResult> all{a, b};
  for (RunResult r : all) {
    const Analysis x = analyse(r, ceilingsFor(r, all));
    INFO(r.location);
    CHECK(x.efficiency <= 1.0);
    CHECK(x.efficiency > 0.99);  // it had its core
    REQUIRE(x.limit.hash);
    CHECK(x.limit.hash->mbps == Approx(r.passes[0].cpuMBps));
    r.analysis = x;
    const Figures shown = figuresOf(r);
    CHECK(shown.mbps == Approx(r.mbPerSec()));  // the tile: its own pass
    REQUIRE(shown.perCore);                     // and beside it, one figure for xxh3-64 per core
    CHECK(shown.perCore->median == Approx((53458.0 + 44988.0) / 2));
    CHECK(shown.perCore->min == 44988);
    CHECK(shown.perCore->max == 53458);
  }
}

TEST_CASE("the ramp doubles up to the logical cores, plus the exact count", "[suite][plan]")
{
  CHECK(rampStreams(1) == std::vector<int>{1});
  CHECK(rampStreams(2) == std::vector<int>{1, 2});
  CHECK(rampStreams(16) == std::vector<int>{1, 2, 4, 8, 16});
  CHECK(rampStreams(12) == std::vector<int>{1, 2, 4, 8, 12});
  CHECK(rampStreams(64) == std::vector<int>{1, 2, 4, 8, 16, 32, 64});
}

TEST_CASE("a RAM-backed hash-file's intervals are judged against the read made just before their pass, as live",
          "[analysis][ceilings]")
{
  // md5 from /dev/shm, three passes; RAM's speed moved between the reads beside them (420 .. 700 MB/s per CPU
  // second), around md5's own 650. The result is its median pass (the second): while it ran, the live context
  // knew only the read before it (420: clearly below md5, so RAM was the limit); the run's ceiling also has the
  // read after it (700: the two are close, and the busy hashing thread decides).
  RunResult file = run(Workload::HashFile, "md5", 99, 0);
  onRam(file);
  file.passes = {passOf(560), passOf(590), passOf(600)};
  file.keptPass = 1;
  file.seconds = file.passes[1].seconds;
  file.pairedReads = {passOf(700), passOf(420), passOf(700), passOf(690)};
  for (int i = 1; i <= 10; ++i) {
    Sample s;
    s.t = 0.1 * i;
    s.interval = 0.1;
    s.totalBytes = file.bytes * static_cast<std::uint64_t>(i) / 10;
    s.totalMBps = 560 + 5 * i;  // 565 .. 610 MB/s
    s.coreBusyPct = {99, 2};
    s.processCpuPct = 99;
    s.workerCpuPct = {99};
    s.busyPct = 99;
    file.samples.push_back(s);
  }
  const Ceiling md5 = hashCeiling("md5", 650, 640, 660, 3);
  std::vector<Ceiling> ceilings = ceilingsFor(file, {file});
  ceilings.push_back(md5);

  // The live context of the kept pass: the planned run, given the read made just before it.
  RunResult planned = file;
  planned.passes.clear();
  planned.keptPass = -1;
  planned.samples.clear();
  planned.pairedReads = {file.pairedReads[1]};
  std::vector<Ceiling> liveCeilings = ceilingsFor(planned, {});
  liveCeilings.push_back(md5);
  const StepContext live = contextFor(planned, liveCeilings);
  REQUIRE(live.limit.read);
  CHECK(live.limit.read->mbps == Approx(420));

  const std::vector<Ceiling> intervals = intervalCeilings(file, ceilings);
  const StepContext during = contextFor(file, intervals);
  REQUIRE(during.limit.read);
  CHECK(during.limit.read->mbps == Approx(420));
  const StepContext whole = contextFor(file, ceilings);
  REQUIRE(whole.limit.read);
  CHECK(whole.limit.read->mbps == Approx(700));  // bounds 700 700 700: the run itself is judged on both reads

  RunResult analysed = file;
  analyse(analysed, ceilings);
  int differs = 0;
  for (const Sample& s : analysed.samples) {
    INFO("sample at " << s.t << " s, " << s.totalMBps << " MB/s");
    CHECK(s.verdict == classifyInterval(s, analysed, live));
    differs += classifyInterval(s, analysed, whole) != s.verdict ? 1 : 0;
    CHECK(s.verdict == Verdict::MemoryBound);
  }
  CHECK(differs > 0);  // the run's whole-step ceiling would have judged them otherwise (CPU-bound)

  // Without a known kept pass (a run from the history), or without paired reads, the ceilings are the run's.
  RunResult unknown = file;
  unknown.keptPass = -1;
  CHECK(intervalCeilings(unknown, ceilings).size() == ceilings.size());
  CHECK(contextFor(unknown, intervalCeilings(unknown, ceilings)).limit.read->mbps == Approx(700));
  RunResult outOfRange = file;
  outOfRange.keptPass = 3;
  CHECK(contextFor(outOfRange, intervalCeilings(outOfRange, ceilings)).limit.read->mbps == Approx(700));
}

TEST_CASE("a read step says what its disk delivered during a hash step, and a limit from there says so", "[analysis][ceiling]")
{
  // The review's /tmp: reading alone 134 MB/s, while the sha256 step made the disk deliver 224 MB/s.
  RunResult read = run(Workload::Read, "", 5, 95, 10);
  const auto pass = [](double seconds) {
    PassResult p;
    p.bytes = kBytes;
    p.seconds = seconds;
    p.ownReadBytes = kBytes;
    return p;
  };
  const PassResult r1 = pass(2.0);
  read.passes = {r1, r1, r1};
  RunResult sha = run(Workload::HashFile, "sha256", 60, 30);
  sha.passes = {pass(2.0), pass(1.2), pass(2.0)};
  sha.ownReadBytes = kBytes;
  RunResult crc = run(Workload::HashFile, "crc32", 20, 70);
  crc.seconds = 1.4;
  const std::vector<RunResult> all{read, sha, crc};

  analyse(read, ceilingsFor(read, all));
  REQUIRE(read.analysis->delivered);
  CHECK(read.analysis->delivered->mbps == Approx(kBytes / 1.2 / 1e6));
  CHECK(read.analysis->delivered->ceiling.step == "sha256 hash-file");
  REQUIRE(read.analysis->limit.read);  // a read step is still judged against read steps only
  CHECK(read.analysis->limit.read->ceiling.source == CeilingSource::ReadPass);
  const Figures rf = figuresOf(read);
  CHECK(rf.deliveredMBps == Approx(kBytes / 1.2 / 1e6));
  CHECK(rf.deliveredStep == "sha256 hash-file");

  analyse(crc, ceilingsFor(crc, all));
  const Figures cf = figuresOf(crc);
  CHECK(cf.limitSource == LimitSource::Delivered);
  CHECK(cf.limitStep == "sha256 hash-file");
  CHECK(cf.limitMBps == Approx(kBytes / 1.2 / 1e6));
  CHECK(cf.mbps <= cf.limitMBps);
  const auto clauses = evidence::clausesOf(crc);
  const auto read_ = std::find_if(clauses.begin(), clauses.end(),
                                  [](const evidence::Clause& c) { return std::holds_alternative<evidence::ReadAlone>(c); });
  REQUIRE(read_ != clauses.end());
  CHECK(std::get<evidence::ReadAlone>(*read_).delivered);

  // A read as fast as the disk ever delivered has nothing to add.
  RunResult quick = read;
  quick.seconds = 1.1;
  for (PassResult& p : quick.passes)
    p.seconds = 1.1;
  quick.analysis.reset();
  analyse(quick, ceilingsFor(quick, {quick, sha}));
  CHECK_FALSE(quick.analysis->delivered);
}
