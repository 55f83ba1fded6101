// Workloads on small files: exact byte counts for every stream count, digests, results filled in.
#include <numeric>

#include "catch.hpp"
#include "engine/workload_internal.hpp"
#include "hashscope/workload.hpp"
#include "test_engine_support.hpp"

using namespace hashscope;
using hashscope::test::TempDir;

namespace {

std::uint64_t sumStreamBytes(const RunResult& r)
{
  return std::accumulate(r.perStream.begin(), r.perStream.end(), std::uint64_t{0},
                         [](std::uint64_t a, const StreamResult& s) { return a + s.bytes; });
}

WorkloadSpec fileSpec(Workload w, const std::filesystem::path& file, int streams, CacheMode cache,
                      std::uint64_t block = 64 * KiB)
{
  WorkloadSpec spec;
  spec.workload = w;
  spec.algorithm = w == Workload::Read ? "" : "sha256";
  spec.target = file;
  spec.streams = streams;
  spec.cache = cache;
  spec.blockSize = block;
  spec.queueDepth = 2;
  return spec;
}

}  // namespace

TEST_CASE("read and hash-file count every byte exactly, whatever the streams and cache mode", "[engine]")
{
  TempDir dir;
  const std::size_t sizes[] = {1, 4095, 4096, 65536 * 3 + 1, 1 * MiB + 12345};
  for (std::size_t size : sizes) {
    const auto file = dir / ("f" + std::to_string(size));
    hashscope::test::writeRandomFile(file, size, size);
    for (Workload w : {Workload::Read, Workload::HashFile}) {
      for (int streams : {1, 2, 3}) {
        for (CacheMode cache : {CacheMode::AsIs, CacheMode::Cold, CacheMode::Warm}) {
          CAPTURE(size, toString(w), streams, toString(cache));
          LiveCounters counters(streams);
          RunResult r = runWorkload(fileSpec(w, file, streams, cache), {}, &counters);
          REQUIRE(r.error == "");
          CHECK_FALSE(r.cancelled);
          CHECK(r.bytes == size);
          CHECK(sumStreamBytes(r) == size);
          CHECK(counters.totalBytes() == size);
          CHECK(counters.expectedBytes() == size);
          CHECK(r.perStream.size() == static_cast<std::size_t>(streams));
          CHECK(r.files == 1);
          CHECK(r.streams == streams);
          CHECK(r.seconds > 0);
          CHECK(r.target == file);
          CHECK(r.location == dir.path());
          CHECK(counters.workerClock(0) != nullptr);
          // A reader thread's clock where the pipelined reader ran (mapped reads have no reader thread; with
          // several streams an empty slice may take the reader while stream 0 maps: "mmap+pipelined").
          if (toString(r.readMethods) == "pipelined")
            CHECK(counters.readerClock(0) != nullptr);
          if (!r.readMethods.has(ReadMethod::Pipelined))
            CHECK(counters.readerClock(0) == nullptr);
          if (cache == CacheMode::Warm)
            CHECK(r.cacheMethod == CacheMethod::Warm);
          if (cache == CacheMode::AsIs)
            CHECK(r.cacheMethod == CacheMethod::AsIs);
          if (cache == CacheMode::Cold)
            CHECK((r.cacheMethod == CacheMethod::Direct || r.cacheMethod == CacheMethod::Evicted || r.cacheMethod == CacheMethod::MemoryBacked));
        }
      }
    }
  }
}

TEST_CASE("hash-file with one stream gives the one-shot digest", "[engine]")
{
  TempDir dir;
  for (std::size_t size : {std::size_t{1}, std::size_t{4097}, std::size_t{3 * MiB + 17}}) {
    const auto file = dir / "data.bin";
    const auto data = hashscope::test::writeRandomFile(file, size, 7);
    for (const char* algo : {"md5", "sha256", "xxh3-64", "crc32"}) {
      for (CacheMode cache : {CacheMode::AsIs, CacheMode::Cold}) {
        CAPTURE(size, algo, toString(cache));
        WorkloadSpec spec = fileSpec(Workload::HashFile, file, 1, cache, 256 * KiB);
        spec.algorithm = algo;
        RunResult r = runWorkload(spec, {});
        REQUIRE(r.error == "");
        CHECK(r.algorithm == algo);
        CHECK(r.digest == hashscope::test::oneShotHex(algo, data.data(), data.size()));
      }
    }
    // Several streams hash separate slices: no whole-file digest to report.
    RunResult two = runWorkload(fileSpec(Workload::HashFile, file, 2, CacheMode::AsIs), {});
    CHECK(two.digest.empty());
  }
}

