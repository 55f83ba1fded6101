// How much a running child process has read so far, by the OS's accounting: how a peer tool's step, which
// prints nothing until it ends, shows live progress. One implementation per OS.
#pragma once

#include <cstdint>

namespace hashscope::peer {

// `child`: the pid, or on Windows the process HANDLE. False when the OS does not say (no live bytes). Counts:
// - Linux: /proc/<pid>/io rchar, every byte its read() calls returned (page-cache hits included);
// - Windows: GetProcessIoCounters' ReadTransferCount, every byte of its ReadFile calls (cache included);
// - macOS: proc_pid_rusage's ri_diskio_bytesread, bytes fetched from storage only: a run served from
//   the page cache shows no live progress there (macOS keeps no count of logical reads per process).
bool childReadBytes(std::intptr_t child, std::uint64_t& bytes);

}  // namespace hashscope::peer
