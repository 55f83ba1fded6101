// macOS: the CPU brand and OS version from sysctl (not compiled or run here: no Mac in this workplace).
#include "export/machine_info.hpp"

#include <sys/sysctl.h>
#include <sys/types.h>


namespace hashscope {

namespace {

std::string sysctlString(const char* name)
{
  std::size_t size = 0;
  if (sysctlbyname(name, nullptr, &size, nullptr, 0) != 0 || size == 0)
    return {};
  std::string value(size, '\0');
  if (sysctlbyname(name, value.data(), &size, nullptr, 0) != 0)
    return {};
  while (!value.empty() && value.back() == '\0')
    value.pop_back();
  return value;
}

}  // namespace

MachineInfo platformMachineInfo()
{
  MachineInfo info;
  info.cpuModel = sysctlString("machdep.cpu.brand_string");
  const std::string version = sysctlString("kern.osproductversion");
  const std::string machine = sysctlString("hw.machine");
  info.os = "macOS " + (version.empty() ? sysctlString("kern.osrelease") : version) +
            (machine.empty() ? std::string() : " " + machine);
  info.kernel = sysctlString("kern.osrelease");
  std::uint64_t memory = 0;
  std::size_t size = sizeof memory;
  if (sysctlbyname("hw.memsize", &memory, &size, nullptr, 0) == 0)
    info.memoryBytes = memory;
  return info;
}

}  // namespace hashscope
