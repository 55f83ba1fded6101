// The read methods besides the pipelined reader: one read per small file, mapped windows for cached files.
#include <algorithm>
#include <memory>
#include <thread>

#include "engine/workload_internal.hpp"
#include "platform/mapped_file.hpp"

namespace hashscope::engine {

namespace {

// Windows of 16 MiB: measured as fast as 64 MiB from /dev/shm, and the mapped pages a window keeps resident
// stay well under the 96 MiB memory goal. Pieces of 1 MiB keep progress and cancellation responsive.
constexpr std::size_t kWindow = 16 * MiB;
constexpr std::size_t kPiece = 1 * MiB;
// A hasher that splits one stream over threads (the BLAKE3 tree) gets whole windows of 32 MiB, each one
// subtree its threads share and then wait for each other: half the hand-offs of 16 MiB windows. 2 GiB in
// /dev/shm, medians of 11 interleaved runs on 2 cores: 16 MiB 0.382-0.404 s, 32 MiB 0.378 s, 64 MiB
// 0.381-0.389 s, b3sum 0.379-0.386 s; peak RSS 25, 43 and 77 MiB.
constexpr std::size_t kSplitWindow = 32 * MiB;

// Feeds mapped pieces to the hashers. Plain members only: a fault in a truncated file jumps out of consume().
class HashingConsumer final : public platform::MappedConsumer {
public:
  HashingConsumer(std::span<Hasher* const> hashers, std::stop_token& stop, LiveCounters& counters, int stream)
      : m_hashers(hashers), m_stop(stop), m_counters(counters), m_stream(stream)
  {
  }
  bool consume(const std::byte* data, std::size_t size) override
  {
    if (m_stop.stop_requested())
      return false;
    const auto t0 = Clock::now();
    for (Hasher* h : m_hashers)
      h->update(data, size);
    const std::uint64_t busy = nanosBetween(t0, Clock::now());
    m_counters.addBusyNanos(m_stream, busy);
    m_counters.addBytes(m_stream, size);
    m_busyNanos += busy;
    m_bytes += size;
    return true;
  }
  std::uint64_t m_busyNanos = 0, m_bytes = 0;

private:
  std::span<Hasher* const> m_hashers;
  std::stop_token& m_stop;
  LiveCounters& m_counters;
  int m_stream;
};

}  // namespace

const char* readMethodName(ReadMethod method)
{
  switch (method) {
  case ReadMethod::Whole: return "read";
  case ReadMethod::Mapped: return "mmap";
  case ReadMethod::Pipelined: return "pipelined";
  }
  return "?";
}

std::string readMethodsText(unsigned methods)
{
  std::string text;
  for (ReadMethod m : {ReadMethod::Whole, ReadMethod::Mapped, ReadMethod::Pipelined}) {
    if (methods & (1u << static_cast<unsigned>(m)))
      text += (text.empty() ? "" : "+") + std::string(readMethodName(m));
  }
  return text;
}

ReadMethod chooseReadMethod(const platform::InputFile& file, bool dropBehind, std::uint64_t length,
                            std::span<Hasher* const> hashers, std::uint64_t blockSize)
{
  const bool cached = file.alignment() <= 1 && !dropBehind;  // not direct, not a cold fallback
  if (cached && length <= blockSize)
    return ReadMethod::Whole;
  return cached && !hashers.empty() && platform::mappingSupported() ? ReadMethod::Mapped : ReadMethod::Pipelined;
}

bool mappedHelperFits(std::span<Hasher* const> hashers, int threads)
{
  unsigned perStream = 1;
  for (Hasher* h : hashers)
    perStream = std::max(perStream, h->threadsPerStream());
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  return platform::mappingHelperSupported() && threads >= 1 &&
         static_cast<unsigned>(threads) * (perStream + 1) <= cores;
}

bool consumeMapped(platform::InputFile& file, std::uint64_t offset, std::uint64_t length,
                   std::span<Hasher* const> hashers, std::stop_token stop, LiveCounters& counters, int stream,
                   StreamResult& result, std::string& error, int threads, bool* cannotMap)
{
  HashingConsumer consumer(hashers, stop, counters, stream);
  bool stopped = false;
  // A hasher that splits one stream over threads (the BLAKE3 tree) gets whole windows: each update is one
  // hand-off to its threads (kSplitWindow, its largest subtree, ~10 ms of hashing).
  const bool split = std::any_of(hashers.begin(), hashers.end(), [](Hasher* h) { return h->threadsPerStream() > 1; });
  bool refused = false;
  const std::size_t window = split ? kSplitWindow : kWindow;
  error = platform::readMapped(file, offset, length, window, split ? window : kPiece, consumer, stopped,
                               mappedHelperFits(hashers, threads), &refused);
  if (cannotMap)
    *cannotMap = refused;
  result.bytes += consumer.m_bytes;
  result.busySeconds += static_cast<double>(consumer.m_busyNanos) * 1e-9;
  return error.empty() && !stopped;
}

bool consumeWhole(platform::InputFile& file, std::vector<std::byte>& buffer, std::span<Hasher* const> hashers,
                  LiveCounters& counters, int stream, StreamResult& result, std::string& error)
{
  const auto size = static_cast<std::size_t>(file.size());
  if (buffer.size() < size)
    buffer.resize(size);
  const auto t0 = Clock::now();
  const std::int64_t n = size == 0 ? 0 : file.readAt(buffer.data(), size, 0, error);
  if (n < 0)
    return false;
  if (static_cast<std::size_t>(n) != size) {
    error = file.path().string() + " got shorter while it was being read";
    return false;
  }
  const auto t1 = Clock::now();
  for (Hasher* h : hashers)
    h->update(buffer.data(), size);
  const std::uint64_t wait = nanosBetween(t0, t1), busy = nanosBetween(t1, Clock::now());
  counters.addWaitNanos(stream, wait);
  counters.addBusyNanos(stream, busy);
  counters.addBytes(stream, size);
  result.bytes += size;
  result.waitSeconds += static_cast<double>(wait) * 1e-9;
  result.busySeconds += static_cast<double>(busy) * 1e-9;
  return true;
}

}  // namespace hashscope::engine
