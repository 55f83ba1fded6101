// hashscope/waits.hpp: the waits end when their predicate holds, at their deadline, or soon after a stop
// that nobody notifies. Both the waits this platform uses and the polling ones (mingw-w64's) are checked here,
// on every platform. The bounds are hang bounds (seconds), not timings.
#include "catch.hpp"
#include "hashscope/waits.hpp"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

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

TEST_CASE("atomic waits end once the value changes: after a notify, and the polling ones without one too",
          "[waits][threads]")
{
  const Kind kind = GENERATE(Kind::Platform, Kind::Polling);
  INFO((kind == Kind::Polling ? "polling waits" : "this platform's waits"));
  auto wait = [&](const std::atomic<std::uint32_t>& value, std::uint32_t old) {
    if (kind == Kind::Polling)
      hashscope::pollWaitWhileEquals(value, old, std::memory_order_acquire);
    else
      hashscope::waitWhileEquals(value, old, std::memory_order_acquire);
  };
  // A waiter on its own thread; ended() says whether its wait returned within the hang bound. A wait that did
  // not is released (a bump and a notify) before the join, so a failing check cannot hang the test.
  struct Waiter {
    std::atomic<std::uint32_t>& value;
    std::atomic<bool> waiting{false}, returned{false};
    std::thread thread;
    Waiter(std::atomic<std::uint32_t>& v, std::uint32_t old, const decltype(wait)& w)
        : value(v), thread([this, old, &w] {
            waiting.store(true);
            w(value, old);
            returned.store(true);
          })
    {
    }
    // Returns once the waiter is about to wait, and then `pause` later: by then it is well inside its wait
    // (a spin, then a sleep), so the bump after this lands during the wait, not before it.
    void inWait(std::chrono::microseconds pause)
    {
      while (!waiting.load())
        std::this_thread::yield();
      std::this_thread::sleep_for(pause);
    }
    bool ended()
    {
      const auto end = Clock::now() + kHangBound;
      while (!returned.load() && Clock::now() < end)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      const bool ok = returned.load();
      if (!ok) {
        value.fetch_add(1000);
        value.notify_all();
      }
      thread.join();
      return ok;
    }
  };
  // The BLAKE3 pool's pattern: a helper sleeps until a counter moves; the owner bumps it and notifies, then
  // joins. 200 rounds, the bump landing before the wait starts, as it starts, and while it spins or sleeps
  // (the pauses only place the bump: a wait that ends does so however long they are). The polling waits
  // (what mingw-w64 builds use, where a notify does nothing) must also end when the bump comes with no notify.
  const std::vector<bool> notifies = kind == Kind::Platform ? std::vector<bool>{true} : std::vector<bool>{true, false};
  for (const bool notify : notifies) {
    INFO((notify ? "notified" : "not notified"));
    for (int round = 0; round < 200; ++round) {
      std::atomic<std::uint32_t> wake{0};
      Waiter helper(wake, 0u, wait);
      if (round % 4 == 1)
        helper.inWait(std::chrono::microseconds(0));
      else if (round % 4 == 2)
        helper.inWait(std::chrono::microseconds(100));
      else if (round % 4 == 3)
        helper.inWait(std::chrono::milliseconds(2));
      wake.fetch_add(1, std::memory_order_release);
      if (notify)
        hashscope::notifyAll(wake);
      CHECK(helper.ended());
    }
  }
  // A value that already differs returns at once, with no notify.
  std::atomic<std::uint32_t> value{7};
  Waiter differs(value, 3u, wait);
  CHECK(differs.ended());
}

namespace {

// A StopCallback of either kind, made and destroyed where the test says.
template <bool Polling>
void stopCallbackRounds()
{
  SECTION("no stop: the callback never runs, and goes at once")
  {
    std::stop_source stop;
    int runs = 0;
    { const hashscope::StopCallback<std::function<void()>, Polling> callback(stop.get_token(), [&] { ++runs; }); }
    stop.request_stop();
    CHECK(runs == 0);
  }
  SECTION("a stop requested before it was made runs it at once, on this thread")
  {
    std::stop_source stop;
    stop.request_stop();
    int runs = 0;
    const hashscope::StopCallback<std::function<void()>, Polling> callback(stop.get_token(), [&] { ++runs; });
    CHECK(runs == 1);
  }
  SECTION("destroyed while another thread runs it: the destructor returns after the callback did")
  {
    // The Ctrl-C that lands as a run ends: the requesting thread is inside the callback when the owner
    // destroys it. 100 rounds, the destruction landing before, during and after the callback runs.
    for (int round = 0; round < 100; ++round) {
      std::stop_source stop;
      std::atomic<bool> inside{false}, returned{false};
      auto callback = std::make_unique<hashscope::StopCallback<std::function<void()>, Polling>>(
          stop.get_token(), [&] {
            inside.store(true);
            if (round % 2)
              std::this_thread::sleep_for(std::chrono::milliseconds(2));
            returned.store(true);
          });
      std::thread requester([&] { stop.request_stop(); });
      if (round % 3 == 1)
        while (!inside.load())
          std::this_thread::yield();
      const auto t0 = Clock::now();
      const bool ranBefore = inside.load();
      callback.reset();
      CHECK(Clock::now() - t0 < kHangBound);
      if (ranBefore)
        CHECK(returned.load());  // never torn down under a callback that is still running
      requester.join();
      CHECK(returned.load() == inside.load());
    }
  }
}

}  // namespace

TEST_CASE("a stop callback run by another thread as it is destroyed: no hang, never torn down mid-run",
          "[waits][threads]")
{
  SECTION("this platform's StopCallback") { stopCallbackRounds<hashscope::kPollingWaits>(); }
  SECTION("the polling one (mingw-w64's)") { stopCallbackRounds<true>(); }
  SECTION("std::stop_callback's behaviour") { stopCallbackRounds<false>(); }
}
