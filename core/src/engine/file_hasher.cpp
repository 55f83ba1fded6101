// FileHasher (several digests of a file in one read, the CLI's `hash` and `check`), hashFile and warmFile.
#include <algorithm>
#include <new>
#include <optional>

#include "engine/local_folders.hpp"
#include "engine/workload_internal.hpp"

namespace hashscope {

struct FileHasher::State {
  std::vector<std::string> algorithms;
  std::stop_token stop;
  LiveCounters* counters;
  int stream;
  std::vector<std::unique_ptr<Hasher>> owned;
  std::vector<Hasher*> hashers;
  std::string unknown;                   // an algorithm id makeHasher does not know
  LiveCounters local{1};
  engine::ReadPlan plan;
  std::optional<engine::StreamReads> reads;  // the buffer and reader kept from file to file
  engine::LocalFolders folders;              // listed folders, reopened where this thread has its own table
  std::optional<ReadMethod> lastMethod;  // none before the first file

  // Opens `file` with `open` (by path, or by name in its listed folder), then hashes all of it into a result.
  template <class Open>
  FileDigests hashWith(const std::filesystem::path& file, Open open)
  {
    FileDigests out;
    if (!unknown.empty()) {
      out.error = engine::unknownAlgorithmText(unknown);
      return out;
    }
    try {
      platform::InputFile input = open(out.error);
      if (!input.isOpen())
        return out;
      hashOpen(input, file, out);
    } catch (const std::bad_alloc&) {
      out.error = file.string() + ": not enough memory to read it in blocks of " + formatBytes(plan.blockSize) +
                  " (use a smaller block size)";
    } catch (const std::exception& e) {
      out.error = file.string() + ": " + e.what();
    }
    if (!out.error.empty())
      out.digests.clear();
    return out;
  }

  // Hashes all of `input` (opened, size known) into `out`: digests, or an error.
  void hashOpen(platform::InputFile& input, const std::filesystem::path& file, FileDigests& out)
  {
    for (Hasher* h : hashers)
      h->reset();
    // Kernel pseudo files report 0 or 4096 bytes whatever they hold: they are read until a read returns
    // nothing, like md5sum reads them. An empty file costs one read that way, so every file of size 0 is read
    // to its end; a file of 4096 bytes only on a pseudo filesystem (one system call fewer per file for the
    // rest). Elsewhere a read that ends before the size in stat means the file shrank while it was read, an
    // error (a benchmark must not hash less than it claims). A file that grew while it was read is read on to
    // its end, as md5sum reads it: the digest is of every byte there was, never of its first part alone.
    const bool toEnd = input.size() == 0 || (input.size() == 4096 && platform::isPseudoFilesystem(file));
    StreamResult read;
    std::string error;
    ReadMethod method = ReadMethod::Read;
    const bool ok = engine::consumeWholeFile(input, toEnd, hashers, plan, *reads, read, method, error);
    lastMethod = method;
    if (!ok) {
      out.error = error.empty() ? file.string() + ": cancelled" : error;
      return;
    }
    out.size = read.bytes;
    for (Hasher* h : hashers)
      out.digests.push_back(h->finish());
  }
};

FileHasher::FileHasher(std::vector<std::string> algorithms, std::stop_token stop, LiveCounters* counters,
                       int stream, std::uint64_t blockSize, int jobs, const Blake3Options& blake3)
    : m_state(std::make_unique<State>())
{
  State& s = *m_state;
  s.algorithms = std::move(algorithms);
  s.stop = std::move(stop);
  const bool external = counters && stream >= 0 && stream < counters->streams();
  s.counters = external ? counters : &s.local;
  s.stream = external ? stream : 0;
  s.plan.blockSize = std::max<std::uint64_t>(blockSize, 4096);
  s.plan.threads = jobs;
  s.plan.manyFiles = true;
  s.plan.copiesBelowMapping = true;
  s.reads.emplace(s.stop, *s.counters, s.stream);
  for (const auto& id : s.algorithms) {
    s.owned.push_back(makeHasher(id, blake3));
    if (!s.owned.back() && s.unknown.empty())
      s.unknown = id;
    s.hashers.push_back(s.owned.back().get());
  }
}

FileHasher::~FileHasher() = default;

const char* FileHasher::lastReadMethod() const
{
  return m_state->lastMethod ? toString(*m_state->lastMethod).data() : "";  // the table's words end in a NUL
}

FileDigests FileHasher::hash(const std::filesystem::path& file, Seen seen)
{
  return m_state->hashWith(file, [&](std::string& error) {
    return platform::InputFile::open(file, platform::ReadMode::Cached, error, seen == Seen::Unknown);
  });
}

FileDigests FileHasher::hash(const std::filesystem::path& file, const platform::Folder& folder)
{
  // The listing saw a regular file here: no look before opening (the open handle is still checked).
  return m_state->hashWith(file, [&](std::string& error) { return m_state->folders.open(folder, file, error); });
}

FileDigests FileHasher::hash(const TreeListing& listing, std::size_t index)
{
  const std::filesystem::path& file = listing.files.at(index);
  const platform::Folder* folder = index < listing.folders.size() ? listing.folders[index].get() : nullptr;
  return folder ? hash(file, *folder) : hash(file, Seen::Regular);
}

bool useOwnDescriptorTable() { return platform::useOwnDescriptorTable(); }

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
