// Incremental updates at awkward split points, reset() reuse, and the registry's contents.
#include "catch.hpp"
#include "hash/crc_software.hpp"
#include "hashscope/hash.hpp"

#include <cstdint>
#include <set>
#include <string>
#include <vector>

using namespace hashscope;

namespace {

std::vector<std::uint8_t> pseudoRandomBytes(std::size_t size)
{
  std::vector<std::uint8_t> out(size);
  std::uint64_t x = 0x9E3779B97F4A7C15ull;
  for (auto& byte : out) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    byte = static_cast<std::uint8_t>(x >> 32);
  }
  return out;
}

Digest oneShot(Hasher& hasher, const std::uint8_t* data, std::size_t size)
{
  hasher.reset();
  hasher.update(data, size);
  return hasher.finish();
}

} // namespace

TEST_CASE("Incremental updates at awkward offsets equal one-shot hashing", "[hash][incremental]")
{
  const std::vector<std::uint8_t> data = pseudoRandomBytes(3 * 65536 + 4099);
  const std::vector<std::size_t> splits = {0,   1,    3,    7,    8,    15,   31,    63,    64,   65,
                                           127, 128,  129,  135,  136,  137,  143,   144,   255,  256,
                                           257, 1023, 1024, 4095, 4096, 4097, 65535, 65536, 65537};
  for (const AlgorithmInfo& algorithm : allAlgorithms()) {
    INFO(algorithm.id);
    auto hasher = makeHasher(algorithm.id);
    REQUIRE(hasher != nullptr);
    const Digest expected = oneShot(*hasher, data.data(), data.size());
    REQUIRE(expected.size() == algorithm.digestBytes);
    // Two pieces split at each awkward offset.
    for (std::size_t split : splits) {
      INFO("split at " << split);
      hasher->reset();
      hasher->update(data.data(), split);
      hasher->update(data.data() + split, data.size() - split);
      CHECK(hasher->finish() == expected);
    }
    // Many pieces of varying awkward sizes, including empty updates.
    hasher->reset();
    std::size_t offset = 0;
    for (std::size_t i = 0; offset < data.size(); ++i) {
      const std::size_t piece = std::min(splits[i % splits.size()], data.size() - offset);
      hasher->update(data.data() + offset, piece);
      offset += piece;
    }
    CHECK(hasher->finish() == expected);
    // Byte by byte over a prefix, against one-shot of the same prefix.
    const std::size_t prefix = 1031;
    const Digest prefixExpected = oneShot(*hasher, data.data(), prefix);
    hasher->reset();
    for (std::size_t i = 0; i < prefix; ++i) {
      hasher->update(data.data() + i, 1);
    }
    CHECK(hasher->finish() == prefixExpected);
  }
}

TEST_CASE("reset() makes a hasher reusable with identical results", "[hash][incremental]")
{
  const std::string text = "The quick brown fox jumps over the lazy dog";
  for (const AlgorithmInfo& algorithm : allAlgorithms()) {
    INFO(algorithm.id);
    auto hasher = makeHasher(algorithm.id);
    REQUIRE(hasher != nullptr);
    hasher->update(text.data(), text.size());
    const Digest first = hasher->finish();
    hasher->reset();
    hasher->update(text.data(), text.size());
    CHECK(hasher->finish() == first);
    // Reset in the middle of a stream discards what came before.
    hasher->reset();
    hasher->update("garbage", 7);
    hasher->reset();
    hasher->update(text.data(), text.size());
    CHECK(hasher->finish() == first);
    // A second, fresh hasher agrees, and a different input differs.
    auto other = makeHasher(algorithm.id);
    other->update(text.data(), text.size());
    CHECK(other->finish() == first);
    other->reset();
    other->update(text.data(), text.size() - 1);
    CHECK(other->finish() != first);
  }
}

TEST_CASE("The portable CRC-32C agrees with the check value and with the hasher", "[hash][crc32c]")
{
  CHECK(detail::crc32cSoftware(0, "123456789", 9) == 0xE3069283u);
  CHECK(detail::crc32cSoftware(0, "", 0) == 0u);
  const std::vector<std::uint8_t> data = pseudoRandomBytes(100003);
  auto hasher = makeHasher("crc32c");
  REQUIRE(hasher != nullptr);
  hasher->update(data.data(), data.size());
  const Digest digest = hasher->finish();
  const std::uint32_t fromHasher = (std::uint32_t{digest[0]} << 24) | (std::uint32_t{digest[1]} << 16) |
                                   (std::uint32_t{digest[2]} << 8) | digest[3];
  CHECK(detail::crc32cSoftware(0, data.data(), data.size()) == fromHasher);
  const std::uint32_t chained = detail::crc32cSoftware(detail::crc32cSoftware(0, data.data(), 777),
                                                       data.data() + 777, data.size() - 777);
  CHECK(chained == fromHasher);
}

