// Windows: GetProcessIoCounters' ReadTransferCount on the child's handle (CreateProcessW's, full access).
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
