#include <algorithm>
#include <exception>
#include <stdexcept>
#include <new>
#include <thread>

#include "engine/workload_internal.hpp"

namespace hashscope::engine {

void runAsStream(int i, int streams, LiveCounters& counters, StreamOutcome& outcome,
                 const std::function<void()>& body)
{
  auto clock = platform::makeThreadClock();
  counters.registerThread(i, false, clock);
  const double cpu0 = clock->cpuSeconds();
  const auto t0 = Clock::now();
  try {
    body();
  } catch (const std::bad_alloc&) {
    outcome.error = "Not enough memory for " + std::to_string(streams) +
                    " stream(s): use a smaller block size or fewer streams";
  } catch (const std::exception& e) {
    outcome.error = std::string("Unexpected failure: ") + e.what();
  } catch (...) {
    outcome.error = "Unexpected failure in a worker thread";
  }
  outcome.result.wallSeconds = secondsBetween(t0, Clock::now());
  outcome.result.cpuSeconds = clock->cpuSeconds() - cpu0;
  clock->freeze();
}

std::vector<StreamOutcome> runStreams(int streams, LiveCounters& counters,
                                      const std::function<void(int, StreamOutcome&)>& body)
{
  std::vector<StreamOutcome> outcomes(static_cast<std::size_t>(streams));
  {
    std::vector<std::jthread> threads;
    threads.reserve(outcomes.size());
    for (int i = 0; i < streams; ++i) {
      threads.emplace_back([i, streams, &counters, &body, &outcome = outcomes[static_cast<std::size_t>(i)]] {
        runAsStream(i, streams, counters, outcome, [&] { body(i, outcome); });
      });
    }
  }  // joins every thread
  return outcomes;
}

void Measurement::begin()
{
  processCpuSeconds(m_user, m_system);
  m_start = Clock::now();
}

void Measurement::end(RunResult& result)
{
  result.seconds = secondsBetween(m_start, Clock::now());
  double user = 0, system = 0;
  processCpuSeconds(user, system);
  result.userSeconds = user - m_user;
  result.systemSeconds = system - m_system;
}

bool prepareFile(const std::filesystem::path& path, CacheMode cache, CachePlan& plan, platform::InputFile& file,
                 std::string& error)
{
  plan = CachePlan{};
  const auto mode = cache == CacheMode::Cold ? platform::ReadMode::Direct : platform::ReadMode::Cached;
  file = platform::InputFile::open(path, mode, error);
  if (!file.isOpen())
    return false;
  plan.mode = mode;
  switch (cache) {
  case CacheMode::AsIs:
    plan.method = CacheMethod::AsIs;
    return true;
  case CacheMode::Warm:  // read once already, by warmUp
    plan.method = CacheMethod::Warm;
    return true;
  case CacheMode::Cold:
    break;
  }
  std::string evictNote;
  switch (file.direct()) {
  case platform::DirectResult::Direct:
    // Direct reads skip the cache anyway, but dirty cached pages would be written back in the middle of
    // the measurement: flush and drop them now.
    file.evict(evictNote);
    plan.method = CacheMethod::Direct;
    break;
  case platform::DirectResult::MemoryBacked:
    plan.method = CacheMethod::MemoryBacked;
    plan.note = file.note();
    break;
  case platform::DirectResult::Fallback:
  case platform::DirectResult::NotAsked:
    file.evict(evictNote);
    plan.method = CacheMethod::Evicted;
    plan.dropBehind = true;
    plan.note = file.note();
    break;
  }
  if (!evictNote.empty())
    plan.note += (plan.note.empty() ? "" : "; ") + evictNote;
  return true;
}

std::string folderProblem(const std::filesystem::path& folder)
{
  std::error_code ec;
  const auto st = std::filesystem::status(folder, ec);
  if (st.type() == std::filesystem::file_type::not_found)
    return folder.string() + ": no such folder";
  if (ec)
    return folder.string() + ": " + ec.message();
  if (st.type() != std::filesystem::file_type::directory)
    return folder.string() + " is not a folder";
  return "";
}

std::string unknownAlgorithmText(std::string_view id) { return "Unknown hash algorithm \"" + std::string(id) + "\""; }

std::unique_ptr<Hasher> hasherFor(const WorkloadSpec& spec)
{
  if (!workloadTraits(spec.workload).usesAlgorithm)
    return nullptr;
  std::unique_ptr<Hasher> hasher = makeHasher(spec.algorithm);
  if (!hasher)
    throw std::invalid_argument(unknownAlgorithmText(spec.algorithm));
  return hasher;
}

ReadPlan readPlan(const WorkloadSpec& spec, bool dropBehind)
{
  ReadPlan plan;
  plan.path = spec.readPath;
  plan.dropBehind = dropBehind;
  plan.blockSize = spec.blockSize;
  plan.queueDepth = spec.queueDepth;
  plan.threads = spec.streams;
  plan.remote = spec.remote;
  return plan;
}

void noteReads(const StreamReads& reads, StreamOutcome& out)
{
  out.readMethods.add(reads.methods());
  out.queuedDirect = out.queuedDirect || reads.queuedDirect();
  out.result.readerCpuSeconds = reads.readerCpuSeconds();
}

void collectOutcomes(const WorkloadSpec& spec, std::vector<StreamOutcome>& outcomes, RunResult& result)
{
  result.perStream.clear();
  result.bytes = 0;
  result.files = 0;
  ReadMethods methods;
  bool queuedDirect = false;
  for (StreamOutcome& o : outcomes) {
    methods.add(o.readMethods);
    queuedDirect = queuedDirect || o.queuedDirect;
    result.hashThreads = std::max(result.hashThreads, o.hashThreads);
    result.perStream.push_back(o.result);
    result.bytes += o.result.bytes;
    result.files += o.result.files;
    if (result.error.empty() && !o.error.empty())
      result.error = o.error;
    for (std::string& e : o.fileErrors)
      result.fileErrors.push_back(std::move(e));
  }
  if (!methods.empty())
    result.readMethods = methods;
  result.queueDepth = queuedDirect ? spec.queueDepth : 0;
}

}  // namespace hashscope::engine
