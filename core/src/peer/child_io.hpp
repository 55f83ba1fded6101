// How much a running child process has read so far, from the OS's own accounting of that process. Peer
// tools (md5sum, openssl, b3sum ...) print nothing until they end: this is how their steps show live
// progress instead of 0 MB/s. One implementation per OS: child_io_linux.cpp, _mac.cpp, _win.cpp.
#pragma once

#include <cstdint>

namespace hashscope::peer {

// `child` is the pid on Linux and macOS, the process HANDLE (cast to an integer) on Windows. Returns
// false when the OS does not say (then the step shows no live bytes, as before). What counts:
// - Linux: /proc/<pid>/io rchar, every byte its read() calls returned (page-cache hits included);
// - Windows: GetProcessIoCounters' ReadTransferCount, every byte of its ReadFile calls (cache included);
// - macOS: proc_pid_rusage's ri_diskio_bytesread, bytes fetched from storage only: a run served from
//   the page cache shows no live progress there (macOS keeps no count of logical reads per process).
bool childReadBytes(std::intptr_t child, std::uint64_t& bytes);

}  // namespace hashscope::peer