TEST_CASE("The portable cksum CRC agrees with the check value and with the hasher", "[hash][cksum]")
{
  CHECK(detail::cksumFinish(detail::cksumUpdateSoftware(0, "123456789", 9), 9) == 930766865u);
  CHECK(detail::cksumFinish(0, 0) == 4294967295u);
  const std::vector<std::uint8_t> data = pseudoRandomBytes(300007);
  auto hasher = makeHasher("cksum");
  REQUIRE(hasher != nullptr);
  hasher->update(data.data(), data.size());
  const Digest digest = hasher->finish();
  const std::uint32_t fromHasher = (std::uint32_t{digest[0]} << 24) | (std::uint32_t{digest[1]} << 16) |
                                   (std::uint32_t{digest[2]} << 8) | digest[3];
  std::uint32_t raw = detail::cksumUpdateSoftware(0, data.data(), 5);
  raw = detail::cksumUpdateSoftware(raw, data.data() + 5, data.size() - 5);
  CHECK(detail::cksumFinish(raw, data.size()) == fromHasher);
}

TEST_CASE("The registry lists every algorithm once, with honest metadata", "[hash][registry]")
{
  const std::vector<std::string> expectedIds = {
      "md5",      "sha1",     "sha224",   "sha256",      "sha384",      "sha512", "sha512-256",
      "sha3-224", "sha3-256", "sha3-384", "sha3-512",    "blake2b-512", "blake2s-256", "sm3", "blake3",
      "crc32",    "crc32c",   "adler32",  "cksum",       "sum-bsd",     "sum-sysv",    "xxh32", "xxh64",
      "xxh3-64",  "xxh3-128"};
  const auto& all = allAlgorithms();
  REQUIRE(all.size() == expectedIds.size());
  std::set<std::string> seen;
  for (std::size_t i = 0; i < all.size(); ++i) {
    const AlgorithmInfo& a = all[i];
    INFO(a.id);
    CHECK(a.id == expectedIds[i]);
    CHECK(seen.insert(a.id).second);
    CHECK_FALSE(a.displayName.empty());
    CHECK(a.digestBytes > 0);
    CHECK_FALSE(a.implementation.empty());
    CHECK(findAlgorithm(a.id) == &a);
    auto hasher = makeHasher(a.id);
    REQUIRE(hasher != nullptr);
    CHECK(&hasher->info() == &a);
  }
  CHECK(findAlgorithm("md5")->family == AlgorithmFamily::Cryptographic);
  CHECK(findAlgorithm("blake2s-256")->family == AlgorithmFamily::Cryptographic);
  CHECK(findAlgorithm("crc32")->family == AlgorithmFamily::Checksum);
  CHECK(findAlgorithm("sum-sysv")->family == AlgorithmFamily::Checksum);
  CHECK(findAlgorithm("xxh3-128")->family == AlgorithmFamily::Fast);
  CHECK(findAlgorithm("md5")->peerTool == "md5sum");
  CHECK(findAlgorithm("xxh3-64")->peerTool == "xxhsum -H3");
  CHECK(findAlgorithm("sum-bsd")->peerTool == "sum -r");
  CHECK(findAlgorithm("md5")->implementation.starts_with("OpenSSL 3."));
  CHECK(findAlgorithm("xxh64")->implementation.starts_with("xxHash 0."));
  CHECK(toString(AlgorithmFamily::Cryptographic) == "cryptographic");
  CHECK(toString(AlgorithmFamily::Checksum) == "checksum");
  CHECK(toString(AlgorithmFamily::Fast) == "fast");
}

TEST_CASE("Unknown ids give nullptr", "[hash][registry]")
{
  CHECK(makeHasher("") == nullptr);
  CHECK(makeHasher("MD5") == nullptr);
  CHECK(makeHasher("sha3") == nullptr);
  CHECK(makeHasher("md5 ") == nullptr);
  CHECK(findAlgorithm("blake3x") == nullptr);
  CHECK(toHex(Digest{}) == "");
  CHECK(toHex(Digest{0x00, 0x0f, 0xa5, 0xff}) == "000fa5ff");
}
