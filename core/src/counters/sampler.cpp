// The sampler thread: a steady schedule (tick k at start + k * period, late ticks skipped, never
// drifting), one Sample per tick from the engine's LiveCounters and the CPU and disk sources.
#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <stop_token>

#include "hashscope/counters.hpp"
#include "hashscope/waits.hpp"
#include "hashscope/workload.hpp"

namespace hashscope {

namespace {

using Clock = std::chrono::steady_clock;

template <typename T>
T delta(T now, T before)
{
  return now >= before ? now - before : T{};  // counters that go backwards (device reset) count as 0
}
double pct(double part, double whole)
{
  return whole > 0 ? std::clamp(part / whole * 100.0, 0.0, 100.0) : 0.0;
}

struct CpuPct {
  double busy = 0, user = 0, system = 0, iowait = 0;
};
CpuPct cpuPct(const CpuTimes& a, const CpuTimes& b)
{
  const CpuTimes d{delta(b.user, a.user),       delta(b.nice, a.nice),     delta(b.system, a.system),
                   delta(b.idle, a.idle),       delta(b.iowait, a.iowait), delta(b.irq, a.irq),
                   delta(b.softirq, a.softirq), delta(b.steal, a.steal)};
  const double total = d.total();
  return {pct(d.busy(), total), pct(d.user + d.nice, total), pct(d.system + d.irq + d.softirq, total),
          pct(d.iowait, total)};
}

// The CPU time of one registered thread, remembered between samples.
struct ClockTrack {
  const ThreadClock* clock = nullptr;  // identity only: a new clock (new thread) restarts from 0
  double last = 0;

  // CPU % of one core over `interval`, or 0 when the stream has no such thread.
  double update(const std::shared_ptr<ThreadClock>& current, double interval)
  {
    if (!current) {
      clock = nullptr;
      return 0;
    }
    const double now = current->cpuSeconds();
    const double before = current.get() == clock ? last : 0.0;  // registered during this interval
    clock = current.get();
    last = now;
    return pct(delta(now, before), interval);
  }
};

class SteadyClock final : public SamplerClock {
public:
  TimePoint now() override { return Clock::now(); }
  void waitUntil(TimePoint deadline, std::stop_token stop) override
  {
    std::unique_lock lock(m_mutex);
    waitUntilOrStop(m_wake, lock, stop, deadline, [] { return false; });
  }

private:
  std::mutex m_mutex;
  std::condition_variable_any m_wake;  // only a stop wakes it before its deadline
};

}  // namespace

struct Sampler::Impl {
  Impl(SamplerConfig cfg, const LiveCounters& c, std::unique_ptr<CpuCounterSource> cpuSource,
       std::unique_ptr<DiskCounterSource> diskSource, std::shared_ptr<SamplerClock> samplerClock)
      : config(cfg), counters(c), cpu(std::move(cpuSource)), disk(std::move(diskSource)),
        clock(samplerClock ? std::move(samplerClock) : std::make_shared<SteadyClock>())
  {
    if (!(config.hz > 0) || !std::isfinite(config.hz))
      config.hz = 10.0;
    config.hz = std::clamp(config.hz, 0.1, 1000.0);
  }

  SamplerConfig config;
  const LiveCounters& counters;
  std::unique_ptr<CpuCounterSource> cpu;
  std::unique_ptr<DiskCounterSource> disk;
  std::unique_ptr<NetCounterSource> net;
  std::function<void(const Sample&)> callback;
  std::shared_ptr<SamplerClock> clock;

  std::jthread thread;
  bool started = false;

  mutable std::mutex samplesMutex;
  std::vector<Sample> series;

  // Previous readings: touched by start() before the thread exists, then only by the thread.
  Clock::time_point startTime;
  double lastT = 0;
  std::vector<std::uint64_t> lastBytes, lastWait, lastBusy;
  std::vector<ClockTrack> workerTracks, readerTracks;
  double lastProcessCpu = 0;
  CpuSnapshot lastCpu, cpuNow;
  bool lastCpuValid = false;
  DiskSnapshot lastDisk;
  bool lastDiskValid = false;
  std::uint64_t diskReadSum = 0, diskWriteSum = 0;
  NetSnapshot lastNet;
  bool lastNetValid = false;
  std::uint64_t netRxSum = 0;

  static double processCpu()
  {
    double user = 0, system = 0;
    processCpuSeconds(user, system);
    return user + system;
  }

