// `hashscope-cli hash`: digests of files, byte-identical to the coreutils-style reference tools.
#include "args.hpp"
#include "commands.hpp"
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
};

std::vector<HashItem> expandArguments(const std::vector<std::string>& paths, bool recursive,
                                      std::stop_token stop)
{
  std::vector<HashItem> items;
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
      TreeListing listing = listFiles(item.path, stop);
      for (const auto& error : listing.errors)
        items.push_back({argument, item.path, false, 0, shownText(error)});
      for (const auto& file : listing.files) {
        std::error_code ec;
        const auto size = fs::file_size(file, ec);
        items.push_back({file.string(), file, false, ec ? 0 : size, {}});
      }
      continue;
    }
    if (check.kind == FileCheck::Kind::Folder)
      item.error = withPath(argument, "is a folder (use -r to hash the files under it)");
    else if (check.kind != FileCheck::Kind::Regular)
      item.error = withPath(argument, check.problem);
    item.size = check.size;
    items.push_back(std::move(item));
  }
  return items;
}

} // namespace

int runHash(Context& context, const Arguments& argv)
{
  const Args args({{"algorithm", 'a', true, true},
                   {"recursive", 'r', false, false},
                   {"jobs", 'j', true, false},
                   {"tag", 0, false, false},
                   {"block-size", 0, true, false},
                   {"threads-per-file", 0, true, false},
                   {"help", 'h', false, false}},
                  argv);
  if (args.has("help"))
    return writeOut(helpText("hash")) ? kExitOk : kExitFailure;

  const auto algorithms = parseAlgorithms(args.list("algorithm"));
  if (algorithms.empty())
    throw UsageError("hash needs an algorithm: -a ALGO (see: hashscope-cli algorithms)");
  const int jobs = args.value("jobs") ? parseCountOption("--jobs", *args.value("jobs"), 1, 256) : 1;
  const std::uint64_t blockSize =
      args.value("block-size") ? parseSizeOption("--block-size", *args.value("block-size")) : 1 * MiB;
  if (blockSize == 0 || blockSize > 1 * GiB)
    throw UsageError("--block-size must be between 1 byte and 1G");
  checkBufferMemory("--jobs", jobs, blockSize, 4); // hashFile reads ahead with 4 blocks per file
  if (args.value("threads-per-file")) // BLAKE3 hashes one file on all cores unless told otherwise
    setThreadsPerStream(static_cast<unsigned>(parseCountOption("--threads-per-file", *args.value("threads-per-file"), 1, 256)));
  const bool tag = args.has("tag") || algorithms.size() > 1;
  std::vector<const AlgorithmInfo*> infos;
  for (const auto& id : algorithms)
    infos.push_back(findAlgorithm(id));

  std::vector<std::string> paths = args.positionals();
  if (paths.empty())
    paths.push_back("-");
  const bool readsStdin = std::find(paths.begin(), paths.end(), "-") != paths.end();
  if (readsStdin)
    setBinaryStdio();
  const std::stop_token stop = context.stop.get_token();

  const std::vector<HashItem> items = expandArguments(paths, args.has("recursive"), stop);
  std::uint64_t totalBytes = 0;
  for (const auto& item : items)
    totalBytes += item.size;

  // Workers hash files out of order; the printer below emits them strictly in item order.
  std::vector<std::optional<FileDigests>> results(items.size());
  std::mutex mutex;
  std::condition_variable done;
  std::atomic<std::size_t> next{0};
  LiveCounters counters(jobs);
  auto worker = [&](int stream) {
    for (;;) {
      const std::size_t index = next.fetch_add(1);
      if (index >= items.size())
        return;
      const HashItem& item = items[index];
      FileDigests result;
      if (stop.stop_requested())
        result.error = "interrupted";
      else if (item.error.empty() && !item.isStdin && item.size == 0)
        result = hashToEnd(item.path, algorithms, blockSize);
      else if (item.error.empty() && !item.isStdin)
        result = hashFile(item.path, algorithms, stop, &counters, stream, blockSize);
      {
        std::lock_guard lock(mutex);
        results[index] = std::move(result);
      }
      done.notify_all();
    }
  };

  ProgressBar bar(context.progress && totalBytes > 0, [&] {
    return ProgressState{"hashing " + std::to_string(items.size()) + (items.size() == 1 ? " file" : " files"),
                         counters.totalBytes(), totalBytes};
  });
  std::vector<std::jthread> threads;
  for (int stream = 0; stream < jobs; ++stream)
    threads.emplace_back(worker, stream);

  bool failed = false;
  for (std::size_t index = 0; index < items.size(); ++index) {
    const HashItem& item = items[index];
    FileDigests result;
    if (item.isStdin) {
      result = hashStream(stdin, algorithms, blockSize);
    } else {
      std::unique_lock lock(mutex);
      done.wait(lock, [&] { return results[index].has_value(); });
      result = std::move(*results[index]);
    }
    if (stop.stop_requested())
      break;
    if (!item.error.empty() || !result.error.empty()) {
      printError(item.error.empty() ? withPath(item.display, result.error) : item.error);
      failed = true;
      continue;
    }
    std::string lines;
    for (std::size_t a = 0; a < infos.size(); ++a)
      lines += formatDigestLine(*infos[a], result.digests[a], result.size, item.display, tag) + "\n";
    if (!writeOut(lines)) {
      if (stop.stop_requested())
        break; // Ctrl-C while nobody read our output
      printError("cannot write to standard output");
      context.stop.request_stop();
      return kExitFailure;
    }
  }
  threads.clear();
  if (stop.stop_requested()) {
    printError("interrupted");
    return kExitInterrupted;
  }
  return failed ? kExitFailure : kExitOk;
}

} // namespace hashscope::cli
