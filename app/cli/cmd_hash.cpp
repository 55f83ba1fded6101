// `hashscope-cli hash` (and md5sum, cksum ... when started as those tools): digests of files, byte-identical
// to the coreutils-style reference tools.
#include "args.hpp"
#include "commands.hpp"
#include "digest_requests.hpp"
#include "file_checks.hpp"
#include "hashscope/files.hpp"
#include "hashscope/hash.hpp"
#include "hashscope/jobs.hpp"
#include "hashscope/workload.hpp"
#include "help.hpp"
#include "names.hpp"
#include "os.hpp"
#include "progress.hpp"
#include "stream_hash.hpp"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <system_error>

namespace hashscope::cli {

namespace {

namespace fs = std::filesystem;

// One thing to hash, in output order: a file, stdin, or a problem found while expanding the arguments. It
// carries what the printer needs besides the digests: the problem's text (in the tool's words), and the
// system's error code a failed read met (set by the worker that read it).
struct HashItem {
  std::string display;   // the name printed in digest lines; empty for a file found under a folder (its path)
  // The path as the system spells it: a string, not an fs::path, whose parts libstdc++ keeps apart (about 64
  // bytes per folder level: deep in a tree the window of items waiting would hold hundreds of MB).
  fs::path::string_type path;
  // Set: a file listed in this open folder, opened relative to it (the folder closes once its last item is done).
  std::shared_ptr<const platform::Folder> folder;
  std::uint64_t size = 0; // from stat, for the progress bar
  std::string error;      // set: nothing to hash, print this instead
  bool isStdin = false;
  bool stream = false;    // a device or FIFO: read to its end like md5sum does, whatever its size says
  std::error_code code;   // why reading it failed (errno), when the read that failed knew
  // The name as printed: the argument, else the path's bytes (UTF-8 on Windows, whose native form is wide),
  // with '/' for separators on Windows (portableName).
  std::string shown() const
  {
    if (!display.empty())
      return portableName(display);
    const std::u8string name = fs::path(path).u8string();
    return portableName(std::string(name.begin(), name.end()));
  }
};

// Jobs in flight at once: results waiting to be printed stay bounded (a few hundred bytes each).
std::size_t windowFor(int jobs) { return std::max<std::size_t>(1024, 64 * static_cast<std::size_t>(jobs)); }

// How a file that cannot be hashed is reported: hashscope-cli's sentence, or the tool's words for `code`.
std::string problemText(Tool tool, const std::string& name, const std::string& problem, const std::error_code& code)
{
  switch (tool) {
  case Tool::HashScope:
    return withPath(name, problem);
  case Tool::Xxhsum:
    return "Error: Could not open '" + name + "': " + systemMessage(code) + ". "; // printed without a prefix
  case Tool::B3sum: // b3sum shows names as Rust's to_string_lossy does: U+FFFD for bytes that are not UTF-8
    return lossyUtf8(name) + ": " + systemMessage(code) + " (os error " + std::to_string(code.value()) + ")";
  default:
    return shellQuoted(name) + ": " + systemMessage(code);
  }
}

// cksum and sum leave the name out of their lines when they read stdin without file operands.
bool printsNumbers(const AlgorithmInfo& info, const DigestLineFormat& format)
{
  return info.id == "cksum" || info.id == "sum-bsd" || info.id == "sum-sysv" ||
         (format.crcNumbers && info.digestBytes == 4);
}

} // namespace

int runHash(Context& context, const Arguments& argv)
{
  const Args args({{"algorithm", 'a', true, true},
                   {"length", 'l', true, false},
                   {"recursive", 'r', false, false},
                   {"follow", 0, false, false},
                   {"jobs", 'j', true, false},
                   {"tag", 0, false, false},
                   {"untagged", 0, false, false},
                   {"binary", 'b', false, false},
                   {"text", 't', false, false},
                   {"zero", 'z', false, false},
                   {"base64", 0, false, false},
                   {"raw", 0, false, false},
                   {"block-size", 0, true, false},
                   {"threads-per-file", 0, true, false},
                   {"help", 'h', false, false}},
                  argv);
  if (args.has("help"))
    return writeOut(helpText("hash")) ? kExitOk : kExitFailure;

  HashRequest request;
  request.algorithms = parseAlgorithms(args.list("algorithm"), args.value("length"));
  if (request.algorithms.empty())
    throw UsageError("hash needs an algorithm: -a ALGO (see: hashscope-cli algorithms)");
  request.jobs = args.value("jobs") ? parseCountOption("--jobs", *args.value("jobs"), 1, 256) : 1;
  request.blockSize =
      args.value("block-size") ? parseSizeOption("--block-size", *args.value("block-size")) : 1 * MiB;
  if (request.blockSize == 0 || request.blockSize > 1 * GiB)
    throw UsageError("--block-size must be between 1 byte and 1G");
  if (args.value("threads-per-file")) // BLAKE3 hashes one file on all cores unless told otherwise
    setThreadsPerStream(static_cast<unsigned>(parseCountOption("--threads-per-file", *args.value("threads-per-file"), 1, 256)));
  // --tag and --untagged undo each other (the last one holds); -b and -t likewise.
  bool tag = false;
  for (const auto& [name, value] : args.sequence()) {
    if (name == "tag" || name == "untagged")
      tag = name == "tag";
    if (name == "binary" || name == "text")
      request.format.binary = name == "binary";
  }
  if (tag && args.has("text") && !request.format.binary)
    throw UsageError("--text is for untagged lines (--tag lines have no mode character)");
  request.format.tag = tag || request.algorithms.size() > 1;
  if (args.has("zero")) {
    request.delimiter = '\0';
    request.format.escape = false;
  }
  request.format.base64 = args.has("base64");
  request.raw = args.has("raw");
  if (request.raw && request.format.base64)
    throw UsageError("--base64 and --raw exclude each other");
  request.recursive = args.has("recursive");
  if (args.has("follow") && !request.recursive)
    throw UsageError("--follow is for folders walked with -r");
  request.links = args.has("follow") ? LinkPolicy::FollowWithinTree : LinkPolicy::Skip;
  request.paths = args.positionals();
  if (request.raw && (request.algorithms.size() > 1 || request.paths.size() > 1 || request.recursive))
    throw UsageError("--raw writes one digest: one algorithm and one file");
  return hashFiles(context, request);
}

int hashFiles(Context& context, const HashRequest& request)
{
  const std::vector<std::string>& algorithms = request.algorithms;
  const int jobs = request.jobs;
  const std::uint64_t blockSize = request.blockSize;
  checkBufferMemory("--jobs", jobs, blockSize, kDefaultQueueDepth + 1); // a reader keeps depth + 1 blocks
  std::vector<const AlgorithmInfo*> infos;
  for (const auto& id : algorithms)
    infos.push_back(findAlgorithmFacts(id));

  // Without file operands stdin is read: named "-" in digest lines, but cksum and sum lines name nothing.
  const bool operands = !request.paths.empty();
  std::vector<std::string> paths = request.paths;
  if (paths.empty())
    paths.push_back("-");
  auto namesStdin = [&](const std::string& argument) { return !operands || (argument == "-" && request.dashIsStdin); };
  const bool readsStdin = std::any_of(paths.begin(), paths.end(), namesStdin);
  if (readsStdin)
    setBinaryStdio();
  const std::stop_token stop = context.stop.get_token();
  // Sizes of files found under folders are looked up only for the progress bar's total (one system call
  // per file); without a bar the walk takes each file's type from its folder's listing.
  const bool sizes = context.progress;

  // The walker (a thread of its own) expands the arguments, walking folders with -r, and adds each file as a
  // job as soon as it is found, so hashing starts while the tree is still being walked. Each worker hashes
  // jobs with its own FileHasher (hashers, buffer and reader kept from file to file); this thread prints the
  // results strictly in job order (the pool hands them over in that order, at most windowFor(jobs) at once).
  LiveCounters counters(jobs);
  std::atomic<std::uint64_t> totalBytes{0}, itemCount{0};
  // Expands the arguments into items for `addItem` (false: stop); `folderDone` after each folder's files.
  auto expand = [&](const std::function<bool(HashItem)>& addItem, const std::function<void()>& folderDone,
                    std::stop_token walkStop) {
    auto add = [&](HashItem item) {
      totalBytes += item.size;
      ++itemCount;
      return addItem(std::move(item));
    };
    for (const auto& argument : paths) {
      HashItem item;
      item.display = argument;
      if (namesStdin(argument)) {
        item.isStdin = true;
        if (!add(std::move(item)))
          return;
        continue;
      }
      item.path = pathFromUtf8(argument).native();
      const FileCheck check = checkInputFile(item.path);
      if (check.kind == FileCheck::Kind::Folder && request.recursive) {
        bool going = true;
        TreeSink sink;
        sink.file = [&](fs::path path, const std::shared_ptr<const platform::Folder>& folder, std::uint64_t size) {
          HashItem found;
          found.path = path.native();
          found.folder = folder;
          found.size = size;
          going = going && add(std::move(found));
        };
        sink.problem = [&](std::string sentence) {
          HashItem problem;
          problem.display = argument;
          problem.error = shownText(sentence);
          going = going && add(std::move(problem));
        };
        sink.folderDone = folderDone;
        walkTree(argument, walkStop, sizes, request.links, sink);
        if (!going)
          return;
        continue;
      }
      if (check.kind == FileCheck::Kind::Folder)
        item.error = problemText(request.tool, argument, "is a folder (use -r to hash the files under it)",
                                 std::make_error_code(std::errc::is_a_directory));
      else if (check.kind == FileCheck::Kind::Special)
        item.stream = true; // md5sum /dev/null, md5sum <(command): read to EOF (Ctrl-C stops one that never ends)
      else if (check.kind != FileCheck::Kind::Regular)
        item.error = problemText(request.tool, argument, check.problem, check.error);
      item.size = check.size;
      if (!add(std::move(item)))
        return;
    }
  };

  std::vector<std::unique_ptr<FileHasher>> hashers;
  for (int w = 0; w < jobs; ++w)
    hashers.push_back(std::make_unique<FileHasher>(algorithms, stop, &counters, w, blockSize, jobs, request.blake3));
  auto work = [&](int worker, HashItem& item) {
    FileDigests result;
    if (item.isStdin || !item.error.empty())
      return result; // stdin is read by the printer, in its place; a problem is printed as it is
    FileHasher& hasher = *hashers[static_cast<std::size_t>(worker)];
    if (stop.stop_requested())
      result.error = "interrupted";
    else if (item.stream) // a device or FIFO: read to EOF by stdio, whatever stat says of its size
      result = hashToEnd(item.path, algorithms, blockSize, stop, &item.code);
    else if (item.folder) // opened by name in its listed folder; pseudo files (size 0 or 4096) read to EOF
      result = hasher.hash(item.path, *item.folder);
    else // a checked regular file (an argument, or listed without a folder kept open): no second look
      result = hasher.hash(item.path, FileHasher::Seen::Regular);
    return result;
  };

  ProgressBar bar(context.progress, [&] {
    const std::uint64_t n = itemCount.load();
    return ProgressState{"hashing " + std::to_string(n) + (n == 1 ? " file" : " files"), counters.totalBytes(),
                         totalBytes.load()};
  });

  // Lines are written in blocks (one flush per file would cost a system call per file), and before waiting
  // and before an error so that what is printed stays in order and nothing done waits for a slow file.
  std::string pending;
  bool writeFailed = false;  // standard output took no more: everything stops
  bool cannotWrite = false;  // ...and not because of an interrupt
  auto flush = [&] {
    if (pending.empty() || writeFailed)
      return;
    if (!(request.raw ? writeOut(pending) : writeLines(pending, request.delimiter))) {
      writeFailed = true;
      cannotWrite = !context.stop.stop_requested(); // after Ctrl-C a write nobody reads is the interrupt
      context.stop.request_stop();
    }
    pending.clear();
  };
  // What a failed item prints: hashscope-cli's sentence, or the tool's words for the system's error (the one
  // the read met, or the one reading it again meets).
  auto problemFor = [&](const HashItem& item, const FileDigests& result) {
    if (!item.error.empty())
      return item.error;
    if (request.tool == Tool::HashScope)
      return withPath(item.shown(), result.error);
    std::error_code code = item.code;
    if (!code && !item.isStdin && !item.stream)
      code = readFailure(item.path);
    return problemText(code ? request.tool : Tool::HashScope, item.shown(), result.error, code);
  };
  DigestLineFormat format = request.format;
  bool failed = false;
  auto consume = [&](HashItem& item, FileDigests& result) {
    if (writeFailed || stop.stop_requested())
      return;
    if (item.isStdin) {
      flush();
      result = hashStream(stdin, algorithms, blockSize, stop, &item.code, request.blake3);
      if (stop.stop_requested())
        return;
    }
    if (!item.error.empty() || !result.error.empty()) {
      flush();
      const std::string message = problemFor(item, result);
      if (request.tool == Tool::Xxhsum)
        writeConsole(stderr, message + "\n");
      else
        printError(message);
      failed = true;
      return;
    }
    const std::string name = item.isStdin                ? request.stdinName
                             : request.tool == Tool::B3sum ? lossyUtf8(item.shown())
                                                           : item.shown();
    for (std::size_t a = 0; a < infos.size(); ++a) {
      if (request.raw) {
        pending.append(result.digests[a].begin(), result.digests[a].end());
        continue;
      }
      format.name = request.format.name && (operands || !printsNumbers(*infos[a], format));
      if (request.littleEndian) {
        Digest reversed(result.digests[a].rbegin(), result.digests[a].rend());
        std::string line = formatDigestLine(*infos[a], reversed, result.size, name, format);
        if (line.rfind("XXH", 0) == 0) // a tagged line: "XXH64_LE (NAME) = ..."
          line.insert(line.find(" ("), "_LE");
        pending += line;
      } else {
        pending += formatDigestLine(*infos[a], result.digests[a], result.size, name, format);
      }
      pending += request.delimiter;
    }
    if (pending.size() >= 64 * KiB)
      flush();
  };
  if (jobs == 1 && !request.recursive) {
    // Named files one at a time: each hashed and printed on this thread, no pool and no thread (md5sum FILE
    // under a low memory limit starts none).
    expand(
        [&](HashItem item) {
          FileDigests result = work(0, item);
          consume(item, result);
          return !writeFailed && !stop.stop_requested();
        },
        [] {}, stop);
  } else {
    InterruptGuard::beforeThreads();  // an interrupt now stops the walker and the workers in order
    runFileJobs<HashItem, FileDigests>(
        jobs, windowFor(jobs), stop,
        [&](JobRing<HashItem, FileDigests>& ring) {
          expand([&](HashItem item) { return ring.add(std::move(item)); }, [&] { ring.flush(); }, ring.stopToken());
        },
        work, consume, flush);
  }
  if (!stop.stop_requested())
    flush();
  if (cannotWrite) {
    printError("cannot write to standard output");
    return kExitFailure;
  }
  if (stop.stop_requested()) {
    printError("interrupted");
    return kExitInterrupted;
  }
  return failed ? kExitFailure : kExitOk;
}

} // namespace hashscope::cli
