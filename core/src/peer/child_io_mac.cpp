// macOS: proc_pid_rusage's ri_diskio_bytesread on our own child (storage fetches only: see child_io.hpp).
// Not compiled or run in HashScope's Linux workplace: written from Apple's libproc.h and sys/resource.h.
#include <libproc.h>
#include <sys/resource.h>
#include <sys/types.h>

#include "peer/child_io.hpp"

namespace hashscope::peer {

bool childReadBytes(std::intptr_t child, std::uint64_t& bytes)
{
  rusage_info_v2 info{};
  if (proc_pid_rusage(static_cast<pid_t>(child), RUSAGE_INFO_V2, reinterpret_cast<rusage_info_t*>(&info)) != 0)
    return false;
  bytes = info.ri_diskio_bytesread;
  return true;
}

}  // namespace hashscope::peer
