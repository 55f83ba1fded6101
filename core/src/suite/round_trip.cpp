// The round trip of a network or FUSE location: how long one small read takes when it has to reach the
// server (a latency, where the read workload measures a rate).
#include <algorithm>
#include <chrono>
#include <vector>

#include "platform/file_io.hpp"
#include "suite/run_step.hpp"

namespace hashscope::suite {

namespace {

constexpr int kRoundTripReads = 9;            // odd: the median is one of them
constexpr std::size_t kSmallRead = 4096;      // one page: as small as direct I/O allows everywhere

}  // namespace

std::optional<double> measureRoundTrip(const std::filesystem::path& file, std::stop_token stop)
{
  std::string error;
  platform::InputFile in = platform::InputFile::open(file, platform::ReadMode::Direct, error);
  if (!in.isOpen() || in.size() == 0 || in.direct() == platform::DirectResult::MemoryBacked)
    return std::nullopt;
  const bool direct = in.direct() == platform::DirectResult::Direct;
  const std::size_t length = std::max(kSmallRead, in.alignment());
  platform::AlignedBuffer buffer = platform::allocateAligned(length, std::max<std::size_t>(in.alignment(), 4096));
  if (!buffer)
    return std::nullopt;
  std::vector<double> ms;
  for (int i = 0; i < kRoundTripReads && !stop.stop_requested(); ++i) {
    // Offsets spread over the file, aligned: no read lands where the one before it (or readahead) left data.
    std::uint64_t offset = in.size() / kRoundTripReads * static_cast<std::uint64_t>(i);
    offset -= offset % length;
    // Without direct I/O the page is dropped first, so the read has to fetch it again.
    if (!direct)
      in.dropRange(offset, length);
    const auto start = std::chrono::steady_clock::now();
    if (in.readAt(buffer.get(), length, offset, error) < 0)
      return std::nullopt;
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  if (ms.size() < static_cast<std::size_t>(kRoundTripReads))
    return std::nullopt;
  std::nth_element(ms.begin(), ms.begin() + kRoundTripReads / 2, ms.end());
  return ms[kRoundTripReads / 2];
}

}  // namespace hashscope::suite
