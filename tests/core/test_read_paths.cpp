// Read paths (issue 19): every way a range's bytes reach the hashers gives the same digest; the read workload
// honours mapped reads by touching every byte; results say how the data was read, at which queue depth and
// with how many hashing threads.
#include <unistd.h>

#include <cstring>

#include "catch.hpp"
#include "machine.hpp"
#include "skip.hpp"
#include "engine/read_range.hpp"
#include "hashscope/suite.hpp"
#include "hashscope/workload.hpp"
#include "platform/file_io.hpp"
#include "test_engine_support.hpp"

using namespace hashscope;
using hashscope::test::TempDir;

namespace {

WorkloadSpec spec(Workload w, const std::filesystem::path& target, ReadPath path, const char* algorithm = "")
{
  WorkloadSpec s;
  s.workload = w;
  s.target = target;
  s.readPath = path;
  s.algorithm = algorithm;
  s.cache = CacheMode::AsIs;
  s.blockSize = 256 * KiB;
  return s;
}

struct ThreadsReset {
  ~ThreadsReset() { setThreadsPerStream(0); }
};

}  // namespace

TEST_CASE("every read path gives the same digest, one read, mapped, pipelined or to the end", "[engine][readpath]")
{
  HASHSCOPE_SKIP_WITHOUT_MAPPING();
  const hashscope::test::MappingCostsAs mapping(true);  // Auto maps where mapping pays
  TempDir dir;
  const std::uint64_t block = 64 * KiB;
  for (std::uint64_t size : {std::uint64_t{1}, block - 1, block, block + 1, 3 * MiB + 4097}) {
    const auto file = dir / ("f" + std::to_string(size));
    const auto data = hashscope::test::writeRandomFile(file, size, size);
    for (const char* algo : {"md5", "xxh3-64", "sha256", "crc32"}) {
      const std::string expected = hashscope::test::oneShotHex(algo, data.data(), data.size());
      struct Way {
        ReadPath path;
        bool smallInline;
        std::uint64_t length;
        ReadMethod method;
      };
      const bool small = size <= block;
      const Way ways[] = {
          {ReadPath::Auto, true, size, small ? ReadMethod::Read : ReadMethod::Mapped},
          {ReadPath::Copy, true, size, small ? ReadMethod::Read : ReadMethod::Pipelined},
          {ReadPath::Copy, false, size, ReadMethod::Pipelined},
          {ReadPath::Mapped, true, size, ReadMethod::Mapped},
          {ReadPath::Auto, true, engine::kToEndOfFile, ReadMethod::Read},
      };
      for (const Way& way : ways) {
        CAPTURE(size, algo, toString(way.path), way.smallInline, way.length == engine::kToEndOfFile);
        std::string error;
        platform::InputFile input = platform::InputFile::open(file, platform::ReadMode::Cached, error);
        REQUIRE(input.isOpen());
        engine::ReadPlan plan;
        plan.path = way.path;
        plan.blockSize = block;
        plan.smallInline = way.smallInline;
        LiveCounters counters(1);
        engine::StreamReads reads({}, counters, 0);
        auto hasher = makeHasher(algo);
        Hasher* const list[] = {hasher.get()};
        StreamResult result;
        REQUIRE(engine::consumeRange(input, 0, way.length, list, plan, reads, result, error));
        CHECK(error == "");
        CHECK(toHex(hasher->finish()) == expected);
        CHECK(result.bytes == size);
        CHECK(counters.totalBytes() == size);
        CHECK(reads.lastMethod() == way.method);
      }
    }
  }
}

