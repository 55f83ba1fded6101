// `hashscope-cli check` (and md5sum -c, cksum -c ... when started as those tools): verifies checksum
// lists with the output, warnings and exit status of coreutils 9.11's `md5sum -c`.
#include "args.hpp"
#include "checklist.hpp"
#include "commands.hpp"
#include "digest_requests.hpp"
#include "entry_check.hpp"
#include "file_checks.hpp"
#include "hashscope/files.hpp"
#include "hashscope/hash.hpp"
#include "hashscope/jobs.hpp"
#include "hashscope/waits.hpp"
#include "hashscope/workload.hpp"
#include "help.hpp"
#include "names.hpp"
#include "os.hpp"
#include "progress.hpp"
#include "stream_hash.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <sstream>
#include <stop_token>

namespace hashscope::cli {

namespace {

// Counters behind the summary warnings, as coreutils words them.
struct CheckTally {
  std::size_t improper = 0, unreadable = 0, mismatched = 0, matched = 0, entries = 0;
};

std::string plural(std::size_t n, const char* one, const char* many)
{
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// Everything left in `stream`, appended to `content`; false (with `error`) on a read error.
bool readAll(std::FILE* stream, std::string& content, std::error_code& error)
{
  char buffer[64 * 1024];
  for (;;) {
    const std::size_t n = std::fread(buffer, 1, sizeof buffer, stream);
    content.append(buffer, n);
    if (n < sizeof buffer)
      break;
  }
  const bool failed = std::ferror(stream) != 0;
  if (failed)
    error = std::error_code(errno, std::generic_category());
  return !failed;
}

// The whole list, from a file or stdin (stdio both: <iostream>'s start-up costs every call of a drop-in tool);
// `error` says why not.
bool readList(const std::string& name, bool fromStdin, std::string& content, std::error_code& error)
{
  if (fromStdin) {
    setBinaryStdio();
    return readAll(stdin, content, error);
  }
  std::FILE* file = openForReading(pathFromUtf8(name));
  if (!file) {
    error = std::error_code(errno, std::generic_category());
    return false;
  }
  const bool read = readAll(file, content, error);
  std::fclose(file);
  return read;
}


// How one tool words what check finds: coreutils 9.11 (and hashscope-cli), xxhsum 0.8.1, b3sum. Result
// lines go to stdout in blocks of whole lines (writeLines: one write per block, not per line); anything
// written to stderr flushes them first, so that the two streams keep the list's order.
class CheckVoice {
public:
  explicit CheckVoice(Tool tool) : m_tool(tool) {}

  void out(const std::string& line)
  {
    m_pending += line;
    if (m_pending.size() >= kFlushBytes)
      flush();
  }
  // False once a write failed (a closed pipe): nothing more is worth checking.
  bool flush()
  {
    if (!m_pending.empty() && !m_writeFailed)
      m_writeFailed = !writeLines(m_pending);
    m_pending.clear();
    return !m_writeFailed;
  }
  bool writeFailed() const { return m_writeFailed; }

  // The name in "NAME: OK" lines: b3sum prints the name as the line wrote it.
  std::string shown(const ChecklistEntry& entry) const
  {
    const std::string& name = entry.name;
    if (m_tool == Tool::Xxhsum)
      return name;
    if (m_tool == Tool::B3sum)
      return entry.written;
    return shellQuoted(name);
  }
  // A list's name in messages.
  std::string list(const std::string& name) const
  {
    const std::string shownName = name == "-" ? "standard input" : name;
    return m_tool == Tool::HashScope || gnuWording(m_tool) ? shellQuoted(shownName) : shownName;
  }
  void listUnreadable(const std::string& name, const std::string& problem, const std::error_code& code)
  {
    flush();
    if (m_tool == Tool::HashScope)
      printError(withPath(name, problem));
    else if (m_tool == Tool::Xxhsum)
      writeConsole(stderr, "Error: Could not open '" + name + "': " + systemMessage(code) + "\n");
    else if (m_tool == Tool::B3sum) // b3sum's main() returns the error: anyhow prints it, and b3sum stops there
      writeConsole(stderr, "Error: " + systemMessage(code) + " (os error " + std::to_string(code.value()) + ")\n");
    else
      printError(list(name) + ": " + systemMessage(code));
  }
  // A listed file that could not be read: the message, and the result line unless --status.
  void unreadable(const std::string& list, std::size_t line, const ChecklistEntry& entry, const EntryCheck& check,
                  bool status)
  {
    const std::string& name = entry.name;
    flush();
    switch (m_tool) {
    case Tool::Xxhsum: // on stdout, and not with --status, as xxhsum 0.8.1 prints it
      if (!status)
        out(list + ":" + std::to_string(line) + ": Could not open or read '" + name + "': " +
            systemMessage(check.code) + ".\n");
      return;
    case Tool::B3sum:
      if (!status)
        out(shown(entry) + ": FAILED (" + systemMessage(check.code) + " (os error " +
                 std::to_string(check.code.value()) + "))\n");
      return;
    case Tool::HashScope: { // hashscope-cli's sentence, after the name quoted as in the result lines
      std::string_view problem = check.problem;
      std::string separator = ": ";
      if (!name.empty() && problem.rfind(name, 0) == 0) { // an engine sentence with the path: "x got shorter ..."
        problem.remove_prefix(name.size());
        separator.clear();
      }
      printError(shellQuoted(name) + separator + shownText(problem));
      break;
    }
    default:
      printError(shellQuoted(name) + ": " + systemMessage(check.code));
      break;
    }
    if (!status)
      out(shown(entry) + ": FAILED open or read\n");
  }
  void improper(const std::string& list, std::size_t line, const std::string& tag)
  {
    flush();
    if (m_tool == Tool::Xxhsum)
      writeConsole(stderr, list + ":" + std::to_string(line) + ": Error: Improperly formatted checksum line.\n");
    else
      printError(this->list(list) + ": " + std::to_string(line) + ": improperly formatted " +
                 (tag.empty() ? "" : tag + " ") + "checksum line");
  }
  void noLines(const std::string& list)
  {
    flush();
    if (m_tool == Tool::Xxhsum)
      writeConsole(stderr, list + ": no properly formatted xxHash checksum lines found\n");
    else
      printError(this->list(list) + ": no properly formatted checksum lines found");
  }
  void warning(const std::string& sentence)
  {
    if (m_tool == Tool::Xxhsum) { // xxhsum 0.8.1 prints its summary on stdout
      out(sentence + "\n");
      return;
    }
    flush();
    if (m_tool != Tool::B3sum)
      printWarning(sentence);
  }

private:
  static constexpr std::size_t kFlushBytes = 16 * KiB;
  Tool m_tool;
  std::string m_pending;
  bool m_writeFailed = false;
};

// A line of a list that says something: an entry to check, or an improperly formatted line.
struct ListLine {
  std::size_t number = 0;              // 1 for the first line
  std::optional<ChecklistEntry> entry; // none: improperly formatted
  std::string warnTag;                 // for --warn: the tag the line was read as having
};

// Checks one list; false when it did not pass. `fatal`: the run ends here (b3sum stops at a list it cannot read).
bool checkList(const CheckRequest& request, const std::string& listName, bool fromStdin, std::stop_token stop,
               bool& fatal)
{
  const bool b3sum = request.rules.dialect == ListRules::Dialect::B3sum;
  CheckVoice voice(request.tool);
  const std::string stdinName = stdinNameOf(request.tool);
  // The list's name in messages: xxhsum calls stdin "stdin" there too.
  const std::string listLabel = fromStdin && request.tool == Tool::Xxhsum ? stdinName : listName;
  std::string content;
  std::error_code readError;
  if (!fromStdin) {
    const FileCheck check = checkInputFile(pathFromUtf8(listName));
    if (check.kind == FileCheck::Kind::Folder) {
      voice.listUnreadable(listName, check.problem, std::make_error_code(std::errc::is_a_directory));
      fatal = b3sum;
      return false;
    }
    if (check.kind == FileCheck::Kind::Missing || check.kind == FileCheck::Kind::Error) {
      voice.listUnreadable(listName, check.problem, check.error);
      fatal = b3sum;
      return false;
    }
  }
  if (!readList(listName, fromStdin, content, readError)) {
    voice.listUnreadable(listName, "cannot be read (" + describeError(readError) + ")", readError);
    fatal = b3sum;
    return false;
  }
  // The lines that say something, all parsed first (the list is in memory already): entries to check and
  // improperly formatted lines, in list order. b3sum 1.2 -c reads every line, empty and '#' ones too (each
  // refused with its reason), and stops at the first line that is not UTF-8, as its read_line does.
  std::vector<ListLine> lines;
  bool notUtf8 = false;
  ChecklistParser parser(request.rules);
  std::size_t lineNumber = 0;
  std::size_t start = 0;
  while (start < content.size()) {
    if (stop.stop_requested())
      return false;
    std::size_t end = content.find('\n', start);
    if (end == std::string::npos)
      end = content.size();
    const std::string_view line(content.data() + start, end - start);
    start = end + 1;
    ++lineNumber;
    if (!b3sum && (line.empty() || line.front() == '#' || line == "\r"))
      continue;
    if (b3sum && !isValidUtf8(line)) {
      notUtf8 = true;
      break;
    }
    auto entry = parser.parse(line);
    // md5sum -c: a list read from stdin cannot name stdin (xxhsum and b3sum read what is left of it: nothing).
    if (entry && fromStdin && entry->name == stdinName && request.tool != Tool::Xxhsum && !b3sum)
      entry.reset();
    std::string warnTag = entry ? std::string() : b3sum ? parser.problem() : parser.warnTag();
    lines.push_back({lineNumber, std::move(entry), std::move(warnTag)});
  }
  content = std::string();

  // The entries are checked by the program's one ordered job pool (as hash's files are): `jobs` workers
  // check entries ahead of this thread, which takes the results in list order and prints them (and flushes
  // what it printed whenever it has to wait a moment, so nothing done waits behind a big file). Improperly
  // formatted lines go through the pool too, unchecked, to be reported in their place.
  // What stops the checking: Ctrl-C, or this list ending early (a failed write).
  std::stop_source cancel;
  const hashscope::StopCallback forward(stop, [&] { cancel.request_stop(); });  // waits.hpp: mingw-safe
  ListChecker checker(cancel.get_token(), request.ignoreMissing, stdinName);
  const int jobs = request.jobs;
  std::vector<std::unique_ptr<Hashers>> hashers;
  for (int w = 0; w < jobs; ++w)
    hashers.push_back(std::make_unique<Hashers>(cancel.get_token(), w, jobs));
  auto produce = [&](JobRing<const ListLine*, EntryCheck>& ring) {
    for (const ListLine& line : lines)
      if (!ring.add(&line))
        return;
  };
  auto work = [&](int worker, const ListLine*& line) {
    if (!line->entry)
      return EntryCheck{};
    return checker.check(*line->entry, *hashers[static_cast<std::size_t>(worker)]);
  };
  CheckTally tally;
  auto consume = [&](const ListLine*& current, EntryCheck& check) {
    const ListLine& line = *current;
    if (voice.writeFailed() || stop.stop_requested()) {
      cancel.request_stop();
      return;
    }
    if (!line.entry) {
      ++tally.improper;
      if (b3sum) { // "b3sum: Short line", and on to the next line
        voice.flush();
        printError(line.warnTag);
        return;
      }
      if (request.warn)
        voice.improper(listLabel, line.number, line.warnTag);
      return;
    }
    ++tally.entries;
    switch (check.verdict) {
    case Verdict::Missing:
      break;
    case Verdict::Unreadable:
      ++tally.unreadable;
      voice.unreadable(listLabel, line.number, *line.entry, check, request.status);
      break;
    case Verdict::Mismatch:
      ++tally.mismatched;
      if (!request.status)
        voice.out(voice.shown(*line.entry) + ": FAILED\n");
      break;
    case Verdict::Ok:
      ++tally.matched;
      if (!request.status && !request.quiet)
        voice.out(voice.shown(*line.entry) + ": OK\n");
      break;
    }
  };
  if (jobs == 1) {
    // One job: checked on this thread, no pool (a tracer that follows only the main thread, like the strace
    // error injection of coreutils' cksum-c.sh, sees every read).
    for (const ListLine& line : lines) {
      if (cancel.stop_requested())
        break;
      const ListLine* job = &line;
      EntryCheck check = work(0, job);
      consume(job, check);
    }
  } else {
    InterruptGuard::beforeThreads();  // an interrupt now stops the workers in order
    runFileJobs<const ListLine*, EntryCheck>(jobs, std::max<std::size_t>(1024, 64 * static_cast<std::size_t>(jobs)),
                                             cancel.get_token(), produce, work, consume, [&] { voice.flush(); });
  }
  if (stop.stop_requested())
    return false;
  if (!voice.flush()) {
    cancel.request_stop();
    return false;
  }
  // runFileJobs joined every worker: the checker's notes are complete.
  if (b3sum) {
    if (notUtf8) { // read_line's error ends b3sum
      writeConsole(stderr, "Error: stream did not contain valid UTF-8\n");
      fatal = true;
      return false;
    }
    return tally.improper == 0 && tally.unreadable == 0 && tally.mismatched == 0;
  }
  if (tally.entries == 0) {
    voice.noLines(listLabel);
    return false;
  }
  if (!request.status) {
    if (tally.improper)
      voice.warning(plural(tally.improper, "line is", "lines are") + " improperly formatted");
    if (tally.unreadable)
      voice.warning(plural(tally.unreadable, "listed file", "listed files") + " could not be read");
    if (tally.mismatched)
      voice.warning(plural(tally.mismatched, "computed checksum", "computed checksums") + " did NOT match");
    voice.flush();
    if (request.ignoreMissing && tally.matched == 0)
      printError(voice.list(listName) + ": no file was verified");
    if (request.rules.dialect == ListRules::Dialect::HashScope)
      checker.printNotes(request.quiet);
  }
  return tally.matched > 0 && tally.mismatched == 0 && tally.unreadable == 0 &&
         (!request.strict || tally.improper == 0);
}

} // namespace

int checkLists(Context& context, const CheckRequest& request)
{
  std::vector<std::string> lists = request.lists;
  if (lists.empty())
    lists.push_back("-");
  checkBufferMemory("--jobs", request.jobs, Hashers::kBlockSize, kDefaultQueueDepth + 1); // as hash
  const std::stop_token stop = context.stop.get_token();
  bool failed = false;
  for (const auto& listName : lists) {
    const bool fromStdin = request.lists.empty() || (listName == "-" && request.dashIsStdin);
    bool fatal = false;
    if (!checkList(request, listName, fromStdin, stop, fatal))
      failed = true;
    if (stop.stop_requested() || fatal)
      break;
  }
  if (stop.stop_requested()) {
    printError("interrupted");
    return kExitInterrupted;
  }
  return failed ? kExitFailure : kExitOk;
}

int runCheck(Context& context, const Arguments& argv)
{
  const Args args({{"algorithm", 'a', true, false},
                   {"length", 'l', true, false},
                   {"quiet", 0, false, false},
                   {"status", 0, false, false},
                   {"warn", 'w', false, false},
                   {"strict", 0, false, false},
                   {"ignore-missing", 0, false, false},
                   {"jobs", 'j', true, false},
                   {"help", 'h', false, false}},
                  argv);
  if (args.has("help"))
    return writeOut(helpText("check")) ? kExitOk : kExitFailure;
  CheckRequest request;
  if (args.value("algorithm"))
    request.rules.algorithm = parseAlgorithms({*args.value("algorithm")}, args.value("length")).front();
  else if (args.value("length"))
    throw UsageError("--length needs -a blake2b, sha2 or sha3");
  for (const auto& [name, value] : args.sequence())
    applyReportOption(request, name);
  request.strict = args.has("strict");
  request.ignoreMissing = args.has("ignore-missing");
  request.jobs = args.value("jobs") ? parseCountOption("--jobs", *args.value("jobs"), 1, 256) : 1;
  request.lists = args.positionals();
  return checkLists(context, request);
}

} // namespace hashscope::cli
