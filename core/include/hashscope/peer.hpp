// Peer tools: the installed command-line tools users compare against (md5sum, openssl dgst, b3sum ...).
#pragma once

#include <filesystem>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "hashscope/results.hpp"

namespace hashscope {

class LiveCounters;

struct PeerTool {
  std::string name;                  // "md5sum", "openssl-md5", "hashdeep-md5", "b3sum", "xxhsum-xxh3-64" ...
  std::string algorithm;             // HashScope's id of what it computes ("md5"; b3sum: "blake3")
  std::filesystem::path executable;  // resolved on PATH
  std::vector<std::string> arguments;  // before the file name
};

// The peer tools installed on this machine that compute `algorithm` (all of them when empty).
std::vector<PeerTool> findPeerTools(const std::string& algorithm = {});

// Runs the tool on `file` as an argument list (never through a shell), timed like `time`, and compares its
// digest with `expectedDigest` (hex, when given). Killed on stop. With `counters` (one stream), the bytes it
// has read so far go to stream 0 while it runs, for live progress.
RunResult runPeerTool(const PeerTool& tool, const std::filesystem::path& file,
                      const std::string& expectedDigest, std::stop_token stop, LiveCounters* counters = nullptr);

}  // namespace hashscope
