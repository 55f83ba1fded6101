// hashFile (several digests in one read pass, the CLI's `hash`) and warmFile (the "warm" cache mode).
#include <new>

#include "engine/workload_internal.hpp"

#include <algorithm>

namespace hashscope {

namespace {

// Reads `input` front to back until a read returns nothing, whatever its size said: for kernel pseudo
// files (sysfs reports 4096 bytes, procfs 0, whatever they hold), as md5sum reads them.
bool hashToEndOfFile(platform::InputFile& input, const std::vector<Hasher*>& hashers, std::uint64_t blockSize,
                     std::stop_token stop, LiveCounters& live, int stream, FileDigests& out)
{
  std::vector<std::byte> buffer(static_cast<std::size_t>(std::clamp<std::uint64_t>(blockSize, 4096, 16 * MiB)));
  std::uint64_t position = 0;
  for (;;) {
    if (stop.stop_requested()) {
      out.error = input.path().string() + ": cancelled";
      return false;
    }
    const auto t0 = engine::Clock::now();
    const std::int64_t n = input.readAt(buffer.data(), buffer.size(), position, out.error);
    if (n < 0)
      return false;
    if (n == 0)
      break;
    const auto t1 = engine::Clock::now();
    for (Hasher* h : hashers)
      h->update(buffer.data(), static_cast<std::size_t>(n));
    live.addWaitNanos(stream, engine::nanosBetween(t0, t1));
    live.addBusyNanos(stream, engine::nanosBetween(t1, engine::Clock::now()));
    live.addBytes(stream, static_cast<std::uint64_t>(n));
    position += static_cast<std::uint64_t>(n);
  }
  out.size = position;
  return true;
}

}  // namespace

FileDigests hashFile(const std::filesystem::path& file, const std::vector<std::string>& algorithms,
                     std::stop_token stop, LiveCounters* counters, int stream, std::uint64_t blockSize)
{
  FileDigests out;
  try {
    std::vector<std::unique_ptr<Hasher>> owned;
    std::vector<Hasher*> hashers;
    for (const auto& id : algorithms) {
      owned.push_back(makeHasher(id));
      if (!owned.back()) {
        out.error = "Unknown hash algorithm \"" + id + "\"";
        return out;
      }
      hashers.push_back(owned.back().get());
    }
    platform::InputFile input = platform::InputFile::open(file, platform::ReadMode::Cached, out.error);
    if (!input.isOpen())
      return out;
    out.size = input.size();
    LiveCounters local(1);
    const bool external = counters && stream >= 0 && stream < counters->streams();
    LiveCounters& live = external ? *counters : local;
    if (!external)
      stream = 0;
    if (platform::isPseudoFilesystem(file)) {
      // Only there: on a real filesystem a read that ends before the size in stat means the file shrank
      // while it was read, an error below (a benchmark must not hash less than it claims).
      if (!hashToEndOfFile(input, hashers, blockSize, stop, live, stream, out))
        return out;
    } else if (input.size() > 0 && input.size() <= blockSize) {
      // One block: a reader thread and its buffers would cost more than the read itself (hash -r of many
      // small files).
      std::vector<std::byte> data(static_cast<std::size_t>(input.size()));
      const auto t0 = engine::Clock::now();
      const std::int64_t n = input.readAt(data.data(), data.size(), 0, out.error);
      if (n < 0)
        return out;
      if (static_cast<std::uint64_t>(n) != input.size()) {
        out.error = file.string() + " got shorter while it was being read";
        return out;
      }
      const auto t1 = engine::Clock::now();
      for (Hasher* h : hashers)
        h->update(data.data(), data.size());
      live.addWaitNanos(stream, engine::nanosBetween(t0, t1));
      live.addBusyNanos(stream, engine::nanosBetween(t1, engine::Clock::now()));
      live.addBytes(stream, data.size());
    } else if (input.size() > 0) {
      PipelinedReader reader(static_cast<std::size_t>(std::max<std::uint64_t>(blockSize, 4096)), 4, stop,
                             &live, stream);
      if (!reader.ok()) {
        out.error = reader.error();
        return out;
      }
      reader.start(input, 0, input.size(), false);
      StreamResult result;
      std::string error;
      if (!engine::consumeJob(reader, hashers, live, stream, result, error)) {
        out.error = error.empty() ? file.string() + ": cancelled" : error;
        return out;
      }
    }
    for (Hasher* h : hashers)
      out.digests.push_back(h->finish());
  } catch (const std::bad_alloc&) {
    out.digests.clear();
    out.error = file.string() + ": not enough memory to read it in blocks of " + formatBytes(blockSize) +
                " (use a smaller block size)";
  } catch (const std::exception& e) {
    out.digests.clear();
    out.error = file.string() + ": " + e.what();
  }
  return out;
}

std::string warmFile(const std::filesystem::path& file, std::stop_token stop)
{
  std::string error;
  platform::InputFile input = platform::InputFile::open(file, platform::ReadMode::Cached, error);
  if (!input.isOpen())
    return error;
  constexpr std::size_t kChunk = 1 * MiB;
  platform::AlignedBuffer buffer = platform::allocateAligned(kChunk, 4096);
  if (!buffer)
    return "Not enough memory to read " + file.string();
  for (std::uint64_t pos = 0; pos < input.size();) {
    if (stop.stop_requested())
      return file.string() + ": cancelled";
    const std::int64_t n = input.readAt(buffer.get(), kChunk, pos, error);
    if (n < 0)
      return error;
    if (n == 0)
      break;
    pos += static_cast<std::uint64_t>(n);
  }
  return "";
}

}  // namespace hashscope
