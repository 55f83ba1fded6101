// Linux counter sources with their file locations as parameters, so tests point them at recorded
// files in a temp folder (and make devices vanish and come back).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "counters/proc_parsers.hpp"
#include "hashscope/counters.hpp"

namespace hashscope::counters {

// Reads a small file with open/read/close into `buffer` (kept between calls: no allocation in steady
// state). `singleRead`: one read() call is the whole file (a sysfs attribute is at most one page and
// comes back whole), which saves the read() that would only report EOF. False when unreadable.
bool readSmallFile(const char* path, std::string& buffer, bool singleRead = false);

// System CPU times from /proc/stat (USER_HZ from sysconf).
class ProcStatCpuSource final : public CpuCounterSource {
public:
  explicit ProcStatCpuSource(std::filesystem::path statFile = "/proc/stat");
  bool read(CpuSnapshot& out) override;

private:
  std::string m_path;
  std::string m_buffer;
  double m_ticksPerSecond;
};

// One device's I/O counters: sysRoot/block/NAME/stat for each disk (dm/md: each slave, summed), with
// /proc/diskstats as the fallback when sysfs lacks the device (some containers).
class SysfsDiskSource final : public DiskCounterSource {
public:
  SysfsDiskSource(std::filesystem::path sysRoot, std::vector<std::string> disks,
                  std::filesystem::path diskstatsFile = "/proc/diskstats");
  bool read(DiskSnapshot& out) override;

private:
  std::vector<std::string> m_disks;
  std::vector<std::string> m_statPaths;
  std::string m_diskstatsPath;
  std::string m_buffer;
};

}  // namespace hashscope::counters
