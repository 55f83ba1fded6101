// Cancellation: every long workload returns within 200 ms of the stop request, marked cancelled, with its
// threads joined and nothing left behind.
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
  double stopToReturn = 0;  // seconds from request_stop() to runWorkload() returning
};

// Starts `spec`, requests a stop after `delay`, and times how long the run takes to notice.
Timed runAndStop(const WorkloadSpec& spec, std::chrono::milliseconds delay)
{
  std::stop_source source;
  std::chrono::steady_clock::time_point stopAt;
  std::jthread stopper([&] {
    std::this_thread::sleep_for(delay);  // test-only: a fixed point in the middle of the run
    stopAt = std::chrono::steady_clock::now();
    source.request_stop();
  });
  LiveCounters counters(spec.streams);
  Timed t;
  t.result = runWorkload(spec, source.get_token(), &counters);
  const auto returned = std::chrono::steady_clock::now();
  stopper.join();
  t.stopToReturn = std::chrono::duration<double>(returned - stopAt).count();
  return t;
}

}  // namespace

TEST_CASE("hash-memory and memory stop within 200 ms", "[engine][cancel]")
{
  for (Workload w : {Workload::HashMemory, Workload::Memory}) {
    for (int streams : {1, 2}) {
      CAPTURE(toString(w), streams);
      WorkloadSpec spec;
      spec.workload = w;
      spec.algorithm = "sha512";
      spec.streams = streams;
      spec.seconds = 30;
      Timed t = runAndStop(spec, std::chrono::milliseconds(300));
      CHECK(t.result.cancelled);
      CHECK(t.result.error == "");
      if (w == Workload::HashMemory)
        CHECK(t.result.bytes > 0);  // memory may still be setting up its 32 MiB buffers on a busy machine
      CHECK(t.stopToReturn < hashscope::test::cancelBudgetSeconds());
    }
  }
}

TEST_CASE("hash-file of a huge sparse file stops within 200 ms", "[engine][cancel]")
{
  TempDir dir;
  const auto file = dir / "sparse.bin";
  { std::ofstream create(file, std::ios::binary); }
  std::filesystem::resize_file(file, 64 * GiB);  // holes: no disk space used, reads return zeros
  for (CacheMode cache : {CacheMode::AsIs, CacheMode::Cold}) {
    for (int streams : {1, 2}) {
      CAPTURE(toString(cache), streams);
      WorkloadSpec spec;
      spec.workload = Workload::HashFile;
      spec.algorithm = "sha512";
      spec.target = file;
      spec.streams = streams;
      spec.cache = cache;
      spec.blockSize = 4 * MiB;
      Timed t = runAndStop(spec, std::chrono::milliseconds(300));
      CHECK(t.result.cancelled);
      CHECK(t.result.error == "");
      CHECK(t.result.bytes > 0);
      CHECK(t.result.bytes < 64 * GiB);
      CHECK(t.result.digest.empty());
      CHECK(t.stopToReturn < hashscope::test::cancelBudgetSeconds());
    }
  }
}

TEST_CASE("a big write stops within 200 ms and removes its file", "[engine][cancel]")
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
    Timed t = runAndStop(spec, std::chrono::milliseconds(400));
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

TEST_CASE("hash-tree stops within 200 ms, mid-file", "[engine][cancel]")
{
  TempDir dir;
  for (int i = 0; i < 3; ++i) {
    const auto file = dir / ("sparse" + std::to_string(i) + ".bin");
    { std::ofstream create(file, std::ios::binary); }
    std::filesystem::resize_file(file, 32 * GiB);
  }
  for (int streams : {1, 2}) {
    CAPTURE(streams);
    WorkloadSpec spec;
    spec.workload = Workload::HashTree;
    spec.algorithm = "sha256";
    spec.target = dir.path();
    spec.streams = streams;
    Timed t = runAndStop(spec, std::chrono::milliseconds(300));
    CHECK(t.result.cancelled);
    CHECK(t.result.error == "");
    CHECK(t.result.fileErrors.empty());
    CHECK(t.result.bytes > 0);
    CHECK(t.result.files == 0);
    CHECK(t.stopToReturn < hashscope::test::cancelBudgetSeconds());
  }
}
