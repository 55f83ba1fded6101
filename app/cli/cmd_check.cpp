// `hashscope-cli check`: verifies checksum lists like `md5sum -c`, with the same output and warnings.
#include "args.hpp"
#include "checklist.hpp"
#include "commands.hpp"
#include "file_checks.hpp"
#include "hashscope/hash.hpp"
#include "hashscope/workload.hpp"
#include "help.hpp"
#include "names.hpp"
#include "os.hpp"
#include "stream_hash.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace hashscope::cli {

namespace {

// Counters behind the summary warnings, as coreutils words them.
struct CheckTally {
  std::size_t improper = 0, unreadable = 0, mismatched = 0, valid = 0;
};

std::string plural(std::size_t n, const char* one, const char* many)
{
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string joined(const std::vector<std::string>& ids)
{
  std::string out;
  for (const auto& id : ids)
    out += (out.empty() ? "" : ", ") + id;
  return out;
}

bool readList(const std::string& name, std::string& content)
{
  if (name == "-") {
    setBinaryStdio();
    content.assign(std::istreambuf_iterator<char>(std::cin), {});
    return !std::cin.bad();
  }
  std::ifstream in(name, std::ios::binary);
  if (!in)
    return false;
  content.assign(std::istreambuf_iterator<char>(in), {});
  return !in.bad();
}

enum class Verdict { Ok, Mismatch, Unreadable };

// Checks the entries of one list. An untagged digest's length can fit several algorithms (128 hex digits:
// sha512 from sha512sum, blake2b-512 from b2sum, sha3-512): a file is OK when any of them matches, and
// FAILED only when none does. The one that matched is tried first for the next lines of that length, so
// a b2sum list reads each file once, not once per candidate.
class ListChecker {
public:
  explicit ListChecker(std::stop_token stop) : m_stop(std::move(stop)) {}

  Verdict check(const ChecklistEntry& entry, std::string& error)
  {
    std::vector<std::string> order = entry.candidates;
    const bool ambiguous = order.size() > 1;
    const auto preferred = m_preferred.find(entry.hex.size());
    if (ambiguous && preferred != m_preferred.end())
      std::stable_partition(order.begin(), order.end(), [&](const auto& id) { return id == preferred->second; });
    const FileCheck file = checkInputFile(entry.name);
    if (file.kind != FileCheck::Kind::Regular) {
      error = file.kind == FileCheck::Kind::Folder ? "is a folder" : file.problem;
      return Verdict::Unreadable;
    }
    // First the likeliest algorithm alone; only when it does not match, the others in one more read.
    const std::vector<std::string> first(order.begin(), order.begin() + 1);
    const std::vector<std::string> others(order.begin() + 1, order.end());
    for (const auto* ids : {&first, &others}) {
      if (ids->empty())
        break;
      const FileDigests digests = hash(entry.name, file, *ids);
      if (!digests.error.empty() || digests.digests.size() != ids->size()) {
        error = digests.error.empty() ? "cannot be read" : digests.error;
        return Verdict::Unreadable;
      }
      for (std::size_t i = 0; i < ids->size(); ++i) {
        if (toHex(digests.digests[i]) != entry.hex)
          continue;
        if (ambiguous) {
          m_preferred[entry.hex.size()] = (*ids)[i];
          if ((*ids)[i] != entry.candidates.front())
            m_unusual[entry.hex.size()].insert((*ids)[i]);
        }
        return Verdict::Ok;
      }
      if (m_stop.stop_requested())
        return Verdict::Unreadable;
    }
    if (ambiguous)
      m_ambiguousMismatch.emplace(entry.hex.size(), entry.candidates);
    return Verdict::Mismatch;
  }

  // Says which algorithm untagged lines were checked with when it was not the obvious one, and which
  // ones were tried when a line of an ambiguous length matched none.
  void printNotes(bool quiet) const
  {
    if (!quiet) {
      for (const auto& [digits, ids] : m_unusual)
        printError("untagged lines of " + std::to_string(digits) + " hex digits were checked as " +
                   joined(std::vector<std::string>(ids.begin(), ids.end())) + " (the length fits " +
                   joined(algorithmsForLength(digits)) + "; -a ALGO names the algorithm)");
    }
    for (const auto& [digits, ids] : m_ambiguousMismatch)
      printWarning("untagged digests of " + std::to_string(digits) + " hex digits match none of " + joined(ids) +
                   " (if the list was written with another algorithm, name it with -a ALGO)");
  }

private:
  FileDigests hash(const std::string& name, const FileCheck& file, const std::vector<std::string>& ids)
  {
    // Size 0 in stat may still have content (/proc files): read to EOF like md5sum.
    if (file.size == 0)
      return hashToEnd(name, ids, 1 * MiB);
    return hashFile(name, ids, m_stop);
  }

  std::stop_token m_stop;
  std::map<std::size_t, std::string> m_preferred;              // digest length -> last algorithm that matched
  std::map<std::size_t, std::set<std::string>> m_unusual;      // matched, but not the first candidate
  std::map<std::size_t, std::vector<std::string>> m_ambiguousMismatch; // tried, none matched
};

} // namespace

int runCheck(Context& context, const Arguments& argv)
{
  const Args args({{"algorithm", 'a', true, false},
                   {"quiet", 0, false, false},
                   {"status", 0, false, false},
                   {"help", 'h', false, false}},
                  argv);
  if (args.has("help"))
    return writeOut(helpText("check")) ? kExitOk : kExitFailure;
  std::string forced;
  if (args.value("algorithm"))
    forced = parseAlgorithms({*args.value("algorithm")}).front();
  const bool quiet = args.has("quiet");
  const bool status = args.has("status");
  std::vector<std::string> lists = args.positionals();
  if (lists.empty())
    lists.push_back("-");
  const std::stop_token stop = context.stop.get_token();

  bool failed = false;
  for (const auto& listName : lists) {
    std::string content;
    if (listName != "-") {
      const FileCheck check = checkInputFile(listName);
      if (check.kind != FileCheck::Kind::Regular && !check.pipe) {
        printError(withPath(listName, check.problem));
        failed = true;
        continue;
      }
    }
    if (!readList(listName, content)) {
      printError(withPath(listName, "cannot be read"));
      failed = true;
      continue;
    }
    CheckTally tally;
    ChecklistParser parser(forced);
    ListChecker checker(stop);
    std::istringstream lines(content);
    std::string line;
    while (std::getline(lines, line)) {
      if (stop.stop_requested())
        break;
      if (line.empty() || line.front() == '#')
        continue;
      const auto entry = parser.parse(line);
      if (!entry) {
        ++tally.improper;
        continue;
      }
      ++tally.valid;
      std::string error;
      const Verdict verdict = checker.check(*entry, error);
      if (stop.stop_requested())
        break;
      const std::string shown = shownName(entry->name);
      if (verdict == Verdict::Unreadable) {
        if (!status)
          printError(withPath(entry->name, error));
        ++tally.unreadable;
      } else if (verdict == Verdict::Mismatch) {
        ++tally.mismatched;
      }
      if (!status && !(quiet && verdict == Verdict::Ok))
        writeOut(shown + (verdict == Verdict::Ok         ? ": OK\n"
                          : verdict == Verdict::Mismatch ? ": FAILED\n"
                                                         : ": FAILED open or read\n"));
    }
    if (stop.stop_requested())
      break;
    if (tally.valid == 0) {
      printError(withPath(listName, "no properly formatted checksum lines found"));
      failed = true;
      continue;
    }
    // Like coreutils without --strict: badly formatted lines warn but do not fail the check.
    if (tally.unreadable || tally.mismatched)
      failed = true;
    if (status)
      continue;
    if (tally.improper)
      printWarning(plural(tally.improper, "line is", "lines are") + " improperly formatted");
    if (tally.unreadable)
      printWarning(plural(tally.unreadable, "listed file", "listed files") + " could not be read");
    if (tally.mismatched)
      printWarning(plural(tally.mismatched, "computed checksum", "computed checksums") + " did NOT match");
    checker.printNotes(quiet);
  }
  if (stop.stop_requested()) {
    printError("interrupted");
    return kExitInterrupted;
  }
  return failed ? kExitFailure : kExitOk;
}

} // namespace hashscope::cli
