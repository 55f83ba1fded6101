// Hashing with plain stdio reads to the end of the stream, for what the engine's sized reads cannot do:
// stdin (cannot be split or re-read) and files whose size is 0 in stat (pseudo-files in /proc and /sys
// report 0 yet have content, and md5sum reads them to EOF).
#pragma once

#include "hashscope/hash.hpp"
#include "hashscope/workload.hpp"

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

namespace hashscope::cli {

// Digests of everything left in `stream`.
FileDigests hashStream(std::FILE* stream, const std::vector<std::string>& algorithms,
                       std::uint64_t blockSize);
// Opens `path` and hashes it to EOF; the error names what failed (open or read).
FileDigests hashToEnd(const std::filesystem::path& path, const std::vector<std::string>& algorithms,
                      std::uint64_t blockSize);

} // namespace hashscope::cli
