// macOS system CPU counters: host_processor_info(PROCESSOR_CPU_LOAD_INFO), per CPU.
// Not run in HashScope's Linux workplace: written from Apple's headers and documentation.
#include <mach/mach.h>
#include <mach/processor_info.h>
#include <unistd.h>

#include "hashscope/counters.hpp"

namespace hashscope {

namespace {

class MacCpuSource final : public CpuCounterSource {
public:
  MacCpuSource() : m_host(mach_host_self())
  {
    // The ticks are scheduler ticks (CLK_TCK per second); only ratios of them reach the samples.
    const long hz = sysconf(_SC_CLK_TCK);
    m_ticksPerSecond = hz > 0 ? static_cast<double>(hz) : 100.0;
  }
  ~MacCpuSource() override { mach_port_deallocate(mach_task_self(), m_host); }
  MacCpuSource(const MacCpuSource&) = delete;
  MacCpuSource& operator=(const MacCpuSource&) = delete;

  bool read(CpuSnapshot& out) override
  {
    natural_t cpuCount = 0;
    processor_info_array_t info = nullptr;
    mach_msg_type_number_t infoCount = 0;
    if (host_processor_info(m_host, PROCESSOR_CPU_LOAD_INFO, &cpuCount, &info, &infoCount) != KERN_SUCCESS)
      return false;
    const auto* load = reinterpret_cast<const processor_cpu_load_info_data_t*>(info);
    out.cores.resize(cpuCount);
    out.all = CpuTimes{};
    for (natural_t i = 0; i < cpuCount; ++i) {
      // Only user, system, idle and nice exist here: no iowait, irq or steal on macOS.
      CpuTimes t;
      t.user = load[i].cpu_ticks[CPU_STATE_USER] / m_ticksPerSecond;
      t.system = load[i].cpu_ticks[CPU_STATE_SYSTEM] / m_ticksPerSecond;
      t.idle = load[i].cpu_ticks[CPU_STATE_IDLE] / m_ticksPerSecond;
      t.nice = load[i].cpu_ticks[CPU_STATE_NICE] / m_ticksPerSecond;
      out.cores[i] = t;
      out.all.user += t.user;
      out.all.system += t.system;
      out.all.idle += t.idle;
      out.all.nice += t.nice;
    }
    // The array was allocated in our address space by the kernel: give it back.
    vm_deallocate(mach_task_self(), reinterpret_cast<vm_address_t>(info),
                  static_cast<vm_size_t>(infoCount) * sizeof(integer_t));
    return cpuCount > 0;
  }

private:
  host_t m_host;
  double m_ticksPerSecond = 100.0;
};

}  // namespace

std::unique_ptr<CpuCounterSource> makeCpuCounterSource()
{
  return std::make_unique<MacCpuSource>();
}

}  // namespace hashscope
