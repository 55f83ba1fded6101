// Waiting on a condition variable until a predicate holds, a deadline passes or a stop is requested: the one
// place HashScope does it, so that one toolchain's defect is handled once.
//
// std::condition_variable_any::wait(lock, stop_token, pred) registers a std::stop_callback for every wait.
// When a stop runs that callback on one thread while the waiting thread wakes and ends its wait, the
// callback's destructor waits for it on a std::binary_semaphore. In libstdc++ 12 built for mingw-w64 (Debian
// 12's cross compiler), whose atomic waits have no futex, that wake-up can be lost: the waiting thread then
// sleeps for ever holding the caller's mutex. The Windows build under wine hung so at the end of a read pass
// (every thread of a PipelinedReader in pthread_mutex_lock), and a program of one waiter stopped while it
// waits hangs within its first 500 rounds (installer/README.md). There the waits register no callback: they
// look at the token at least every kStopPollInterval instead, which keeps a stop within a second. Elsewhere
// (Linux, macOS, MSVC) they are the standard library's own.
#pragma once

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <stop_token>
#include <utility>

namespace hashscope {

#if defined(__MINGW32__) && defined(__GLIBCXX__)
inline constexpr bool kStopWaitPolls = true;
#else
inline constexpr bool kStopWaitPolls = false;
#endif
inline constexpr std::chrono::milliseconds kStopPollInterval{10};

// The polling waits, used where kStopWaitPolls (and by the tests on every platform).
template <class Lock, class Predicate>
bool pollWaitOrStop(std::condition_variable_any& cv, Lock& lock, const std::stop_token& stop, Predicate pred)
{
  while (!pred()) {
    if (stop.stop_requested())
      return pred();
    cv.wait_for(lock, kStopPollInterval);
  }
  return true;
}

template <class Lock, class Clock, class Duration, class Predicate>
bool pollWaitUntilOrStop(std::condition_variable_any& cv, Lock& lock, const std::stop_token& stop,
                         const std::chrono::time_point<Clock, Duration>& deadline, Predicate pred)
{
  while (!pred()) {
    if (stop.stop_requested())
      return pred();
    const auto now = Clock::now();
    if (now >= deadline)
      return pred();
    const auto poll = std::chrono::time_point_cast<Duration>(now + kStopPollInterval);
    cv.wait_until(lock, std::min(deadline, poll));
  }
  return true;
}

// As cv.wait(lock, stop, pred): returns pred() once it holds or once a stop is requested.
template <class Lock, class Predicate>
bool waitOrStop(std::condition_variable_any& cv, Lock& lock, const std::stop_token& stop, Predicate pred)
{
  if constexpr (kStopWaitPolls)
    return pollWaitOrStop(cv, lock, stop, std::move(pred));
  else
    return cv.wait(lock, stop, std::move(pred));
}

// As cv.wait_until(lock, stop, deadline, pred): returns pred() once it holds, the deadline passes or a stop
// is requested.
template <class Lock, class Clock, class Duration, class Predicate>
bool waitUntilOrStop(std::condition_variable_any& cv, Lock& lock, const std::stop_token& stop,
                     const std::chrono::time_point<Clock, Duration>& deadline, Predicate pred)
{
  if constexpr (kStopWaitPolls)
    return pollWaitUntilOrStop(cv, lock, stop, deadline, std::move(pred));
  else
    return cv.wait_until(lock, stop, deadline, std::move(pred));
}

}  // namespace hashscope
