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

#include <cstdint>
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
