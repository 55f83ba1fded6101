// XXH3 for the dispatcher in xxhash_hasher.cpp. On x86 CMake compiles this file (only) for AVX2 (-mavx2 or
// /arch:AVX2) and XXH3 is inlined from <xxhash.h>: Debian's libxxhash exports a plain SSE2 XXH3 (2.3 times
// slower, commit cf4f0b6) and other platforms' packages lack libxxhash's x86 dispatcher. Nothing here but
// static xxHash functions and these wrappers: no inline function with external linkage may be compiled with
// AVX2, or the linker could hand it to callers on older CPUs. Elsewhere these forward to libxxhash's own best
// path (NEON on arm64) and are never selected.
#include "hash/xxh3_vector.hpp"

#if defined(__AVX2__)
#define XXH_INLINE_ALL // xxHash picks its AVX2 code path from __AVX2__
#endif
#define XXH_STATIC_LINKING_ONLY
#include <xxhash.h>

namespace hashscope::detail::xxh3vec {

std::string_view target()
{
#if defined(__AVX2__)
  return "AVX2";
#else
  return {};
#endif
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
