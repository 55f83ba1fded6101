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

// Feeds [offset, offset+length) of `file` (opened cached) to `consumer`, mapping at most `window` bytes at a
// time (rounded to the mapping granularity) and unmapping each window once consumed, so memory stays bounded
// whatever the file size. Pieces are at most `piece` bytes. Returns "" when done or stopped (see `stopped`),
// else one sentence: "PATH got shorter while it was being read" when the file shrank (checked before each
// window; a read past the new end while a window is consumed is caught, never a crash), or why mapping failed.
// `helped` (where mappingHelperSupported()): the range is mapped once, and a helper thread populates the pages
// of this window and the next ahead of the consuming thread and unmaps the consumed windows, so the consuming
// thread makes no mapping call and little page-table work; for a caller with a spare core. At most three
// windows are resident at a time. Without room for the whole range (an address-space limit), or unhelped,
// each window is mapped and unmapped by the consuming thread.
// `cannotMap` (optional) is set when the first window could not be mapped at all (a filesystem without mmap):
// nothing was consumed, the caller may read the file another way.
std::string readMapped(InputFile& file, std::uint64_t offset, std::uint64_t length, std::size_t window,
                       std::size_t piece, MappedConsumer& consumer, bool& stopped, bool helped = false,
                       bool* cannotMap = nullptr);

// Runs use(arg), which reads the mapped bytes [begin, begin+size) of a file, on any thread (the threads of a
// hasher that splits a mapped window between them): a file truncated under the mapping ends `use` early and
// touchMapped returns false (SIGBUS on Linux and macOS, an in-page error on Windows), where it would otherwise
// kill the process. `use` must not own objects with destructors (a fault jumps out of it). Where this build
// cannot map: runs `use`.
bool touchMapped(const std::byte* begin, std::size_t size, void (*use)(void* arg), void* arg);

// True where readMapped's helper can populate windows ahead (Linux: MADV_POPULATE_READ).
bool mappingHelperSupported();

// The pieces in which a cached file is copied on the thread that hashes it (engine::readHere), and in which the
// probe below copies: each piece is hashed while it is still in the core's cache. On a 2-core KVM guest
// (2026-11-27) read() of the page cache cost 0.45-0.55 CPU s/GiB into a 1 MiB buffer and 0.09-0.13 in 64 KiB
// pieces, and hash -r -j 2 -a md5 over a 1 GiB tree in /dev/shm took 1.19 s with 1 MiB reads, 0.95-0.97 s with
// 16-64 KiB ones, 1.14 s with 128 KiB (the system time: 0.72 s against 0.19-0.22).
inline constexpr std::size_t kCopyPiece = 64 * 1024;

// What getting a cached file's bytes costs this machine mapped against copied, in CPU seconds per GiB of the
// thread doing it (the best of three tries each, on 2 MiB of a memory-backed file). Mapping is not free
// everywhere: under shadow paging (a PVM guest, for one) every first touch of a mapped page traps to the
// hypervisor, even after the helper populated it. On such a VM (kernel 6.18, 1 GiB in /dev/shm) copies cost
// 0.26 s/GiB, mapped pages 0.98 s/GiB faulted in and 0.50 s/GiB touched after MADV_POPULATE_READ (the probe
// as it was then, 8 MiB copied in 1 MiB blocks: 0.16, 0.53, 0.32); on the same VM before it became one, copies and mapped windows cost about the
// same (read() 6.7 GB/s, 16 MiB windows 7.1 GB/s) and touching populated pages next to nothing.
struct MappingCosts {
  bool measured = false;      // false: not measured here (Windows, or the probe failed)
  double copy = 0;            // read() in pieces of kCopyPiece
  double fault = 0;           // map a window, fault every page in by touching it, unmap
  double populatedTouch = 0;  // touch the pages of a window the helper populated (what the hashing thread pays)
};
// Measured at the first call (about 6 ms on a 2-core KVM guest), then kept for the process; thread-safe
// (mapping_costs.cpp).
const MappingCosts& mappingCosts();
// The measurement itself (mapped_file_posix.cpp, mapped_file_win.cpp).
MappingCosts measureMappingCosts();
// Whether reading mapped pays on a machine with these costs: with the helper (`helped`), when touching
// populated pages costs at most half a copy; without, when faulting pages in costs at most 1.5 copies (the
// mapped path hands nothing between threads, which measured 24% faster than copies at equal CPU cost per
// byte). Unmeasured costs: mapping is assumed to pay, as everywhere before the probe.
bool mappingPays(const MappingCosts& costs, bool helped);

// For the implementations (mapped_file_*.cpp): the error of a shrunk file.
std::string shrankError(const InputFile& file);

}  // namespace hashscope::platform
