// Windows: GetProcessIoCounters on the child's process handle (CreateProcessW returned it with full
// access). ReadTransferCount counts every byte the child's ReadFile calls returned, served by the cache
// manager or by the disk alike: that is the tool's progress through the file.
// Not compiled or run in HashScope's Linux workplace: written from the Win32 documentation.
#include <windows.h>

#include "peer/child_io.hpp"

namespace hashscope::peer {

bool childReadBytes(std::intptr_t child, std::uint64_t& bytes)
{
  IO_COUNTERS io{};
  if (!GetProcessIoCounters(reinterpret_cast<HANDLE>(child), &io))
    return false;
  bytes = static_cast<std::uint64_t>(io.ReadTransferCount);
  return true;
}

}  // namespace hashscope::peer
