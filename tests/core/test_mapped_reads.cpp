// Mapped-window reads (issue 12): same digests as the pipelined reader around window boundaries, bounded
// windows at any offset, and a file truncated while mapped gives an error instead of a SIGBUS crash.
#include <unistd.h>

#include <cctype>
#include <cmath>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <thread>

#include "catch.hpp"
#include "engine/workload_internal.hpp"
#include "hashscope/workload.hpp"
#include "platform/mapped_file.hpp"
#include "test_engine_support.hpp"

using namespace hashscope;
using hashscope::test::TempDir;

namespace {

// Hashes what it is given, like the engine's consumer; stops (returns false) after `stopAfter` pieces when set;
// runs `before` once, before the first piece at or past byte `beforeAt` of the range is hashed.
class Collect final : public platform::MappedConsumer {
public:
  explicit Collect(Hasher& hasher, std::uint64_t stopAfter = 0) : m_hasher(hasher), m_stopAfter(stopAfter) {}
  Collect(Hasher& hasher, std::uint64_t beforeAt, std::function<void()> before)
      : m_hasher(hasher), m_stopAfter(0), m_beforeAt(beforeAt), m_before(std::move(before))
  {
  }
  bool consume(const std::byte* data, std::size_t size) override
  {
    if (m_stopAfter && m_pieces == m_stopAfter)
      return false;
    if (m_before && m_bytes >= m_beforeAt) {
      m_before();
      m_before = nullptr;
    }
    m_hasher.update(data, size);
    m_bytes += size;
    ++m_pieces;
    return true;
  }
  std::uint64_t m_bytes = 0, m_pieces = 0;

private:
  Hasher& m_hasher;
  std::uint64_t m_stopAfter;
  std::uint64_t m_beforeAt = 0;
  std::function<void()> m_before;
};

constexpr std::uint64_t kWindow = 16 * MiB;       // read_methods.cpp's window
constexpr std::uint64_t kSplitWindow = 32 * MiB;  // and the BLAKE3 tree's, its largest subtree

// The test's own seams: a hasher (xxh3-64 underneath) and a consumer that run `action` once, when `at` bytes
// have gone through them (inside the read, as a file truncated by another process would be met).
class TriggerHasher final : public Hasher {
public:
  TriggerHasher(std::uint64_t at, std::function<void()> action)
      : m_inner(makeHasher("xxh3-64")), m_at(at), m_action(std::move(action))
  {
  }
  void update(const void* data, std::size_t size) override
  {
    m_inner->update(data, size);
    m_seen += size;
    if (!m_fired && m_seen >= m_at) {
      m_fired = true;
      m_action();
    }
  }
  Digest finish() override { return m_inner->finish(); }
  void reset() override { m_inner->reset(); }
  const AlgorithmInfo& info() const override { return m_inner->info(); }
  std::uint64_t m_seen = 0;
  bool m_fired = false;

private:
  std::unique_ptr<Hasher> m_inner;
  std::uint64_t m_at;
  std::function<void()> m_action;
};

// One stream's consumeRange of [0, size) of a file by `path`, with what it counted.
struct OneRange {
  explicit OneRange(ReadPath path) { plan.path = path; }
  bool run(platform::InputFile& input, std::uint64_t size, std::span<Hasher* const> hashers)
  {
    return engine::consumeRange(input, 0, size, hashers, plan, reads, result, error);
  }
  engine::ReadPlan plan;
  LiveCounters counters{1};
  engine::StreamReads reads{{}, counters, 0};
  StreamResult result;
  std::string error;
};

void truncateTo(const std::filesystem::path& file, std::uint64_t size)
{
  std::error_code error;
  std::filesystem::resize_file(file, size, error);
  REQUIRE_FALSE(error);
}

// Mapped windows of this process's files: lines of /proc/self/maps naming `file` (0 where there is no
// /proc/self/maps: macOS, where readMapped has no helper and unmaps every window itself).
int mappingsOf(const std::filesystem::path& file)
{
#ifndef __linux__
  (void)file;
  return 0;
#endif
  FILE* maps = std::fopen("/proc/self/maps", "r");
  REQUIRE(maps);
  int count = 0;
  char line[4096];
  while (std::fgets(line, sizeof line, maps))
    count += std::string(line).find(file.string()) != std::string::npos ? 1 : 0;
  std::fclose(maps);
  return count;
}

// The digest of `file` read through the pipelined reader (the path cold reads take), or else as consumeRange reads
// it for one stream on ReadPath::Auto (mapped where mapping pays), with the method it took.
std::string readHex(const std::filesystem::path& file, const char* algo, bool pipelined,
                    ReadMethod* method = nullptr)
{
  std::string error;
  platform::InputFile input = platform::InputFile::open(file, platform::ReadMode::Cached, error);
  REQUIRE(input.isOpen());
  auto hasher = makeHasher(algo);
  Hasher* const list[] = {hasher.get()};
  LiveCounters counters(1);
  StreamResult result;
  if (pipelined) {
    PipelinedReader reader(1 * MiB, 3, {}, &counters, 0);
    REQUIRE(reader.ok());
    reader.start(input, 0, input.size(), false);
    REQUIRE(engine::consumeJob(reader, list, counters, 0, result, error));
  } else {
    engine::StreamReads reads({}, counters, 0);
    REQUIRE(engine::consumeRange(input, 0, input.size(), list, engine::ReadPlan{}, reads, result, error));
    if (method)
      *method = reads.lastMethod();
  }
  CHECK(result.bytes == input.size());
  return toHex(hasher->finish());
}

std::string pipelinedHex(const std::filesystem::path& file, const char* algo)
{
  return readHex(file, algo, true);
}

}  // namespace

