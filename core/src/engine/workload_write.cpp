// write: streams write disjoint slices of one temporary file, flushed to the device, then removed.
#include <algorithm>
#include <random>

#include "engine/workload_internal.hpp"
#include "hashscope/samples.hpp"

namespace hashscope::engine {

namespace {

constexpr std::uint64_t kDefaultWriteSize = 256 * MiB;
constexpr std::uint64_t kWriteBehindChunk = 8 * MiB;  // bounds dirty memory per stream (x4 in flight)
constexpr std::uint64_t kSliceAlignment = 1 * MiB;

}  // namespace

std::string freeSpaceProblem(const std::filesystem::path& folder, std::uint64_t needed)
{
  std::error_code ec;
  const auto space = std::filesystem::space(folder, ec);
  // Unknown (or a filesystem that reports no size at all, like ramfs): let the write itself tell.
  if (ec || space.capacity == 0)
    return "";
  if (space.available < needed)
    return "Not enough free space in " + folder.string() + ": " + formatBytes(needed) + " needed, " +
           formatBytes(space.available) + " free";
  return "";
}

void runWrite(const WorkloadSpec& spec, std::stop_token stop, LiveCounters& counters, RunResult& result)
{
  result.cacheMethod = CacheMethod::NotApplicable;
  const std::filesystem::path& folder = spec.target;
  result.error = folderProblem(folder);
  if (!result.error.empty())
    return;
  const std::uint64_t size = spec.bytes > 0 ? spec.bytes : kDefaultWriteSize;
  result.error = freeSpaceProblem(folder, size);
  if (!result.error.empty())
    return;

  // HashScope's own name, created exclusively: an existing file is never touched.
  std::random_device entropy;
  platform::OutputFile first;
  std::filesystem::path path;
  std::string error;
  for (int attempt = 0; attempt < 16 && !first.isOpen(); ++attempt) {
    char name[64];
    std::snprintf(name, sizeof name, "hashscope-write-test-%08x.tmp", entropy());
    path = folder / name;
    first = platform::OutputFile::createExclusive(path, error);
    if (!first.isOpen() && !std::filesystem::exists(std::filesystem::symlink_status(path)))
      break;  // a real failure (read-only, permissions), not a name collision
  }
  if (!first.isOpen()) {
    result.error = error;
    return;
  }
  // Removed however the run ends: the write workload never leaves its file behind.
  const auto remove = [](const std::filesystem::path* file) {
    std::error_code ec;
    std::filesystem::remove(*file, ec);
  };
  const std::unique_ptr<const std::filesystem::path, decltype(remove)> guard(&path, remove);
  result.target = path;
  counters.setExpectedBytes(size);

  const auto streams = static_cast<std::uint64_t>(spec.streams);
  std::uint64_t slice = (size + streams - 1) / streams;
  slice = (slice + kSliceAlignment - 1) / kSliceAlignment * kSliceAlignment;
  std::vector<platform::OutputFile> files(spec.streams);
  files[0] = std::move(first);
  for (std::size_t i = 1; i < files.size(); ++i) {
    files[i] = platform::OutputFile::openExisting(path, error);
    if (!files[i].isOpen()) {
      result.error = error;
      return;
    }
  }
  const std::size_t block = static_cast<std::size_t>(spec.blockSize);
  std::vector<platform::AlignedBuffer> buffers(files.size());
  for (auto& b : buffers) {
    b = platform::allocateAligned(block, 4096);
    if (!b) {
      result.error = "Not enough memory for the write buffers";
      return;
    }
  }

  Measurement measure;
  measure.begin();
  auto outcomes = runStreams(spec.streams, counters, [&](int i, StreamOutcome& out) {
    const std::uint64_t begin = std::min(size, slice * static_cast<std::uint64_t>(i));
    const std::uint64_t end = std::min(size, begin + slice);
    platform::OutputFile& file = files[static_cast<std::size_t>(i)];
    std::byte* data = buffers[static_cast<std::size_t>(i)].get();
    std::uint64_t behind = begin;
    auto t0 = Clock::now();
    for (std::uint64_t pos = begin; pos < end && !stop.stop_requested();) {
      const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(block, end - pos));
      fillContent(data, n, spec.content, pos / block);
      std::string err;
      if (!file.writeAt(data, n, pos, err)) {
        out.error = err;
        return;
      }
      pos += n;
      if (pos - behind >= kWriteBehindChunk) {
        file.writeBehind(behind, pos - behind);
        behind = pos;
      }
      out.result.bytes += n;
      counters.addBytes(i, n);
      const auto t1 = Clock::now();
      counters.addBusyNanos(i, nanosBetween(t0, t1));
      out.result.busySeconds += secondsBetween(t0, t1);
      t0 = t1;
    }
  });
  collectOutcomes(spec, outcomes, result);
  // The data is written when it is on the device: the flush is part of the measurement.
  if (result.error.empty() && !stop.stop_requested() && !files[0].flush(error))
    result.error = error;
  measure.end(result);
  result.files = result.error.empty() ? 1 : 0;
  if (stop.stop_requested() && result.bytes < size)
    result.cancelled = true;
  for (auto& f : files)
    f.close();
}

}  // namespace hashscope::engine
