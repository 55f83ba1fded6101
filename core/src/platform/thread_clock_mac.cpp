// macOS thread CPU clocks: Mach thread_info(THREAD_BASIC_INFO) on the thread's port (macOS has no
// pthread_getcpuclockid). Written from the platform notes: not run here.
#include <mach/mach.h>
#include <mutex>
#include <pthread.h>

#include "platform/thread_clock.hpp"

namespace hashscope {

namespace platform {

namespace {

class MacThreadClock final : public OwnThreadClock {
public:
  // mach_thread_self() returns a send right we own: the port name stays valid until we deallocate it.
  MacThreadClock() : m_port(mach_thread_self()) {}
  ~MacThreadClock() override { mach_port_deallocate(mach_task_self(), m_port); }
  MacThreadClock(const MacThreadClock&) = delete;
  MacThreadClock& operator=(const MacThreadClock&) = delete;

  double cpuSeconds() const override
  {
    std::lock_guard lock(m_mutex);
    if (m_frozen)
      return m_last;
    thread_basic_info_data_t info{};
    mach_msg_type_number_t count = THREAD_BASIC_INFO_COUNT;
    if (thread_info(m_port, THREAD_BASIC_INFO, reinterpret_cast<thread_info_t>(&info), &count) == KERN_SUCCESS) {
      m_last = static_cast<double>(info.user_time.seconds + info.system_time.seconds) +
               static_cast<double>(info.user_time.microseconds + info.system_time.microseconds) * 1e-6;
    }
    return m_last;
  }
  void freeze() override
  {
    const double final = cpuSeconds();
    std::lock_guard lock(m_mutex);
    m_last = final;
    m_frozen = true;
  }

private:
  mach_port_t m_port;
  mutable std::mutex m_mutex;
  mutable double m_last = 0;
  bool m_frozen = false;
};

}  // namespace

std::shared_ptr<OwnThreadClock> makeThreadClock() { return std::make_shared<MacThreadClock>(); }

}  // namespace platform

std::shared_ptr<ThreadClock> currentThreadClock() { return platform::makeThreadClock(); }

}  // namespace hashscope
