// No extra XXH3 vector build for this processor: libxxhash's own best path is used (NEON on arm64).
// These forwarders exist only so the dispatching code links; they are never selected.
#include "hash/xxh3_vector.hpp"

#define XXH_STATIC_LINKING_ONLY
#include <xxhash.h>

namespace hashscope::detail::xxh3vec {

std::string_view target()
{
  return {};
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
