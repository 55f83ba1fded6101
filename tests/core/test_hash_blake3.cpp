// BLAKE3 on several threads for one stream (core/src/hash/blake3_tree.cpp) against the library's own
// single-threaded hasher, on sizes around every chunk and subtree boundary and with awkward update
// splits; and the whole CLI-facing path against b3sum.
#include "catch.hpp"
#include "skip.hpp"
#include "hash/blake3_tree.hpp"
#include "hashscope/hash.hpp"
#include "hashscope/peer.hpp"
#include "hashscope/workload.hpp"
#include "test_engine_support.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <set>
#include <random>
#include <string>
#include <thread>
#include <vector>

using namespace hashscope;
using hashscope::test::randomBytes;

namespace {

constexpr std::size_t kKiB = 1024, kMiB = 1024 * kKiB;

// Restores the process-wide setting a test changes.
struct ThreadsGuard {
  explicit ThreadsGuard(unsigned threads) { setThreadsPerStream(threads); }
  ~ThreadsGuard() { setThreadsPerStream(0); }
};

// The library's own incremental hasher, one thread: the reference.
std::string singleThreaded(const std::vector<std::uint8_t>& data)
{
  ThreadsGuard one(1);
  auto hasher = makeHasher("blake3");
  REQUIRE(hasher != nullptr);
  CHECK(hasher->threadsPerStream() == 1);
  hasher->update(data.data(), data.size());
  return toHex(hasher->finish());
}

// The tree hasher fed in pieces of `piece` bytes (0: one update).
std::string treeHex(detail::Blake3Tree& tree, const std::vector<std::uint8_t>& data, std::size_t piece)
{
  tree.reset();
  if (piece == 0)
    piece = data.size() + 1;
  for (std::size_t pos = 0; pos < data.size(); pos += piece)
    tree.update(data.data() + pos, std::min(piece, data.size() - pos));
  Digest out(32);
  tree.finish(out.data());
  return toHex(out);
}

std::vector<std::size_t> boundarySizes()
{
  std::vector<std::size_t> sizes = {0,         1,         1023,       1024,       1025,      2047,
                                    2048,      2049,      3072,       4095,       4096,      4097,
                                    8191,      8192,      8193,       16 * kKiB - 1, 16 * kKiB, 16 * kKiB + 1,
                                    31 * kKiB,  64 * kKiB - 1, 64 * kKiB, 64 * kKiB + 1, 128 * kKiB, 128 * kKiB + 1,
                                    kMiB - 1,   kMiB,       kMiB + 1,    2 * kMiB,    3 * kMiB + 1024, 3 * kMiB + 5};
  std::mt19937_64 rng(2024);
  for (int i = 0; i < 12; ++i)
    sizes.push_back(static_cast<std::size_t>(rng() % (5 * kMiB)));
  return sizes;
}

} // namespace

TEST_CASE("BLAKE3 on several threads equals the library's single-threaded digest at every boundary", "[blake3]")
{
  if (!detail::blake3TreeAvailable())
    HASHSCOPE_SKIP("BLAKE3 comes from a system library without its compression functions: one thread only");
  const auto sizes = boundarySizes();
  const auto data = randomBytes(sizes.empty() ? 0 : 5 * kMiB, 7);
  for (unsigned threads : {2u, 3u, 4u}) {
    auto tree = detail::makeBlake3Tree(threads);
    REQUIRE(tree != nullptr);
    CHECK(tree->threads() == threads);
    for (std::size_t size : sizes) {
      const std::vector<std::uint8_t> input(data.begin(), data.begin() + static_cast<std::ptrdiff_t>(size));
      const std::string expected = singleThreaded(input);
      // One update; the engine's 1 kMiB blocks; odd pieces that never align with a chunk; a tail of
      // one full chunk kept across calls.
      for (std::size_t piece : {std::size_t{0}, kMiB, std::size_t{1000}, std::size_t{1024}, 96 * kKiB + 7}) {
        INFO("threads " << threads << ", size " << size << ", pieces of " << piece);
        CHECK(treeHex(*tree, input, piece) == expected);
      }
    }
  }
}

