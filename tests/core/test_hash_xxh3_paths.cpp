// HashScope's AVX2 build of XXH3 against libxxhash's own one-shot functions, length by length.
#include "catch.hpp"
#include "skip.hpp"
#include "hash/hashers.hpp"
#include "hashscope/hash.hpp"

#include <cstdint>
#include <vector>

#if __has_include(<xxhash.h>)
#include <xxhash.h>
#define HASHSCOPE_TEST_HAVE_XXHASH_H 1
#endif

using namespace hashscope;

TEST_CASE("XXH3 through HashScope equals libxxhash for every length up to 4 KiB and beyond",
          "[hash][xxh3]")
{
#if defined(HASHSCOPE_TEST_HAVE_XXHASH_H)
  std::vector<std::uint8_t> data((1 << 20) + 13);
  std::uint64_t x = 88172645463325252ull;
  for (auto& byte : data) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    byte = static_cast<std::uint8_t>(x);
  }
  if (!detail::xxh3VectorUsable()) {
    HASHSCOPE_SKIP_PART("this CPU runs libxxhash's own XXH3 path, not HashScope's vector code; the comparison still runs");
  }
  auto h64 = makeHasher("xxh3-64");
  auto h128 = makeHasher("xxh3-128");
  REQUIRE(h64 != nullptr);
  REQUIRE(h128 != nullptr);
  std::vector<std::size_t> lengths;
  for (std::size_t n = 0; n <= 4100; ++n) {
    lengths.push_back(n);
  }
  lengths.insert(lengths.end(), {65535, 65536, 65537, 1 << 20, (1 << 20) + 13});
  int mismatches = 0;
  for (std::size_t n : lengths) {
    // Unaligned start too: the vector code must not assume aligned input.
    const std::uint8_t* p = data.data() + (n % 7 == 0 && n + 3 <= data.size() ? 3 : 0);
    h64->reset();
    h64->update(p, n);
    XXH64_canonical_t c64;
    XXH64_canonicalFromHash(&c64, XXH3_64bits(p, n));
    h128->reset();
    h128->update(p, n);
    XXH128_canonical_t c128;
    XXH128_canonicalFromHash(&c128, XXH3_128bits(p, n));
    const Digest d64 = h64->finish();
    const Digest d128 = h128->finish();
    if (d64 != Digest(c64.digest, c64.digest + 8) || d128 != Digest(c128.digest, c128.digest + 16)) {
      ++mismatches;
      UNSCOPED_INFO("length " << n);
    }
  }
  CHECK(mismatches == 0);
#else
  HASHSCOPE_SKIP("<xxhash.h> is not on the test include path");
#endif
}