TEST_CASE("the read workload reads mapped pages when asked, touching every byte", "[engine][readpath]")
{
  HASHSCOPE_SKIP_WITHOUT_MAPPING();
  TempDir dir;
  const auto file = dir / "m.bin";
  const std::uint64_t size = 5 * MiB + 123;
  hashscope::test::writeRandomFile(file, size, 1);
  for (int streams : {1, 2, 3}) {
    CAPTURE(streams);
    WorkloadSpec s = spec(Workload::Read, file, ReadPath::Mapped);
    s.streams = streams;
    LiveCounters counters(streams);
    const RunResult r = runWorkload(s, {}, &counters);
    REQUIRE(r.error == "");
    CHECK(toString(r.readMethods) == "mmap");
    CHECK(r.readPath == ReadPath::Mapped);
    CHECK(r.bytes == size);
    CHECK(counters.totalBytes() == size);
    CHECK(r.hashThreads == 0);
    CHECK(counters.readerClock(0) == nullptr);  // no reader thread: the stream's own thread touches the pages
    double busy = 0;
    for (const StreamResult& stream : r.perStream)
      busy += stream.busySeconds;
    CHECK(busy > 0);  // the touching is the work
  }
  // Copy reads it with copies through the reader, and so does Auto where hashing maps; where it does not, Auto
  // copies on the stream's own thread, as the fast hashes do there.
  for (const bool mappingPays : {true, false}) {
    CAPTURE(mappingPays);
    const hashscope::test::MappingCostsAs costs(mappingPays);
    for (ReadPath path : {ReadPath::Copy, ReadPath::Auto}) {
      const RunResult r = runWorkload(spec(Workload::Read, file, path), {});
      REQUIRE(r.error == "");
      CHECK(toString(r.readMethods) == (path == ReadPath::Auto && !mappingPays ? "read" : "pipelined"));
      CHECK(r.bytes == size);
    }
  }
}

TEST_CASE("hash-file and hash-tree follow the read path asked for, with unchanged digests", "[engine][readpath]")
{
  HASHSCOPE_SKIP_WITHOUT_MAPPING();
  const hashscope::test::MappingCostsAs mapping(true);  // Auto maps where mapping pays
  TempDir dir;
  const auto file = dir / "h.bin";
  const auto data = hashscope::test::writeRandomFile(file, 2 * MiB + 7, 2);
  const std::string expected = hashscope::test::oneShotHex("md5", data.data(), data.size());
  const std::pair<ReadPath, const char*> paths[] = {
      {ReadPath::Auto, "mmap"}, {ReadPath::Copy, "pipelined"}, {ReadPath::Mapped, "mmap"}};
  for (const auto& [path, method] : paths) {
    CAPTURE(toString(path));
    const RunResult r = runWorkload(spec(Workload::HashFile, file, path, "md5"), {});
    REQUIRE(r.error == "");
    CHECK(toString(r.readMethods) == method);
    CHECK(r.digest == expected);
    CHECK(r.hashThreads == 1);
  }
  // A tree: small files are read with one read() on every path but Mapped, big ones as the path says.
  std::filesystem::create_directories(dir / "t/sub");
  hashscope::test::writeRandomFile(dir / "t/small", 1000, 3);
  hashscope::test::writeRandomFile(dir / "t/sub/big", 1 * MiB, 4);
  const std::pair<ReadPath, const char*> treePaths[] = {
      {ReadPath::Auto, "read+mmap"}, {ReadPath::Copy, "read+pipelined"}, {ReadPath::Mapped, "mmap"}};
  for (const auto& [path, method] : treePaths) {
    CAPTURE(toString(path));
    const RunResult r = runWorkload(spec(Workload::HashTree, dir / "t", path, "xxh3-64"), {});
    REQUIRE(r.error == "");
    CHECK(r.files == 2);
    CHECK(r.bytes == 1000 + 1 * MiB);
    CHECK(toString(r.readMethods) == method);
  }
}

TEST_CASE("a network or FUSE file is read with copies, never mapped, where a local one would be mapped",
          "[engine][readpath]")
{
  // WorkloadSpec::remote (the suite sets it for a network or FUSE location) becomes ReadPlan::remote: Auto
  // then copies through the reader, so the wait for the server shows as waiting. On a machine where mapping
  // pays, the same warm file is mapped when it is local: the rule, not the costs, keeps it from mapping.
  HASHSCOPE_SKIP_WITHOUT_MAPPING();
  const hashscope::test::MappingCostsAs mapping(true);
  TempDir dir;
  const auto file = dir / "r.bin";
  const auto data = hashscope::test::writeRandomFile(file, 3 * MiB + 7, 9);
  for (const char* algorithm : {"md5", "xxh3-64"}) {
    for (const bool remote : {false, true}) {
      CAPTURE(algorithm, remote);
      WorkloadSpec s = spec(Workload::HashFile, file, ReadPath::Auto, algorithm);
      s.cache = CacheMode::Warm;
      s.remote = remote;
      const RunResult r = runWorkload(s, {});
      REQUIRE(r.error == "");
      CHECK(toString(r.readMethods) == (remote ? "pipelined" : "mmap"));
      CHECK(r.digest == hashscope::test::oneShotHex(algorithm, data.data(), data.size()));
    }
  }
}

