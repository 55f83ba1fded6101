// Linux device I/O counters: /sys/block/DEV/stat (one device per file, read atomically).
#include "counters/linux_sources.hpp"
#include "counters/proc_parsers.hpp"

namespace hashscope {

namespace counters {

SysfsDiskSource::SysfsDiskSource(std::filesystem::path sysRoot, std::vector<std::string> disks,
                                 std::filesystem::path diskstatsFile)
    : m_disks(std::move(disks)), m_diskstatsPath(diskstatsFile.string())
{
  for (const auto& d : m_disks)
    m_statPaths.push_back((sysRoot / "block" / d / "stat").string());
}

bool SysfsDiskSource::read(DiskSnapshot& out)
{
  if (m_disks.empty())
    return false;
  DiskSnapshot sum;
  for (std::size_t i = 0; i < m_disks.size(); ++i) {
    DiskStatFields fields;
    // No sysfs entry: the device vanished, or /sys is not mounted. /proc/diskstats tells which.
    if (!(readSmallFile(m_statPaths[i].c_str(), m_buffer, true) && parseDiskStatFields(m_buffer, fields)) &&
        !(readSmallFile(m_diskstatsPath.c_str(), m_buffer) && findInDiskStats(m_buffer, m_disks[i], fields)))
      return false;  // one member missing makes the sum meaningless
    accumulate(fields, sum);
  }
  out = sum;
  return true;
}

}  // namespace counters

std::unique_ptr<DiskCounterSource> makeDiskCounterSource(const DeviceInfo& device)
{
  if (!device.hasCounters || (device.name.empty() && device.slaves.empty()))
    return nullptr;
  // Partitions are already counted in their disk; dm/md are summed over the disks underneath.
  std::vector<std::string> disks = device.slaves.empty() ? std::vector<std::string>{device.name} : device.slaves;
  return std::make_unique<counters::SysfsDiskSource>("/sys", std::move(disks));
}

}  // namespace hashscope
