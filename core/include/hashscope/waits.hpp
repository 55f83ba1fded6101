// Waiting for another thread: on a condition variable until a predicate holds, a deadline passes or a stop is
// requested, and on an atomic until its value changes. The one place HashScope waits so, because one
// toolchain is broken: libstdc++ 12 for mingw-w64 (Debian 12) has no futex, and its C++20 atomic waits lose
// wake-ups. That hangs std::condition_variable_any::wait(lock, stop_token, pred), whose stop_callback's
// destructor waits on a binary_semaphore (the Windows build under wine hung at the end of a read pass;
// installer/README.md), and std::atomic::wait (BLAKE3's tree helpers missed the last notify and never joined).
// There (kPollingWaits) the condition-variable waits register no callback and look at the token every
// kStopPollInterval, and the atomic waits spin, yield, then nap. Elsewhere: the standard library's own.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <stop_token>
#include <thread>
#include <utility>

namespace hashscope {

#if defined(__MINGW32__) && defined(__GLIBCXX__)
inline constexpr bool kPollingWaits = true;
#else
inline constexpr bool kPollingWaits = false;
#endif
inline constexpr std::chrono::milliseconds kStopPollInterval{10};

// The polling condition-variable waits, used where kPollingWaits (and by the tests on every platform).
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
  if constexpr (kPollingWaits)
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
  if constexpr (kPollingWaits)
    return pollWaitUntilOrStop(cv, lock, stop, deadline, std::move(pred));
  else
    return cv.wait_until(lock, stop, deadline, std::move(pred));
}

// Polling atomic wait (where kPollingWaits, and by the tests): returns once `value` no longer holds `old`.
// Spins a little, then yields, then naps 50 us at a time (longer where the OS rounds sleeps up): the BLAKE3
// caller waits so for parts that take milliseconds, its idle helpers between runs.
template <class T>
void pollWaitWhileEquals(const std::atomic<T>& value, T old, std::memory_order order)
{
  for (int round = 0; value.load(order) == old;) {
    if (round < 64) {
      ++round;
    } else if (round < 1024) {
      ++round;
      std::this_thread::yield();
    } else {
      std::this_thread::sleep_for(std::chrono::microseconds(50));  // round stays: no overflow however long
    }
  }
}

// As value.wait(old, order).
template <class T>
void waitWhileEquals(const std::atomic<T>& value, T old, std::memory_order order)
{
  if constexpr (kPollingWaits)
    pollWaitWhileEquals(value, old, order);
  else
    value.wait(old, order);
}

// As value.notify_all() / notify_one(): nothing to do where the waits poll.
template <class T>
void notifyAll(std::atomic<T>& value)
{
  if constexpr (!kPollingWaits)
    value.notify_all();
}

template <class T>
void notifyOne(std::atomic<T>& value)
{
  if constexpr (!kPollingWaits)
    value.notify_one();
}

}  // namespace hashscope
