// Linux: the CPU model from /proc/cpuinfo, the OS and kernel from uname(2), RAM from sysconf(3).
#include "export/machine_info.hpp"

#include <sys/utsname.h>
#include <unistd.h>

#include <fstream>

namespace hashscope {

namespace {

std::string cpuModelFromProc()
{
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    // x86: "model name"; some ARM kernels only say "Hardware" or "Model".
    if (line.rfind("model name", 0) == 0 || line.rfind("Model", 0) == 0 || line.rfind("Hardware", 0) == 0) {
      const auto colon = line.find(':');
      if (colon == std::string::npos)
        continue;
      auto value = line.substr(colon + 1);
      const auto first = value.find_first_not_of(" \t");
      return first == std::string::npos ? std::string() : value.substr(first);
    }
  }
  return {};
}

}  // namespace

MachineInfo platformMachineInfo()
{
  MachineInfo info;
  info.cpuModel = cpuModelFromProc();
  utsname u{};
  if (uname(&u) == 0) {
    info.os = std::string(u.sysname) + " " + u.release + " " + u.machine;
    info.kernel = u.release;
  } else
    info.os = "Linux";
  const long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
  if (pages > 0 && pageSize > 0)
    info.memoryBytes = static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(pageSize);
  return info;
}

}  // namespace hashscope
