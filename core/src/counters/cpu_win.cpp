// Windows system CPU counters: per-CPU times from NtQuerySystemInformation, GetSystemTimes as fallback.
// Not run in HashScope's Linux workplace: compile-checked with mingw-w64 only.
#include <windows.h>

#include <vector>

#include "hashscope/counters.hpp"

namespace hashscope {

namespace {

// SystemProcessorPerformanceInformation's record (winternl.h hides DPC and interrupt time as "Reserved").
struct ProcessorTimes {
  LARGE_INTEGER idle, kernel, user, dpc, interrupt;
  ULONG interruptCount;
};
static_assert(sizeof(ProcessorTimes) == 48, "SYSTEM_PROCESSOR_PERFORMANCE_INFORMATION is 48 bytes");
constexpr ULONG kSystemProcessorPerformanceInformation = 8;
using NtQuerySystemInformationFn = LONG(WINAPI*)(ULONG, PVOID, ULONG, PULONG);

double seconds(LONGLONG hundredNanos)
{
  return static_cast<double>(hundredNanos) * 1e-7;
}

// Kernel time includes idle, and DPC and interrupt time are part of kernel time: take them apart so
// busy = user + system + irq + softirq, as on Linux.
CpuTimes toCpuTimes(const ProcessorTimes& p)
{
  CpuTimes t;
  t.user = seconds(p.user.QuadPart);
  t.idle = seconds(p.idle.QuadPart);
  t.irq = seconds(p.interrupt.QuadPart);
  t.softirq = seconds(p.dpc.QuadPart);
  const LONGLONG system = p.kernel.QuadPart - p.idle.QuadPart - p.dpc.QuadPart - p.interrupt.QuadPart;
  t.system = seconds(system > 0 ? system : 0);
  return t;
}

class WindowsCpuSource final : public CpuCounterSource {
public:
  WindowsCpuSource()
  {
    if (HMODULE ntdll = GetModuleHandleW(L"ntdll.dll"))
      m_query = reinterpret_cast<NtQuerySystemInformationFn>(
          reinterpret_cast<void*>(GetProcAddress(ntdll, "NtQuerySystemInformation")));
    SYSTEM_INFO si{};
    GetSystemInfo(&si);
    // One record per CPU of the calling thread's processor group (at most 64).
    m_buffer.resize(si.dwNumberOfProcessors > 0 ? si.dwNumberOfProcessors : 1);
  }

  bool read(CpuSnapshot& out) override
  {
    ULONG returned = 0;
    if (m_query && m_query(kSystemProcessorPerformanceInformation, m_buffer.data(),
                           static_cast<ULONG>(m_buffer.size() * sizeof(ProcessorTimes)), &returned) >= 0) {
      const std::size_t n = returned / sizeof(ProcessorTimes);
      out.cores.resize(n);
      out.all = CpuTimes{};
      for (std::size_t i = 0; i < n; ++i) {
        out.cores[i] = toCpuTimes(m_buffer[i]);
        out.all.user += out.cores[i].user;
        out.all.system += out.cores[i].system;
        out.all.idle += out.cores[i].idle;
        out.all.irq += out.cores[i].irq;
        out.all.softirq += out.cores[i].softirq;
      }
      if (n > 0)
        return true;
    }
    // Whole-system only: kernel time includes idle here too.
    FILETIME idle, kernel, user;
    if (!GetSystemTimes(&idle, &kernel, &user))
      return false;
    auto value = [](const FILETIME& f) {
      return static_cast<LONGLONG>((static_cast<ULONGLONG>(f.dwHighDateTime) << 32) | f.dwLowDateTime);
    };
    out.cores.clear();
    out.all = CpuTimes{};
    out.all.user = seconds(value(user));
    out.all.idle = seconds(value(idle));
    const LONGLONG system = value(kernel) - value(idle);
    out.all.system = seconds(system > 0 ? system : 0);
    return true;
  }

private:
  NtQuerySystemInformationFn m_query = nullptr;
  std::vector<ProcessorTimes> m_buffer;
};

}  // namespace

std::unique_ptr<CpuCounterSource> makeCpuCounterSource()
{
  return std::make_unique<WindowsCpuSource>();
}

}  // namespace hashscope