TEST_CASE("hashFile computes several digests in one pass, zero-length files included", "[engine]")
{
  TempDir dir;
  const std::vector<std::string> algos{"md5", "sha1", "sha512", "crc32", "xxh64"};
  for (std::size_t size : {std::size_t{0}, std::size_t{1}, std::size_t{1 * MiB}, std::size_t{2 * MiB + 3}}) {
    CAPTURE(size);
    const auto file = dir / "h.bin";
    const auto data = hashscope::test::writeRandomFile(file, size, 3);
    LiveCounters counters(1);
    FileDigests d = hashFile(file, algos, {}, &counters, 0, 64 * KiB);
    REQUIRE(d.error == "");
    CHECK(d.size == size);
    CHECK(counters.totalBytes() == size);
    REQUIRE(d.digests.size() == algos.size());
    for (std::size_t i = 0; i < algos.size(); ++i)
      CHECK(toHex(d.digests[i]) == hashscope::test::oneShotHex(algos[i], data.data(), data.size()));
  }
  FileDigests unknown = hashFile(dir / "h.bin", {"md5", "nope"}, {});
  CHECK(unknown.error == "Unknown hash algorithm \"nope\"");
  FileDigests missing = hashFile(dir / "missing", {"md5"}, {});
  CHECK(missing.error == (dir / "missing").string() + ": no such file");
}

TEST_CASE("memory and hash-memory move exactly the requested bytes per stream", "[engine]")
{
  for (Workload w : {Workload::Memory, Workload::HashMemory}) {
    for (int streams : {1, 2, 3}) {
      CAPTURE(toString(w), streams);
      WorkloadSpec spec;
      spec.workload = w;
      spec.algorithm = "md5";
      spec.streams = streams;
      spec.blockSize = 100000;         // does not divide the budget
      spec.bytes = 3 * MiB + 7;        // per stream
      LiveCounters counters(streams);
      RunResult r = runWorkload(spec, {}, &counters);
      REQUIRE(r.error == "");
      CHECK(r.bytes == spec.bytes * static_cast<std::uint64_t>(streams));
      CHECK(counters.totalBytes() == r.bytes);
      REQUIRE(r.perStream.size() == static_cast<std::size_t>(streams));
      for (const auto& s : r.perStream) {
        CHECK(s.bytes == spec.bytes);
        CHECK(s.busySeconds > 0);
        CHECK(s.cpuSeconds >= 0);
      }
      CHECK(r.cacheMethod == CacheMethod::NotApplicable);
      CHECK(r.userSeconds + r.systemSeconds >= 0);
    }
  }
}

TEST_CASE("hash-memory bound by a duration runs about that long", "[engine]")
{
  WorkloadSpec spec;
  spec.workload = Workload::HashMemory;
  spec.algorithm = "crc32";
  spec.seconds = 0.2;
  RunResult r = runWorkload(spec, {});
  REQUIRE(r.error == "");
  CHECK(r.seconds >= 0.2);
  CHECK(r.seconds < 5);
  CHECK(r.bytes > 0);
  CHECK_FALSE(r.cancelled);
}

TEST_CASE("write creates, flushes and removes its own file, byte-exact", "[engine]")
{
  TempDir dir;
  for (int streams : {1, 2, 3}) {
    for (std::uint64_t size : {std::uint64_t{1}, std::uint64_t{5 * MiB + 3}}) {
      CAPTURE(streams, size);
      WorkloadSpec spec;
      spec.workload = Workload::Write;
      spec.target = dir.path();
      spec.streams = streams;
      spec.bytes = size;
      spec.blockSize = 1 * MiB;
      RunResult r = runWorkload(spec, {});
      REQUIRE(r.error == "");
      CHECK(r.bytes == size);
      CHECK(sumStreamBytes(r) == size);
      CHECK(r.files == 1);
      CHECK(r.location == dir.path());
      CHECK(r.target.filename().string().starts_with("hashscope-write-test-"));
      CHECK(dir.entries().empty());
    }
  }
}

