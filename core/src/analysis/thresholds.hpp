// Every threshold the bottleneck analyser uses, in one place, so they can be tuned and tested at the edge.
#pragma once

#include <cstdint>

namespace hashscope::analysis {

// A worker (hashing) thread counts as "busy nearly all the time" at or above this CPU share of the
// share it could get (100% of a core, or cores/streams when there are more streams than cores).
inline constexpr double kCpuBusyPct = 85.0;
// ...and the workers may wait for data at most this share of the time for a CPU-bound verdict.
inline constexpr double kLowWaitPct = 10.0;
// Workers waiting for data at least this share of the time point at the data source (I/O or RAM copy).
inline constexpr double kHighWaitPct = 50.0;
// The device counts as busy (io_ticks share of wall time) at or above this.
inline constexpr double kDiskBusyPct = 60.0;
// A reader thread on the CPU at most this share of the time was blocked in reads (on the device).
inline constexpr double kReaderBlockedCpuPct = 50.0;
// A read-only workload whose thread sat on the CPU at most this share was blocked on the device.
inline constexpr double kReadBlockedCpuPct = 50.0;
// Served from the page cache: the device delivered less than this fraction of the bytes processed.
inline constexpr double kCacheDeviceFraction = 0.5;
// ...judged only on runs that processed at least this many bytes (tiny runs are all noise).
inline constexpr std::uint64_t kCacheCheckMinBytes = 4u << 20;
// Hashing from RAM that reached less than this fraction of the hash-memory limit, while the workers
// did not wait, was held back by memory rather than by the hash or a device.
inline constexpr double kMemoryGapFraction = 0.7;
// A run that reached at least this fraction of its limit was held by whichever side set it, whatever the
// thread accounting says (which cannot tell when other processes share the cores).
inline constexpr double kAtLimitFraction = 0.85;
// Two ceilings are clearly apart when one is at least this many times the other (a hash/read ratio below
// 0.67 or above 1.5). On a RAM-backed location the slower one then decides.
inline constexpr double kClearCeilingRatio = 1.5;
// The whole CPU counts as saturated at or above this busy share (all cores)...
inline constexpr double kCpuSaturatedPct = 95.0;
// ...and as taken by other processes when they used at least this much of it (100 = one core).
inline constexpr double kOtherProcessesPct = 50.0;
// A hash-memory run at or above this fraction of the memory (copy) speed is limited by memory.
inline constexpr double kMemoryNearFraction = 0.8;
// A step counts as run on a busy machine when other processes used at least this many cores...
inline constexpr double kBusyOtherCores = 0.3;
// ...and either a hashing thread spent this many points more of the time inside hash calls than on the CPU
// (it did not get a whole core)...
inline constexpr double kStarvedPct = 10.0;
// ...or the whole CPU was at least this busy.
inline constexpr double kCpuSaturatedBusyPct = 90.0;
// A network link counts as full when what its interface received reached this fraction of its speed
// (TCP over Ethernet carries about 94% of the line rate as payload).
inline constexpr double kLinkBusyFraction = 0.85;
// More streams that got at least this many times what a run got from a network or FUSE location show the
// link had room for that run: the server answered each stream too slowly (round trips, its disk).
inline constexpr double kStreamsGain = 1.3;
// Runs shorter than this, or intervals shorter than kMinIntervalSeconds, carry no verdict.
inline constexpr double kMinRunSeconds = 0.01;
inline constexpr double kMinIntervalSeconds = 0.005;

}  // namespace hashscope::analysis
