// Small vocabulary types shared by every part of HashScope: workloads, cache modes, sizes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace hashscope {

// An enum's words as one table of {value, word} rows, read both ways through it: the one spelling of each.
template <typename E, std::size_t N>
constexpr std::string_view wordOf(const std::pair<E, std::string_view> (&table)[N], E value,
                                  std::string_view otherwise = "unknown")
{
  for (const auto& [code, word] : table) {
    if (code == value)
      return word;
  }
  return otherwise;
}
template <typename E, std::size_t N>
constexpr std::optional<E> valueOf(const std::pair<E, std::string_view> (&table)[N], std::string_view word)
{
  for (const auto& [code, w] : table) {
    if (w == word)
      return code;
  }
  return std::nullopt;
}

// How a read-based workload treats the OS page cache.
enum class CacheMode {
  Cold,  // bypass or evict the page cache before and during reads
  Warm,  // read the data once first so it is served from RAM
  AsIs,  // leave the cache alone
};

// The field's classic experiments.
enum class Workload {
  Memory,      // move zeros through the CPU, no hashing: the ceiling of everything
  HashMemory,  // hash a RAM buffer: pure CPU speed of an algorithm
  Write,       // write a file: the device's write speed
  Read,        // read a file and discard it: the device's read speed
  HashFile,    // read and hash a file end to end
  HashTree,    // hash every file under a folder, recursively
  PeerTool,    // run an installed tool (md5sum, openssl ...) on a file and time it
};

// What a workload needs and touches. One row per workload (workloadTraits), so a new workload is one new
// row that the compiler asks for, not a hunt for `==` chains.
struct WorkloadTraits {
  bool readsFile = false;      // reads the location's sample file (read, hash-file, peer tools)
  bool targetsFolder = false;  // works on the location folder itself (hash-tree reads it, write writes in it)
  bool usesAlgorithm = false;  // runs once per algorithm
  bool usesCache = false;      // the cache mode (cold/warm/as-is) applies to it
  bool usesDisk = false;       // device counters mean something for it
  bool durationBound = false;  // runs for a time, not over a file (memory, hash-memory)
};
WorkloadTraits workloadTraits(Workload workload);

// How a run actually met the page cache (CacheMode is what was asked for).
enum class CacheMethod {
  NotApplicable,  // the workload reads no file (memory, hash-memory, write)
  AsIs,           // the cache was left alone
  Direct,         // direct I/O bypassed the cache
  Evicted,        // the file's cached pages were dropped before (and behind) the reads
  Warm,           // the file was read into the cache first
  MemoryBacked,   // the file lives in RAM (tmpfs): there is no colder state
};

// What a sample file is filled with.
enum class SampleContent { Random, Zeros, Text };

// Reads in flight per stream for direct reads (WorkloadSpec::queueDepth): by default 3, which saturate the
// disks we know of with 1 MiB blocks; at most 64.
inline constexpr int kDefaultQueueDepth = 3;
inline constexpr int kMaxQueueDepth = 64;

// How a file workload's bytes are read (asked for; RunResult::readMethods says what ran).
enum class ReadPath {
  Auto,    // per range, what measured fastest on this machine (engine::chooseReadMethod)
  Copy,    // read() into buffers: one read for a range of at most a block, else through the pipelined reader
  Mapped,  // mapped windows of the page cache (cached or RAM-backed files only); the read workload then
           // touches every byte, so it measures what hashing from mapped pages costs before any hashing
};

// How a range's bytes reached the hashers (what ran; ReadPath is what was asked), chosen per range by
// engine::chooseReadMethod (core/src/engine/read_range.cpp), the one place that decides it.
enum class ReadMethod : std::uint8_t {
  Read,       // read() on the hashing thread, into the stream's buffer
  Mapped,     // mapped windows of the page cache, hashed in place
  Pipelined,  // read() copies on the stream's pipelined reader threads
};

// The read methods a run used, as a set: written "read+mmap" in results (toString), in the order of ReadMethod.
class ReadMethods {
public:
  ReadMethods() = default;
  ReadMethods(ReadMethod method) { add(method); }  // NOLINT(google-explicit-constructor): one method is a set
  void add(ReadMethod method) { m_bits |= bit(method); }
  void add(ReadMethods methods) { m_bits |= methods.m_bits; }
  bool has(ReadMethod method) const { return (m_bits & bit(method)) != 0; }
  bool empty() const { return m_bits == 0; }
  friend bool operator==(ReadMethods, ReadMethods) = default;

private:
  static std::uint8_t bit(ReadMethod method) { return static_cast<std::uint8_t>(1u << static_cast<unsigned>(method)); }
  std::uint8_t m_bits = 0;
};

std::string_view toString(CacheMode mode);
std::string_view toString(Workload workload);
std::string_view toString(SampleContent content);
std::string_view toString(CacheMethod method);  // "n/a", "as-is", "direct", "evicted", "warm", "memory-backed"
std::string_view toString(ReadPath path);       // "auto", "copy", "mapped"
std::optional<ReadPath> parseReadPath(std::string_view text);
std::string_view toString(ReadMethod method);   // "read", "mmap", "pipelined": the words results use
std::string toString(ReadMethods methods);      // "read+mmap"; "" when none
// The words of toString(ReadMethods), through the same table: "" is no method; nullopt when a word is unknown.
std::optional<ReadMethods> parseReadMethods(std::string_view text);
std::optional<CacheMethod> parseCacheMethod(std::string_view text);
std::optional<CacheMode> parseCacheMode(std::string_view text);
std::optional<Workload> parseWorkload(std::string_view text);
std::optional<SampleContent> parseSampleContent(std::string_view text);

// "4096", "64K", "64k", "1M", "1MiB", "1.5G", "2GB": binary multiples (K = 1024). nullopt when malformed.
std::optional<std::uint64_t> parseSize(std::string_view text);
// "1 GiB", "512 MiB", "1.5 GiB", "123 B": exact binary units where they divide, else one decimal.
std::string formatBytes(std::uint64_t bytes);

// Throughput in decimal megabytes per second, as every peer tool reports it.
inline double megabytesPerSecond(std::uint64_t bytes, double seconds)
{
  return seconds > 0 ? static_cast<double>(bytes) / seconds / 1e6 : 0.0;
}

inline constexpr std::uint64_t KiB = 1024;
inline constexpr std::uint64_t MiB = 1024 * KiB;
inline constexpr std::uint64_t GiB = 1024 * MiB;

// The version string of HashScope itself ("0.2.0").
std::string_view version();

}  // namespace hashscope