  void baseline()
  {
    startTime = clock->now();
    const auto n = static_cast<std::size_t>(counters.streams());
    lastBytes.assign(n, 0);
    lastWait.assign(n, 0);
    lastBusy.assign(n, 0);
    workerTracks.assign(n, {});
    readerTracks.assign(n, {});
    for (std::size_t i = 0; i < n; ++i) {
      lastBytes[i] = counters.bytes(static_cast<int>(i));
      lastWait[i] = counters.waitNanos(static_cast<int>(i));
      lastBusy[i] = counters.busyNanos(static_cast<int>(i));
      // Threads already running count from now, not from their birth.
      if (auto c = counters.workerClock(static_cast<int>(i)))
        workerTracks[i] = {c.get(), c->cpuSeconds()};
      if (auto c = counters.readerClock(static_cast<int>(i)))
        readerTracks[i] = {c.get(), c->cpuSeconds()};
    }
    lastProcessCpu = processCpu();
    lastCpuValid = cpu && cpu->read(lastCpu);
    lastDiskValid = disk && disk->read(lastDisk);
    lastNetValid = net && net->read(lastNet);
  }

  // Builds the sample for the interval that ends now; false when no time has passed.
  bool take(Sample& s)
  {
    const double t = std::chrono::duration<double>(clock->now() - startTime).count();
    const double interval = t - lastT;
    if (interval <= 0)
      return false;
    lastT = t;
    s.t = t;
    s.interval = interval;
    fillStreams(s, interval);
    fillCpu(s);
    fillDisk(s, interval);
    fillNet(s, interval);
    return true;
  }

  void fillStreams(Sample& s, double interval)
  {
    const std::size_t n = lastBytes.size();
    s.streamBytes.resize(n);
    s.streamMBps.resize(n);
    s.workerCpuPct.resize(n);
    std::uint64_t intervalBytes = 0;
    double waitSum = 0, busySum = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const int stream = static_cast<int>(i);
      const std::uint64_t bytes = counters.bytes(stream);
      const std::uint64_t d = delta(bytes, lastBytes[i]);
      lastBytes[i] = bytes;
      s.streamBytes[i] = bytes;
      s.totalBytes += bytes;
      s.streamMBps[i] = megabytesPerSecond(d, interval);
      intervalBytes += d;

      const std::uint64_t wait = counters.waitNanos(stream), busy = counters.busyNanos(stream);
      waitSum += pct(static_cast<double>(delta(wait, lastWait[i])) / 1e9, interval);
      busySum += pct(static_cast<double>(delta(busy, lastBusy[i])) / 1e9, interval);
      lastWait[i] = wait;
      lastBusy[i] = busy;

      s.workerCpuPct[i] = workerTracks[i].update(counters.workerClock(stream), interval);
      auto reader = counters.readerClock(stream);
      const double readerPct = readerTracks[i].update(reader, interval);
      if (reader) {  // empty unless a stream has a reader thread
        s.readerCpuPct.resize(n);
        s.readerCpuPct[i] = readerPct;
      }
    }
    s.totalMBps = megabytesPerSecond(intervalBytes, interval);
    s.waitPct = n ? waitSum / static_cast<double>(n) : 0;
    s.busyPct = n ? busySum / static_cast<double>(n) : 0;

    const double processNow = processCpu();
    // 100 = one full core, so a process on 4 busy cores shows 400.
    s.processCpuPct = std::max(0.0, delta(processNow, lastProcessCpu) / interval * 100.0);
    lastProcessCpu = processNow;
  }

  void fillCpu(Sample& s)
  {
    if (!cpu)
      return;
    if (!cpu->read(cpuNow)) {
      lastCpuValid = false;
      return;
    }
    if (lastCpuValid) {
      auto all = cpuPct(lastCpu.all, cpuNow.all);
      s.cpuBusyPct = all.busy;
      s.cpuUserPct = all.user;
      s.cpuSystemPct = all.system;
      s.cpuIowaitPct = all.iowait;
      s.coreBusyPct.assign(cpuNow.cores.size(), 0.0);
      const std::size_t common = std::min(cpuNow.cores.size(), lastCpu.cores.size());
      for (std::size_t i = 0; i < common; ++i)
        s.coreBusyPct[i] = cpuPct(lastCpu.cores[i], cpuNow.cores[i]).busy;
    }
    std::swap(lastCpu, cpuNow);  // swap keeps both vectors' storage: no allocation next time
    lastCpuValid = true;
  }

