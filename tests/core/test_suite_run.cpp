// runSuite() end to end on tiny samples here: every step sampled and analysed, peer digests checked, a bad
// location reported without stopping the others, cancellation mid-way, and only our own samples removed.
#include "catch.hpp"
#include "skip.hpp"
#include "machine.hpp"
#include "test_engine_support.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <map>
#include <mutex>
#include <unistd.h>

#include "hashscope/peer.hpp"
#include "hashscope/samples.hpp"
#include "hashscope/suite.hpp"

using namespace hashscope;
namespace fs = std::filesystem;
using hashscope::test::TempDir;

namespace {

}  // namespace

TEST_CASE("runSuite runs every planned step, analysed and sampled, and removes the samples it created",
          "[suite][integration]")
{
  if (const std::string why = hashscope::test::whyNoTmpfsShm(); !why.empty())
    HASHSCOPE_SKIP(why);
  TempDir ram("/dev/shm");
  TempDir disk(fs::temp_directory_path());
  // Where the temp folder is a tmpfs (Fedora, Arch), its warm run is memory-backed, not a disk's page cache.
  const bool diskInRam = hashscope::test::whyNotInRam(disk.path()).empty();
  if (diskInRam)
    HASHSCOPE_SKIP_PART("the temp folder is a tmpfs here: served-from-cache on a disk not checked");
  if (findPeerTools("md5").empty() && findPeerTools("xxh3-64").empty())
    HASHSCOPE_SKIP_PART("no peer tool for md5 or xxh3-64 on PATH: no peer digests checked");
  SuiteSpec spec;
  spec.locations = {ram.path(), "/nonexistent/hashscope-suite-test", disk.path()};
  spec.algorithms = {"md5", "xxh3-64"};
  spec.sampleSize = 8 * MiB;
  spec.warm = true;
  spec.ramp = true;
  spec.maxStreams = 2;
  spec.peers = true;
  spec.hashMemorySeconds = 0.1;
  spec.removeSamplesAfter = true;

  std::atomic<int> started{0}, finished{0}, samples{0}, progress{0};
  std::mutex mutex;
  std::vector<std::string> messages;
  SuiteObserver observer;
  observer.sampleProgress = [&](const fs::path&, const SampleProgress&) { ++progress; };
  observer.stepStarted = [&](const SuiteStep&, int) { ++started; };
  std::atomic<int> classified{0};
  observer.sample = [&](const SuiteStep&, const Sample& s) {
    ++samples;
    if (s.verdict != Verdict::Unknown)
      ++classified;  // live verdicts: each interval classified as it arrives
  };
  observer.stepFinished = [&](const SuiteStep&, const RunResult&) { ++finished; };
  observer.message = [&](const std::string& m) {
    std::lock_guard lock(mutex);
    messages.push_back(m);
  };

  const auto plan = planSuite(spec);
  const SuiteResult result = runSuite(spec, observer, {});
  CHECK_FALSE(result.cancelled);
  CHECK(result.seconds > 0);
  // The missing location is reported and skipped; the other two ran in full.
  REQUIRE(result.errors.size() == 1);
  CHECK(result.errors[0].text.find("/nonexistent/hashscope-suite-test") != std::string::npos);
  CHECK(result.errors[0].location == "/nonexistent/hashscope-suite-test");  // named by identity, not by text
  const std::size_t perLocation = plan.size() / 3;
  REQUIRE(result.results.size() == 2 * perLocation);
  CHECK(started == static_cast<int>(result.results.size()));
  CHECK(finished == static_cast<int>(result.results.size()));
  CHECK(samples > 0);
  CHECK(classified > 0);
  CHECK(progress > 0);

  for (const RunResult& r : result.results) {
    INFO(toString(r.workload) << " " << r.algorithm << " " << r.tool << " in " << r.location << ": " << r.error);
    CHECK(r.ok());
    REQUIRE(r.analysis);
    // No verdict exactly when the reason says why there is none.
    const VerdictReason why = r.analysis->reason;
    CHECK((r.analysis->verdict == Verdict::Unknown) ==
          (why == VerdictReason::RunFailed || why == VerdictReason::RunCancelled || why == VerdictReason::TooShort ||
           why == VerdictReason::NoCounters));
    CHECK(r.storage.path == r.location);
    CHECK_FALSE(r.samples.empty());  // the sampler takes a final sample even for the shortest run
    if (r.workload != Workload::HashMemory)
      CHECK(r.bytes == 8 * MiB);
    if (r.location == ram.path() && r.workload != Workload::HashMemory)
      CHECK(r.analysis->memoryBacked);
    // A cold hash-file from RAM reads beside its passes (one before each, one after the last), and those reads are
    // its read ceiling; nothing else does.
    const bool pairs = r.workload == Workload::HashFile && r.location == ram.path() && r.cache != CacheMode::Warm;
    if (pairs) {
      CHECK(r.pairedReads.size() == r.passes.size() + 1);
      for (const PassResult& p : r.pairedReads)
        CHECK(p.bytes == 8 * MiB);
      REQUIRE(r.analysis->limit.read);
      CHECK(r.analysis->limit.read->ceiling.source == CeilingSource::PairedRead);
      CHECK(r.analysis->limit.read->ceiling.streams == std::max(1, r.streams));
    } else {
      CHECK(r.pairedReads.empty());
    }
    if (r.workload == Workload::PeerTool) {
      REQUIRE(r.digestMatches.has_value());
      CHECK(*r.digestMatches);
    }
    if (r.workload == Workload::HashFile && r.cache == CacheMode::Warm && r.location == disk.path()) {
      if (diskInRam)
        CHECK(r.analysis->memoryBacked);
      else
        CHECK(r.analysis->servedFromCache);
    }
  }
  // Every sample this suite created is gone, and nothing else was left behind.
  CHECK(ram.entries().empty());
  CHECK(disk.entries().empty());
}

