// `hashscope-cli hash` (and md5sum, cksum ... when started as those tools): digests of files, byte-identical
// to the coreutils-style reference tools.
#include "args.hpp"
#include "commands.hpp"
#include "digest_requests.hpp"
#include "file_checks.hpp"
#include "hashscope/hash.hpp"
#include "hashscope/workload.hpp"
#include "help.hpp"
#include "names.hpp"
#include "os.hpp"
#include "progress.hpp"
#include "stream_hash.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <functional>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <optional>
#include <thread>

namespace hashscope::cli {

namespace {

namespace fs = std::filesystem;

// One thing to hash, in output order: a file, stdin, or a problem found while expanding the arguments.
struct HashItem {
  std::string display; // the name printed in digest lines
  fs::path path;
  bool isStdin = false;
  std::uint64_t size = 0; // from stat, for the progress bar
  std::string error;      // set: nothing to hash, print this instead
  bool sized = true;      // false: listed without its size (known once it is open)
  const TreeListing* listing = nullptr; // set: file `index` of this listing, opened relative to its folder
  std::size_t index = 0;
  bool stream = false;    // a device or FIFO: read to its end like md5sum does, whatever its size says
};

struct Expanded {
  std::vector<HashItem> items;
  std::deque<TreeListing> listings; // what items point into (a deque: adding one moves none)
};

// How a file that cannot be hashed is reported: hashscope-cli's sentence, or the tool's words for `code`.
std::string problemText(Tool tool, const std::string& name, const std::string& problem, const std::error_code& code)
{
  switch (tool) {
  case Tool::HashScope:
    return withPath(name, problem);
  case Tool::Xxhsum:
    return "Error: Could not open '" + name + "': " + systemMessage(code) + ". "; // printed without a prefix
  case Tool::B3sum:
    return name + ": " + systemMessage(code) + " (os error " + std::to_string(code.value()) + ")";
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

// `sizes`: look up the size of every file found under a folder (for the progress bar's total); without,
// the listing costs no system call per file.
Expanded expandArguments(const std::vector<std::string>& paths, bool recursive, std::stop_token stop, bool sizes,
                         Tool tool)
{
  Expanded out;
  std::vector<HashItem>& items = out.items;
  for (const auto& argument : paths) {
    HashItem item;
    item.display = argument;
    if (argument == "-") {
      item.isStdin = true;
      items.push_back(std::move(item));
      continue;
    }
    item.path = fs::path(argument);
    const FileCheck check = checkInputFile(item.path);
    if (check.kind == FileCheck::Kind::Folder && recursive) {
      const TreeListing& listing = out.listings.emplace_back(listFiles(item.path, stop, sizes));
      for (const auto& error : listing.errors)
        items.push_back({argument, item.path, false, 0, shownText(error)});
      const bool sized = listing.sizes.size() == listing.files.size();
      for (std::size_t i = 0; i < listing.files.size(); ++i) {
        const std::uint64_t size = sized ? listing.sizes[i] : 0;
        items.push_back({listing.files[i].string(), {}, false, size, {}, sized, &listing, i});
      }
      continue;
    }
    if (check.kind == FileCheck::Kind::Folder)
      item.error = problemText(tool, argument, "is a folder (use -r to hash the files under it)",
                               std::make_error_code(std::errc::is_a_directory));
    else if (check.kind == FileCheck::Kind::Special)
      item.stream = true; // md5sum /dev/null, md5sum <(command): read to EOF (Ctrl-C stops one that never ends)
    else if (check.kind != FileCheck::Kind::Regular)
      item.error = problemText(tool, argument, check.problem, check.error);
    item.size = check.size;
    items.push_back(std::move(item));
  }
  return out;
}

} // namespace

int runHash(Context& context, const Arguments& argv)
{
  const Args args({{"algorithm", 'a', true, true},
                   {"length", 'l', true, false},
                   {"recursive", 'r', false, false},
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
  checkBufferMemory("--jobs", jobs, blockSize, 4); // hashFile reads ahead with 4 blocks per file
  std::vector<const AlgorithmInfo*> infos;
  for (const auto& id : algorithms)
    infos.push_back(findAlgorithm(id));

  // Without file operands stdin is read: named "-" in digest lines, but cksum and sum lines name nothing.
  const bool operands = !request.paths.empty();
  std::vector<std::string> paths = request.paths;
  if (paths.empty())
    paths.push_back("-");
  const bool readsStdin = std::find(paths.begin(), paths.end(), "-") != paths.end();
  if (readsStdin)
    setBinaryStdio();
  const std::stop_token stop = context.stop.get_token();

  const Expanded expanded = expandArguments(paths, request.recursive, stop, context.progress, request.tool);
  const std::vector<HashItem>& items = expanded.items;
  std::uint64_t totalBytes = 0;
  for (const auto& item : items)
    totalBytes += item.size;

  // Each job hashes files with its own FileHasher (hashers, buffer and reader kept from file to file), small
  // files inline. With one job that is this thread: no hand-off per file. With more, workers take the next
  // item and publish results in batches; this thread prints them strictly in item order (a reorder buffer:
  // `results` holds what is done but not yet printed).
  std::vector<std::optional<FileDigests>> results(items.size());
  std::vector<std::error_code> codes(items.size()); // why an item failed, for the tools' messages
  std::mutex mutex;
  std::condition_variable done;
  std::atomic<std::size_t> next{0};
  LiveCounters counters(jobs);
  auto hashItem = [&](FileHasher& hasher, const HashItem& item, std::error_code& code) {
    FileDigests result;
    if (stop.stop_requested())
      result.error = "interrupted";
    else if (item.listing) // opened in its listed folder; pseudo files (size 0 or 4096 in stat) read to EOF
      result = hasher.hash(*item.listing, item.index);
    else if (item.error.empty() && !item.isStdin && (item.stream || (item.sized && item.size == 0)))
      result = hashToEnd(item.path, algorithms, blockSize, stop, &code);
    else if (item.error.empty() && !item.isStdin)
      result = hasher.hash(item.path, true); // a checked regular file: no second look
    return result;
  };
  // Publishing costs a lock and a wake-up: done every kBatch small files, and before and after any big one
  // (so the printer is not kept waiting for small results while a big file is hashed). A file is big when
  // FileHasher reads it in more than one block: it says so before the read (sizes may not be listed).
  constexpr std::size_t kBatch = 64;
  auto worker = [&](int stream) {
    FileHasher hasher(algorithms, stop, &counters, stream, blockSize, jobs);
    std::vector<std::pair<std::size_t, FileDigests>> batch;
    bool longRead = false;
    auto publish = [&] {
      if (batch.empty())
        return;
      {
        std::lock_guard lock(mutex);
        for (auto& [index, result] : batch)
          results[index] = std::move(result);
      }
      batch.clear();
      done.notify_all();
    };
    hasher.setBeforeLongRead([&] {
      publish();
      longRead = true;
    });
    for (;;) {
      const std::size_t index = next.fetch_add(1);
      if (index >= items.size())
        break;
      const HashItem& item = items[index];
      if (item.isStdin)
        publish();
      longRead = false;
      batch.emplace_back(index, item.isStdin ? FileDigests{} : hashItem(hasher, item, codes[index]));
      if (batch.size() >= kBatch || longRead)
        publish();
    }
    publish();
  };

  ProgressBar bar(context.progress && totalBytes > 0, [&] {
    return ProgressState{"hashing " + std::to_string(items.size()) + (items.size() == 1 ? " file" : " files"),
                         counters.totalBytes(), totalBytes};
  });
  std::vector<std::jthread> threads;
  std::optional<FileHasher> inlineHasher;
  if (jobs > 1 && items.size() > 1) {
    for (int stream = 0; stream < jobs; ++stream)
      threads.emplace_back(worker, stream);
  } else {
    inlineHasher.emplace(algorithms, stop, &counters, 0, blockSize, 1);
  }

  // Lines are written in blocks (one flush per file would cost a system call per file), and before waiting
  // and before an error so that what is printed stays in order and nothing done waits for a slow file.
  std::string pending;
  auto flush = [&] {
    if (pending.empty())
      return true;
    const bool ok = request.raw ? writeOut(pending) : writeLines(pending, request.delimiter);
    pending.clear();
    return ok;
  };
  DigestLineFormat format = request.format;
  bool failed = false;
  bool writeFailed = false;
  if (inlineHasher) // what is done is printed before a long read, so it never waits behind a big file
    inlineHasher->setBeforeLongRead([&] { writeFailed = !flush() || writeFailed; });
  for (std::size_t index = 0; index < items.size() && !writeFailed; ++index) {
    const HashItem& item = items[index];
    FileDigests result;
    if (item.isStdin) {
      writeFailed = !flush();
      result = hashStream(stdin, algorithms, blockSize, stop, &codes[index]);
    } else if (inlineHasher) {
      result = hashItem(*inlineHasher, item, codes[index]); // flushes before a long read (below)
    } else {
      std::unique_lock lock(mutex);
      if (!results[index].has_value()) {
        lock.unlock();
        writeFailed = !flush();
        lock.lock();
        done.wait(lock, [&] { return results[index].has_value(); });
      }
      result = std::move(*results[index]);
      results[index].reset();
    }
    if (stop.stop_requested())
      break;
    if (!item.error.empty() || !result.error.empty()) {
      writeFailed = !flush();
      std::string message = item.error;
      if (message.empty() && request.tool == Tool::HashScope) {
        message = withPath(item.display, result.error);
      } else if (message.empty()) {
        // The tools name the system's error: the one the read met, or the one trying again meets.
        std::error_code code = codes[index];
        if (!code && !item.isStdin && !item.stream)
          code = readFailure(item.listing ? item.listing->files[item.index] : item.path);
        message = code ? problemText(request.tool, item.display, result.error, code)
                       : problemText(Tool::HashScope, item.display, result.error, code);
      }
      if (request.tool == Tool::Xxhsum)
        writeConsole(stderr, message + "\n");
      else
        printError(message);
      failed = true;
      continue;
    }
    const std::string& name = item.isStdin ? request.stdinName : item.display;
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
      writeFailed = !flush();
  }
  if (!writeFailed && !stop.stop_requested())
    writeFailed = !flush();
  if (writeFailed && !stop.stop_requested()) {  // after Ctrl-C a write nobody reads is the interrupt, below
    printError("cannot write to standard output");
    context.stop.request_stop();
    return kExitFailure;
  }
  threads.clear();
  if (stop.stop_requested()) {
    printError("interrupted");
    return kExitInterrupted;
  }
  return failed ? kExitFailure : kExitOk;
}

} // namespace hashscope::cli
