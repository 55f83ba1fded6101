// hash-tree: N streams take whole files from a shared index (like md5deep -r with N jobs).
#include <atomic>
#include <mutex>

#include "engine/workload_internal.hpp"

namespace hashscope::engine {

namespace {

// The least cold method any file got decides the run's label: "direct" only when every file was direct.
int coldness(const std::string& method)
{
  if (method == "direct")
    return 3;
  if (method == "memory-backed")
    return 2;
  if (method == "evicted")
    return 1;
  return 0;
}

}  // namespace

void runHashTree(const WorkloadSpec& spec, std::stop_token stop, LiveCounters& counters, RunResult& result)
{
  TreeListing listing = listFiles(spec.target, stop);
  if (stop.stop_requested()) {
    result.cancelled = true;
    return;
  }
  result.fileErrors = listing.errors;
  if (listing.files.empty() && !listing.errors.empty() && !std::filesystem::is_directory(spec.target)) {
    result.error = listing.errors.front();
    return;
  }
  counters.setExpectedBytes(listing.totalBytes);

  // Warm mode reads everything once before the clock starts, as hash-file does.
  std::string method = spec.cache == CacheMode::Warm ? "warm" : spec.cache == CacheMode::AsIs ? "as-is" : "";
  if (spec.cache == CacheMode::Warm) {
    for (const auto& f : listing.files) {
      if (stop.stop_requested()) {
        result.cancelled = true;
        return;
      }
      warmFile(f, stop);  // a file that cannot be read is reported when it is hashed
    }
  }

  std::atomic<std::size_t> nextFile{0};
  Measurement measure;
  measure.begin();
  auto outcomes = runStreams(spec.streams, counters, [&](int i, StreamOutcome& out) {
    std::unique_ptr<Hasher> hasher = makeHasher(spec.algorithm);
    if (!hasher) {
      out.error = "Unknown hash algorithm \"" + spec.algorithm + "\"";
      return;
    }
    PipelinedReader reader(spec.blockSize, spec.readDepth, stop, &counters, i);
    if (!reader.ok()) {
      out.error = reader.error();
      return;
    }
    Hasher* const list[] = {hasher.get()};
    while (!stop.stop_requested()) {
      const std::size_t index = nextFile.fetch_add(1, std::memory_order_relaxed);
      if (index >= listing.files.size())
        break;
      const auto& path = listing.files[index];
      CachePlan plan;
      std::string error;
      const CacheMode perFile = spec.cache == CacheMode::Warm ? CacheMode::AsIs : spec.cache;
      platform::InputFile file;
      if (!prepareFile(path, perFile, stop, plan, file, error)) {
        out.fileErrors.push_back(error);
        continue;
      }
      if (spec.cache == CacheMode::Cold && (out.cacheMethod.empty() || coldness(plan.method) < coldness(out.cacheMethod))) {
        out.cacheMethod = plan.method;
        out.cacheNote = plan.note;
      }
      hasher->reset();
      reader.start(file, 0, file.size(), plan.dropBehind);
      if (!consumeJob(reader, list, counters, i, out.result, error)) {
        if (!error.empty())
          out.fileErrors.push_back(error);
        continue;
      }
      hasher->finish();
      ++out.result.files;
      counters.addFile(i);
    }
    out.result.readerCpuSeconds = reader.readerCpuSeconds();
  });
  measure.end(result);
  collectOutcomes(outcomes, result);
  if (spec.cache == CacheMode::Cold) {
    for (const auto& o : outcomes) {
      if (!o.cacheMethod.empty() && (method.empty() || coldness(o.cacheMethod) < coldness(method))) {
        method = o.cacheMethod;
        result.cacheNote = o.cacheNote;
      }
    }
  }
  result.cacheMethod = method.empty() ? "n/a" : method;
  if (stop.stop_requested() && result.files < listing.files.size())
    result.cancelled = true;
}

}  // namespace hashscope::engine
