// The benchmark options the window offers, and how they become the engine's SuiteSpec.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "hashscope/hash.hpp"
#include "hashscope/suite.hpp"

namespace hashscope::gui {

// Everything the options and samples panels choose (a value; remembered by AppSettings).
// The defaults give the whole answer within a minute on a quiet two-core machine (design notes in
// run_options.cpp, next to defaultSampleSize).
struct RunOptions {
  Preset preset = Preset::Standard;    // passes per step: quick 1, standard 3, thorough 5
  bool waitQuiet = true;               // wait for a quiet machine before each step (on in standard)
  double quietTimeout = 20;            // ...for at most this many seconds (and the run's waiting ends there)
  CacheMode cache = CacheMode::Cold;
  bool warm = false;                   // also run hash-file with a warm cache
  int streams = 1;
  bool ramp = false;                   // hash-file with 1..maxStreams streams
  int maxStreams = 0;                  // 0 = logical cores
  std::uint64_t blockSize = 1 * MiB;
  bool peers = false;                  // installed peer tools on the same sample
  double hashSeconds = 0.5;            // length of each hash-memory reference run
  std::uint64_t sampleSize = 256 * MiB;
  SampleContent content = SampleContent::Random;
  bool keepSamples = false;            // keep the samples a run creates (else removed after it; reused ones stay)
};

// md5, sha256, xxh3-64, crc32: one of each family the field compares most often.
const std::vector<std::string>& defaultAlgorithms();

// 256 MiB when there is room; else the largest power of two that leaves most of the space free
// (a quarter of the free space), never below 16 MiB. Given the free space of the fullest ticked location;
// on a RAM-backed one (tmpfs) that free space is RAM, so the sample also fits in memory.
std::uint64_t defaultSampleSize(std::uint64_t freeBytes);

// The rule above in one sentence, for the size box's tooltip.
const char* defaultSampleSizeRule();

// The sizes offered in the samples panel.
const std::vector<std::uint64_t>& offeredSampleSizes();
const std::vector<std::uint64_t>& offeredBlockSizes();

// Whether a preset waits for a quiet machine unless told otherwise (quick does not: it is for a first look).
bool waitsQuietByDefault(Preset preset);

// The same run as `hashscope-cli bench` arguments, for the machines measured over ssh: the suite with these
// options and algorithms, on each machine's own default location (its temp folder).
std::vector<std::string> remoteBenchArguments(const RunOptions& options, const std::vector<std::string>& algorithms);

SuiteSpec makeSuiteSpec(const RunOptions& options, const std::vector<std::filesystem::path>& locations,
                        const std::vector<std::string>& algorithms);

}  // namespace hashscope::gui