  void fillDisk(Sample& s, double interval)
  {
    DiskSnapshot now;
    const bool ok = disk && disk->read(now);
    if (ok && lastDiskValid) {
      const std::uint64_t dRead = delta(now.readBytes, lastDisk.readBytes);
      const std::uint64_t dWrite = delta(now.writeBytes, lastDisk.writeBytes);
      diskReadSum += dRead;
      diskWriteSum += dWrite;
      s.diskValid = true;
      s.diskReadMBps = megabytesPerSecond(dRead, interval);
      s.diskWriteMBps = megabytesPerSecond(dWrite, interval);
      s.diskBusyPct = pct(delta(now.busySeconds, lastDisk.busySeconds), interval);
    }
    // A vanished device leaves this interval invalid; when it returns, its first reading is only a new
    // baseline. The cumulative totals carry on either way.
    if (ok)
      s.diskInFlight = now.inFlight;
    s.diskReadBytes = diskReadSum;
    s.diskWriteBytes = diskWriteSum;
    lastDisk = now;
    lastDiskValid = ok;
  }

  // Like the disk: an unreadable interval stays invalid, the next reading is a new baseline.
  void fillNet(Sample& s, double interval)
  {
    NetSnapshot now;
    const bool ok = net && net->read(now);
    if (ok && lastNetValid) {
      const std::uint64_t dRx = delta(now.rxBytes, lastNet.rxBytes);
      netRxSum += dRx;
      s.netValid = true;
      s.netRxMBps = megabytesPerSecond(dRx, interval);
    }
    s.netRxBytes = netRxSum;
    lastNet = now;
    lastNetValid = ok;
  }

  void publish(Sample&& s)
  {
    const Sample* latest = nullptr;
    {
      std::lock_guard lock(samplesMutex);
      series.push_back(std::move(s));
      latest = &series.back();  // stable until this thread pushes again; samples() only reads
    }
    if (callback) {
      try {
        callback(*latest);
      } catch (...) {
        // A failing listener must not kill the sampler thread (and with it the process).
      }
    }
  }

  void run(std::stop_token stop)
  {
    const auto period = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / config.hz));
    std::int64_t tick = 1;
    for (;;) {
      clock->waitUntil(startTime + period * tick, stop);
      if (stop.stop_requested())
        break;
      Sample s;
      if (take(s))
        publish(std::move(s));
      // Next tick on the fixed grid. If this one ran late, skip the ticks already missed and any tick
      // closer than half a period: a sliver of an interval gives wild rates (lumpy counters over ~0 s).
      const auto earliest = clock->now() + period / 2 - startTime;
      tick = std::max<std::int64_t>(tick + 1, (earliest + period - Clock::duration(1)) / period);
    }
    // The final sample, so the series ends when the run did and its totals are complete, however short
    // the last interval (the analysis weighs intervals by their length).
    Sample last;
    if (take(last))
      publish(std::move(last));
  }
};

Sampler::Sampler(SamplerConfig config, const LiveCounters& counters, std::unique_ptr<CpuCounterSource> cpu,
                 std::unique_ptr<DiskCounterSource> disk, std::shared_ptr<SamplerClock> clock)
    : d(std::make_unique<Impl>(config, counters, std::move(cpu), std::move(disk), std::move(clock)))
{
}

Sampler::~Sampler() { stop(); }

void Sampler::setCallback(std::function<void(const Sample&)> callback)
{
  if (!d->started)
    d->callback = std::move(callback);
}

void Sampler::setNetworkSource(std::unique_ptr<NetCounterSource> net)
{
  if (!d->started)
    d->net = std::move(net);
}

void Sampler::start()
{
  if (d->started)
    return;
  d->started = true;
  d->series.reserve(static_cast<std::size_t>(d->config.hz * 60) + 1);
  d->baseline();
  d->thread = std::jthread([impl = d.get()](std::stop_token stop) { impl->run(stop); });
}

void Sampler::stop()
{
  if (!d->thread.joinable())
    return;
  d->thread.request_stop();  // wakes the condition variable at once
  d->thread.join();
}

std::vector<Sample> Sampler::samples() const
{
  std::lock_guard lock(d->samplesMutex);
  return d->series;
}

}  // namespace hashscope
