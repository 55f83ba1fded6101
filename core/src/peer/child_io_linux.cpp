// Linux: /proc/<pid>/io of our own child (same user: no privileges needed). rchar, not read_bytes, which
// counts storage fetches: those run ahead of the tool (readahead) and stay 0 for a warm file.
#include <string>

#include "counters/linux_sources.hpp"
#include "peer/child_io.hpp"

namespace hashscope::peer {

bool childReadBytes(std::intptr_t child, std::uint64_t& bytes)
{
  thread_local std::string buffer;
  const std::string path = "/proc/" + std::to_string(child) + "/io";
  // False when it is gone already, or without task I/O accounting in this kernel.
  return counters::readSmallFile(path.c_str(), buffer) && counters::parseProcIoField(buffer, "rchar", bytes);
}

}  // namespace hashscope::peer
