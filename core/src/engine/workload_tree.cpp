// hash-tree, and a read over a folder (WorkloadSpec::tree): N streams take whole files from the job pool (like
// md5deep -r with N jobs), largest first. The read runs the same walk with no hasher: the tree's own read
// ceiling, per-file costs included.
#include <algorithm>
#include <numeric>

#include "engine/local_folders.hpp"
#include "engine/workload_internal.hpp"
#include "hashscope/jobs.hpp"

namespace hashscope::engine {

namespace {

// The least cold method any file got decides the run's label: "direct" only when every file was direct.
int coldness(CacheMethod m)
{
  using enum CacheMethod;
  return m == Direct ? 3 : m == MemoryBacked ? 2 : m == Evicted ? 1 : 0;
}

}  // namespace

void runTree(const WorkloadSpec& spec, std::stop_token stop, LiveCounters& counters, RunResult& result)
{
  TreeListing listing = listFiles(spec.target, stop, true, spec.links);
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

  // Warm mode's files were read once before (warmUp): each is opened as it is.
  std::optional<CacheMethod> method;
  if (spec.cache != CacheMode::Cold)
    method = spec.cache == CacheMode::Warm ? CacheMethod::Warm : CacheMethod::AsIs;

  // Largest files first: the streams then finish together instead of one hashing the last big file alone
  // (work balanced by bytes). Small files are hashed inline, with one read each into a reused buffer.
  std::vector<std::size_t> order(listing.files.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  if (listing.sizes.size() == listing.files.size())
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return listing.sizes[a] > listing.sizes[b]; });
  ReadPlan cachedPlan = readPlan(spec, false), dropPlan = readPlan(spec, true);
  cachedPlan.manyFiles = dropPlan.manyFiles = true;
  // What a stream keeps from file to file, on its own thread.
  struct Stream {
    std::unique_ptr<Hasher> hasher;
    StreamReads reads;
    LocalFolders folders;
  };
  std::vector<StreamOutcome> outcomes(static_cast<std::size_t>(spec.streams));
  std::vector<Stream*> streams(outcomes.size());
  auto hashOne = [&](int i, std::size_t& k) -> char {
    Stream& s = *streams[static_cast<std::size_t>(i)];
    StreamOutcome& out = outcomes[static_cast<std::size_t>(i)];
    const auto& path = listing.files[k];
    const platform::Folder* listed = listing.folders[k].get();
    CachePlan plan;
    std::string error;
    const CacheMode perFile = spec.cache == CacheMode::Warm ? CacheMode::AsIs : spec.cache;
    platform::InputFile file;
    // Cached reads open the file by name in its listed folder, as hash -r does (plan.method stays AsIs);
    // cold ones go through prepareFile, which evicts or opens for direct I/O.
    if (perFile == CacheMode::AsIs && listed)
      file = s.folders.open(*listed, path, error);
    else
      prepareFile(path, perFile, plan, file, error);
    if (!file.isOpen()) {
      out.fileErrors.push_back(error);
      return 0;
    }
    if (spec.cache == CacheMode::Cold &&
        (!out.cacheMethod || coldness(plan.method) < coldness(*out.cacheMethod))) {
      out.cacheMethod = plan.method;
      out.cacheNote = plan.note;
    }
    Hasher* const one[] = {s.hasher.get()};
    const std::span<Hasher* const> list =
        s.hasher ? std::span<Hasher* const>(one) : std::span<Hasher* const>();
    if (s.hasher)
      s.hasher->reset();
    if (!consumeRange(file, 0, file.size(), list, plan.dropBehind ? dropPlan : cachedPlan, s.reads,
                      out.result, error)) {
      if (!error.empty())
        out.fileErrors.push_back(error);
      return 0;
    }
    if (s.hasher)
      s.hasher->finish();
    ++out.result.files;
    counters.addFile(i);
    return 0;
  };
  Measurement measure;
  measure.begin();
  // The file loop of hash -r: every job is known, so the window holds them all, and nobody consumes results.
  runFileJobs<std::size_t, char>(
      spec.streams, std::max<std::size_t>(order.size(), 1), stop,
      [&](JobRing<std::size_t, char>& ring) {
        for (std::size_t k : order)
          if (!ring.add(k))
            return;
      },
      hashOne, {}, {},
      [&](int i, const std::function<void()>& loop) {
        StreamOutcome& out = outcomes[static_cast<std::size_t>(i)];
        runAsStream(i, spec.streams, counters, out, [&] {
          Stream s{hasherFor(spec), StreamReads(stop, counters, i), {}};
          out.hashThreads = s.hasher ? s.hasher->threadsPerStream() : 0;
          streams[static_cast<std::size_t>(i)] = &s;
          loop();
          noteReads(s.reads, out);
        });
      });
  measure.end(result);
  collectOutcomes(spec, outcomes, result);
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

bool readsFolder(const WorkloadSpec& spec)
{
  return workloadTraits(spec.workload).targetsFolder || (spec.workload == Workload::Read && spec.tree);
}

std::string warmUp(const WorkloadSpec& spec, std::stop_token stop)
{
  if (!readsFolder(spec))
    return warmFile(spec.target, stop);
  for (const auto& f : listFiles(spec.target, stop, true, spec.links).files) {
    if (stop.stop_requested())
      return spec.target.string() + ": cancelled";
    warmFile(f, stop);
  }
  return "";
}

}  // namespace hashscope