TEST_CASE("every algorithm reads cached files through mapped windows with the pipelined reader's digests",
          "[engine][mapped]")
{
  HASHSCOPE_SKIP_WITHOUT_MAPPING();
  const hashscope::test::MappingCostsAs mapping(true);  // Auto maps where mapping pays
  TempDir dir;
  const std::uint64_t sizes[] = {1 * MiB + 1, kWindow - 1, kWindow, kWindow + 1, 2 * kWindow + 4097, 3 * kWindow};
  std::uint64_t seed = 3;
  for (std::uint64_t size : sizes) {
    INFO("size " << size);
    const auto file = dir / ("f" + std::to_string(size));
    const auto data = hashscope::test::writeRandomFile(file, size, seed++);
    for (const char* algo : {"xxh3-64", "crc32", "cksum", "md5", "sha256"}) {
      INFO(algo);
      const std::string piped = pipelinedHex(file, algo);
      CHECK(piped == hashscope::test::oneShotHex(algo, data.data(), data.size()));
      // hash and check (FileHasher), one job or several: files below 64 MiB are read with read() on each job's
      // thread (no probe, no window helper, no mapping to contend for); bigger ones below.
      for (int jobs : {1, 2}) {
        INFO("jobs " << jobs);
        FileHasher hasher({algo}, {}, nullptr, -1, 1 * MiB, jobs);
        const FileDigests read = hasher.hash(file);
        REQUIRE(read.error == "");
        CHECK(std::string(hasher.lastReadMethod()) == "read");
        CHECK(toHex(read.digests[0]) == piped);
        CHECK(read.size == size);
      }
      // The same range mapped (what FileHasher does with a file of 64 MiB or more), with the window helper.
      ReadMethod method = ReadMethod::Read;
      CHECK(readHex(file, algo, false, &method) == piped);
      CHECK(method == ReadMethod::Mapped);
    }
    // Several digests in one pass.
    FileHasher both({"md5", "xxh3-64"}, {});
    const FileDigests d = both.hash(file);
    REQUIRE(d.error == "");
    CHECK(std::string(both.lastReadMethod()) == "read");
    CHECK(toHex(d.digests[0]) == hashscope::test::oneShotHex("md5", data.data(), data.size()));
    CHECK(toHex(d.digests[1]) == hashscope::test::oneShotHex("xxh3-64", data.data(), data.size()));
  }
}

TEST_CASE("hash and check map a cached file of 64 MiB or more, and copy a smaller one on the hashing thread",
          "[engine][mapped]")
{
  HASHSCOPE_SKIP_WITHOUT_MAPPING();
  const hashscope::test::MappingCostsAs mapping(true);  // Auto maps where mapping pays
  TempDir dir;
  for (const std::uint64_t size : {64 * MiB - 1, 64 * MiB}) {
    INFO("size " << size);
    // Mostly zeros, with bytes at both ends and across the first window's edge.
    const auto file = dir / ("m" + std::to_string(size));
    std::vector<std::uint8_t> data(static_cast<std::size_t>(size), 0);
    for (const std::uint64_t at : {std::uint64_t{0}, kWindow - 3, size - 100})
      for (std::uint64_t i = 0; i < 100; ++i)
        data[static_cast<std::size_t>(at + i)] = static_cast<std::uint8_t>(i * 37 + 1);
    hashscope::test::writeBytes(file, data);
    FileHasher hasher({"xxh3-64", "md5"}, {});
    const FileDigests d = hasher.hash(file);
    REQUIRE(d.error == "");
    CHECK(std::string(hasher.lastReadMethod()) == (size < 64 * MiB ? "read" : "mmap"));
    CHECK(toHex(d.digests[0]) == hashscope::test::oneShotHex("xxh3-64", data.data(), data.size()));
    CHECK(toHex(d.digests[1]) == hashscope::test::oneShotHex("md5", data.data(), data.size()));
    CHECK(d.size == size);
  }
}