TEST_CASE("runSuite's live interval verdicts on a RAM-backed location are the final ones", "[suite][integration]")
{
  // On tmpfs the location's two ceilings (read, hash-memory: measured before the hash-file steps) decide a
  // hash-file's verdict; its live sample verdicts must follow the same rule, not the thread accounting alone.
  if (const std::string why = hashscope::test::whyNoTmpfsShm(); !why.empty())
    HASHSCOPE_SKIP(why);
  TempDir ram("/dev/shm");
  SuiteSpec spec;
  spec.locations = {ram.path()};
  spec.algorithms = {"xxh3-64", "md5"};  // far faster and far slower than copying out of tmpfs
  spec.sampleSize = 256 * MiB;            // md5 takes a good part of a second: many intervals
  spec.hashMemorySeconds = 0.2;
  spec.sampleHz = 50;
  spec.removeSamplesAfter = true;

  std::mutex mutex;
  std::map<int, std::vector<Verdict>> live;  // per step index, in arrival order
  SuiteObserver observer;
  observer.sample = [&](const SuiteStep& step, const Sample& s) {
    std::lock_guard lock(mutex);
    live[step.index].push_back(s.verdict);
  };
  const auto plan = planSuite(spec);
  const SuiteResult result = runSuite(spec, observer, {});
  REQUIRE(result.errors.empty());
  REQUIRE(result.results.size() == plan.size());  // one location, one pass: result i is step i

  int hashFiles = 0, judged = 0;
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const RunResult& r = result.results[i];
    INFO(plan[i].title);
    REQUIRE(r.ok());
    REQUIRE(r.analysis);
    const std::vector<Verdict>& seen = live[static_cast<int>(i)];
    if (plan[i].passes > 1) {  // a read step's three passes each sent theirs; the result keeps its median pass's
      CHECK(seen.size() >= r.samples.size());
      continue;
    }
    REQUIRE(seen.size() == r.samples.size());  // every sample went out live, once
    for (std::size_t k = 0; k < seen.size(); ++k) {
      INFO("sample " << k << " at " << r.samples[k].t << " s");
      CHECK(seen[k] == r.samples[k].verdict);
    }
    if (r.workload == Workload::HashFile) {
      ++hashFiles;
      CHECK(r.analysis->memoryBacked);
      CHECK(r.analysis->limit.hash);  // the hash ceiling was measured before the step
      for (Verdict v : seen)
        judged += v != Verdict::Unknown ? 1 : 0;
    }
  }
  CHECK(hashFiles == 2);
  CHECK(judged > 0);  // the comparison covered real verdicts, not only empty intervals
}

