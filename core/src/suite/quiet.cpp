// waitForQuietMachine(): the CPU counters minus this process's own CPU time, over short windows, judged by
// QuietPolicy.
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>

#include "hashscope/counters.hpp"
#include "hashscope/suite.hpp"
#include "hashscope/waits.hpp"
#include "hashscope/workload.hpp"

namespace hashscope {

QuietPolicy::QuietPolicy(double maxOtherCores, double timeoutSeconds)
    : m_max(maxOtherCores), m_timeout(std::max(0.0, timeoutSeconds))
{
}

double QuietPolicy::meanOver(double from, double to) const
{
  double weighted = 0, seconds = 0;
  for (const Window& w : m_windows) {
    if (w.end > from + 1e-9 && w.end <= to + 1e-9) {
      weighted += w.others * w.seconds;
      seconds += w.seconds;
    }
  }
  return seconds > 0 ? weighted / seconds : 0;
}

double QuietPolicy::recentOtherCores() const
{
  if (m_windows.empty())
    return 0;
  const double now = m_windows.back().end;
  return meanOver(now - 1.0, now);
}

std::optional<QuietOutcome> QuietPolicy::add(double t, double seconds, double otherCores)
{
  m_windows.push_back({t, std::max(1e-3, seconds), std::max(0.0, otherCores)});
  // The first window alone decides a quiet machine; after that the last second (or all there is of it).
  if ((m_windows.size() == 1 ? otherCores : recentOtherCores()) < m_max)
    return QuietOutcome::Quiet;
  if (t >= m_timeout)
    return QuietOutcome::TimedOut;
  if (t >= kGiveUpSeconds) {
    // Busy all along (else it would have ended quiet): falling by a tenth since the first seconds is worth
    // waiting on, anything else is not.
    const double first = meanOver(0, 2.0), last = meanOver(t - 2.0, t);
    if (last >= 0.9 * first)
      return QuietOutcome::NotImproving;
  }
  return std::nullopt;
}

QuietWaitResult waitForQuietMachine(double maxOtherCores, double timeoutSeconds, std::stop_token stop,
                                    std::stop_token skip, const std::function<void(const QuietWait&)>& progress)
{
  QuietWaitResult result;
  auto cpu = makeCpuCounterSource();
  if (!cpu)
    return result;
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  QuietPolicy policy(maxOtherCores, timeoutSeconds);
  std::mutex mutex;
  std::condition_variable_any wake;
  // Stop or skip end the window under way at once: Ctrl-C and the Skip button answer within milliseconds.
  const auto notify = [&] {
    { std::lock_guard lock(mutex); }  // not between the waiter's check and its sleep: no lost wake-up
    wake.notify_all();
  };
  const StopCallback onStop(stop, notify);  // waits.hpp: mingw-safe
  const StopCallback onSkip(skip, notify);
  const auto ended = [&] { return stop.stop_requested() || skip.stop_requested(); };
  for (;;) {
    CpuSnapshot a, b;
    double userA = 0, systemA = 0, userB = 0, systemB = 0;
    if (!cpu->read(a))
      return result;
    processCpuSeconds(userA, systemA);
    const auto windowStart = Clock::now();
    {
      std::unique_lock lock(mutex);
      wake.wait_for(lock, std::chrono::duration<double>(QuietPolicy::kWindowSeconds), ended);
    }
    result.waited = std::chrono::duration<double>(Clock::now() - start).count();
    if (ended()) {
      result.outcome = stop.stop_requested() ? QuietOutcome::Stopped : QuietOutcome::Skipped;
      return result;
    }
    if (!cpu->read(b))
      return result;
    processCpuSeconds(userB, systemB);
    const double window = std::chrono::duration<double>(Clock::now() - windowStart).count();
    const double busy = b.all.busy() - a.all.busy();
    const double total = b.all.total() - a.all.total();
    const double cores = static_cast<double>(std::max<std::size_t>(1, b.cores.size()));
    double others = 0, busyPct = 0;
    if (total > 0) {
      // Seconds of CPU per second of wall time: busy share of all cores, times the cores.
      const double used = busy / total * cores;
      const double ours = ((userB + systemB) - (userA + systemA)) / std::max(window, 1e-3);
      others = std::max(0.0, used - ours);
      busyPct = std::clamp(100.0 * busy / total, 0.0, 100.0);
    }
    const std::optional<QuietOutcome> outcome = policy.add(result.waited, window, others);
    result.otherCores = policy.recentOtherCores();
    if (progress)
      progress({.otherCores = result.otherCores, .cores = cores, .systemBusyPct = busyPct,
                .waited = result.waited, .limit = timeoutSeconds});
    if (outcome) {
      result.outcome = *outcome;
      return result;
    }
  }
}

}  // namespace hashscope