TEST_CASE("BLAKE3 hashes cached files mapped on one thread, and on all with each thread reading its own parts",
          "[engine][mapped][blake3]")
{
  HASHSCOPE_SKIP_WITHOUT_MAPPING();
  const hashscope::test::MappingCostsAs mapping(true);  // Auto maps where mapping pays
  struct ThreadsReset {
    ~ThreadsReset() { setThreadsPerStream(0); }
  } reset;
  TempDir dir;
  std::uint64_t seed = 30;
  for (std::uint64_t size :
       {1 * MiB + 1, kWindow - 1, kWindow + 1, kSplitWindow - 1, kSplitWindow + 4097, 2 * kSplitWindow + 1}) {
    INFO("size " << size);
    const auto file = dir / ("b" + std::to_string(size));
    const auto data = hashscope::test::writeRandomFile(file, size, seed++);
    setThreadsPerStream(1);
    const std::string reference = hashscope::test::oneShotHex("blake3", data.data(), data.size());
    for (unsigned threads : {1u, 2u}) {  // 2: the tree hasher, whose threads read() their own parts
      INFO("threads " << threads);
      setThreadsPerStream(threads);
      FileHasher hasher({"blake3"}, {});
      const FileDigests d = hasher.hash(file);
      REQUIRE(d.error == "");
      // Mapped on one thread from 64 MiB up (below, copied); the tree's threads read their own parts.
      CHECK(std::string(hasher.lastReadMethod()) == (threads == 1 && size >= 64 * MiB ? "mmap" : "read"));
      CHECK(toHex(d.digests[0]) == reference);
    }
    // Mapped when asked for: the tree's threads hash the window's pieces in place.
    std::string error;
    platform::InputFile input = platform::InputFile::open(file, platform::ReadMode::Cached, error);
    REQUIRE(input.isOpen());
    for (ReadPath path : {ReadPath::Mapped, ReadPath::Copy}) {
      INFO("read path " << static_cast<int>(path));
      auto tree = makeHasher("blake3");
      REQUIRE(tree->fetchesPieces());
      OneRange range(path);
      Hasher* const list[] = {tree.get()};
      CHECK(range.run(input, size, list));
      CHECK(range.error == "");
      CHECK(range.reads.lastMethod() ==
            (path == ReadPath::Mapped ? ReadMethod::Mapped : ReadMethod::Read));
      CHECK(range.result.bytes == size);
      CHECK(range.counters.bytes(0) == size);
      CHECK(toHex(tree->finish()) == reference);
    }
  }
}

TEST_CASE("a file truncated while BLAKE3's threads read it gives an error on every path, not a crash",
          "[engine][mapped][blake3]")
{
  HASHSCOPE_SKIP_WITHOUT_MAPPING();
  struct ThreadsReset {
    ~ThreadsReset() { setThreadsPerStream(0); }
  } reset;
  setThreadsPerStream(4);  // more threads than this machine may have cores: the pool's threads meet the end too
  TempDir dir;
  const auto file = dir / "shrinks.bin";
  const std::string shorter = file.string() + " got shorter while it was being read";
  const std::uint64_t size = kSplitWindow + 8 * MiB;
  for (ReadPath path : {ReadPath::Mapped, ReadPath::Auto}) {
    INFO("read path " << static_cast<int>(path));
    hashscope::test::writeRandomFile(file, size, 41);
    std::string error;
    platform::InputFile input = platform::InputFile::open(file, platform::ReadMode::Cached, error);
    REQUIRE(input.isOpen());
    auto tree = makeHasher("blake3");
    REQUIRE(tree->fetchesPieces());
    OneRange range(path);
    if (path == ReadPath::Mapped) {
      // The trigger is handed each 32 MiB window before the tree and cuts the file to 1 MiB: the tree's threads
      // then hash pieces of a window whose pages are gone past the first MiB (SIGBUS, caught on each thread).
      TriggerHasher trigger(1, [&] { truncateTo(file, 1 * MiB); });
      Hasher* const list[] = {&trigger, tree.get()};
      CHECK_FALSE(range.run(input, size, list));
      CHECK(trigger.m_fired);
      CHECK(range.reads.lastMethod() == ReadMethod::Mapped);
    } else {
      // Read by the tree's threads (read() into their own buffers): a short read is the error.
      truncateTo(file, 5 * MiB);
      Hasher* const list[] = {tree.get()};
      CHECK_FALSE(range.run(input, size, list));
      CHECK(range.reads.lastMethod() == ReadMethod::Read);
    }
    CHECK(range.error == shorter);
    CHECK(range.result.bytes == 0);
    CHECK(mappingsOf(file) == 0);
  }
}

