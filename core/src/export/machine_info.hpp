// A small, portable description of this machine for exports: CPU model, logical cores, RAM, OS, kernel.
#pragma once

#include <cstdint>
#include <string>

namespace hashscope {

// What a result file says about the machine it was measured on.
struct MachineInfo {
  std::string cpuModel;     // "Intel(R) Xeon(R) ..." or empty when unknown
  int logicalCores = 0;
  std::string os;           // "Linux 6.1.0-13-amd64 x86_64", "macOS 14.2", "Windows 10.0.22631"
  std::string kernel;       // "6.1.0-13-amd64", Darwin "23.2.0", Windows build "10.0.22631"
  std::uint64_t memoryBytes = 0;  // physical RAM, 0 when unknown
};

// Read once per process (cheap afterwards).
const MachineInfo& machineInfo();

// What machine_info_<platform>.cpp reads: everything but the logical cores (machine_info.cpp, one way for all).
MachineInfo platformMachineInfo();

}  // namespace hashscope
