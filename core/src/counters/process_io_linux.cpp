// Linux: /proc/self/io read_bytes counts what this process's threads fetched from the block layer (page
// cache hits are not in it, direct I/O is); finished children's reads come from getrusage's ru_inblock,
// which the kernel derives from the same accounting in 512-byte units. Network and FUSE filesystems never
// reach the block layer: NFS keeps its own per-mount counters in /proc/self/mountstats.
#include <sys/resource.h>

#include <string>

#include "counters/linux_sources.hpp"
#include "counters/proc_parsers.hpp"

namespace hashscope {

bool readProcessIo(ProcessIo& out)
{
  thread_local std::string buffer;
  if (!counters::readSmallFile("/proc/self/io", buffer) ||
      !counters::parseProcIoField(buffer, "read_bytes", out.readBytes))
    return false;  // no task I/O accounting in this kernel (CONFIG_TASK_IO_ACCOUNTING off)
  rusage usage{};
  out.childReadBytes = getrusage(RUSAGE_CHILDREN, &usage) == 0 ? static_cast<std::uint64_t>(usage.ru_inblock) * 512 : 0;
  return true;
}

std::optional<std::uint64_t> readMountFetchedBytes(const StorageInfo& storage)
{
  if (!storage.filesystem.starts_with("nfs") || storage.mountPoint.empty())
    return std::nullopt;
  thread_local std::string buffer;
  counters::NfsBytes bytes;
  if (!counters::readSmallFile("/proc/self/mountstats", buffer) ||
      !counters::parseNfsMountStats(buffer, storage.mountPoint.string(), bytes))
    return std::nullopt;
  return bytes.serverRead;
}

}  // namespace hashscope
