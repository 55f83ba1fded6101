// read and hash-file: N streams read N contiguous slices of one file, each through consumeRange.
#include <algorithm>

#include "engine/workload_internal.hpp"

namespace hashscope::engine {

namespace {

// Slice boundaries fall on multiples of this, so direct I/O stays aligned inside the file.
constexpr std::uint64_t kSliceAlignment = 64 * KiB;

}  // namespace

void runFile(const WorkloadSpec& spec, std::stop_token stop, LiveCounters& counters, RunResult& result)
{
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
  // The file workloads measure reads through the reader: a slice of one block or less goes through it too
  // (one read() on the hashing thread is for hash -r's small files).
  ReadPlan readsPlan = readPlan(spec, plan.dropBehind);
  readsPlan.smallInline = false;

  Measurement measure;
  measure.begin();
  auto outcomes = runStreams(spec.streams, counters, [&](int i, StreamOutcome& out) {
    const std::uint64_t begin = std::min(size, slice * static_cast<std::uint64_t>(i));
    const std::uint64_t end = std::min(size, begin + slice);
    std::unique_ptr<Hasher> hasher = hasherFor(spec);
    Hasher* const list[] = {hasher.get()};
    std::span<Hasher* const> hashers = hasher ? std::span<Hasher* const>(list) : std::span<Hasher* const>();
    out.hashThreads = hasher ? hasher->threadsPerStream() : 0;
    StreamReads reads(stop, counters, i);
    std::string err;
    if (!consumeRange(files[static_cast<std::size_t>(i)], begin, end - begin, hashers, readsPlan, reads, out.result,
                      err))
      out.error = err;
    noteReads(reads, out);
    out.result.files = end > begin ? 1 : 0;
    if (hasher && out.error.empty() && !stop.stop_requested())
      digests[static_cast<std::size_t>(i)] = toHex(hasher->finish());
  });
  measure.end(result);
  collectOutcomes(spec, outcomes, result);
  result.files = result.error.empty() ? 1 : 0;
  if (result.error.empty() && result.bytes != size && stop.stop_requested())
    result.cancelled = true;
  else if (result.error.empty() && result.bytes != size)
    result.error = spec.target.string() + " changed size while it was being read";
  if (spec.streams == 1 && workloadTraits(spec.workload).usesAlgorithm && result.ok())
    result.digest = digests[0];
}

}  // namespace hashscope::engine
