// read and hash-file: N streams read N contiguous slices of one file, each through consumeRange.
#include <algorithm>
#include <memory>
#include <utility>

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
  if (!prepareFile(spec.target, spec.cache, plan, files[0], error)) {
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
  const auto range = [&](int i) {
    const std::uint64_t begin = std::min(size, slice * static_cast<std::uint64_t>(i));
    return std::pair{begin, std::min(size, begin + slice) - begin};
  };
  // Each stream's hasher and what it reads with (a buffer or a reader thread with its buffers) are made before
  // the clock starts, as its handle is: making them is not reading.
  std::vector<std::unique_ptr<Hasher>> hashers(files.size());
  std::vector<std::unique_ptr<StreamReads>> reads(files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    hashers[i] = hasherFor(spec);
    Hasher* const list[] = {hashers[i].get()};
    const std::span<Hasher* const> span = hashers[i] ? std::span<Hasher* const>(list) : std::span<Hasher* const>();
    reads[i] = std::make_unique<StreamReads>(stop, counters, static_cast<int>(i));
    const std::uint64_t length = range(static_cast<int>(i)).second;
    reads[i]->prepare(plannedMethod(files[i], length, span, readsPlan), length, span, readsPlan);
  }

  Measurement measure;
  measure.begin();
  auto outcomes = runStreams(spec.streams, counters, [&](int i, StreamOutcome& out) {
    const auto k = static_cast<std::size_t>(i);
    const auto [begin, length] = range(i);
    Hasher* const list[] = {hashers[k].get()};
    std::span<Hasher* const> span = hashers[k] ? std::span<Hasher* const>(list) : std::span<Hasher* const>();
    out.hashThreads = hashers[k] ? hashers[k]->threadsPerStream() : 0;
    std::string err;
    if (!consumeRange(files[k], begin, length, span, readsPlan, *reads[k], out.result, err))
      out.error = err;
    noteReads(*reads[k], out);
    out.result.files = length > 0 ? 1 : 0;
    if (hashers[k] && out.error.empty() && !stop.stop_requested())
      digests[k] = toHex(hashers[k]->finish());
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
