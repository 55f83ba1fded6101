// macOS device I/O counters: the "Statistics" dictionary of the IOBlockStorageDriver behind the disk.
// Not run in HashScope's Linux workplace: written from Apple's headers and documentation.
#include <CoreFoundation/CoreFoundation.h>
#include <IOKit/IOKitLib.h>
#include <IOKit/storage/IOBlockStorageDriver.h>

#include <vector>

#include "hashscope/counters.hpp"
#include "storage/iokit_mac.hpp"

namespace hashscope {

namespace {

std::uint64_t statistic(CFDictionaryRef stats, CFStringRef key)
{
  CFTypeRef value = CFDictionaryGetValue(stats, key);
  std::int64_t n = 0;
  if (value && CFGetTypeID(value) == CFNumberGetTypeID())
    CFNumberGetValue(static_cast<CFNumberRef>(value), kCFNumberSInt64Type, &n);
  return n > 0 ? static_cast<std::uint64_t>(n) : 0;
}

class MacDiskSource final : public DiskCounterSource {
public:
  explicit MacDiskSource(const std::vector<std::string>& disks)
  {
    auto key = [](const char* s) { return CFStringCreateWithCString(kCFAllocatorDefault, s, kCFStringEncodingUTF8); };
    m_statsKey = key(kIOBlockStorageDriverStatisticsKey);
    m_bytesRead = key(kIOBlockStorageDriverStatisticsBytesReadKey);
    m_bytesWritten = key(kIOBlockStorageDriverStatisticsBytesWrittenKey);
    m_reads = key(kIOBlockStorageDriverStatisticsReadsKey);
    m_writes = key(kIOBlockStorageDriverStatisticsWritesKey);
    m_readTime = key(kIOBlockStorageDriverStatisticsTotalReadTimeKey);
    m_writeTime = key(kIOBlockStorageDriverStatisticsTotalWriteTimeKey);
    for (const auto& d : disks)
      m_drivers.push_back(storage::blockStorageDriver(d));
  }
  ~MacDiskSource() override
  {
    for (io_object_t d : m_drivers) {
      if (d != IO_OBJECT_NULL)
        IOObjectRelease(d);
    }
    for (CFStringRef k : {m_statsKey, m_bytesRead, m_bytesWritten, m_reads, m_writes, m_readTime, m_writeTime})
      CFRelease(k);
  }
  MacDiskSource(const MacDiskSource&) = delete;
  MacDiskSource& operator=(const MacDiskSource&) = delete;

  bool read(DiskSnapshot& out) override
  {
    if (m_drivers.empty())
      return false;
    DiskSnapshot sum;
    for (io_object_t driver : m_drivers) {
      if (driver == IO_OBJECT_NULL)
        return false;
      // Null once the disk is gone (ejected): the interval is then marked invalid by the sampler.
      CFTypeRef value = IORegistryEntryCreateCFProperty(driver, m_statsKey, kCFAllocatorDefault, 0);
      if (!value)
        return false;
      if (CFGetTypeID(value) != CFDictionaryGetTypeID()) {
        CFRelease(value);
        return false;
      }
      auto stats = static_cast<CFDictionaryRef>(value);
      sum.readBytes += statistic(stats, m_bytesRead);
      sum.writeBytes += statistic(stats, m_bytesWritten);
      sum.readOps += statistic(stats, m_reads);
      sum.writeOps += statistic(stats, m_writes);
      // No idle counter on macOS: busy ~ total time spent in reads and writes (ns). With several requests in
      // flight this exceeds wall time; the sampler clamps the share to 100 %. APFS may lack the times (0).
      sum.busySeconds += static_cast<double>(statistic(stats, m_readTime) + statistic(stats, m_writeTime)) * 1e-9;
      CFRelease(value);
    }
    out = sum;  // in-flight requests are not published: stays 0
    return true;
  }

private:
  std::vector<io_object_t> m_drivers;
  CFStringRef m_statsKey, m_bytesRead, m_bytesWritten, m_reads, m_writes, m_readTime, m_writeTime;
};

}  // namespace

std::unique_ptr<DiskCounterSource> makeDiskCounterSource(const DeviceInfo& device)
{
  if (!device.hasCounters || (device.name.empty() && device.slaves.empty()))
    return nullptr;
  return std::make_unique<MacDiskSource>(device.slaves.empty() ? std::vector<std::string>{device.name}
                                                               : device.slaves);
}

}  // namespace hashscope
