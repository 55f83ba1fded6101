// XXH3 inlined from <xxhash.h> and compiled for AVX2 (CMake adds -mavx2 or /arch:AVX2 to this file
// only). Debian's libxxhash exports a plain SSE2 XXH3 (about 10 GB/s here); this path runs at
// about 27 GB/s, the same as libxxhash's own x86 dispatcher, which other platforms' builds lack.
// Nothing here but static xxHash functions and these wrappers: no inline function with external
// linkage may be compiled with AVX2, or the linker could hand it to callers on older CPUs.
#include "hash/xxh3_vector.hpp"

#if !defined(__AVX2__)
#error "xxh3_vector_avx2.cpp must be compiled with AVX2 enabled (-mavx2 or /arch:AVX2)"
#endif

#define XXH_INLINE_ALL // xxHash picks its AVX2 code path from __AVX2__
#define XXH_STATIC_LINKING_ONLY
#include <xxhash.h>

namespace hashscope::detail::xxh3vec {

std::string_view target()
{
  return "AVX2";
}

std::size_t stateSize()
{
  return sizeof(XXH3_state_t);
}

void reset64(void* state)
{
  XXH3_64bits_reset(static_cast<XXH3_state_t*>(state));
}

void reset128(void* state)
{
  XXH3_128bits_reset(static_cast<XXH3_state_t*>(state));
}

void update64(void* state, const void* data, std::size_t size)
{
  XXH3_64bits_update(static_cast<XXH3_state_t*>(state), data, size);
}

void update128(void* state, const void* data, std::size_t size)
{
  XXH3_128bits_update(static_cast<XXH3_state_t*>(state), data, size);
}

void digest64(const void* state, std::uint8_t out[8])
{
  XXH64_canonicalFromHash(reinterpret_cast<XXH64_canonical_t*>(out),
                          XXH3_64bits_digest(static_cast<const XXH3_state_t*>(state)));
}

void digest128(const void* state, std::uint8_t out[16])
{
  XXH128_canonicalFromHash(reinterpret_cast<XXH128_canonical_t*>(out),
                           XXH3_128bits_digest(static_cast<const XXH3_state_t*>(state)));
}

} // namespace hashscope::detail::xxh3vec
