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
#include <optional>
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
      if (check.kind != FileCheck::Kind::Regular) {
        printError(listName + ": " + check.problem);
        failed = true;
        continue;
      }
    }
    if (!readList(listName, content)) {
      printError(listName + ": cannot be read");
      failed = true;
      continue;
    }
    CheckTally tally;
    std::istringstream lines(content);
    std::string line;
    while (std::getline(lines, line)) {
      if (stop.stop_requested())
        break;
      if (line.empty() || line.front() == '#')
        continue;
      const auto entry = parseChecklistLine(line, forced);
      if (!entry) {
        ++tally.improper;
        continue;
      }
      ++tally.valid;
      const std::string shown = checkOutputName(entry->name);
      const FileCheck file = checkInputFile(entry->name);
      FileDigests digests;
      if (file.kind != FileCheck::Kind::Regular)
        digests.error = file.kind == FileCheck::Kind::Folder ? "is a folder" : file.problem;
      else if (file.size == 0)
        digests = hashToEnd(entry->name, {entry->algorithm}, 1 * MiB);
      else
        digests = hashFile(entry->name, {entry->algorithm}, stop);
      if (stop.stop_requested())
        break;
      std::string verdict;
      if (!digests.error.empty() || digests.digests.empty()) {
        if (!status)
          printError(withPath(shown, digests.error.empty() ? "cannot be read" : digests.error));
        ++tally.unreadable;
        verdict = "FAILED open or read";
      } else if (toHex(digests.digests.front()) != entry->hex) {
        ++tally.mismatched;
        verdict = "FAILED";
      } else {
        verdict = "OK";
      }
      if (!status && !(quiet && verdict == "OK"))
        writeOut(shown + ": " + verdict + "\n");
    }
    if (stop.stop_requested())
      break;
    if (tally.valid == 0) {
      printError(listName + ": no properly formatted checksum lines found");
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
  }
  if (stop.stop_requested()) {
    printError("interrupted");
    return kExitInterrupted;
  }
  return failed ? kExitFailure : kExitOk;
}

} // namespace hashscope::cli
