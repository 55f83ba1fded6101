// XXH3 compiled for a wider vector unit than the build's baseline, picked at run time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace hashscope::detail::xxh3vec {

// The instruction set this build's vector TU targets ("AVX2"), or empty when there is none
// (then every function below simply forwards to libxxhash).
std::string_view target();
// sizeof the XXH3 state as the vector TU sees it, to check it matches the library's.
std::size_t stateSize();

// `state` points to an XXH3_state_t (64-byte aligned). Call only when the CPU has target().
void reset64(void* state);
void reset128(void* state);
void update64(void* state, const void* data, std::size_t size);
void update128(void* state, const void* data, std::size_t size);
void digest64(const void* state, std::uint8_t out[8]);   // canonical, big-endian
void digest128(const void* state, std::uint8_t out[16]); // canonical, big-endian

} // namespace hashscope::detail::xxh3vec
