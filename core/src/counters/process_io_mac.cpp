// macOS: proc_pid_rusage's ri_diskio_bytesread counts what this process fetched from storage (cache hits
// excluded); finished children's reads come from getrusage's ru_inblock (blocks of 512 bytes).
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
  rusage usage{};
  out.childReadBytes = getrusage(RUSAGE_CHILDREN, &usage) == 0 ? static_cast<std::uint64_t>(usage.ru_inblock) * 512 : 0;
  return true;
}

}  // namespace hashscope
