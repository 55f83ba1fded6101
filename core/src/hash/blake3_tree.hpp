// BLAKE3 on several threads for one stream: the tree is cut into equal power-of-two subtrees of chunks,
// hashed in parallel with the library's own compression functions and merged like its incremental
// hasher does (blake3_tree.cpp). Without those functions (a system libblake3 that hides them),
// blake3_tree_none.cpp says so and the hasher stays on one thread with the public API.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "hashscope/hash.hpp"

namespace hashscope::detail {

class Blake3Tree {
public:
  virtual ~Blake3Tree() = default;
  virtual void update(const std::uint8_t* data, std::size_t size) = 0;
  // The next `length` bytes, each thread fetching its own pieces (Hasher::updateFrom). False: a fetch failed.
  virtual bool updateFrom(std::uint64_t length, PieceSource& source) = 0;
  // The 32-byte default-length digest; reset() before the next update().
  virtual void finish(std::uint8_t out[32]) = 0;
  virtual void reset() = 0;
  virtual unsigned threads() const = 0;
};

// True when this build can split one stream over threads (BLAKE3 built from its sources).
bool blake3TreeAvailable();

// A tree hasher using up to `threads` threads (>= 2), or nullptr when !blake3TreeAvailable().
std::unique_ptr<Blake3Tree> makeBlake3Tree(unsigned threads);

// The SIMD level the library's dispatch takes here ("AVX-512", "AVX2", "SSE4.1", "SSE2", "NEON",
// "portable C"), or empty when the library does not tell (then the caller infers it from CPUID).
std::string blake3DispatchPath();

} // namespace hashscope::detail
