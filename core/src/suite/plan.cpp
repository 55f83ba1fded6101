// planSuite(): what the Benchmark button runs, step by step, before anything runs.
#include <algorithm>
#include <thread>

#include "hashscope/hash.hpp"  // workload.hpp uses Digest without including it
#include "hashscope/peer.hpp"
#include "hashscope/suite.hpp"

namespace hashscope {

namespace {

std::string cacheText(CacheMode mode) { return std::string(toString(mode)); }

std::string streamsText(int streams)
{
  return streams == 1 ? std::string() : ", " + std::to_string(streams) + " streams";
}

// BLAKE3 hashes one stream on all cores: the titles say so, since it changes what a ramp means.
std::string coresText(const std::string& algorithm)
{
  const AlgorithmInfo* info = findAlgorithm(algorithm);
  const unsigned cores = info ? info->threadsPerStream : 1;
  return cores > 1 ? ", " + std::to_string(cores) + " cores per stream" : std::string();
}

std::vector<std::string> defaultSuiteAlgorithms() { return {"md5", "sha256", "xxh3-64", "crc32"}; }

}  // namespace

std::vector<SuiteStep> planSuite(const SuiteSpec& spec)
{
  const std::vector<std::string> algorithms = spec.algorithms.empty() ? defaultSuiteAlgorithms() : spec.algorithms;
  const int streams = std::max(1, spec.streams);
  const int maxStreams =
      spec.maxStreams > 0 ? spec.maxStreams : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));

  std::vector<SuiteStep> steps;
  auto add = [&](const std::filesystem::path& location, WorkloadSpec w, std::string title, std::string tool = {}) {
    SuiteStep step;
    step.index = static_cast<int>(steps.size());
    step.location = location;
    step.spec = std::move(w);
    step.title = std::move(title);
    step.tool = std::move(tool);
    steps.push_back(std::move(step));
  };

  for (const auto& location : spec.locations) {
    const auto target = location / sampleFileName(spec.sampleSize, spec.content);
    const std::string where = ", " + location.string();
    WorkloadSpec base;
    base.target = target;
    base.blockSize = spec.blockSize;
    base.streams = streams;
    base.cache = spec.cache;

    WorkloadSpec read = base;
    read.workload = Workload::Read;
    add(location, read, "read (" + cacheText(spec.cache) + streamsText(streams) + ")" + where);

    for (const std::string& algorithm : algorithms) {
      WorkloadSpec memory;
      memory.workload = Workload::HashMemory;
      memory.algorithm = algorithm;
      memory.blockSize = spec.blockSize;
      memory.seconds = spec.hashMemorySeconds > 0 ? spec.hashMemorySeconds : 1.0;
      const std::string cores = coresText(algorithm);
      add(location, memory, algorithm + " hash-memory" + (cores.empty() ? "" : " (" + cores.substr(2) + ")"));

      WorkloadSpec file = base;
      file.workload = Workload::HashFile;
      file.algorithm = algorithm;
      add(location, file,
          algorithm + " hash-file (" + cacheText(spec.cache) + streamsText(streams) + cores + ")" + where);

      // Peers run right after the cold hash-file, before the warm pass fills the page cache.
      if (spec.peers) {
        for (const PeerTool& tool : findPeerTools(algorithm)) {
          WorkloadSpec peer = base;
          peer.workload = Workload::PeerTool;
          peer.algorithm = algorithm;
          peer.streams = 1;
          add(location, peer, tool.name + " (peer tool, " + cacheText(spec.cache) + ")" + where, tool.name);
        }
      }
      if (spec.warm) {
        WorkloadSpec warm = file;
        warm.cache = CacheMode::Warm;
        add(location, warm, algorithm + " hash-file (warm" + streamsText(streams) + cores + ")" + where);
      }
      if (spec.ramp) {
        for (int n = 1; n <= maxStreams; ++n) {
          WorkloadSpec ramp = file;
          ramp.streams = n;
          add(location, ramp,
              algorithm + " ramp " + std::to_string(n) + "/" + std::to_string(maxStreams) + " (" +
                  cacheText(spec.cache) + ", " + std::to_string(n) + (n == 1 ? " stream" : " streams") + cores +
                  ")" + where);
        }
      }
    }
  }
  return steps;
}

}  // namespace hashscope