TEST_CASE("mapped reads of a range start and end anywhere, window by window", "[engine][mapped]")
{
  HASHSCOPE_SKIP_WITHOUT_MAPPING();
  TempDir dir;
  const auto file = dir / "range.bin";
  const auto data = hashscope::test::writeRandomFile(file, 2 * kWindow + 12345, 9);
  std::string error;
  platform::InputFile input = platform::InputFile::open(file, platform::ReadMode::Cached, error);
  REQUIRE(input.isOpen());
  const std::uint64_t ranges[][2] = {{0, 1}, {4097, kWindow}, {kWindow - 3, 7}, {12345, 2 * kWindow}, {0, 0}};
  for (const auto& r : ranges) {
    INFO("offset " << r[0] << " length " << r[1]);
    auto hasher = makeHasher("xxh3-64");
    Collect collect(*hasher);
    bool stopped = true;
    // Small windows and odd pieces: many boundaries inside the range.
    CHECK(platform::readMapped(input, r[0], r[1], 1 * MiB, 100000, collect, stopped) == "");
    CHECK_FALSE(stopped);
    CHECK(collect.m_bytes == r[1]);
    CHECK(toHex(hasher->finish()) == hashscope::test::oneShotHex("xxh3-64", data.data() + r[0], r[1]));
  }
}

TEST_CASE("a file truncated while it is mapped gives an error, not a crash", "[engine][mapped]")
{
  HASHSCOPE_SKIP_WITHOUT_MAPPING();
  TempDir dir;
  const auto file = dir / "shrinks.bin";
  const std::string shorter = file.string() + " got shorter while it was being read";
  // Writes `size` bytes, then hashes them through consumeRange (mapped) with the trigger; the error it gives.
  auto run = [&](std::uint64_t size, int threads, TriggerHasher& hasher, bool truncateFirst = false) {
    hashscope::test::writeRandomFile(file, size, size + static_cast<std::uint64_t>(threads));
    std::string error;
    platform::InputFile input = platform::InputFile::open(file, platform::ReadMode::Cached, error);
    REQUIRE(input.isOpen());
    if (truncateFirst)
      truncateTo(file, 0);
    OneRange range(ReadPath::Mapped);
    range.plan.threads = threads;
    Hasher* const list[] = {&hasher};
    CHECK_FALSE(range.run(input, size, list));
    CHECK(range.reads.lastMethod() == ReadMethod::Mapped);
    CHECK(range.result.bytes == hasher.m_seen);
    CHECK(mappingsOf(file) == 0);
    return range.error;
  };
  // With the window helper (one stream, a spare core) and without (the streams fill the cores).
  for (int threads : {1, 1024}) {
    INFO("streams " << threads);
    {
      INFO("shrinks inside the window being hashed: the fault (SIGBUS) becomes an error");
      TriggerHasher hasher(kWindow + 1, [&] { truncateTo(file, kWindow + kWindow / 2); });
      CHECK(run(2 * kWindow + 100, threads, hasher) == shorter);
      CHECK(hasher.m_fired);
      CHECK(hasher.m_seen <= kWindow + kWindow / 2);
    }
    {
      INFO("shrinks between windows: seen before the next window is mapped");
      TriggerHasher hasher(kWindow + 1, [&] { truncateTo(file, 2 * kWindow); });  // window 1 stays whole
      CHECK(run(3 * kWindow, threads, hasher) == shorter);
      CHECK(hasher.m_seen == 2 * kWindow);
    }
    {
      INFO("shrank to nothing after it was opened, before any window was read");
      TriggerHasher hasher(1, [] {});
      CHECK(run(kWindow / 2, threads, hasher, true) == shorter);
      CHECK(hasher.m_seen == 0);
    }
  }
}

TEST_CASE("a file that shrinks while it is read with copies gives the same error", "[engine][mapped]")
{
  TempDir dir;
  const auto file = dir / "shrinks.bin";
  const std::string shorter = file.string() + " got shorter while it was being read";
  for (std::uint64_t block : {1 * MiB, 8 * MiB}) {  // through the pipelined reader; in one read() on this thread
    INFO("block " << block);
    hashscope::test::writeRandomFile(file, 6 * MiB, 12);
    std::string error;
    platform::InputFile input = platform::InputFile::open(file, platform::ReadMode::Cached, error);
    engine::ReadPlan plan;
    plan.path = ReadPath::Copy;
    plan.blockSize = block;
    LiveCounters counters(1);
    engine::StreamReads reads({}, counters, 0);
    TriggerHasher hasher(1, [&] { truncateTo(file, 3 * MiB); });
    Hasher* const list[] = {&hasher};
    StreamResult result;
    // A one-read range is read before it is hashed: the file shrinks before the range, as the trigger runs after
    // the read. Shrink it first then, so that both paths meet a short file.
    if (block >= 6 * MiB)
      truncateTo(file, 3 * MiB);
    CHECK_FALSE(engine::consumeRange(input, 0, 6 * MiB, list, plan, reads, result, error));
    CHECK(error == shorter);
    CHECK(reads.lastMethod() == (block >= 6 * MiB ? ReadMethod::Read : ReadMethod::Pipelined));
  }
}

