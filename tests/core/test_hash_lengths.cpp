// The digests coreutils' cksum -a and b2sum -l add: BLAKE2b at any length (blake2b-N), SHA3-224, SHA3-384
// and SM3; base64 digests; and the line options of md5sum and cksum (DigestLineFormat).
#include "catch.hpp"
#include "hash/hashers.hpp"
#include "hashscope/hash.hpp"

#include <cstdint>
#include <openssl/evp.h>
#include <string>
#include <vector>

using namespace hashscope;

namespace {

// OpenSSL's BLAKE2b-512 (EVP), the reference HashScope's own is checked against.
Digest opensslBlake2b512(const std::uint8_t* data, std::size_t size)
{
  Digest out(64);
  unsigned int length = 0;
  REQUIRE(EVP_Digest(data, size, out.data(), &length, EVP_blake2b512(), nullptr) == 1);
  REQUIRE(length == out.size());
  return out;
}

std::string hexOf(std::string_view id, std::string_view text)
{
  auto hasher = makeHasher(id);
  REQUIRE(hasher != nullptr);
  hasher->update(text.data(), text.size());
  return toHex(hasher->finish());
}

} // namespace

TEST_CASE("blake2b-N is BLAKE2b with an N-bit digest, as b2sum -l N computes it", "[hash][lengths]")
{
  // Known answers (RFC 7693's parameter block; values as b2sum -l prints them).
  CHECK(hexOf("blake2b-256", "abc") == "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319");
  CHECK(hexOf("blake2b-128", "") == "cae66941d9efbd404e4d88758ea67670");
  CHECK(hexOf("blake2b-8", "abc") == "6b");
  CHECK(hexOf("blake2b-504", "") == "4ded8c5fc8b12f3273f877ca585a44ad6503249a2b345d6d9c0e67d85bcb700db4178c0303e93b8f"
                                    "4ad758b8e2c9fd8b3d0c28e585f1928334bb77d36782e8");
  CHECK(hexOf("blake2b-160", std::string(1000, '\0')) == "99a5e296cfc8aecb0b7f72ef9eaf45e7ab8b7c00");
  // At 64 bytes it is BLAKE2b-512 (b2sum's, made the same way): it agrees with OpenSSL's at every length and split.
  auto ours = makeHasher("blake2b-512");
  REQUIRE(ours != nullptr);
  std::vector<std::uint8_t> data(1000);
  for (std::size_t i = 0; i < data.size(); ++i)
    data[i] = static_cast<std::uint8_t>(i * 7 + 3);
  for (const std::size_t size : {0, 1, 127, 128, 129, 255, 256, 257, 1000}) {
    INFO("size " << size);
    ours->reset();
    ours->update(data.data(), size / 3);
    ours->update(data.data() + size / 3, size - size / 3);
    CHECK(ours->finish() == opensslBlake2b512(data.data(), size));
  }
  // Found by id, unlisted; only multiples of 8 below 512, written without leading zeros.
  CHECK(findAlgorithm("blake2b-256")->digestBytes == 32);
  CHECK(findAlgorithm("blake2b-256")->displayName == "BLAKE2b-256");
  for (const char* bad : {"blake2b-0", "blake2b-12", "blake2b-520", "blake2b-0256", "blake2b-", "blake2b-25x"})
    CHECK(findAlgorithm(bad) == nullptr);
  for (const auto& listed : allAlgorithms())
    CHECK((listed.id.rfind("blake2b-", 0) != 0 || listed.id == "blake2b-512"));
}

TEST_CASE("SHA3-224, SHA3-384 and SM3 (cksum -a sha3 -l 224/384, cksum -a sm3)", "[hash][lengths]")
{
  CHECK(hexOf("sha3-224", "abc") == "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf");
  CHECK(hexOf("sha3-384", "abc") ==
        "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b298d88cea927ac7f539f1edf228376d25");
  CHECK(hexOf("sm3", "abc") == "66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0");
}

TEST_CASE("toBase64 is RFC 4648 base64 with padding", "[hash][lengths]")
{
  const std::pair<std::string, std::string> vectors[] = {{"", ""},         {"f", "Zg=="},         {"fo", "Zm8="},
                                                         {"foo", "Zm9v"},  {"foob", "Zm9vYg=="},  {"fooba", "Zm9vYmE="},
                                                         {"foobar", "Zm9vYmFy"}};
  for (const auto& [text, base64] : vectors)
    CHECK(toBase64(Digest(text.begin(), text.end())) == base64);
  CHECK(toBase64(Digest{0xfb, 0xff}) == "+/8=");
}

TEST_CASE("DigestLineFormat: md5sum -b and -z, cksum --base64, nameless cksum lines, crc32b", "[hash][lengths]")
{
  const AlgorithmInfo& md5 = *findAlgorithm("md5");
  const Digest empty{0xd4, 0x1d, 0x8c, 0xd9, 0x8f, 0x00, 0xb2, 0x04, 0xe9, 0x80, 0x09, 0x98, 0xec, 0xf8, 0x42, 0x7e};
  DigestLineFormat format;
  format.binary = true;
  CHECK(formatDigestLine(md5, empty, 0, "f", format) == "d41d8cd98f00b204e9800998ecf8427e *f");
  CHECK(formatDigestLine(md5, empty, 0, "a\nb", format) == "\\d41d8cd98f00b204e9800998ecf8427e *a\\nb");
  format.escape = false; // -z: lines end in NUL, names are written as they are
  CHECK(formatDigestLine(md5, empty, 0, "a\nb", format) == "d41d8cd98f00b204e9800998ecf8427e *a\nb");
  format = {};
  format.tag = true;
  format.base64 = true;
  CHECK(formatDigestLine(md5, empty, 0, "f", format) == "MD5 (f) = 1B2M2Y8AsgTpgAmY7PhCfg==");
  format = {};
  format.name = false; // cksum and sum reading stdin without operands
  CHECK(formatDigestLine(*findAlgorithm("cksum"), Digest{0xff, 0xff, 0xff, 0xff}, 0, "-", format) == "4294967295 0");
  CHECK(formatDigestLine(*findAlgorithm("sum-bsd"), Digest{0x40, 0xac}, 3, "-", format) == "16556     1");
  format = {};
  format.crcNumbers = true; // cksum -a crc32b: zlib's CRC-32 in cksum's form
  CHECK(formatDigestLine(*findAlgorithm("crc32"), Digest{0x35, 0x24, 0x41, 0xc2}, 3, "f", format) == "891568578 3 f");
}
