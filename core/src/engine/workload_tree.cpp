// hash-tree: N streams take whole files from a shared index (like md5deep -r with N jobs).
#include <atomic>
#include <mutex>

#include "engine/workload_internal.hpp"

namespace hashscope::engine {

namespace {

// The least cold method any file got decides the run's label: "direct" only when every file was direct.
int coldness(CacheMethod method)
{
  switch (method) {
  case CacheMethod::Direct: return 3;
  case CacheMethod::MemoryBacked: return 2;
  case CacheMethod::Evicted: return 1;
  case CacheMethod::NotApplicable:
  case CacheMethod::AsIs:
  case CacheMethod::Warm: break;
  }
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
  std::optional<CacheMethod> method;
  if (spec.cache != CacheMode::Cold)
    method = spec.cache == CacheMode::Warm ? CacheMethod::Warm : CacheMethod::AsIs;
  if (spec.cache == CacheMode::Warm && !spec.prewarmed) {
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
      if (spec.cache == CacheMode::Cold && (!out.cacheMethod || coldness(plan.method) < coldness(*out.cacheMethod))) {
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
      if (o.cacheMethod && (!method || coldness(*o.cacheMethod) < coldness(*method))) {
        method = o.cacheMethod;
        result.cacheNote = o.cacheNote;
      }
    }
  }
  result.cacheMethod = method.value_or(CacheMethod::NotApplicable);
  if (stop.stop_requested() && result.files < listing.files.size())
    result.cancelled = true;
}

}  // namespace hashscope::engine

namespace hashscope {

bool warmTree(const std::filesystem::path& folder, std::stop_token stop)
{
  for (const auto& f : listFiles(folder, stop).files) {
    if (stop.stop_requested())
      return false;
    warmFile(f, stop);  // a file that cannot be read is reported when it is hashed
  }
  return !stop.stop_requested();
}

}  // namespace hashscope
