// Windows thread and process CPU clocks: GetThreadTimes on a duplicated thread handle (it keeps the thread
// object alive, so the clock stays readable after the thread ends), GetProcessTimes.
#include <windows.h>

#include <mutex>

#include "platform/thread_clock.hpp"

namespace hashscope {

namespace {

double seconds(const FILETIME& t)  // FILETIME counts 100 ns units
{
  const auto ticks = (static_cast<std::uint64_t>(t.dwHighDateTime) << 32) | t.dwLowDateTime;
  return static_cast<double>(ticks) * 1e-7;
}

}  // namespace

namespace platform {

namespace {

class WinThreadClock final : public OwnThreadClock {
public:
  WinThreadClock()
  {
    // GetCurrentThread() is a pseudo-handle meaning "the caller": duplicate it into a real one.
    if (!DuplicateHandle(GetCurrentProcess(), GetCurrentThread(), GetCurrentProcess(), &m_thread,
                         THREAD_QUERY_LIMITED_INFORMATION, FALSE, 0))
      m_thread = nullptr;
  }
  ~WinThreadClock() override
  {
    if (m_thread)
      CloseHandle(m_thread);
  }
  WinThreadClock(const WinThreadClock&) = delete;
  WinThreadClock& operator=(const WinThreadClock&) = delete;

  double cpuSeconds() const override
  {
    std::lock_guard lock(m_mutex);
    FILETIME created{}, exited{}, kernel{}, user{};
    if (m_thread && GetThreadTimes(m_thread, &created, &exited, &kernel, &user))
      m_last = seconds(kernel) + seconds(user);
    return m_last;
  }
  void freeze() override {}  // the duplicated handle stays valid: nothing to protect against

private:
  HANDLE m_thread = nullptr;
  mutable std::mutex m_mutex;
  mutable double m_last = 0;
};

}  // namespace

std::shared_ptr<OwnThreadClock> makeThreadClock() { return std::make_shared<WinThreadClock>(); }

}  // namespace platform

std::shared_ptr<ThreadClock> currentThreadClock() { return platform::makeThreadClock(); }

void processCpuSeconds(double& user, double& system)
{
  FILETIME created{}, exited{}, kernel{}, userTime{};
  user = system = 0;
  if (GetProcessTimes(GetCurrentProcess(), &created, &exited, &kernel, &userTime)) {
    user = seconds(userTime);
    system = seconds(kernel);
  }
}

}  // namespace hashscope