TEST_CASE("hash-tree hashes every file once, spread over the streams", "[engine]")
{
  TempDir dir;
  std::filesystem::create_directories(dir / "a/b");
  std::uint64_t total = 0;
  const std::size_t sizes[] = {0, 1, 4096, 100000, 1 * MiB + 5};
  int n = 0;
  for (std::size_t size : sizes) {
    for (const char* sub : {"", "a", "a/b"}) {
      hashscope::test::writeRandomFile(dir.path() / sub / ("f" + std::to_string(n++)), size);
      total += size;
    }
  }
  for (int streams : {1, 2, 3}) {
    for (CacheMode cache : {CacheMode::AsIs, CacheMode::Cold, CacheMode::Warm}) {
      CAPTURE(streams, toString(cache));
      WorkloadSpec spec;
      spec.workload = Workload::HashTree;
      spec.algorithm = "xxh3-64";
      spec.target = dir.path();
      spec.streams = streams;
      spec.cache = cache;
      spec.blockSize = 64 * KiB;
      LiveCounters counters(streams);
      RunResult r = runWorkload(spec, {}, &counters);
      REQUIRE(r.error == "");
      CHECK(r.fileErrors.empty());
      CHECK(r.bytes == total);
      CHECK(r.files == static_cast<std::uint64_t>(n));
      std::uint64_t files = 0;
      for (int i = 0; i < streams; ++i)
        files += counters.files(i);
      CHECK(files == static_cast<std::uint64_t>(n));
      CHECK(counters.expectedBytes() == total);
      if (cache == CacheMode::Cold)
        CHECK((r.cacheMethod == CacheMethod::Direct || r.cacheMethod == CacheMethod::Evicted || r.cacheMethod == CacheMethod::MemoryBacked));
      else
        CHECK(r.cacheMethod == (cache == CacheMode::Warm ? CacheMethod::Warm : CacheMethod::AsIs));
    }
  }
}

TEST_CASE("bad specs are refused with a sentence, not an exception", "[engine]")
{
  WorkloadSpec spec;
  spec.workload = Workload::HashMemory;
  spec.algorithm = "nope";
  CHECK(runWorkload(spec, {}).error == "Unknown hash algorithm \"nope\"");
  spec.algorithm = "md5";
  spec.streams = 0;
  CHECK(runWorkload(spec, {}).error.starts_with("The number of streams must be"));
  spec.streams = 2;
  LiveCounters one(1);
  CHECK(runWorkload(spec, {}, &one).error.starts_with("The live counters were made for 1 streams"));
  spec.streams = 1;
  spec.blockSize = 0;
  CHECK(runWorkload(spec, {}).error.starts_with("The block size must be"));
  spec.blockSize = 4096;
  spec.queueDepth = 0;
  CHECK(runWorkload(spec, {}).error.starts_with("The queue depth must be between 1 and 64"));
  spec.queueDepth = 65;
  CHECK(runWorkload(spec, {}).error.starts_with("The queue depth must be between 1 and 64"));
}

TEST_CASE("memory and hash-memory work on page-aligned buffers, as the file paths' bytes are", "[engine]")
{
  // A hash ceiling measured on a buffer wherever the heap put it (16-byte alignment) differs from one on mapped
  // pages for vector hashes whose loads then split cache lines. Both workloads run here, their buffers handed to
  // them through a function that notes each one: every buffer they worked on is on a page boundary.
  constexpr std::uintptr_t kPage = 4096;
  for (const Workload workload : {Workload::Memory, Workload::HashMemory}) {
    for (const int streams : {1, 2}) {
      CAPTURE(toString(workload), streams);
      WorkloadSpec spec;
      spec.workload = workload;
      spec.algorithm = workload == Workload::HashMemory ? "xxh3-64" : "";
      spec.streams = streams;
      spec.bytes = 3 * MiB + 4096;
      spec.blockSize = 1 * MiB;
      std::vector<std::pair<std::uintptr_t, std::size_t>> taken;
      const engine::WorkBuffers noted = [&](std::size_t size) {
        platform::AlignedBuffer buffer = engine::workBuffer(size);
        taken.emplace_back(reinterpret_cast<std::uintptr_t>(buffer.get()), size);
        return buffer;
      };
      LiveCounters counters(streams);
      RunResult result;
      if (workload == Workload::Memory)
        engine::runMemory(spec, {}, counters, result, noted);
      else
        engine::runHashMemory(spec, {}, counters, result, noted);
      CHECK(result.bytes == spec.bytes * static_cast<std::uint64_t>(streams));
      CHECK_FALSE(result.cancelled);
      // memory: the source and one destination per stream; hash-memory: one buffer per stream.
      REQUIRE(taken.size() == static_cast<std::size_t>(workload == Workload::Memory ? streams + 1 : streams));
      for (const auto& [address, size] : taken) {
        CHECK(address != 0);
        CHECK(address % kPage == 0);
        CHECK(size >= spec.blockSize);
      }
    }
  }
}
