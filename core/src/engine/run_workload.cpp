// runWorkload: validates the spec, dispatches to one workload, and never lets anything escape.
#include <exception>
#include <new>

#include "engine/workload_internal.hpp"

namespace hashscope {

namespace {

std::string specProblem(const WorkloadSpec& spec, const LiveCounters* counters)
{
  if (spec.streams < 1 || spec.streams > 1024)
    return "The number of streams must be between 1 and 1024 (got " + std::to_string(spec.streams) + ")";
  if (spec.blockSize == 0 || spec.blockSize > 1 * GiB)
    return "The block size must be between 1 byte and 1 GiB (got " + formatBytes(spec.blockSize) + ")";
  if (spec.readDepth < 2 || spec.readDepth > 64)
    return "The read depth must be between 2 and 64 buffers (got " + std::to_string(spec.readDepth) + ")";
  if (spec.seconds < 0)
    return "The duration cannot be negative";
  if (counters && counters->streams() != spec.streams)
    return "The live counters were made for " + std::to_string(counters->streams()) + " streams, the run has " +
           std::to_string(spec.streams);
  const bool needsAlgorithm = spec.workload == Workload::HashMemory || spec.workload == Workload::HashFile ||
                              spec.workload == Workload::HashTree;
  if (needsAlgorithm && !findAlgorithm(spec.algorithm))
    return spec.algorithm.empty() ? "No hash algorithm was chosen"
                                  : "Unknown hash algorithm \"" + spec.algorithm + "\"";
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
    result.cache = spec.cache;
    result.cacheMethod = CacheMethod::NotApplicable;
    const bool usesAlgorithm = spec.workload == Workload::HashMemory || spec.workload == Workload::HashFile ||
                               spec.workload == Workload::HashTree;
    if (usesAlgorithm)
      result.algorithm = spec.algorithm;
    // A read over a folder reads every file under it (the read reference of hash-tree on existing data).
    const bool readsTree = spec.workload == Workload::Read && spec.tree;
    const bool folderTarget = spec.workload == Workload::Write || spec.workload == Workload::HashTree || readsTree;
    if (!spec.target.empty())
      result.location = folderTarget ? spec.target : spec.target.parent_path();

    result.error = specProblem(spec, counters);
    if (!result.error.empty())
      return result;
    if (stop.stop_requested()) {
      result.cancelled = true;
      return result;
    }
    LiveCounters local(spec.streams);
    LiveCounters& live = counters ? *counters : local;

    switch (spec.workload) {
    case Workload::Memory: engine::runMemory(spec, stop, live, result); break;
    case Workload::HashMemory: engine::runHashMemory(spec, stop, live, result); break;
    case Workload::Write: engine::runWrite(spec, stop, live, result); break;
    case Workload::Read:
      readsTree ? engine::runHashTree(spec, stop, live, result) : engine::runFileRead(spec, stop, live, result);
      break;
    case Workload::HashFile: engine::runFileRead(spec, stop, live, result); break;
    case Workload::HashTree: engine::runHashTree(spec, stop, live, result); break;
    case Workload::PeerTool:
      result.error = "Peer-tool runs are started by the peer module, not by runWorkload";
      break;
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
