// Windows: the CPU name from the registry, the OS version from RtlGetVersion (GetVersionEx lies since 8.1).
// Not compiled or run here: written from the Win32 documentation.
#include "export/machine_info.hpp"

#include <windows.h>


namespace hashscope {

namespace {

std::string narrow(const wchar_t* text)
{
  const int size = WideCharToMultiByte(CP_UTF8, 0, text, -1, nullptr, 0, nullptr, nullptr);
  if (size <= 1)
    return {};
  std::string out(static_cast<std::size_t>(size), '\0');
  WideCharToMultiByte(CP_UTF8, 0, text, -1, out.data(), size, nullptr, nullptr);
  out.pop_back();  // the terminating NUL
  return out;
}

std::string cpuName()
{
  wchar_t buffer[256] = {};
  DWORD size = sizeof buffer;
  if (RegGetValueW(HKEY_LOCAL_MACHINE, L"HARDWARE\\DESCRIPTION\\System\\CentralProcessor\\0",
                   L"ProcessorNameString", RRF_RT_REG_SZ, nullptr, buffer, &size) != ERROR_SUCCESS)
    return {};
  std::string name = narrow(buffer);
  while (!name.empty() && name.back() == ' ')
    name.pop_back();
  return name;
}

std::string osVersion()
{
  using RtlGetVersionFn = LONG(WINAPI*)(PRTL_OSVERSIONINFOW);
  HMODULE ntdll = GetModuleHandleW(L"ntdll.dll");
  if (ntdll) {
    auto fn = reinterpret_cast<RtlGetVersionFn>(reinterpret_cast<void*>(GetProcAddress(ntdll, "RtlGetVersion")));
    RTL_OSVERSIONINFOW v{};
    v.dwOSVersionInfoSize = sizeof v;
    if (fn && fn(&v) == 0)
      return "Windows " + std::to_string(v.dwMajorVersion) + "." + std::to_string(v.dwMinorVersion) + "." +
             std::to_string(v.dwBuildNumber);
  }
  return "Windows";
}

}  // namespace

MachineInfo platformMachineInfo()
{
  MachineInfo info;
  info.cpuModel = cpuName();
  info.os = osVersion();
  if (info.os.size() > 8)
    info.kernel = info.os.substr(8);  // "10.0.22631": the NT kernel's version
  MEMORYSTATUSEX memory{};
  memory.dwLength = sizeof memory;
  if (GlobalMemoryStatusEx(&memory))
    info.memoryBytes = memory.ullTotalPhys;
  return info;
}

}  // namespace hashscope
