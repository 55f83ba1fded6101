// macOS: proc_pid_rusage's ri_diskio_bytesread counts what this process fetched from storage (cache hits
// excluded). Finished children's reads are not available in bytes: rusage_info has no child disk I/O, and
// getrusage's ru_inblock counts input operations on macOS ("the number of times the file system had to
// perform input", getrusage(2)), not Linux's 512-byte units, so any multiple of it would be a made-up size.
// Not run in HashScope's Linux workplace: written from Apple's headers and documentation.
#include <libproc.h>
#include <sys/resource.h>
#include <unistd.h>

#include "hashscope/counters.hpp"

namespace hashscope {

bool readProcessIo(ProcessIo& out)
{
  rusage_info_v2 info{};
  if (proc_pid_rusage(getpid(), RUSAGE_INFO_V2, reinterpret_cast<rusage_info_t*>(&info)) != 0)
    return false;
  out.readBytes = info.ri_diskio_bytesread;
  out.childReadBytes = 0;
  out.childReadKnown = false;  // a peer tool's step then relies on the device counters
  return true;
}

// No per-mount byte counters are exposed for NFS or SMB mounts (nfsstat reports operations for the whole
// client): a network location's fetched bytes are counted another way (FetchBasis).
std::optional<std::uint64_t> readMountFetchedBytes(const StorageInfo&)
{
  return std::nullopt;
}

}  // namespace hashscope
