// Sample files: HashScope's own test files, created exclusively, reused, and removed only when they are ours.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <stop_token>
#include <string>
#include <vector>

#include "hashscope/types.hpp"

namespace hashscope {

// What a file named like a sample turned out to be. Only a Sample carries HashScope's marker (an extended
// attribute, or a hidden ".<name>.hashscope" file where the filesystem keeps none) agreeing with its name
// and its exact size; anything else is never removed.
enum class SampleStatus {
  Sample,         // a complete HashScope sample
  NotASample,     // named like one, but without HashScope's marker (or it disagrees): see SampleFile::reason
  Writing,        // a partial file another HashScope is writing right now
  StalePartial,   // a partial file whose writer is gone (killed): removed by the next create or remove
};

struct SampleFile {
  std::filesystem::path path;
  std::uint64_t size = 0;    // as the name says (a Sample holds exactly this)
  SampleContent content = SampleContent::Random;  // as the name says
  SampleStatus status = SampleStatus::Sample;
  std::string reason;        // why a NotASample is not one ("it carries no HashScope marker ...")
  std::uint64_t bytesOnDisk = 0;  // what the file really holds (a user's 10-byte file is not "4 MiB")
  bool isSample() const { return status == SampleStatus::Sample; }
};

// Keeps a sample protected while a benchmark uses it: a shared advisory lock on the file, so
// removeSample() (in this or any other HashScope process) refuses until every holder released it.
struct SampleHold {
  std::shared_ptr<void> lock;  // the platform lock; empty when nothing is held
  bool held() const { return lock != nullptr; }
  void release() { lock.reset(); }
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
  SampleHold hold;          // on success: the sample stays protected from removal while this is held
  bool ok() const { return error.empty() && !cancelled; }
};

// Creates (or reuses) a sample file in `folder`: checks the location, writes an exclusive, locked
// ".<name>.partial" (one whose writer is gone is replaced, one being written left alone), marks it, flushes,
// then renames it into place without replacing anything; removed on error or cancel. On success `hold`
// protects the sample. `progress`: on the calling thread, at most ~10 times a second.
SampleResult createSample(const std::filesystem::path& folder, std::uint64_t size, SampleContent content,
                          std::stop_token stop, const std::function<void(const SampleProgress&)>& progress = {});

// Every file in `folder` (not recursive) named like a sample or a partial one, with what it really is, sorted
// by name. An unreadable folder: nothing, and one sentence in `error` (when given).
std::vector<SampleFile> listSamples(const std::filesystem::path& folder, std::string* error = nullptr);

// Removes one sample or stale partial sample. Refuses with a sentence, touching nothing, what is not
// HashScope's (name, marker and size must agree), a partial file being written, or a sample a run holds.
std::string removeSample(const std::filesystem::path& file);
// The same, saying whether a refusal only means another run still uses it (a note then, not a failure).
enum class RemoveOutcome { Removed, InUse, Refused };
RemoveOutcome removeSample(const std::filesystem::path& file, std::string& message);

// Why `folder` cannot hold a sample ("" when it can): missing, not a folder, not storage (/proc, /sys),
// a read-only filesystem, or not writable for this user.
std::string sampleLocationProblem(const std::filesystem::path& folder);

// Fills a buffer with the given content kind (random: a fast PRNG seeded by `seed`).
void fillContent(void* data, std::size_t size, SampleContent content, std::uint64_t seed);

}  // namespace hashscope