TEST_CASE("results record the queue depth of direct reads and the hashing threads per stream", "[engine][readpath]")
{
  TempDir dir(std::filesystem::path("/var/tmp"));
  const auto file = dir / "q.bin";
  const std::uint64_t size = 4 * MiB + 4096;
  hashscope::test::writeRandomFile(file, size, 5);
  // Where /var/tmp is on a disk that takes O_DIRECT, cold reads go direct and record their depth; elsewhere (a
  // tmpfs, a filesystem that refuses O_DIRECT) they go through the cache and record none, and the direct
  // depth goes unchecked: a visible partial skip.
  const std::string noDirect = hashscope::test::whyNoDirectReadDisk("/var/tmp");  // its reason names no temp folder
  if (!noDirect.empty())
    HASHSCOPE_SKIP_PART("the queue depth of direct reads is not checked: " << noDirect);
  for (int depth : {1, 3, 32}) {
    CAPTURE(depth);
    WorkloadSpec s = spec(Workload::Read, file, ReadPath::Auto);
    s.cache = CacheMode::Cold;
    s.queueDepth = depth;
    const RunResult r = runWorkload(s, {});
    REQUIRE(r.error == "");
    CHECK(r.bytes == size);
    CHECK(toString(r.readMethods) == "pipelined");
    if (noDirect.empty()) {
      CHECK(r.cacheMethod == CacheMethod::Direct);
      CHECK(r.queueDepth == depth);  // direct reads keep `depth` reads in flight
    } else {
#if defined(__linux__)  // elsewhere the probe does not look (Windows and macOS read cold files uncached too)
      CHECK(r.cacheMethod != CacheMethod::Direct);
      CHECK(r.queueDepth == 0);      // evicted or RAM-backed reads go through the cache: the kernel queues
#endif
    }
  }
  // Cached and mapped reads queue nothing of their own.
  const RunResult cached = runWorkload(spec(Workload::HashFile, file, ReadPath::Auto, "sha1"), {});
  REQUIRE(cached.error == "");
  CHECK(cached.queueDepth == 0);
  CHECK(cached.hashThreads == 1);
  // BLAKE3's tree hashes one stream on several threads: the result says how many.
  ThreadsReset reset;
  setThreadsPerStream(2);
  const RunResult tree = runWorkload(spec(Workload::HashFile, file, ReadPath::Auto, "blake3"), {});
  REQUIRE(tree.error == "");
  CHECK(tree.hashThreads == 2);
  setThreadsPerStream(1);
  WorkloadSpec memory = spec(Workload::HashMemory, {}, ReadPath::Auto, "blake3");
  memory.bytes = 1 * MiB;
  CHECK(runWorkload(memory, {}).hashThreads == 1);
}

TEST_CASE("a cold read of a disk cannot be mapped: the spec is refused with a sentence", "[engine][readpath]")
{
  HASHSCOPE_SKIP_WITHOUT_MAPPING();
  TempDir dir(std::filesystem::path("/var/tmp"));
  const auto file = dir / "c.bin";
  hashscope::test::writeRandomFile(file, 1 * MiB, 6);
  WorkloadSpec s = spec(Workload::HashFile, file, ReadPath::Mapped, "md5");
  s.cache = CacheMode::Cold;
  const RunResult r = runWorkload(s, {});
  if (platform::isMemoryBacked(dir.path())) {  // /var/tmp in RAM: nothing to be cold about, mapping is fine
    CHECK(r.error == "");
    CHECK(toString(r.readMethods) == "mmap");
  } else {
    CHECK(r.error == "Mapped reads come from the page cache, so a cold read of " + file.string() +
                         " cannot be mapped: read it with copies, or warm");
  }
  s.cache = CacheMode::Warm;  // warm is fine
  const RunResult warm = runWorkload(s, {});
  REQUIRE(warm.error == "");
  CHECK(toString(warm.readMethods) == "mmap");
}

