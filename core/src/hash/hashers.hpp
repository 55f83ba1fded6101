// Internal: the algorithm table and one factory per implementation backend.
#pragma once

#include "hashscope/hash.hpp"

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace hashscope::detail {

// Which code computes an algorithm.
enum class Backend { Evp, Blake2b, Blake3, Crc32, Crc32c, Adler32, Xxh32, Xxh64, Xxh3_64, Xxh3_128, Cksum, SumBsd, SumSysv };

// How the reference tool prints a digest line (see formatDigestLine).
enum class LineStyle {
  Coreutils,  // "HEX  PATH" / "TAG (PATH) = HEX", with coreutils' backslash escaping of odd names
  B3sum,      // like coreutils but b3sum 1.x escapes only backslash and newline (a CR stays raw)
  Xxhsum,     // like coreutils but xxhsum 0.8.1 never escapes names
  XxhsumXxh3, // xxhsum 0.8.1 -H3 prints the tagged form even without --tag
  Cksum,      // "CRC SIZE PATH"
  SumBsd,     // "%05u %5llu PATH", 1 KiB blocks
  SumSysv,    // "%u %llu PATH", 512-byte blocks
};

// The fixed facts about one algorithm; the implementation string is computed at run time.
struct AlgorithmSpec {
  std::string_view id;
  std::string_view displayName;
  AlgorithmFamily family;
  std::size_t digestBytes;
  std::string_view peerTool;
  std::string_view tag; // the name in the BSD tag form, as the reference tool spells it
  Backend backend;
  const char* evpName; // OpenSSL fetch name for Backend::Evp, else nullptr
  int evpSlot;         // index into the once-fetched EVP_MD table, -1 if not EVP
  LineStyle style;
};

// Every algorithm in display order (same order as allAlgorithms()).
std::span<const AlgorithmSpec> algorithmSpecs();
const AlgorithmSpec* findSpec(std::string_view id);

// Implementation strings, true for this machine ("OpenSSL 3.0.22 (SHA-NI)").
std::string implementationFor(const AlgorithmSpec& spec);

// Factories; each returns nullptr only when the backend cannot provide the algorithm.
std::unique_ptr<Hasher> makeEvpHasher(const AlgorithmSpec& spec, const AlgorithmInfo& info);
std::unique_ptr<Hasher> makeChecksumHasher(const AlgorithmSpec& spec, const AlgorithmInfo& info);
std::unique_ptr<Hasher> makeXxhashHasher(const AlgorithmSpec& spec, const AlgorithmInfo& info);
std::unique_ptr<Hasher> makeBlake3Hasher(const AlgorithmInfo& info, unsigned threads);
// One thread, the library's own hasher, in the mode `options` chooses.
std::unique_ptr<Hasher> makeBlake3Hasher(const AlgorithmInfo& info, const Blake3Options& options);
// BLAKE2b with a digest of 1 to 64 bytes (blake2b-512, and the blake2b-N ids), and its implementation string.
std::unique_ptr<Hasher> makeBlake2bHasher(const AlgorithmInfo& info, std::size_t digestBytes);
std::string blake2bImplementation();

// BLAKE3's implementation string ("BLAKE3 1.3.1 official C (AVX-512, uses 2 cores for one file)") and the
// threads one stream can use (1 when the library's compression functions are not reachable).
std::string blake3Implementation();
unsigned blake3MaxThreadsPerStream();

// True when XXH3 runs through the wider vector build (xxh3_vector_*.cpp) on this CPU.
bool xxh3VectorUsable();

// True when OpenSSL could fetch this algorithm (a FIPS-only or trimmed OpenSSL may lack some).
bool evpAvailable(const AlgorithmSpec& spec);

} // namespace hashscope::detail
