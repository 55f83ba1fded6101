// ListedFileHasher: FileHasher for the files of a tree listing, opened relative to their folder.
// Its read dispatch (State::hashOpen) mirrors FileHasher::hash, which opens by path.
#include <new>

#include "engine/workload_internal.hpp"

namespace hashscope {

struct ListedFileHasher::State {
  std::vector<std::string> algorithms;
  std::stop_token stop;
  LiveCounters* given;  // as passed in, for the FileHasher of pseudo files
  LiveCounters* counters;
  int stream;
  std::uint64_t blockSize;
  int jobs;
  std::vector<std::unique_ptr<Hasher>> owned;
  std::vector<Hasher*> hashers;
  std::string unknown;                      // an algorithm id makeHasher does not know
  std::vector<std::byte> buffer;            // reused by every small file
  std::unique_ptr<PipelinedReader> reader;  // made at the first big file, reused by the next ones
  std::unique_ptr<FileHasher> byPath;       // kernel pseudo files: FileHasher reads them to their end
  LiveCounters local{1};
  std::function<void()> beforeLongRead;

  // Hashes all of `input` (opened, size known) into `out`.
  void hashOpen(platform::InputFile& input, FileDigests& out)
  {
    for (Hasher* h : hashers)
      h->reset();
    out.size = input.size();
    StreamResult ignored;
    std::string error;
    bool ok = true;
    if (input.size() > 0) {
      const engine::ReadMethod method = engine::chooseReadMethod(input, false, input.size(), hashers, blockSize, jobs);
      if (method != engine::ReadMethod::Whole && beforeLongRead)
        beforeLongRead();
      if (method == engine::ReadMethod::Whole) {
        ok = engine::consumeWhole(input, buffer, hashers, *counters, stream, ignored, error);
      } else if (method == engine::ReadMethod::Mapped) {
        ok = engine::consumeMapped(input, 0, input.size(), hashers, stop, *counters, stream, ignored, error);
      } else {
        if (!reader) {
          auto made = std::make_unique<PipelinedReader>(static_cast<std::size_t>(blockSize), 4, stop, counters, stream);
          if (!made->ok()) {
            out.error = made->error();
            return;
          }
          reader = std::move(made);
        }
        reader->start(input, 0, input.size(), false);
        ok = engine::consumeJob(*reader, hashers, *counters, stream, ignored, error);
      }
    }
    if (!ok) {
      out.error = error.empty() ? input.path().string() + ": cancelled" : error;
      return;
    }
    for (Hasher* h : hashers)
      out.digests.push_back(h->finish());
  }
};

ListedFileHasher::ListedFileHasher(std::vector<std::string> algorithms, std::stop_token stop, LiveCounters* counters,
                                   int stream, std::uint64_t blockSize, int jobs)
    : m_state(std::make_unique<State>())
{
  State& s = *m_state;
  s.algorithms = std::move(algorithms);
  s.stop = std::move(stop);
  const bool external = counters && stream >= 0 && stream < counters->streams();
  s.given = external ? counters : nullptr;
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

ListedFileHasher::~ListedFileHasher() = default;

void ListedFileHasher::setBeforeLongRead(std::function<void()> hook) { m_state->beforeLongRead = std::move(hook); }

FileDigests ListedFileHasher::hash(const TreeListing& listing, std::size_t index)
{
  State& s = *m_state;
  FileDigests out;
  if (!s.unknown.empty()) {
    out.error = "Unknown hash algorithm \"" + s.unknown + "\"";
    return out;
  }
  const std::filesystem::path& path = listing.files.at(index);
  const platform::Folder* folder = index < listing.folders.size() ? listing.folders[index].get() : nullptr;
  try {
    // The listing saw a regular file here: no look before opening (the open handle is still checked).
    platform::InputFile input = folder ? platform::InputFile::openIn(*folder, path, platform::ReadMode::Cached, out.error)
                                       : platform::InputFile::open(path, platform::ReadMode::Cached, out.error, false);
    if (!input.isOpen())
      return out;
    // Pseudo files report 0 or 4096 bytes whatever they hold: only those sizes need the filesystem check.
    if ((input.size() == 0 || input.size() == 4096) && platform::isPseudoFilesystem(path)) {
      input.close();
      if (!s.byPath)
        s.byPath = std::make_unique<FileHasher>(s.algorithms, s.stop, s.given, s.stream, s.blockSize, s.jobs);
      return s.byPath->hash(path, true);
    }
    s.hashOpen(input, out);
    if (!out.error.empty())
      out.digests.clear();
  } catch (const std::bad_alloc&) {
    out.digests.clear();
    out.error = path.string() + ": not enough memory to read it in blocks of " + formatBytes(s.blockSize) +
                " (use a smaller block size)";
  } catch (const std::exception& e) {
    out.digests.clear();
    out.error = path.string() + ": " + e.what();
  }
  return out;
}

}  // namespace hashscope