TEST_CASE("results say which read method ran", "[engine][mapped]")
{
  HASHSCOPE_SKIP_WITHOUT_MAPPING();
  const hashscope::test::MappingCostsAs mapping(true);  // Auto maps where mapping pays
  TempDir dir;
  const auto file = dir / "m.bin";
  const auto data = hashscope::test::writeRandomFile(file, 3 * MiB + 5, 11);
  WorkloadSpec spec;
  spec.workload = Workload::HashFile;
  spec.target = file;
  spec.cache = CacheMode::Warm;
  spec.algorithm = "xxh3-64";
  RunResult r = runWorkload(spec, {});
  REQUIRE(r.error == "");
  CHECK(toString(r.readMethods) == "mmap");
  CHECK(r.digest == hashscope::test::oneShotHex("xxh3-64", data.data(), data.size()));
  spec.algorithm = "sha256";  // every algorithm, not only the fast ones
  r = runWorkload(spec, {});
  REQUIRE(r.error == "");
  CHECK(toString(r.readMethods) == "mmap");
  CHECK(r.digest == hashscope::test::oneShotHex("sha256", data.data(), data.size()));
  // Several streams of one process never map (they would share the address space's lock and TLB): md5 costs
  // more than a copy, so each stream copies on a reader thread where a core is spare for it, else on its own.
  spec.streams = 2;
  spec.algorithm = "md5";
  r = runWorkload(spec, {});
  REQUIRE(r.error == "");
  CHECK(toString(r.readMethods) == (engine::mappedHelperFits(1u, 2) ? "pipelined" : "read"));
  CHECK(r.bytes == data.size());
  spec.streams = 1;
  spec.algorithm = "xxh3-64";
  spec.cache = CacheMode::Cold;  // cold reads never map: they go direct (or are evicted) through the reader
  r = runWorkload(spec, {});
  REQUIRE(r.error == "");
  if (r.cacheMethod != hashscope::CacheMethod::MemoryBacked)
    CHECK(toString(r.readMethods) == "pipelined");
  spec.workload = Workload::Read;  // reading measures the copy: never mapped
  spec.algorithm = "";
  spec.cache = CacheMode::Warm;
  r = runWorkload(spec, {});
  REQUIRE(r.error == "");
  CHECK(toString(r.readMethods) == "pipelined");
}

TEST_CASE("mapping is chosen only where this machine measured it cheaper than copies", "[engine][mapped]")
{
  using platform::MappingCosts;
  using platform::mappingPays;
  // Measured machines (CPU seconds per GiB): an ordinary VM, and a PVM guest (shadow paging: every first touch
  // of a mapped page traps, populated or not).
  const MappingCosts ordinary{true, 0.15, 0.15, 0.02};
  const MappingCosts shadowPaging{true, 0.26, 0.98, 0.50};
  CHECK(mappingPays(ordinary, true));
  CHECK(mappingPays(ordinary, false));
  CHECK_FALSE(mappingPays(shadowPaging, true));
  CHECK_FALSE(mappingPays(shadowPaging, false));
  // The limits: with the helper, touching populated pages at most half a copy; without, faults at most 1.5.
  CHECK(mappingPays(MappingCosts{true, 0.2, 1.0, 0.1}, true));
  CHECK_FALSE(mappingPays(MappingCosts{true, 0.2, 0.1, 0.11}, true));
  CHECK(mappingPays(MappingCosts{true, 0.2, 0.3, 1.0}, false));
  CHECK_FALSE(mappingPays(MappingCosts{true, 0.2, 0.31, 0.0}, false));
  // Not measured (Windows, a failed probe): mapped, as before there was a probe.
  CHECK(mappingPays(MappingCosts{}, true));
  CHECK(mappingPays(MappingCosts{}, false));

  // What this machine measured is the shipped library's (core/src/platform/mapping_costs.cpp): tested in
  // tests/platform/test_mapping_costs.cpp, where the library's own definition is linked, not this binary's.
}

TEST_CASE("copied on the hashing thread or by a reader beside it: inline where the reader has no core or hashing "
          "costs no more than copying", "[engine][mapped]")
{
  const double copy = 0.26;  // s/GiB
  CHECK(engine::copiesInline(0.05, copy, true));   // xxh3-64, crc32: a block hashes faster than it copies
  CHECK(engine::copiesInline(copy, copy, true));
  CHECK_FALSE(engine::copiesInline(1.4, copy, true));  // md5: the reader's copy overlaps the hashing
  CHECK(engine::copiesInline(1.4, copy, false));       // no core for a reader: it would take the hasher's
  CHECK_FALSE(engine::copiesInline(0.05, 0, true));    // copies not measured: as before, the pipelined reader
  CHECK(engine::copiesInline(0.05, 0, false));

  const double md5Cost = engine::hashCost("md5");
  CHECK(md5Cost > 0.3);  // no machine hashes md5 faster than 3.5 GB/s on one core
  CHECK(engine::hashCost("md5") == md5Cost);  // measured once
  // Each algorithm its own figure (not which is cheaper: a sanitizer build's xxHash, compiled in without
  // optimisation, cost 0.52 s/GiB against OpenSSL's md5 at 1.45).
  const double xxh3Cost = engine::hashCost("xxh3-64");
  CHECK(xxh3Cost > 0);
  CHECK(xxh3Cost != md5Cost);
}