TEST_CASE("BLAKE3 tree: one byte first, then large aligned blocks, then a lone full chunk", "[blake3]")
{
  if (!detail::blake3TreeAvailable())
    HASHSCOPE_SKIP("BLAKE3 comes from a system library without its compression functions: one thread only");
  const auto data = randomBytes(4 * kMiB + 1 + 1024, 11);
  auto tree = detail::makeBlake3Tree(2);
  REQUIRE(tree != nullptr);
  tree->update(data.data(), 1);
  tree->update(data.data() + 1, 4 * kMiB);
  tree->update(data.data() + 1 + 4 * kMiB, 1024);
  Digest out(32);
  tree->finish(out.data());
  CHECK(toHex(out) == singleThreaded(data));
}

namespace {

// A stream in memory handed out as a file would be: each piece copied into the fetching thread's buffer, every
// fetch recorded; with `failAt`, the fetch of any piece at or past that offset fails, as a short read would.
class CopyingSource final : public PieceSource {
public:
  explicit CopyingSource(const std::vector<std::uint8_t>& data, std::uint64_t failAt = ~std::uint64_t{0})
      : m_data(data), m_failAt(failAt)
  {
  }
  void startAt(std::uint64_t base) { m_base = base; }
  // The calling thread's first fetch waits until another thread has fetched a piece (within a hang bound), so
  // a hasher that hands pieces to its helpers is seen doing it however busy the machine: the caller cannot
  // take every part while the helpers are still waking up.
  void holdCaller() { m_caller = std::this_thread::get_id(); }
  bool with(std::uint64_t offset, std::size_t size, std::uint8_t* buffer, void (*use)(void*, const std::uint8_t*),
            void* arg) override
  {
    {
      std::unique_lock lock(m_mutex);
      m_fetched.emplace_back(m_base + offset, size);
      m_threads.insert(std::this_thread::get_id());
      if (size > kMaxPiece || m_base + offset + size > m_data.size())
        m_bad = true;
      if (m_base + offset + size > m_failAt) {
        ++m_failed;
        return false;
      }
      if (std::this_thread::get_id() == m_caller) {
        m_caller = {};  // its first fetch only
        m_otherFetched.wait_for(lock, std::chrono::seconds(60), [this] { return m_threads.size() > 1; });
      } else {
        m_otherFetched.notify_all();
      }
    }
    std::memcpy(buffer, m_data.data() + m_base + offset, size);
    use(arg, buffer);
    return true;
  }
  // Whether the fetches so far tile [0, end) exactly once each.
  bool tiles(std::uint64_t end)
  {
    std::sort(m_fetched.begin(), m_fetched.end());
    std::uint64_t at = 0;
    for (const auto& [offset, size] : m_fetched) {
      if (offset != at)
        return false;
      at += size;
    }
    return at == end;
  }
  std::vector<std::pair<std::uint64_t, std::size_t>> m_fetched;
  std::set<std::thread::id> m_threads;
  bool m_bad = false;
  int m_failed = 0;

private:
  const std::vector<std::uint8_t>& m_data;
  std::uint64_t m_failAt, m_base = 0;
  std::mutex m_mutex;
  std::condition_variable m_otherFetched;
  std::thread::id m_caller;  // holdCaller()'s thread, until its first fetch
};

} // namespace

