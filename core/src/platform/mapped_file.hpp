// Reading a file straight from the page cache through bounded mapped windows (mmap, MapViewOfFile).
// For fast hashes the copy out of the page cache costs more than the hash: mapping removes it.
// One implementation per OS family (mapped_file_posix.cpp, mapped_file_win.cpp), chosen by CMake.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "platform/file_io.hpp"

namespace hashscope::platform {

// False where this build cannot map files safely (then callers read through buffers instead).
bool mappingSupported();

// Receives the bytes of the mapped range piece by piece; returns false to stop (cancelled).
// A truncated file faults inside consume(): the fault is turned into an error by jumping out of it, so
// consume() must not own objects with destructors (call a hasher, update counters, nothing more).
class MappedConsumer {
public:
  virtual bool consume(const std::byte* data, std::size_t size) = 0;

protected:
  ~MappedConsumer() = default;
};

// Feeds [offset, offset+length) of `file` (opened cached) to `consumer` in pieces of at most `piece` bytes,
// mapping at most `window` bytes at a time and unmapping each once consumed. Returns "" when done or stopped
// (`stopped`), else one sentence: "PATH got shorter while it was being read" (never a crash), or why mapping
// failed. `helped` (mappingHelperSupported(), a spare core): the range is mapped once and a helper thread
// populates the next windows and unmaps consumed ones (at most three resident), so the consuming thread makes
// no mapping call. `cannotMap`: set when the first window could not be mapped (nothing consumed).
std::string readMapped(InputFile& file, std::uint64_t offset, std::uint64_t length, std::size_t window,
                       std::size_t piece, MappedConsumer& consumer, bool& stopped, bool helped = false,
                       bool* cannotMap = nullptr);

// Runs use(arg), which reads the mapped bytes [begin, begin+size), on any thread: a file truncated under the
// mapping (SIGBUS, Windows' in-page error) ends `use` early and returns false instead of killing the process.
// `use` must not own objects with destructors (a fault jumps out of it). Where this build cannot map: runs `use`.
bool touchMapped(const std::byte* begin, std::size_t size, void (*use)(void* arg), void* arg);

// True where readMapped's helper can populate windows ahead (Linux: MADV_POPULATE_READ).
bool mappingHelperSupported();

// The pieces in which a cached file is copied on the thread that hashes it (engine::readHere), and in which the
// probe below copies: each piece is hashed while still in the core's cache, which makes the copy several times
// cheaper than 1 MiB reads (docs/benchmarks.md, "Read methods").
inline constexpr std::size_t kCopyPiece = 64 * 1024;

// What getting a cached file's bytes costs this machine mapped against copied, in CPU seconds per GiB of the
// thread doing it (the best of three tries each, on 2 MiB of a memory-backed file). Mapping is not free
// everywhere: under shadow paging (a PVM guest) every first touch of a mapped page traps to the hypervisor,
// even after the helper populated it (docs/benchmarks.md, "Read methods").
struct MappingCosts {
  bool measured = false;      // false: not measured here (Windows, or the probe failed)
  double copy = 0;            // read() in pieces of kCopyPiece
  double fault = 0;           // map a window, fault every page in by touching it, unmap
  double populatedTouch = 0;  // touch the pages of a window the helper populated (what the hashing thread pays)
};
// Measured at the first call (a few ms), then kept for the process; thread-safe (mapping_costs.cpp).
const MappingCosts& mappingCosts();
// The measurement itself (mapped_file_posix.cpp, mapped_file_win.cpp).
MappingCosts measureMappingCosts();
// Whether reading mapped pays with these costs: with the helper, when touching populated pages costs at most
// half a copy; without, when faulting pages in costs at most 1.5 copies (the mapped path hands nothing between
// threads). Unmeasured costs: mapping is assumed to pay.
bool mappingPays(const MappingCosts& costs, bool helped);

// For the implementations (mapped_file_*.cpp): the error of a shrunk file.
std::string shrankError(const InputFile& file);

}  // namespace hashscope::platform