TEST_CASE("the hash cost probe measures a thread clock that steps in milliseconds, as Windows' does",
          "[engine][mapped]")
{
  // Fake clocks: a round of hashing takes 1 ms, each look at the monotonic clock 1 us.
  double wall = 0;
  const auto round = [&] { wall += 0.001; };
  const auto wallSeconds = [&] { return wall += 1e-6; };
  const double perGiB = 0.001 / (1 << 20) * 1073741824.0;  // 1 ms per MiB: 1.024 s/GiB

  SECTION("a thread clock that steps by 10 ms (GetThreadTimes under wine) is not used: the probe is not 0") {
    const auto coarse = [&] { return std::floor(wall / 0.010) * 0.010; };
    const double cost = engine::measureHashCost(round, 1 << 20, {coarse, wallSeconds});
    CHECK(cost == Approx(perGiB).epsilon(0.01));
  }
  SECTION("a thread clock that steps by 15.6 ms (GetThreadTimes on Windows) is not used either") {
    const auto coarse = [&] { return std::floor(wall / 0.015625) * 0.015625; };
    CHECK(engine::measureHashCost(round, 1 << 20, {coarse, wallSeconds}) == Approx(perGiB).epsilon(0.01));
  }
  SECTION("a fine thread clock is used: a thread that ran half of the time costs half") {
    const auto fine = [&] { return wall / 2; };
    CHECK(engine::measureHashCost(round, 1 << 20, {fine, wallSeconds}) == Approx(perGiB / 2).epsilon(0.01));
  }
  SECTION("this machine's clocks: every algorithm costs something") {
    CHECK(engine::hashCost("crc32") > 0);
    CHECK(engine::hashCost("sha256") > 0);
  }
}

TEST_CASE("where mapping costs more than copies, cached files are read with copies, with the same digests",
          "[engine][mapped]")
{
  HASHSCOPE_SKIP_WITHOUT_MAPPING();
  TempDir dir;
  const auto file = dir / "c.bin";
  const auto data = hashscope::test::writeRandomFile(file, 3 * MiB + 5, 12);
  // Whether a stream's reader has a core of its own beside the hashing threads: each of `streams` streams
  // and its reader on a core (on 2 cores, one stream has one, two streams have none).
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  const auto readerCore = [&](int streams) {
    return platform::mappingHelperSupported() && 2 * static_cast<unsigned>(streams) <= cores;
  };
  // Mapping never pays with these costs. The copy costs are pinned at two extremes, so that which way a file is
  // read does not hang on what hashing costs on this machine (measured, and many times more under sanitizers):
  // copies dearer than any hash (each block copied on the hashing thread, which then hashes it while it is in
  // the cache), and copies cheaper than any hash (copied beside the hashing, by a reader where it has a core).
  struct Pinned {
    const char* what;
    platform::MappingCosts costs;
    bool copiesDearer;
  };
  const Pinned pinned[] = {{"copies cost 1000 CPU s/GiB", {true, 1000.0, 3000.0, 1000.0}, true},
                           {"copies cost 1 CPU us/GiB", {true, 1e-6, 1e-5, 1e-5}, false}};
  for (const Pinned& p : pinned) {
    INFO(p.what);
    const hashscope::test::MappingCostsAs mapping(p.costs);
    REQUIRE_FALSE(platform::mappingPays(p.costs, true));
    REQUIRE_FALSE(platform::mappingPays(p.costs, false));
    const auto expected = [&](int streams) {
      return p.copiesDearer || !readerCore(streams) ? std::string("read") : std::string("pipelined");
    };
    WorkloadSpec spec;
    spec.workload = Workload::HashFile;
    spec.target = file;
    spec.cache = CacheMode::Warm;
    const std::pair<int, const char*> cases[] = {{1, "md5"}, {1, "xxh3-64"}, {2, "md5"}};
    for (const auto& [streams, algorithm] : cases) {
      CAPTURE(streams, algorithm);
      spec.streams = streams;
      spec.algorithm = algorithm;
      const RunResult r = runWorkload(spec, {});
      REQUIRE(r.error == "");
      CHECK(toString(r.readMethods) == expected(streams));
      CHECK(r.bytes == data.size());
      if (streams == 1)
        CHECK(r.digest == hashscope::test::oneShotHex(algorithm, data.data(), data.size()));
    }
    // hash and check read a file below 64 MiB on the hashing thread, whatever mapping costs.
    FileHasher hasher({"md5"}, {});
    const FileDigests d = hasher.hash(file);
    REQUIRE(d.error == "");
    CHECK(std::string(hasher.lastReadMethod()) == "read");
    CHECK(toHex(d.digests[0]) == hashscope::test::oneShotHex("md5", data.data(), data.size()));
    // The read workload measures the copy the fast hashes get: on the hashing thread where hashing does not map
    // (nothing to hash: the copy is all), through the pipelined reader where it maps (below).
    spec.workload = Workload::Read;
    spec.algorithm.clear();
    spec.streams = 1;
    const RunResult read = runWorkload(spec, {});
    REQUIRE(read.error == "");
    CHECK(toString(read.readMethods) == "read");
    CHECK(read.bytes == data.size());
  }
  const hashscope::test::MappingCostsAs dear(false);
  WorkloadSpec spec;
  spec.workload = Workload::Read;
  spec.target = file;
  spec.cache = CacheMode::Warm;
  {
    const hashscope::test::MappingCostsAs pays(true);
    const RunResult piped = runWorkload(spec, {});
    REQUIRE(piped.error == "");
    CHECK(toString(piped.readMethods) == "pipelined");
  }
  spec.workload = Workload::HashFile;
  spec.readPath = ReadPath::Mapped;  // asked for, mapping is still done
  spec.algorithm = "md5";
  const RunResult asked = runWorkload(spec, {});
  REQUIRE(asked.error == "");
  CHECK(toString(asked.readMethods) == "mmap");
}