TEST_CASE("BLAKE3 tree threads that fetch their own pieces hash every byte once, with the library's digest",
          "[blake3]")
{
  if (!detail::blake3TreeAvailable())
    HASHSCOPE_SKIP("BLAKE3 comes from a system library without its compression functions: one thread only");
  const auto data = randomBytes(9 * kMiB + 3, 17);
  for (unsigned threads : {2u, 4u}) {
    auto hasher = [&] {
      ThreadsGuard n(threads);
      return makeHasher("blake3");
    }();
    REQUIRE(hasher->fetchesPieces());
    for (std::size_t size : {std::size_t{0}, std::size_t{1}, std::size_t{1024}, std::size_t{1025}, 64 * kKiB + 1,
                             kMiB, 3 * kMiB + 1024, 9 * kMiB + 3}) {
      const std::vector<std::uint8_t> input(data.begin(), data.begin() + static_cast<std::ptrdiff_t>(size));
      const std::string expected = singleThreaded(input);
      // One call; calls of odd lengths (a tail carried from call to call); fetched calls between plain updates.
      for (std::size_t call : {size + 1, std::size_t{1000}, 1 * kMiB + 7, 70 * kKiB}) {
        INFO("threads " << threads << ", size " << size << ", calls of " << call);
        hasher->reset();
        CopyingSource source(input);
        bool plain = false;
        for (std::size_t pos = 0; pos < size; pos += call, plain = !plain) {
          const std::size_t n = std::min(call, size - pos);
          if (plain && call < size) {
            hasher->update(input.data() + pos, n);
            source.m_fetched.emplace_back(pos, n);
          } else {
            source.startAt(pos);
            CHECK(hasher->updateFrom(n, source));
          }
        }
        CHECK(toHex(hasher->finish()) == expected);
        CHECK_FALSE(source.m_bad);
        CHECK(source.tiles(size));
      }
    }
    // The helpers fetch their own pieces: one update of the whole input, the calling thread held at its first
    // piece until another thread has fetched one.
    INFO("threads " << threads << ", one update of " << data.size() << " bytes, the caller held");
    hasher->reset();
    CopyingSource source(data);
    source.holdCaller();
    CHECK(hasher->updateFrom(data.size(), source));
    CHECK(toHex(hasher->finish()) == singleThreaded(data));
    CHECK(source.tiles(data.size()));
    CHECK(source.m_threads.size() >= 2);
    CHECK(source.m_threads.count(std::this_thread::get_id()) == 1);
    CHECK(source.m_threads.size() <= threads);
  }
}

TEST_CASE("BLAKE3 tree: a failed fetch gives the update up on every thread, and reset() starts clean", "[blake3]")
{
  if (!detail::blake3TreeAvailable())
    HASHSCOPE_SKIP("BLAKE3 comes from a system library without its compression functions: one thread only");
  const auto data = randomBytes(40 * kMiB, 23);
  auto hasher = [&] {
    ThreadsGuard n(4);
    return makeHasher("blake3");
  }();
  for (std::uint64_t failAt : {std::uint64_t{1}, 5 * kMiB + 1, 40 * kMiB - 1}) {  // the first, one inside, the last
    INFO("fails at " << failAt);
    CopyingSource failing(data, failAt);
    CHECK_FALSE(hasher->updateFrom(data.size(), failing));
    CHECK(failing.m_failed >= 1);
    // Every thread stops at its next piece: far fewer fetches than the 640 pieces of the whole input.
    if (failAt < 20 * kMiB)
      CHECK(failing.m_fetched.size() < 320);
    hasher->reset();
    CopyingSource whole(data);
    CHECK(hasher->updateFrom(data.size(), whole));
    CHECK(toHex(hasher->finish()) == singleThreaded(data));
    hasher->reset();
  }
}

TEST_CASE("makeHasher(\"blake3\") uses all cores by default and one with setThreadsPerStream(1)", "[blake3]")
{
  const AlgorithmInfo* info = findAlgorithm("blake3");
  REQUIRE(info != nullptr);
  CHECK(info->digestBytes == 32);
  CHECK(info->implementation.starts_with("BLAKE3 1."));
  CHECK(info->implementation.find("official C") != std::string::npos);
  CHECK(info->peerTool == "b3sum");
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  const unsigned expected = detail::blake3TreeAvailable() && cores > 1 ? cores : 1;
  CHECK(info->threadsPerStream == (detail::blake3TreeAvailable() ? cores : 1u));
  {
    auto all = makeHasher("blake3");
    CHECK(all->threadsPerStream() == expected);
    CHECK(makeHasher("sha256")->threadsPerStream() == 1);
  }
  {
    ThreadsGuard one(1);
    CHECK(threadsPerStreamLimit() == 1);
    CHECK(makeHasher("blake3")->threadsPerStream() == 1);
  }
  CHECK(threadsPerStreamLimit() == cores);
}

