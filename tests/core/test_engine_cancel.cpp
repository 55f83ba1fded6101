// Cancellation: every long workload returns soon after the stop request, marked cancelled, with its
// threads joined and nothing left behind. The stop is requested once the run is under way (its first
// bytes counted), never after a fixed time, and the time it takes to return is only checked against a
// generous correctness bound: the 200 ms goal is measured by tests/bench/stop_latency.sh, which runs the
// hidden "[.bench]" case below many times and reports the median and p99.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <thread>

#include "catch.hpp"
#include "skip.hpp"
#include "hashscope/workload.hpp"
#include "test_engine_support.hpp"

using namespace hashscope;
using hashscope::test::TempDir;

namespace {

struct Timed {
  RunResult result;
  bool underWay = false;    // the run had counted bytes when the stop was requested
  double stopToReturn = 0;  // seconds from request_stop() to runWorkload() returning
};

// Starts `spec`, requests a stop as soon as it has counted its first bytes (the first block read,
// hashed or written) and has run for at least `atLeast`, and times how long the run takes to return
// after that. Tests pass no `atLeast`; the measurement stops runs in full flow, like a user would.
Timed runAndStop(const WorkloadSpec& spec, std::chrono::milliseconds atLeast = std::chrono::milliseconds(0))
{
  std::stop_source source;
  std::chrono::steady_clock::time_point stopAt;
  LiveCounters counters(spec.streams);
  Timed t;
  std::jthread stopper([&] {
    // A long deadline: on a loaded machine (or under TSan) the first cold block may take a while.
    const auto start = std::chrono::steady_clock::now();
    const auto deadline = start + std::chrono::seconds(60);
    auto waiting = [&] {
      const auto now = std::chrono::steady_clock::now();
      return now < deadline && (counters.totalBytes() == 0 || now < start + atLeast);
    };
    while (waiting())
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    t.underWay = counters.totalBytes() > 0;
    stopAt = std::chrono::steady_clock::now();
    source.request_stop();
  });
  t.result = runWorkload(spec, source.get_token(), &counters);
  const auto returned = std::chrono::steady_clock::now();
  stopper.join();
  t.stopToReturn = std::chrono::duration<double>(returned - stopAt).count();
  return t;
}

WorkloadSpec longHashMemory(Workload w, int streams)
{
  WorkloadSpec spec;
  spec.workload = w;
  spec.algorithm = "sha512";
  spec.streams = streams;
  spec.seconds = 30;
  return spec;
}

WorkloadSpec sparseHashFile(const std::filesystem::path& file, CacheMode cache, int streams)
{
  WorkloadSpec spec;
  spec.workload = Workload::HashFile;
  spec.algorithm = "sha512";
  spec.target = file;
  spec.streams = streams;
  spec.cache = cache;
  spec.blockSize = 4 * MiB;
  return spec;
}

WorkloadSpec bigWrite(const TempDir& dir, std::uint64_t size)
{
  WorkloadSpec spec;
  spec.workload = Workload::Write;
  spec.target = dir.path();
  spec.bytes = size;
  return spec;
}

std::filesystem::path makeSparse(const TempDir& dir, const std::string& name, std::uint64_t size)
{
  const auto file = dir / name;
  { std::ofstream create(file, std::ios::binary); }
  std::filesystem::resize_file(file, size);  // holes: no disk space used, reads return zeros
  return file;
}

}  // namespace

TEST_CASE("hash-memory and memory stop soon after a stop request", "[engine][cancel]")
{
  for (Workload w : {Workload::HashMemory, Workload::Memory}) {
    for (int streams : {1, 2}) {
      CAPTURE(toString(w), streams);
      Timed t = runAndStop(longHashMemory(w, streams));
      CHECK(t.underWay);
      CHECK(t.result.cancelled);
      CHECK(t.result.error == "");
      CHECK(t.result.bytes > 0);
      CHECK(t.stopToReturn < hashscope::test::cancelBudgetSeconds());
    }
  }
}

TEST_CASE("hash-file of a huge sparse file stops soon after a stop request", "[engine][cancel]")
{
  TempDir dir;
  const auto file = makeSparse(dir, "sparse.bin", 64 * GiB);
  for (CacheMode cache : {CacheMode::AsIs, CacheMode::Cold}) {
    for (int streams : {1, 2}) {
      CAPTURE(toString(cache), streams);
      Timed t = runAndStop(sparseHashFile(file, cache, streams));
      CHECK(t.underWay);
      CHECK(t.result.cancelled);
      CHECK(t.result.error == "");
      CHECK(t.result.bytes > 0);
      CHECK(t.result.bytes < 64 * GiB);
      CHECK(t.result.digest.empty());
      CHECK(t.stopToReturn < hashscope::test::cancelBudgetSeconds());
    }
  }
}