// The window helper: a helper thread populates the next window and unmaps the consumed ones. Where the
// platform has none (mappingHelperSupported() false) `helped` is ignored and the same checks hold.

TEST_CASE("the window helper reads the same bytes as the reader alone, at any offset", "[engine][mapped]")
{
  HASHSCOPE_SKIP_WITHOUT_MAPPING();
  TempDir dir;
  const auto file = dir / "range.bin";
  const std::uint64_t window = 1 * MiB;
  const auto data = hashscope::test::writeRandomFile(file, 5 * window + 12345, 21);
  std::string error;
  platform::InputFile input = platform::InputFile::open(file, platform::ReadMode::Cached, error);
  REQUIRE(input.isOpen());
  const std::uint64_t ranges[][2] = {{0, data.size()}, {4097, 2 * window}, {window - 3, window + 7},
                                     {12345, 4 * window}, {0, window}, {0, window + 1}, {7, 1}};
  for (const auto& r : ranges) {
    for (bool helped : {false, true}) {
      INFO("offset " << r[0] << " length " << r[1] << " helped " << helped);
      auto hasher = makeHasher("md5");
      Collect collect(*hasher);
      bool stopped = true, cannotMap = true;
      CHECK(platform::readMapped(input, r[0], r[1], window, 100000, collect, stopped, helped, &cannotMap) == "");
      CHECK_FALSE(stopped);
      CHECK_FALSE(cannotMap);
      CHECK(collect.m_bytes == r[1]);
      CHECK(toHex(hasher->finish()) == hashscope::test::oneShotHex("md5", data.data() + r[0], r[1]));
    }
  }
  CHECK(mappingsOf(file) == 0);  // every window the helper prepared or was given is unmapped
}

// The resident pages of this process's mappings of `file`, in bytes (the Rss lines of /proc/self/smaps).
std::uint64_t residentOf(const std::filesystem::path& file)
{
  std::ifstream smaps("/proc/self/smaps");
  std::uint64_t total = 0;
  bool ours = false;
  for (std::string line; std::getline(smaps, line);) {
    if (!line.empty() && std::isxdigit(static_cast<unsigned char>(line[0])) && line.find('-') < line.find(' '))
      ours = line.find(file.string()) != std::string::npos;  // a mapping's first line: its range and file
    else if (ours && line.rfind("Rss:", 0) == 0)
      total += std::stoull(line.substr(4)) * 1024;  // "Rss:   1234 kB"
  }
  return total;
}

TEST_CASE("the window helper keeps at most three windows of the file resident, and reads all of it",
          "[engine][mapped]")
{
  HASHSCOPE_SKIP_WITHOUT_MAPPING();
#ifndef __linux__
  HASHSCOPE_SKIP("no /proc/self/smaps here");
#endif
  if (!platform::mappingHelperSupported())
    HASHSCOPE_SKIP("no window helper on this platform");
  TempDir dir;
  const auto file = dir / "resident.bin";
  const std::uint64_t window = 1 * MiB;
  const auto data = hashscope::test::writeRandomFile(file, 12 * window + 4321, 25);
  std::string error;
  platform::InputFile input = platform::InputFile::open(file, platform::ReadMode::Cached, error);
  REQUIRE(input.isOpen());
  // Pauses at each window's first piece so the helper gets as far ahead as it will, then looks.
  class Watch final : public platform::MappedConsumer {
  public:
    Watch(Hasher& hasher, std::filesystem::path file) : m_hasher(hasher), m_file(std::move(file)) {}
    bool consume(const std::byte* data, std::size_t size) override
    {
      if (m_bytes % (1 * MiB) == 0) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        m_most = std::max(m_most, residentOf(m_file));
      }
      m_hasher.update(data, size);
      m_bytes += size;
      return true;
    }
    std::uint64_t m_bytes = 0, m_most = 0;

  private:
    Hasher& m_hasher;
    std::filesystem::path m_file;
  };
  auto hasher = makeHasher("md5");
  Watch watch(*hasher, file);
  bool stopped = true;
  CHECK(platform::readMapped(input, 0, data.size(), window, 256 * 1024, watch, stopped, true) == "");
  CHECK_FALSE(stopped);
  CHECK(watch.m_bytes == data.size());
  CHECK(toHex(hasher->finish()) == hashscope::test::oneShotHex("md5", data.data(), data.size()));
  CHECK(watch.m_most > window);           // the helper populated ahead of the reader (the next window)
  CHECK(watch.m_most <= 3 * window + 64 * 1024);  // this window, the next and the last one (fault-around: 16 pages)
  CHECK(mappingsOf(file) == 0);
}

