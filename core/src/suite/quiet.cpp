// waitForQuietMachine(): the CPU counters minus this process's own CPU time, over one-second windows.
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>

#include "hashscope/counters.hpp"
#include "hashscope/suite.hpp"
#include "hashscope/workload.hpp"

namespace hashscope {

double waitForQuietMachine(double maxOtherCores, double timeoutSeconds, std::stop_token stop)
{
  auto cpu = makeCpuCounterSource();
  if (!cpu)
    return 0;
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::duration<double>(std::max(0.0, timeoutSeconds));
  std::mutex mutex;
  std::condition_variable_any wake;  // woken by the stop token: Ctrl-C ends the wait at once
  double others = 0;
  for (;;) {
    CpuSnapshot a, b;
    double userA = 0, systemA = 0, userB = 0, systemB = 0;
    if (!cpu->read(a))
      return 0;
    processCpuSeconds(userA, systemA);
    {
      std::unique_lock lock(mutex);
      wake.wait_for(lock, stop, std::chrono::seconds(1), [] { return false; });
    }
    if (stop.stop_requested() || !cpu->read(b))
      return others;
    processCpuSeconds(userB, systemB);
    const double busy = b.all.busy() - a.all.busy();
    const double total = b.all.total() - a.all.total();
    const double cores = static_cast<double>(std::max<std::size_t>(1, b.cores.size()));
    if (total > 0) {
      // Seconds of CPU per second of wall time: busy share of all cores, times the cores.
      const double used = busy / total * cores;
      const double ours = (userB + systemB) - (userA + systemA);
      others = std::max(0.0, used - ours);  // our own CPU over the ~1 s window
    }
    if (others < maxOtherCores || Clock::now() >= deadline)
      return others;
  }
}

}  // namespace hashscope
