// Live counters of the system: CPU time per core, disk I/O per device and a network location's interface
// traffic, one source interface each, and the sampler thread that turns them (plus the engine's LiveCounters) into Samples.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include "hashscope/results.hpp"
#include "hashscope/storage.hpp"

namespace hashscope {

class LiveCounters;

// Cumulative CPU times of one CPU (or of all), in seconds.
struct CpuTimes {
  double user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0;
  double busy() const { return user + nice + system + irq + softirq + steal; }
  double total() const { return busy() + idle + iowait; }
};
struct CpuSnapshot {
  CpuTimes all;
  std::vector<CpuTimes> cores;
};

// Cumulative I/O statistics of one device (summed over its slaves for dm/md).
struct DiskSnapshot {
  std::uint64_t readBytes = 0, writeBytes = 0;
  std::uint64_t readOps = 0, writeOps = 0;
  double busySeconds = 0;     // time the device had I/O in flight (Linux io_ticks)
  double inFlight = 0;        // requests in flight now
};

// Cumulative traffic of one network interface.
struct NetSnapshot {
  std::uint64_t rxBytes = 0, txBytes = 0;
  std::uint64_t rxPackets = 0, txPackets = 0;
};

// One source of cumulative counters. read() is false when they are unavailable this time (the device or the
// interface vanished, or has no counters).
template <class Snapshot>
class CounterSource {
public:
  virtual ~CounterSource() = default;
  virtual bool read(Snapshot& out) = 0;
};
using CpuCounterSource = CounterSource<CpuSnapshot>;
using DiskCounterSource = CounterSource<DiskSnapshot>;
using NetCounterSource = CounterSource<NetSnapshot>;

// The platform's sources (Linux: /proc/stat, /proc/diskstats; macOS: host_processor_info, IOKit;
// Windows: NtQuerySystemInformation, IOCTL_DISK_PERFORMANCE). The disk source is null when the
// location has no device with counters (RAM, network).
std::unique_ptr<CpuCounterSource> makeCpuCounterSource();
std::unique_ptr<DiskCounterSource> makeDiskCounterSource(const DeviceInfo& device);
// The interface that carries a network location's traffic (StorageInfo::remote.interfaceName; Linux
// /proc/net/dev, macOS getifaddrs' if_data, Windows GetIfEntry2). Null when the location has none.
std::unique_ptr<NetCounterSource> makeNetCounterSource(const StorageInfo& storage);

// Bytes this process and its waited-for children fetched from storage so far, cache hits not counted: over a
// run, whether its data came from the device, whatever other processes read.
struct ProcessIo {
  std::uint64_t readBytes = 0;       // this process
  std::uint64_t childReadBytes = 0;  // finished child processes (peer tools), as far as the OS reports them
  bool childReadKnown = true;        // false where the OS counts children's reads in operations, not bytes (macOS)
};
// The platform's accounting (Linux: /proc/self/io read_bytes and RUSAGE_CHILDREN; macOS: proc_pid_rusage).
// False where it is unavailable or cannot tell cache hits from storage reads (Windows counts both).
bool readProcessIo(ProcessIo& out);

// What a network mount's own counters say its client fetched from the server so far, every process
// together (Linux NFS: serverreadbytes in /proc/self/mountstats). Nullopt where the filesystem keeps no such
// counter or the OS does not show it (CIFS, FUSE, macOS, Windows).
std::optional<std::uint64_t> readMountFetchedBytes(const StorageInfo& storage);

struct SamplerConfig {
  double hz = 10.0;
};

// The time a sampler keeps its grid by and waits on: the steady clock (the default), or one its caller moves
// on (a test that places every tick, and the time each sample takes, exactly).
class SamplerClock {
public:
  using TimePoint = std::chrono::steady_clock::time_point;
  virtual ~SamplerClock() = default;
  virtual TimePoint now() = 0;
  // Returns once now() >= deadline, or at once when `stop` is requested (also while it waits).
  virtual void waitUntil(TimePoint deadline, std::stop_token stop) = 0;
};

// One sampler thread per run, on a steady schedule, keeping the whole series. stop() returns at once.
class Sampler {
public:
  // `clock`: null for the steady clock.
  Sampler(SamplerConfig config, const LiveCounters& counters,
          std::unique_ptr<CpuCounterSource> cpu, std::unique_ptr<DiskCounterSource> disk,
          std::shared_ptr<SamplerClock> clock = nullptr);
  ~Sampler();  // stops and joins
  Sampler(const Sampler&) = delete;
  Sampler& operator=(const Sampler&) = delete;

  // Called from the sampler thread after each sample (for live graphs). Set before start().
  void setCallback(std::function<void(const Sample&)> callback);
  // The interface of a network location, sampled with the others (Sample::netRxBytes). Set before start().
  void setNetworkSource(std::unique_ptr<NetCounterSource> net);
  void start();
  // Stops the thread, takes one final sample so the series covers the whole run, and joins.
  void stop();
  std::vector<Sample> samples() const;  // everything so far (thread-safe copy)

private:
  struct Impl;
  std::unique_ptr<Impl> d;
};

}  // namespace hashscope
