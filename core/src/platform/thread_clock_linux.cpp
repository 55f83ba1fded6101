// Linux thread CPU clocks: pthread_getcpuclockid, readable from any thread while the thread lives.
#include <mutex>
#include <pthread.h>
#include <time.h>

#include "platform/thread_clock.hpp"

namespace hashscope {

namespace platform {

namespace {

class LinuxThreadClock final : public OwnThreadClock {
public:
  LinuxThreadClock()
  {
    if (pthread_getcpuclockid(pthread_self(), &m_clock) != 0)
      m_clock = CLOCK_THREAD_CPUTIME_ID;  // only meaningful on the thread itself: better than nothing
  }
  double cpuSeconds() const override
  {
    std::lock_guard lock(m_mutex);
    if (m_frozen)
      return m_last;
    timespec ts{};
    if (clock_gettime(m_clock, &ts) == 0)
      m_last = static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
    return m_last;
  }
  void freeze() override
  {
    const double final = cpuSeconds();
    std::lock_guard lock(m_mutex);
    m_last = final;
    m_frozen = true;  // from now on the thread id may be reused: never ask the OS again
  }

private:
  clockid_t m_clock{};
  mutable std::mutex m_mutex;
  mutable double m_last = 0;
  bool m_frozen = false;
};

}  // namespace

std::shared_ptr<OwnThreadClock> makeThreadClock() { return std::make_shared<LinuxThreadClock>(); }

}  // namespace platform

std::shared_ptr<ThreadClock> currentThreadClock() { return platform::makeThreadClock(); }

}  // namespace hashscope