TEST_CASE("the read workload's fold reads every byte", "[engine][readpath]")
{
  // foldBytes against a plain byte-by-byte model of the same fold, at every alignment and tail length.
  auto model = [](const std::byte* p, std::size_t n) {
    std::uint64_t lane[8] = {};
    std::size_t at = 0;
    for (; at + 64 <= n; at += 64)
      for (int k = 0; k < 8; ++k) {
        std::uint64_t w = 0;
        std::memcpy(&w, p + at + 8 * k, 8);
        lane[k] ^= w;
      }
    std::uint64_t fold = 0;
    for (std::uint64_t v : lane)
      fold ^= v;
    for (; at < n; ++at)
      fold = (fold << 8 | fold >> 56) ^ static_cast<std::uint64_t>(p[at]);
    return fold;
  };
  const auto data = hashscope::test::randomBytes(4096 + 64, 9);
  const auto* bytes = reinterpret_cast<const std::byte*>(data.data());
  for (std::size_t offset : {0, 1, 7, 8, 63})
    for (std::size_t n : {0, 1, 63, 64, 65, 127, 1000, 4096}) {
      CAPTURE(offset, n);
      CHECK(engine::foldBytes(bytes + offset, n) == model(bytes + offset, n));
    }
  // Every byte counts: changing any one changes the fold.
  std::vector<std::uint8_t> copy(data.begin(), data.begin() + 1000);
  const std::uint64_t before = engine::foldBytes(reinterpret_cast<const std::byte*>(copy.data()), copy.size());
  for (std::size_t i : {0, 63, 64, 500, 959, 960, 999}) {
    copy[i] ^= 0x10;
    CHECK(engine::foldBytes(reinterpret_cast<const std::byte*>(copy.data()), copy.size()) != before);
    copy[i] ^= 0x10;
  }
}

// Before a step runs, its planned result carries the engine's read decision (plannedReadMethods, the same
// chooseReadMethod consumeRange uses): the live analysis reads it instead of deriving it.
TEST_CASE("a planned step records the read methods the engine will choose", "[engine][readpath]")
{
  StorageInfo ram;
  ram.kind = MediaKind::Ram;
  StorageInfo disk;
  disk.kind = MediaKind::Ssd;
  WorkloadSpec s = spec(Workload::HashFile, "/x/f", ReadPath::Mapped, "md5");
  CHECK(toString(plannedRun(s, "/x", disk).readMethods) == "mmap");  // asked for (a cold disk is refused at run)
  s.readPath = ReadPath::Copy;
  CHECK(toString(plannedRun(s, "/x", ram).readMethods) == "pipelined");
  s.readPath = ReadPath::Auto;
  s.cache = CacheMode::Cold;
  CHECK(toString(plannedRun(s, "/x", disk).readMethods) == "pipelined");  // cold: the pipelined reader's copies
  const bool maps = engine::autoMapsCached(1u, 1);
  CHECK(toString(plannedRun(s, "/x", ram).readMethods) == (maps ? "mmap" : "read+pipelined"));
  s.cache = CacheMode::Warm;
  CHECK(toString(plannedRun(s, "/x", disk).readMethods) == (maps ? "mmap" : "read+pipelined"));
  s.streams = 2;  // several streams of one process never map
  CHECK(toString(plannedRun(s, "/x", ram).readMethods) == "read+pipelined");
  s.streams = 1;
  s.workload = Workload::Read;  // the read workload maps only when asked
  CHECK_FALSE(plannedRun(s, "/x", ram).readMethods.has(ReadMethod::Mapped));
  StorageInfo nas;
  nas.kind = MediaKind::Network;
  s.workload = Workload::HashFile;
  CHECK(toString(plannedRun(s, "/x", nas).readMethods) == "pipelined");  // remote: copies by the reader
  s.workload = Workload::HashMemory;
  CHECK(plannedRun(s, "/x", ram).readMethods.empty());  // reads no file
}
