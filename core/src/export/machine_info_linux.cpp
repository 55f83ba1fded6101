// Linux: the CPU model from /proc/cpuinfo, the OS from uname(2).
#include "export/machine_info.hpp"

#include <sys/utsname.h>

#include <fstream>
#include <thread>

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

MachineInfo readMachineInfo()
{
  MachineInfo info;
  info.cpuModel = cpuModelFromProc();
  info.logicalCores = static_cast<int>(std::thread::hardware_concurrency());
  utsname u{};
  if (uname(&u) == 0)
    info.os = std::string(u.sysname) + " " + u.release + " " + u.machine;
  else
    info.os = "Linux";
  return info;
}

}  // namespace

const MachineInfo& machineInfo()
{
  static const MachineInfo info = readMachineInfo();
  return info;
}

}  // namespace hashscope
