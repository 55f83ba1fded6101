// read and hash-file: N streams read N contiguous slices of one file through pipelined readers.
#include <algorithm>

#include "engine/workload_internal.hpp"

namespace hashscope::engine {

namespace {

// Slice boundaries fall on multiples of this, so direct I/O stays aligned inside the file.
constexpr std::uint64_t kSliceAlignment = 64 * KiB;

}  // namespace

void runFileRead(const WorkloadSpec& spec, std::stop_token stop, LiveCounters& counters, RunResult& result)
{
  const bool hashing = spec.workload == Workload::HashFile;
  CachePlan plan;
  std::string error;
  // Every stream opens its own handle before the clock starts: opening is not reading.
  std::vector<platform::InputFile> files(static_cast<std::size_t>(spec.streams));
  if (!prepareFile(spec.target, spec.cache, stop, plan, files[0], error, spec.prewarmed)) {
    if (stop.stop_requested())
      result.cancelled = true;
    else
      result.error = error;
    return;
  }
  const std::uint64_t size = files[0].size();
  result.cacheMethod = plan.method;
  result.cacheNote = plan.note;
  if (size == 0) {
    result.error = spec.target.string() + " is empty: nothing to read";
    return;
  }
  counters.setExpectedBytes(size);

  const auto streams = static_cast<std::uint64_t>(spec.streams);
  std::uint64_t slice = (size + streams - 1) / streams;
  slice = (slice + kSliceAlignment - 1) / kSliceAlignment * kSliceAlignment;

  for (std::size_t i = 1; i < files.size(); ++i) {
    files[i] = platform::InputFile::open(spec.target, plan.mode, error);
    if (!files[i].isOpen()) {
      result.error = error;
      return;
    }
  }
  std::vector<std::string> digests(spec.streams);
  std::vector<ReadMethod> methods(spec.streams, ReadMethod::Pipelined);

  Measurement measure;
  measure.begin();
  auto outcomes = runStreams(spec.streams, counters, [&](int i, StreamOutcome& out) {
    const std::uint64_t begin = std::min(size, slice * static_cast<std::uint64_t>(i));
    const std::uint64_t end = std::min(size, begin + slice);
    std::unique_ptr<Hasher> hasher = hashing ? makeHasher(spec.algorithm) : nullptr;
    if (hashing && !hasher) {
      out.error = "Unknown hash algorithm \"" + spec.algorithm + "\"";
      return;
    }
    platform::InputFile& file = files[static_cast<std::size_t>(i)];
    Hasher* const list[] = {hasher.get()};
    std::span<Hasher* const> hashers = hashing ? std::span<Hasher* const>(list) : std::span<Hasher* const>();
    // The read workload measures reading: only hashing may skip the copy. A slice of one block or less
    // still goes through the reader (Whole is for hash -r's small files).
    ReadMethod method = chooseReadMethod(file, plan.dropBehind, end - begin, hashers, 0);
    if (method == ReadMethod::Whole)  // an empty slice (block size 0 here): nothing to read
      method = ReadMethod::Pipelined;
    std::string err;
    if (method == ReadMethod::Mapped && end > begin) {
      bool cannotMap = false;
      if (!consumeMapped(file, begin, end - begin, hashers, stop, counters, i, out.result, err, spec.streams,
                         &cannotMap))
        out.error = err;
      if (cannotMap) {  // a filesystem without mmap: nothing was hashed yet, read it instead
        method = ReadMethod::Pipelined;
        out.error.clear();
      }
    }
    methods[static_cast<std::size_t>(i)] = method;
    if (method == ReadMethod::Pipelined) {
      PipelinedReader reader(spec.blockSize, spec.readDepth, stop, &counters, i);
      if (!reader.ok()) {
        out.error = reader.error().empty() ? "Could not start the reader" : reader.error();
        return;
      }
      if (end > begin) {
        reader.start(file, begin, end - begin, plan.dropBehind);
        if (!consumeJob(reader, hashers, counters, i, out.result, err))
          out.error = err;
      }
      out.result.readerCpuSeconds = reader.readerCpuSeconds();
    }
    out.result.files = end > begin ? 1 : 0;
    if (hasher && out.error.empty() && !stop.stop_requested())
      digests[static_cast<std::size_t>(i)] = toHex(hasher->finish());
  });
  measure.end(result);
  collectOutcomes(outcomes, result);
  unsigned used = 0;
  for (std::size_t i = 0; i < methods.size(); ++i)
    used |= 1u << static_cast<unsigned>(methods[i]);
  result.readMethod = readMethodsText(used);
  result.files = result.error.empty() ? 1 : 0;
  if (result.error.empty() && result.bytes != size && stop.stop_requested())
    result.cancelled = true;
  else if (result.error.empty() && result.bytes != size)
    result.error = spec.target.string() + " changed size while it was being read";
  if (spec.streams == 1 && hashing && result.ok())
    result.digest = digests[0];
}

}  // namespace hashscope::engine
