// Checking one entry of a checksum list (`check`, md5sum -c ...): which file, which algorithms, which verdict.
// cmd_check.cpp reads the lists, runs these on its job pool and words what they find.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <stop_token>
#include <string>
#include <system_error>
#include <vector>

#include "checklist.hpp"
#include "file_checks.hpp"
#include "hashscope/types.hpp"
#include "hashscope/workload.hpp"

namespace hashscope::cli {

enum class Verdict { Ok, Mismatch, Unreadable, Missing };

// What checking one entry found. `problem` is hashscope-cli's sentence, `code` the system's error.
struct EntryCheck {
  Verdict verdict = Verdict::Ok;
  std::string problem;
  std::error_code code;
};

// One thread's hashers, one per set of algorithms met (a list mostly needs one), kept from file to file
// so that a small file costs its reads and no set-up (what FileHasher is for).
class Hashers {
public:
  Hashers(std::stop_token stop, int stream, int jobs) : m_stop(std::move(stop)), m_stream(stream), m_jobs(jobs) {}

  FileHasher& forAlgorithms(const std::vector<std::string>& ids);

  static constexpr std::uint64_t kBlockSize = 1 * MiB;

private:
  std::stop_token m_stop;
  int m_stream, m_jobs;
  std::map<std::vector<std::string>, std::unique_ptr<FileHasher>> m_hashers;
};

// Checks the entries of one list: check() needs the entry, the calling thread's hashers and what earlier
// entries taught it (which algorithm untagged lines of a length were written with, kept under a lock), so
// `check -j N` runs it for N entries at once.
//
// An untagged digest's length can fit several algorithms (128 hex digits: sha512 from sha512sum, blake2b-512
// from b2sum, sha3-512): a file is OK when any of them matches, and FAILED only when none does. The one that
// matched is tried first for the next lines of that length, so a b2sum list reads each file once, not once
// per candidate.
class ListChecker {
public:
  // `stdinName`: the name that stands for standard input in a list ("-", xxhsum's "stdin"); empty: none.
  ListChecker(std::stop_token stop, bool ignoreMissing, std::string stdinName)
      : m_stop(std::move(stop)), m_ignoreMissing(ignoreMissing), m_stdinName(std::move(stdinName))
  {
  }

  EntryCheck check(const ChecklistEntry& entry, Hashers& hashers);

  // Says which algorithm untagged lines were checked with when it was not the obvious one, and which
  // ones were tried when a line of an ambiguous length matched none.
  void printNotes(bool quiet) const;

private:
  // The verdict on `digests` of `ids` when they are all there is to try: Unreadable, Ok or Mismatch.
  EntryCheck verdictOf(const ChecklistEntry& entry, const std::vector<std::string>& ids, const FileDigests& digests,
                       EntryCheck& out);
  // Whether one of `digests` (of `ids`) is the entry's; the one that matched is remembered for the next lines.
  bool matches(const ChecklistEntry& entry, const std::vector<std::string>& ids, const FileDigests& digests);
  EntryCheck mismatch(const ChecklistEntry& entry, EntryCheck& out);
  FileDigests hash(const std::string& name, const FileCheck& file, const std::vector<std::string>& ids,
                   Hashers& hashers, std::error_code& code);

  std::stop_token m_stop;
  bool m_ignoreMissing;
  std::string m_stdinName;
  std::mutex m_stdinMutex; // one line at a time reads standard input
  std::mutex m_mutex; // guards the maps below, which every checking thread reads and adds to
  std::map<std::size_t, std::string> m_preferred;              // digest length -> last algorithm that matched
  std::map<std::size_t, std::set<std::string>> m_unusual;      // matched, but not the first candidate
  std::map<std::size_t, std::vector<std::string>> m_ambiguousMismatch; // tried, none matched
};

}  // namespace hashscope::cli
