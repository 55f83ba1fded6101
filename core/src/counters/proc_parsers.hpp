// Parsers for Linux's /proc/stat, /proc/diskstats, /sys/block/DEV/stat, /proc/net/dev and
// /proc/self/mountstats. They take text, so tests feed them recorded files (extra fields of newer kernels,
// short lines, garbage) on any OS.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "hashscope/counters.hpp"

namespace hashscope::counters {

// Fills `out` from the cpu and cpuN lines (USER_HZ ticks -> seconds). cores[N] is cpuN; CPUs that are
// absent (offline) stay zero. Reuses out.cores' storage (no allocation once sized). False without a
// "cpu " total line.
bool parseProcStat(std::string_view text, double ticksPerSecond, CpuSnapshot& out);

// The counters of one block device, as the kernel lists them (see Documentation/admin-guide/iostats).
struct DiskStatFields {
  std::uint64_t reads = 0, readsMerged = 0, sectorsRead = 0, msReading = 0;
  std::uint64_t writes = 0, writesMerged = 0, sectorsWritten = 0, msWriting = 0;
  std::uint64_t inFlight = 0, ioTicksMs = 0, weightedMs = 0;
  bool hasTiming = true;  // false for the 4-field partition format of old kernels
};

// One /sys/block/DEV/stat body, or the part of a diskstats line after "major minor name":
// 11 fields, or more (discard and flush fields of newer kernels are ignored), or the old 4-field
// partition format. False when the text is anything else.
bool parseDiskStatFields(std::string_view text, DiskStatFields& out);

// One device from /proc/diskstats by kernel name. False when the device is not listed (or malformed).
bool findInDiskStats(std::string_view text, std::string_view device, DiskStatFields& out);

// A field of /proc/PID/io ("read_bytes": bytes fetched from storage; "rchar": bytes its read() calls
// returned). False when it is missing.
bool parseProcIoField(std::string_view text, std::string_view name, std::uint64_t& out);

// One interface's line of /proc/net/dev ("  eth0: rx_bytes rx_packets ... tx_bytes ..."). False when the
// interface is not listed or its line is malformed.
bool parseNetDev(std::string_view text, std::string_view wanted, NetSnapshot& out);

// The byte counters of one NFS mount in /proc/self/mountstats ("device SRC mounted on POINT with fstype
// nfs4 ..." and its "bytes:" line): what the applications read through the page cache and with O_DIRECT,
// and what the client fetched from the server (READ replies; direct reads included).
struct NfsBytes {
  std::uint64_t normalRead = 0, directRead = 0, serverRead = 0;
};
// False when no NFS mount at `mountPoint` (unescaped) is listed or it has no bytes line.
bool parseNfsMountStats(std::string_view text, std::string_view mountPoint, NfsBytes& out);

// Adds one device's fields to a snapshot (sectors are always 512 bytes).
void accumulate(const DiskStatFields& fields, DiskSnapshot& out);

}  // namespace hashscope::counters
