// Waiting for another thread (on a condition variable, on an atomic, for a stop callback to return): the one
// place HashScope does, because libstdc++ 12 for mingw-w64 (Debian 12) has no futex and its C++20 atomic
// waits lose wake-ups. That hangs condition_variable_any::wait(lock, stop_token, pred) (its stop_callback's
// destructor waits on a binary_semaphore; installer/README.md), std::atomic::wait (BLAKE3's tree helpers
// never joined), and any std::stop_callback destroyed while another thread runs it. There (kPollingWaits)
// these waits poll instead; elsewhere they are the standard library's own.
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

template <class Lock, class Predicate>
bool pollWaitOrStop(std::condition_variable_any& cv, Lock& lock, const std::stop_token& stop, Predicate pred)
{
  return pollWaitUntilOrStop(cv, lock, stop, std::chrono::steady_clock::time_point::max(), std::move(pred));
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

// As std::stop_callback, for a callback that another thread may run while this one destroys it (a Ctrl-C
// landing as a run ends): the standard destructor then waits on a binary_semaphore that mingw-w64's libstdc++
// may never wake. Where `Polling` (kPollingWaits, and the tests), the destructor of a callback whose stop was
// requested polls until `f` has returned, then naps kStopPollInterval, so that the semaphore is released
// before the standard destructor looks at it. Left: a stop landing between that look at the token and the
// removal (a few instructions' window) can still meet the semaphore.
template <class F, bool Polling = kPollingWaits>
class StopCallback {
public:
  StopCallback(const std::stop_token& token, F f) : m_token(token), m_callback(token, Run{this, std::move(f)}) {}
  StopCallback(const StopCallback&) = delete;
  StopCallback& operator=(const StopCallback&) = delete;
  ~StopCallback()
  {
    if constexpr (Polling) {
      if (m_token.stop_requested()) {  // then `f` runs, ran, or runs on another thread now
        pollWaitWhileEquals(m_returned, false, std::memory_order_acquire);
        if (m_ranOn != std::this_thread::get_id())  // run by this thread: the destructor does not wait
          std::this_thread::sleep_for(kStopPollInterval);
      }
    }
  }

private:
  struct Run {
    StopCallback* self;
    F f;
    void operator()()
    {
      f();
      self->m_ranOn = std::this_thread::get_id();
      self->m_returned.store(true, std::memory_order_release);
    }
  };
  std::stop_token m_token;
  std::thread::id m_ranOn;              // the thread that ran `f`: written before m_returned, read after it
  std::atomic<bool> m_returned{false};  // before m_callback: `f` may run in its constructor
  std::stop_callback<Run> m_callback;   // last: removed first
};

}  // namespace hashscope
