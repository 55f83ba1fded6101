// Sample files: HashScope's own test files, created exclusively, reused, and removed only when they are ours.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <stop_token>
#include <string>
#include <vector>

#include "hashscope/types.hpp"

namespace hashscope {

struct SampleFile {
  std::filesystem::path path;
  std::uint64_t size = 0;
  SampleContent content = SampleContent::Random;
};

// The name HashScope gives a sample of this size and content ("hashscope-sample-random-1GiB.bin").
std::string sampleFileName(std::uint64_t size, SampleContent content);
// True when `name` is one HashScope could have created (the only files it will ever remove).
bool isSampleFileName(std::string_view name);

struct SampleProgress {
  std::uint64_t bytesWritten = 0;
  std::uint64_t totalBytes = 0;
  double seconds = 0;
  double mbPerSec() const { return megabytesPerSecond(bytesWritten, seconds); }
};

struct SampleResult {
  SampleFile file;
  bool reused = false;      // an existing sample of the same size and content was found and kept
  double seconds = 0;       // time to write and flush (0 when reused)
  double mbPerSec = 0;      // write throughput including the flush
  bool cancelled = false;
  std::string error;        // clear sentence: "Not enough free space in /mnt: 1 GiB needed, 200 MiB free"
  bool ok() const { return error.empty() && !cancelled; }
};

// Creates (or reuses) a sample file in `folder`. Checks free space first, writes under a temporary name
// created exclusively, flushes to the device, then renames into place without replacing anything.
// On error or cancel the partial file is removed. `progress` is called from the calling thread
// at most ~10 times a second.
SampleResult createSample(const std::filesystem::path& folder, std::uint64_t size, SampleContent content,
                          std::stop_token stop, const std::function<void(const SampleProgress&)>& progress = {});

// HashScope samples in `folder` (not recursive), sorted by name.
std::vector<SampleFile> listSamples(const std::filesystem::path& folder);

// Removes one sample. Refuses (returns an error sentence) for anything whose name is not a HashScope sample.
std::string removeSample(const std::filesystem::path& file);

// Fills a buffer with the given content kind (random: a fast PRNG seeded by `seed`).
void fillContent(void* data, std::size_t size, SampleContent content, std::uint64_t seed);

}  // namespace hashscope
