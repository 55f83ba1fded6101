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

struct FileHasher::State {
  std::vector<std::string> algorithms;
  std::stop_token stop;
  LiveCounters* counters;
  int stream;
  std::uint64_t blockSize;
  std::vector<std::unique_ptr<Hasher>> owned;
  std::vector<Hasher*> hashers;
  std::string unknown;                      // an algorithm id makeHasher does not know
  std::vector<std::byte> buffer;            // reused by every small file
  std::unique_ptr<PipelinedReader> reader;  // made at the first big file, reused by the next ones
  LiveCounters local{1};
  const char* lastMethod = "";
  int jobs = 1;
  std::function<void()> beforeLongRead;

  // Opens `file` with `open` (by path, or by name in its listed folder), then hashes all of it into a result.
  template <class Open>
  FileDigests hashWith(const std::filesystem::path& file, Open open)
  {
    FileDigests out;
    if (!unknown.empty()) {
      out.error = "Unknown hash algorithm \"" + unknown + "\"";
      return out;
    }
    try {
      platform::InputFile input = open(out.error);
      if (!input.isOpen())
        return out;
      hashOpen(input, file, out);
      if (!out.error.empty())
        out.digests.clear();
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

  // Hashes all of `input` (opened, size known) into `out`: digests, or an error.
  void hashOpen(platform::InputFile& input, const std::filesystem::path& file, FileDigests& out)
  {
    for (Hasher* h : hashers)
      h->reset();
    out.size = input.size();
    LiveCounters& live = *counters;
    StreamResult ignored;
    // Pseudo files report 0 or 4096 bytes whatever they hold: only those sizes need the filesystem check
    // (one system call fewer per file for everything else).
    if ((input.size() == 0 || input.size() == 4096) && platform::isPseudoFilesystem(file)) {
      // Only there: on a real filesystem a read that ends before the size in stat means the file shrank
      // while it was read, an error below (a benchmark must not hash less than it claims).
      lastMethod = "read";
      if (!hashToEndOfFile(input, hashers, blockSize, stop, live, stream, out))
        return;
    } else if (input.size() > 0) {
      engine::ReadMethod method = engine::chooseReadMethod(input, false, input.size(), hashers, blockSize);
      if (method != engine::ReadMethod::Whole && beforeLongRead)
        beforeLongRead();
      bool ok = false;
      std::string error;
      if (method == engine::ReadMethod::Whole) {
        ok = engine::consumeWhole(input, buffer, hashers, live, stream, ignored, error);
      } else if (method == engine::ReadMethod::Mapped) {
        bool cannotMap = false;
        ok = engine::consumeMapped(input, 0, input.size(), hashers, stop, live, stream, ignored, error, jobs,
                                   &cannotMap);
        if (cannotMap) {  // a filesystem without mmap: nothing was hashed yet, read it instead
          method = engine::ReadMethod::Pipelined;
          error.clear();
        }
      }
      lastMethod = engine::readMethodName(method);
      if (method == engine::ReadMethod::Pipelined) {
        if (!reader) {
          reader = std::make_unique<PipelinedReader>(static_cast<std::size_t>(blockSize), 4, stop, &live, stream);
          if (!reader->ok()) {
            out.error = reader->error();
            reader.reset();
            return;
          }
        }
        reader->start(input, 0, input.size(), false);
        ok = engine::consumeJob(*reader, hashers, live, stream, ignored, error);
      }
      if (!ok) {
        out.error = error.empty() ? file.string() + ": cancelled" : error;
        return;
      }
    }
    for (Hasher* h : hashers)
      out.digests.push_back(h->finish());
  }
};

FileHasher::FileHasher(std::vector<std::string> algorithms, std::stop_token stop, LiveCounters* counters,
                       int stream, std::uint64_t blockSize, int jobs)
    : m_state(std::make_unique<State>())
{
  State& s = *m_state;
  s.algorithms = std::move(algorithms);
  s.stop = std::move(stop);
  const bool external = counters && stream >= 0 && stream < counters->streams();
  s.counters = external ? counters : &s.local;
  s.stream = external ? stream : 0;
  s.blockSize = std::max<std::uint64_t>(blockSize, 4096);
  s.jobs = jobs;
  for (const auto& id : s.algorithms) {
    s.owned.push_back(makeHasher(id));
    if (!s.owned.back() && s.unknown.empty())
      s.unknown = id;
    s.hashers.push_back(s.owned.back().get());
  }
}

FileHasher::~FileHasher() = default;

const char* FileHasher::lastReadMethod() const { return m_state->lastMethod; }

void FileHasher::setBeforeLongRead(std::function<void()> hook) { m_state->beforeLongRead = std::move(hook); }

FileDigests FileHasher::hash(const std::filesystem::path& file, bool checked)
{
  return m_state->hashWith(file, [&](std::string& error) {
    return platform::InputFile::open(file, platform::ReadMode::Cached, error, !checked);
  });
}

FileDigests FileHasher::hash(const TreeListing& listing, std::size_t index)
{
  const std::filesystem::path& file = listing.files.at(index);
  const platform::Folder* folder = index < listing.folders.size() ? listing.folders[index].get() : nullptr;
  // The listing saw a regular file here: no look before opening (the open handle is still checked).
  return m_state->hashWith(file, [&](std::string& error) {
    return folder ? platform::InputFile::openIn(*folder, file, platform::ReadMode::Cached, error)
                  : platform::InputFile::open(file, platform::ReadMode::Cached, error, false);
  });
}

FileDigests hashFile(const std::filesystem::path& file, const std::vector<std::string>& algorithms,
                     std::stop_token stop, LiveCounters* counters, int stream, std::uint64_t blockSize)
{
  return FileHasher(algorithms, std::move(stop), counters, stream, blockSize).hash(file);
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
