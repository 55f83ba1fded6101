// machineInfo(): the platform's description of this machine, read once, with what every platform reads alike.
#include "export/machine_info.hpp"

#include <thread>

namespace hashscope {

const MachineInfo& machineInfo()
{
  static const MachineInfo info = [] {
    MachineInfo read = platformMachineInfo();
    read.logicalCores = static_cast<int>(std::thread::hardware_concurrency());
    return read;
  }();
  return info;
}

}  // namespace hashscope
