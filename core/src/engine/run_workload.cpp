// runWorkload: validates the spec, dispatches to one workload, and never lets anything escape.
#include <exception>
#include <new>

#include "engine/workload_internal.hpp"
#include "platform/mapped_file.hpp"

namespace hashscope {

namespace {

std::string specProblem(const WorkloadSpec& spec, const LiveCounters* counters)
{
  if (spec.workload == Workload::PeerTool)
    return "Peer-tool runs are started by the peer module, not by runWorkload";
  if (spec.streams < 1 || spec.streams > 1024)
    return "The number of streams must be between 1 and 1024 (got " + std::to_string(spec.streams) + ")";
  if (spec.blockSize == 0 || spec.blockSize > 1 * GiB)
    return "The block size must be between 1 byte and 1 GiB (got " + formatBytes(spec.blockSize) + ")";
  if (spec.queueDepth < 1 || spec.queueDepth > kMaxQueueDepth)
    return "The queue depth must be between 1 and " + std::to_string(kMaxQueueDepth) + " reads in flight (got " +
           std::to_string(spec.queueDepth) + ")";
  if (spec.seconds < 0)
    return "The duration cannot be negative";
  if (counters && counters->streams() != spec.streams)
    return "The live counters were made for " + std::to_string(counters->streams()) + " streams, the run has " +
           std::to_string(spec.streams);
  if (workloadTraits(spec.workload).usesAlgorithm && !findAlgorithm(spec.algorithm))
    return spec.algorithm.empty() ? "No hash algorithm was chosen" : engine::unknownAlgorithmText(spec.algorithm);
  // Mapped pages come from the page cache: a cold read can be mapped only where the data lives in RAM anyway.
  if (spec.readPath == ReadPath::Mapped && workloadTraits(spec.workload).usesCache && spec.cache == CacheMode::Cold &&
      !platform::isMemoryBacked(spec.target))
    return "Mapped reads come from the page cache, so a cold read of " + spec.target.string() +
           " cannot be mapped: read it with copies, or warm";
  return "";
}

}  // namespace

RunResult runWorkload(const WorkloadSpec& spec, std::stop_token stop, LiveCounters* counters)
{
  RunResult result;
  try {
    result.workload = spec.workload;
    result.target = spec.target;
    result.streams = spec.streams;
    result.blockSize = spec.blockSize;
    result.readPath = spec.readPath;
    result.cache = spec.cache;
    result.cacheMethod = CacheMethod::NotApplicable;
    if (workloadTraits(spec.workload).usesAlgorithm)
      result.algorithm = spec.algorithm;
    // A read over a folder reads every file under it (the read reference of hash-tree on existing data).
    const bool folder = readsFolder(spec);
    if (!spec.target.empty())
      result.location = folder ? spec.target : spec.target.parent_path();

    result.error = specProblem(spec, counters);
    if (!result.error.empty())
      return result;
    if (stop.stop_requested()) {
      result.cancelled = true;
      return result;
    }
    LiveCounters local(spec.streams);
    LiveCounters& live = counters ? *counters : local;
    // How cached files are read depends on what mapping costs this machine: measured once, before any timing
    // (elsewhere, as hash and check, at the first file that could be mapped).
    if (workloadTraits(spec.workload).usesCache) {
      platform::mappingCosts();
      // And what hashing costs next to a copy (Auto's choice of copying on the hashing thread), so that no timed
      // pass measures it.
      if (!spec.algorithm.empty())
        engine::hashCost(spec.algorithm);
    }
    if (spec.cache == CacheMode::Warm && workloadTraits(spec.workload).usesCache && !spec.prewarmed) {
      const std::string warm = warmUp(spec, stop);
      if (stop.stop_requested()) {
        result.cancelled = true;
        return result;
      }
      if (!warm.empty()) {
        result.error = warm;
        return result;
      }
    }

    switch (spec.workload) {
    case Workload::Memory: engine::runMemory(spec, stop, live, result); break;
    case Workload::HashMemory: engine::runHashMemory(spec, stop, live, result); break;
    case Workload::Write: engine::runWrite(spec, stop, live, result); break;
    case Workload::Read:
      folder ? engine::runTree(spec, stop, live, result) : engine::runFile(spec, stop, live, result);
      break;
    case Workload::HashFile: engine::runFile(spec, stop, live, result); break;
    case Workload::HashTree: engine::runTree(spec, stop, live, result); break;
    case Workload::PeerTool: break;  // refused by specProblem
    }
  } catch (const std::bad_alloc&) {
    result.error = "Not enough memory for " + std::to_string(spec.streams) + " stream(s) with blocks of " +
                   formatBytes(spec.blockSize) + ": use a smaller block size or fewer streams";
  } catch (const std::exception& e) {
    result.error = std::string("Unexpected failure: ") + e.what();
  } catch (...) {
    result.error = "Unexpected failure";
  }
  return result;
}

}  // namespace hashscope