TEST_CASE("a file truncated under the window helper gives an error, not a crash", "[engine][mapped]")
{
  HASHSCOPE_SKIP_WITHOUT_MAPPING();
  TempDir dir;
  const auto file = dir / "shrinks.bin";
  const std::string name = file.string();
  const std::uint64_t window = 1 * MiB;
  struct Case {
    std::uint64_t size, at, to;
  };
  // Inside the window being hashed (the next one populated already), between windows, to nothing.
  for (const Case& c : {Case{4 * window + 100, 1, window + window / 2}, Case{4 * window, 1, 2 * window},
                        Case{3 * window, 0, 0}, Case{3 * window, 2, 2 * window + 4096}}) {
    INFO("size " << c.size << " truncated at window " << c.at << " to " << c.to);
    hashscope::test::writeRandomFile(file, c.size, 22);
    std::string error;
    platform::InputFile input = platform::InputFile::open(file, platform::ReadMode::Cached, error);
    REQUIRE(input.isOpen());
    auto hasher = makeHasher("xxh3-64");
    Collect collect(*hasher, c.at * window, [&] { truncateTo(file, c.to); });
    bool stopped = false;
    CHECK(platform::readMapped(input, 0, c.size, window, 100000, collect, stopped, true) ==
          name + " got shorter while it was being read");
    CHECK_FALSE(stopped);
    CHECK(collect.m_bytes <= c.to);
    CHECK(mappingsOf(file) == 0);
  }
}

TEST_CASE("a stop ends a helped mapped read with every window unmapped", "[engine][mapped]")
{
  HASHSCOPE_SKIP_WITHOUT_MAPPING();
  const hashscope::test::MappingCostsAs mapping(true);  // Auto maps where mapping pays
  TempDir dir;
  const auto file = dir / "stop.bin";
  hashscope::test::writeRandomFile(file, 6 * MiB + 3, 23);
  std::string error;
  platform::InputFile input = platform::InputFile::open(file, platform::ReadMode::Cached, error);
  REQUIRE(input.isOpen());
  for (std::uint64_t stopAfter : {1u, 3u, 5u}) {
    INFO("stop after piece " << stopAfter);
    auto hasher = makeHasher("sha1");
    Collect collect(*hasher, stopAfter);
    bool stopped = false;
    CHECK(platform::readMapped(input, 0, input.size(), 2 * MiB, 1 * MiB, collect, stopped, true) == "");
    CHECK(stopped);
    CHECK(collect.m_pieces == stopAfter);
    CHECK(mappingsOf(file) == 0);
  }
  SECTION("a stop requested between windows ends the read with nothing left mapped; FileHasher says cancelled")
  {
    const auto big = dir / "big.bin";
    hashscope::test::writeRandomFile(big, 40 * MiB, 24);
    std::stop_source stop;
    platform::InputFile bigFile = platform::InputFile::open(big, platform::ReadMode::Cached, error);
    LiveCounters counters(1);
    engine::StreamReads reads(stop.get_token(), counters, 0);
    TriggerHasher hasher(kWindow, [&] { stop.request_stop(); });
    Hasher* const list[] = {&hasher};
    StreamResult result;
    CHECK_FALSE(engine::consumeRange(bigFile, 0, bigFile.size(), list, engine::ReadPlan{}, reads, result, error));
    CHECK(error == "");
    CHECK(hasher.m_seen == kWindow);
    CHECK(mappingsOf(big) == 0);
    FileHasher stopped({"md5"}, stop.get_token());
    const FileDigests d = stopped.hash(big);
    CHECK(d.error == big.string() + ": cancelled");
    CHECK(d.digests.empty());
    CHECK(std::string(stopped.lastReadMethod()) == "read");  // below 64 MiB
    CHECK(mappingsOf(big) == 0);
  }
}

TEST_CASE("the window helper is used only when each stream's threads and its helper fit on the cores",
          "[engine][mapped]")
{
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  auto md5 = makeHasher("md5");
  Hasher* const list[] = {md5.get()};
  const bool helper = platform::mappingHelperSupported();
  CHECK(engine::mappedHelperFits(list, 1) == (helper && cores >= 2));
  CHECK(engine::mappedHelperFits(list, static_cast<int>(cores)) == false);  // the streams fill the cores
  CHECK(engine::mappedHelperFits(list, 0) == false);
  CHECK(engine::mappedHelperFits({}, 1) == (helper && cores >= 2));
}
