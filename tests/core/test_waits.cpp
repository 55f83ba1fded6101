// hashscope/waits.hpp: the waits end when their predicate holds, at their deadline, or soon after a stop
// that nobody notifies. Both the waits this platform uses and the polling ones (mingw-w64's) are checked here,
// on every platform. The bounds are hang bounds (seconds), not timings.
#include "catch.hpp"
#include "hashscope/waits.hpp"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <thread>

namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kHangBound = std::chrono::seconds(5);

enum class Kind { Platform, Polling };

template <class Pred>
bool waitWith(Kind kind, std::condition_variable_any& cv, std::unique_lock<std::mutex>& lock, std::stop_token stop,
              Pred pred)
{
  return kind == Kind::Polling ? hashscope::pollWaitOrStop(cv, lock, stop, pred)
                               : hashscope::waitOrStop(cv, lock, stop, pred);
}

template <class Pred>
bool waitUntilWith(Kind kind, std::condition_variable_any& cv, std::unique_lock<std::mutex>& lock,
                   std::stop_token stop, Clock::time_point deadline, Pred pred)
{
  return kind == Kind::Polling ? hashscope::pollWaitUntilOrStop(cv, lock, stop, deadline, pred)
                               : hashscope::waitUntilOrStop(cv, lock, stop, deadline, pred);
}

}  // namespace

TEST_CASE("stop waits end on their predicate, their deadline and an unannounced stop", "[waits][threads]")
{
  const Kind kind = GENERATE(Kind::Platform, Kind::Polling);
  INFO((kind == Kind::Polling ? "polling waits" : "this platform's waits"));
  std::mutex mutex;
  std::condition_variable_any cv;

  SECTION("a notified predicate ends the wait with true")
  {
    std::stop_source stop;
    bool ready = false;
    std::thread setter([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      {
        std::lock_guard lock(mutex);
        ready = true;
      }
      cv.notify_all();
    });
    std::unique_lock lock(mutex);
    const auto t0 = Clock::now();
    CHECK(waitWith(kind, cv, lock, stop.get_token(), [&] { return ready; }));
    CHECK(Clock::now() - t0 < kHangBound);
    lock.unlock();
    setter.join();
  }

  SECTION("a stop requested from another thread, without a notify, ends the wait with the predicate's value")
  {
    // Many rounds: the stop lands before, during and after the wait starts.
    for (int round = 0; round < 200; ++round) {
      std::stop_source stop;
      bool ended = false;
      std::thread waiter([&] {
        std::unique_lock lock(mutex);
        ended = !waitWith(kind, cv, lock, stop.get_token(), [] { return false; });
      });
      if (round % 2)
        std::this_thread::yield();
      stop.request_stop();
      const auto t0 = Clock::now();
      waiter.join();
      CHECK(Clock::now() - t0 < kHangBound);
      CHECK(ended);
    }
  }

  SECTION("a deadline ends a timed wait with false; a stop ends it before")
  {
    std::stop_source stop;
    std::unique_lock lock(mutex);
    const auto deadline = Clock::now() + std::chrono::milliseconds(30);
    CHECK_FALSE(waitUntilWith(kind, cv, lock, stop.get_token(), deadline, [] { return false; }));
    CHECK(Clock::now() >= deadline);
    lock.unlock();

    std::thread stopper([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      stop.request_stop();
    });
    lock.lock();
    const auto t0 = Clock::now();
    CHECK_FALSE(waitUntilWith(kind, cv, lock, stop.get_token(), Clock::now() + std::chrono::hours(1),
                              [] { return false; }));
    CHECK(Clock::now() - t0 < kHangBound);
    lock.unlock();
    stopper.join();
  }

  SECTION("a predicate that already holds returns at once, stopped or not")
  {
    std::stop_source stop;
    stop.request_stop();
    std::unique_lock lock(mutex);
    CHECK(waitWith(kind, cv, lock, stop.get_token(), [] { return true; }));
    CHECK(waitUntilWith(kind, cv, lock, stop.get_token(), Clock::now() + std::chrono::hours(1), [] { return true; }));
  }
}

TEST_CASE("atomic waits end once the value changes, the notify given or not", "[waits][threads]")
{
  const Kind kind = GENERATE(Kind::Platform, Kind::Polling);
  INFO((kind == Kind::Polling ? "polling waits" : "this platform's waits"));
  auto wait = [&](const std::atomic<std::uint32_t>& value, std::uint32_t old) {
    if (kind == Kind::Polling)
      hashscope::pollWaitWhileEquals(value, old, std::memory_order_acquire);
    else
      hashscope::waitWhileEquals(value, old, std::memory_order_acquire);
  };
  // The BLAKE3 pool's pattern: a helper sleeps until a counter moves; the owner bumps it and notifies, then
  // joins. 200 rounds, the bump landing before, during and after the wait starts.
  for (int round = 0; round < 200; ++round) {
    std::atomic<std::uint32_t> wake{0};
    std::atomic<bool> woke{false};
    std::thread helper([&] {
      wait(wake, 0u);
      woke.store(true);
    });
    if (round % 2)
      std::this_thread::yield();
    wake.fetch_add(1, std::memory_order_release);
    hashscope::notifyAll(wake);
    const auto t0 = Clock::now();
    helper.join();
    CHECK(Clock::now() - t0 < kHangBound);
    CHECK(woke.load());
  }
  // A value that already differs returns at once.
  std::atomic<std::uint32_t> value{7};
  wait(value, 3u);
  hashscope::notifyOne(value);
  CHECK(value.load() == 7);
}