TEST_CASE("a big write stops soon after a stop request and removes its file", "[engine][cancel]")
{
  TempDir dir;
  const auto space = std::filesystem::space(dir.path());
  const std::uint64_t size = std::min<std::uint64_t>(8 * GiB, space.available / 2);
  if (size < 1 * GiB)
    HASHSCOPE_SKIP("less than 2 GiB free in the temp folder");
  for (int streams : {1, 2}) {
    CAPTURE(streams);
    WorkloadSpec spec;
    spec.workload = Workload::Write;
    spec.target = dir.path();
    spec.bytes = size;
    spec.streams = streams;
    Timed t = runAndStop(spec);
    CHECK(t.underWay);
    CHECK(t.result.cancelled);
    CHECK(t.result.error == "");
    CHECK(t.result.bytes < size);
    CHECK(t.stopToReturn < hashscope::test::cancelBudgetSeconds());
    CHECK(dir.entries().empty());
  }
}

TEST_CASE("a stop requested before the run starts returns at once", "[engine][cancel]")
{
  TempDir dir;
  const auto file = dir / "f.bin";
  hashscope::test::writeRandomFile(file, 1 * MiB);
  std::stop_source source;
  source.request_stop();
  for (Workload w : {Workload::Memory, Workload::HashMemory, Workload::Read, Workload::HashFile,
                     Workload::HashTree, Workload::Write}) {
    CAPTURE(toString(w));
    WorkloadSpec spec;
    spec.workload = w;
    spec.algorithm = "md5";
    spec.target = w == Workload::Write || w == Workload::HashTree ? dir.path() : file;
    spec.bytes = w == Workload::Write ? 64 * MiB : 0;
    spec.seconds = 30;
    const auto t0 = std::chrono::steady_clock::now();
    RunResult r = runWorkload(spec, source.get_token());
    CHECK(hashscope::test::secondsSince(t0) < hashscope::test::cancelBudgetSeconds());
    CHECK(r.cancelled);
    CHECK(r.error == "");
  }
  CHECK(dir.entries() == std::vector<std::string>{"f.bin"});
}

TEST_CASE("hash-tree stops soon after a stop request, mid-file", "[engine][cancel]")
{
  TempDir dir;
  for (int i = 0; i < 3; ++i)
    makeSparse(dir, "sparse" + std::to_string(i) + ".bin", 32 * GiB);
  for (int streams : {1, 2}) {
    CAPTURE(streams);
    WorkloadSpec spec;
    spec.workload = Workload::HashTree;
    spec.algorithm = "sha256";
    spec.target = dir.path();
    spec.streams = streams;
    Timed t = runAndStop(spec);
    CHECK(t.underWay);
    CHECK(t.result.cancelled);
    CHECK(t.result.error == "");
    CHECK(t.result.fileErrors.empty());
    CHECK(t.result.bytes > 0);
    CHECK(t.result.files == 0);
    CHECK(t.stopToReturn < hashscope::test::cancelBudgetSeconds());
  }
}

// The stop-latency goal (200 ms) as a measurement, not a test: hidden from normal runs, run by
// tests/bench/stop_latency.sh. Prints one "stop_ms <case> <milliseconds>" line per stop.
TEST_CASE("stop latency measurement", "[.bench][stop_latency]")
{
  const char* env = std::getenv("HASHSCOPE_BENCH_RUNS");
  const int runs = std::max(1, env ? std::atoi(env) : 5);
  TempDir dir;
  const auto file = makeSparse(dir, "sparse.bin", 64 * GiB);
  struct Case {
    const char* name;
    WorkloadSpec spec;
  };
  const Case cases[] = {
      {"hash-memory", longHashMemory(Workload::HashMemory, 2)},
      {"hash-file-cold", sparseHashFile(file, CacheMode::Cold, 2)},
      {"hash-file-as-is", sparseHashFile(file, CacheMode::AsIs, 1)},
      {"write", bigWrite(dir, 4 * GiB)},
  };
  for (int run = 0; run < runs; ++run) {
    for (const Case& c : cases) {
      const Timed t = runAndStop(c.spec, std::chrono::milliseconds(300));
      REQUIRE(t.result.cancelled);
      std::printf("stop_ms %s %.1f\n", c.name, t.stopToReturn * 1000);
      std::fflush(stdout);
    }
  }
}