TEST_CASE("BLAKE3 digests and lines equal b3sum's, one file on all cores and on one", "[blake3][peer]")
{
  const auto tools = findPeerTools("blake3");
  if (tools.empty())
    HASHSCOPE_SKIP("b3sum is not installed");
  test::TempDir dir;
  for (std::size_t size : {std::size_t{0}, std::size_t{1025}, 64 * kKiB + 1, 3 * kMiB + 17}) {
    const auto path = dir / ("file-" + std::to_string(size) + ".bin");
    test::writeRandomFile(path, size, size);
    for (unsigned threads : {0u, 1u}) {
      ThreadsGuard guard(threads);
      const FileDigests ours = hashFile(path, {"blake3"}, {});
      REQUIRE(ours.error.empty());
      REQUIRE(ours.digests.size() == 1);
      const RunResult theirs = runPeerTool(tools.front(), path, toHex(ours.digests[0]), {});
      INFO("size " << size << ", threads " << threads << ": b3sum says " << theirs.digest);
      REQUIRE(theirs.ok());
      REQUIRE(theirs.digestMatches.has_value());
      CHECK(*theirs.digestMatches);
    }
  }
}

TEST_CASE("BLAKE3 lines look like b3sum's: it escapes backslash and newline, not carriage return", "[blake3][format]")
{
  const AlgorithmInfo& info = *findAlgorithm("blake3");
  const Digest d(32, 0xab);
  const std::string h = toHex(d);
  CHECK(formatDigestLine(info, d, 3, "a.bin", false) == h + "  a.bin");
  CHECK(formatDigestLine(info, d, 3, "a\nb", false) == "\\" + h + "  a\\nb");
  CHECK(formatDigestLine(info, d, 3, "c\\d", false) == "\\" + h + "  c\\\\d");
  CHECK(formatDigestLine(info, d, 3, "e\rf", false) == h + "  e\rf");
  CHECK(formatDigestLine(info, d, 3, "a.bin", true) == "BLAKE3 (a.bin) = " + h);
}

TEST_CASE("makeHasher(\"blake3\", options): keyed, derive-key and any output length, as b3sum 1.2 computes them",
          "[blake3]")
{
  auto digest = [](const Blake3Options& options) {
    std::unique_ptr<Hasher> hasher = makeHasher("blake3", options);
    REQUIRE(hasher);
    hasher->update("foo", 3);
    std::string first = toHex(hasher->finish());
    hasher->reset(); // the mode survives a reset
    hasher->update("foo", 3);
    CHECK(toHex(hasher->finish()) == first);
    return first;
  };
  Blake3Options keyed;
  keyed.key.emplace();
  keyed.key->fill('*');
  Blake3Options derived;
  derived.context = "BLAKE3 2019-12-28 10:28:41 example context";
  Blake3Options longer;
  longer.length = 40;
  // Values b3sum 1.2.0 printed for "foo" (b3sum --keyed, --derive-key CONTEXT, -l 40).
  CHECK(digest(keyed) == "eca649bc8f5a33b376ed81b687f99536b8f770d5dcd75673af7fd83062dd96c0");
  CHECK(digest(derived) == "cbf5558529b10ec986713cec9b96fedfa963bad07bdbfbbe027a63e4cdd76bba");
  const std::string extended = digest(longer);
  CHECK(extended == "04e0bb39f30b1a3feb89f536c93be15055482df748674b00d26e5a75777702e9791074b7511b59d3");
  CHECK(extended.substr(0, 64) == digest({})); // the extendable output starts with the default digest
  longer.length = 0;
  CHECK(digest(longer).empty());
  CHECK(makeHasher("sha256", keyed)->info().id == "sha256"); // other algorithms ignore the options
}
