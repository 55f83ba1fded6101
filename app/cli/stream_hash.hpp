// Hashing with plain stdio reads to the end of the stream, for what the engine's file reads cannot do:
// stdin (cannot be split or re-read), and what `hash` and `check` read like md5sum does although it is no
// regular file: character and block devices (md5sum /dev/null) and FIFOs (md5sum <(command)). Regular
// files of size 0 (pseudo-files in /proc and /sys report 0 yet have content) are the engine's: FileHasher
// reads them to their end.
#pragma once

#include "hashscope/hash.hpp"
#include "hashscope/workload.hpp"

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <stop_token>
#include <string>
#include <system_error>
#include <vector>

namespace hashscope::cli {

// Digests of everything left in `stream`. A failed read sets the result's error and `*code` (errno); a
// stop request ends the read between blocks with the error "interrupted".
FileDigests hashStream(std::FILE* stream, const std::vector<std::string>& algorithms, std::uint64_t blockSize,
                       std::stop_token stop = {}, std::error_code* code = nullptr, const Blake3Options& blake3 = {});
// Opens `path` and hashes it to EOF; the error names what failed (open or read), `*code` its errno.
FileDigests hashToEnd(const std::filesystem::path& path, const std::vector<std::string>& algorithms,
                      std::uint64_t blockSize, std::stop_token stop = {}, std::error_code* code = nullptr);

// Why reading `path` failed, as an errno value, found by opening and reading it once more (after the
// engine reported a failure in its own words); empty when it can be read to its end now.
std::error_code readFailure(const std::filesystem::path& path);

} // namespace hashscope::cli
