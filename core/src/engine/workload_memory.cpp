// memory and hash-memory: the CPU-only ceilings, bounded by bytes per stream or by a duration.
#include <algorithm>
#include <cstring>
#include <new>
#include <random>

#include "engine/workload_internal.hpp"
#include "platform/cpu_cache.hpp"
#include "hashscope/samples.hpp"

namespace hashscope::engine {

namespace {

// The memory workload's region per stream: the source and every stream's destination together (streams + 1
// regions) hold at least four times the last-level cache, so the copy measures RAM, not a cache; 32 to 256 MiB.
// A cache the OS does not describe (VMs hide it) is taken as 128 MiB, more than any core's L3 (3D V-Cache: 96).
std::size_t memoryRegion(int streams)
{
  const std::uint64_t described = platform::lastLevelCacheBytes();
  const std::uint64_t cache = described > 0 ? described : 128 * MiB;
  const std::uint64_t region = 4 * cache / static_cast<std::uint64_t>(std::max(1, streams) + 1);
  return static_cast<std::size_t>(std::clamp<std::uint64_t>((region + MiB - 1) / MiB * MiB, 32 * MiB, 256 * MiB));
}
// The hash-memory buffer stays cache-resident like `openssl speed`'s: pure algorithm speed.
constexpr std::size_t kHashBuffer = 1 * MiB;
constexpr double kDefaultSeconds = 2.0;

// The loop shared by both workloads: `work(offset, length)` processes one block; stops at the byte budget,
// the deadline or a stop request.
template <typename Work>
void loopBlocks(const WorkloadSpec& spec, std::stop_token stop, LiveCounters& counters, int stream,
                std::size_t region, StreamOutcome& out, Work&& work)
{
  const std::uint64_t budget = spec.bytes;
  const double seconds = spec.seconds > 0 ? spec.seconds : kDefaultSeconds;
  const auto start = Clock::now();
  const auto deadline = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  const std::size_t block = static_cast<std::size_t>(std::min<std::uint64_t>(spec.blockSize, region));
  std::size_t offset = 0;
  std::uint64_t done = 0;
  auto t0 = start;
  while (budget == 0 || done < budget) {
    if (stop.stop_requested())
      break;
    const std::size_t n = budget == 0 ? block : static_cast<std::size_t>(std::min<std::uint64_t>(block, budget - done));
    if (offset + n > region)
      offset = 0;
    work(offset, n);
    offset += n;
    done += n;
    counters.addBytes(stream, n);
    const auto t1 = Clock::now();
    counters.addBusyNanos(stream, nanosBetween(t0, t1));
    t0 = t1;
    if (budget == 0 && t1 >= deadline)
      break;
  }
  out.result.bytes = done;
  out.result.busySeconds = secondsBetween(start, t0);
}

void finish(const WorkloadSpec& spec, std::stop_token stop, std::vector<StreamOutcome>& outcomes,
            RunResult& result)
{
  collectOutcomes(spec, outcomes, result);
  result.files = 0;
  if (stop.stop_requested() && (spec.bytes == 0 || result.bytes < spec.bytes * static_cast<std::uint64_t>(spec.streams)))
    result.cancelled = true;
}

}  // namespace

void runMemory(const WorkloadSpec& spec, std::stop_token stop, LiveCounters& counters, RunResult& result,
               const WorkBuffers& buffers)
{
  result.cacheMethod = CacheMethod::NotApplicable;
  if (spec.bytes > 0)
    counters.setExpectedBytes(spec.bytes * static_cast<std::uint64_t>(spec.streams));
  // A byte budget smaller than the region never reaches its end: no bigger than that (rounded up to a block).
  std::size_t region = memoryRegion(spec.streams);
  if (spec.bytes > 0 && spec.bytes < region)
    region = static_cast<std::size_t>((spec.bytes + spec.blockSize - 1) / std::max<std::uint64_t>(spec.blockSize, 1) *
                                      std::max<std::uint64_t>(spec.blockSize, 1));
  region = std::max<std::size_t>(region, static_cast<std::size_t>(spec.blockSize));
  // Allocated and filled before the clock starts, so the copy measures RAM, not page faults or the shared zero
  // page. Random bytes, never a repeated page (as fio does): a hypervisor that merges identical pages (KSM)
  // turns the first writes into copy-on-write faults and can serve a merged source from one cached page.
  // Filled in pieces so that a stop during setup is prompt.
  std::uint64_t seed = 0x6d656d6f7279;
  auto filled = [&] {
    platform::AlignedBuffer buffer = buffers(region);
    for (std::size_t at = 0; buffer && at < region && !stop.stop_requested(); at += 1 * MiB)
      fillContent(buffer.get() + at, std::min<std::size_t>(1 * MiB, region - at), SampleContent::Random, seed++);
    return buffer;
  };
  const platform::AlignedBuffer source = filled();
  std::vector<platform::AlignedBuffer> destinations;
  for (int i = 0; i < spec.streams; ++i)
    destinations.push_back(filled());
  if (!source || std::any_of(destinations.begin(), destinations.end(), [](const auto& d) { return !d; }))
    throw std::bad_alloc();  // runWorkload says so and names the options to change
  if (stop.stop_requested()) {
    result.cancelled = true;
    return;
  }
  Measurement measure;
  measure.begin();
  auto outcomes = runStreams(spec.streams, counters, [&](int i, StreamOutcome& out) {
    const std::byte* from = source.get();
    std::byte* destination = destinations[static_cast<std::size_t>(i)].get();
    volatile std::byte sink{};
    loopBlocks(spec, stop, counters, i, region, out, [&](std::size_t offset, std::size_t n) {
      std::memcpy(destination + offset, from + offset, n);
      sink = destination[offset];  // keeps the copy observable
    });
    (void)sink;
  });
  measure.end(result);
  finish(spec, stop, outcomes, result);
}

void runHashMemory(const WorkloadSpec& spec, std::stop_token stop, LiveCounters& counters, RunResult& result,
                   const WorkBuffers& buffers)
{
  result.cacheMethod = CacheMethod::NotApplicable;
  if (spec.bytes > 0)
    counters.setExpectedBytes(spec.bytes * static_cast<std::uint64_t>(spec.streams));
  const std::size_t region = std::max<std::size_t>(kHashBuffer, static_cast<std::size_t>(spec.blockSize));
  // Buffers are filled before the clock starts.
  std::vector<platform::AlignedBuffer> streamBuffers(static_cast<std::size_t>(spec.streams));
  for (std::size_t i = 0; i < streamBuffers.size(); ++i) {
    streamBuffers[i] = buffers(region);
    if (!streamBuffers[i])
      throw std::bad_alloc();  // runWorkload says so and names the options to change
    fillContent(streamBuffers[i].get(), region, SampleContent::Random, 0x5eed + i);
  }
  Measurement measure;
  measure.begin();
  auto outcomes = runStreams(spec.streams, counters, [&](int i, StreamOutcome& out) {
    std::unique_ptr<Hasher> hasher = hasherFor(spec);
    out.hashThreads = hasher->threadsPerStream();
    const std::byte* data = streamBuffers[static_cast<std::size_t>(i)].get();
    loopBlocks(spec, stop, counters, i, region, out,
               [&](std::size_t offset, std::size_t n) { hasher->update(data + offset, n); });
    hasher->finish();
  });
  measure.end(result);
  finish(spec, stop, outcomes, result);
}

}  // namespace hashscope::engine