TEST_CASE("runSuite keeps samples it did not create, and runs a location listed twice twice", "[suite][integration]")
{
  TempDir folder(fs::temp_directory_path());
  const SampleResult existing = createSample(folder.path(), 4 * MiB, SampleContent::Random, {});
  REQUIRE(existing.ok());
  SuiteSpec spec;
  spec.locations = {folder.path(), folder.path()};  // listed twice: each pass runs its own steps
  spec.algorithms = {"crc32"};
  spec.sampleSize = 4 * MiB;
  spec.hashMemorySeconds = 0.05;
  spec.removeSamplesAfter = true;
  spec.passes = 2;
  const SuiteResult result = runSuite(spec, {}, {});
  CHECK(result.errors.empty());
  REQUIRE(result.results.size() == 6);
  for (const RunResult& r : result.results) {
    // Every pass kept (a read takes 3 at least: it is a ceiling); the result is the (lower) median pass.
    const std::size_t passes = r.workload == Workload::Read ? 3 : 2;
    REQUIRE(r.passes.size() == passes);
    std::vector<double> speeds;
    for (const PassResult& p : r.passes)
      speeds.push_back(p.mbPerSec());
    std::sort(speeds.begin(), speeds.end());
    CHECK(r.mbPerSec() == Approx(speeds[(passes - 1) / 2]));
  }
  CHECK(result.results[0].workload == Workload::Read);
  CHECK(result.results[3].workload == Workload::Read);
  CHECK(fs::exists(existing.file.path));
}

TEST_CASE("runSuite stops mid-way at once and leaves no sample it created", "[suite][integration]")
{
  TempDir folder(fs::temp_directory_path());
  SuiteSpec spec;
  spec.locations = {folder.path()};
  spec.algorithms = {"sha256", "md5"};
  spec.sampleSize = 64 * MiB;
  spec.hashMemorySeconds = 5;  // long enough to be stopped in the middle of it
  spec.sampleHz = 20;

  std::stop_source stop;
  std::mutex mutex;
  std::chrono::steady_clock::time_point requested{};
  SuiteObserver observer;
  observer.sample = [&](const SuiteStep& step, const Sample& s) {
    if (step.spec.workload == Workload::HashMemory && s.t > 0.2) {
      std::lock_guard lock(mutex);
      if (!stop.stop_requested()) {
        requested = std::chrono::steady_clock::now();
        stop.request_stop();
      }
    }
  };
  const SuiteResult result = runSuite(spec, observer, stop.get_token());
  const auto returned = std::chrono::steady_clock::now();
  REQUIRE(stop.stop_requested());
  const double latency = std::chrono::duration<double>(returned - requested).count();
  WARN("runSuite returned " << latency * 1000 << " ms after the stop request");
  CHECK(latency < hashscope::test::cancelBudgetSeconds());  // a hang bound: the 200 ms goal is in tests/bench
  CHECK(result.cancelled);
  REQUIRE_FALSE(result.results.empty());
  CHECK(result.results.back().cancelled);
  CHECK(result.results.size() == 2);  // the read, then the hash-memory that was stopped
  CHECK(folder.entries().empty());              // the sample it created is gone, and no partial file remains
}

TEST_CASE("runSuite stopped once its sample is written, before it is renamed, still removes it",
          "[suite][integration]")
{
  // The sample's last progress report comes after its last byte is flushed and before its rename: a stop
  // there used to leave a complete sample behind (the run broke out before noting it had created it).
  TempDir folder(fs::temp_directory_path());
  SuiteSpec spec;
  spec.locations = {folder.path()};
  spec.algorithms = {"md5"};
  spec.workloads = {Workload::Read};
  spec.sampleSize = 8 * MiB;
  spec.sampleHz = 0;
  std::stop_source stop;
  SuiteObserver observer;
  observer.sampleProgress = [&](const fs::path&, const SampleProgress& p) {
    if (p.bytesWritten == p.totalBytes)
      stop.request_stop();
  };
  const SuiteResult result = runSuite(spec, observer, stop.get_token());
  REQUIRE(stop.stop_requested());
  CHECK(result.cancelled);
  CHECK(result.results.empty());
  CHECK(folder.entries().empty());  // neither the sample nor its partial file
}

TEST_CASE("waiting for a quiet machine ends at once when stopped", "[suite]")
{
  std::stop_source stop;
  stop.request_stop();
  const auto start = std::chrono::steady_clock::now();
  const QuietWaitResult wait = waitForQuietMachine(0.0, 30.0, stop.get_token());  // 0 cores: never quiet
  const double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(wait.otherCores >= 0);
  CHECK(waited < 5.0);  // a generous bound: without the stop token it would wait the full 30 s
}
