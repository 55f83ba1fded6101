// `hashscope-cli sample create|list|remove`: HashScope's own sample files, and nothing else.
#include "args.hpp"
#include "commands.hpp"
#include "hashscope/samples.hpp"
#include "hashscope/storage.hpp"
#include "help.hpp"
#include "os.hpp"
#include "progress.hpp"
#include "table.hpp"

#include <mutex>

namespace hashscope::cli {

namespace {

namespace fs = std::filesystem;

fs::path locationOf(const Args& args)
{
  const auto location = args.value("location");
  return location ? fs::path(*location) : defaultLocation();
}

std::uint64_t sizeOf(const Args& args)
{
  const std::uint64_t size = args.value("size") ? parseSizeOption("--size", *args.value("size")) : 256 * MiB;
  if (size == 0)
    throw UsageError(
        "--size 0 would create an empty sample, which measures nothing: give a size such as 64M");
  return size;
}

SampleContent contentOf(const Args& args)
{
  const auto text = args.value("content");
  if (!text)
    return SampleContent::Random;
  const auto content = parseSampleContent(*text);
  if (!content)
    throw UsageError("unknown --content '" + *text + "' (choose random, zeros or text)");
  return *content;
}

void requireFolder(const fs::path& location)
{
  std::error_code ec;
  if (!fs::is_directory(location, ec))
    throw CommandError(location.string() +
                       (fs::exists(location, ec) ? " is not a folder" : ": no such folder") +
                       ": choose an existing folder with --location");
}

int create(Context& context, const Args& args)
{
  const fs::path location = locationOf(args);
  const std::uint64_t size = sizeOf(args);
  const SampleContent content = contentOf(args);
  requireFolder(location);
  std::error_code ec;
  if (describeStorage(location).readOnly && !fs::exists(location / sampleFileName(size, content), ec))
    throw CommandError(location.string() + " is on a read-only filesystem: choose another location");
  SampleProgress latest;
  std::mutex mutex;
  SampleResult result;
  {
    ProgressBar bar(context.progress, [&] {
      std::lock_guard lock(mutex);
      return ProgressState{"writing sample", latest.bytesWritten, latest.totalBytes};
    });
    result = createSample(location, size, content, context.stop.get_token(), [&](const SampleProgress& p) {
      std::lock_guard lock(mutex);
      latest = p;
    });
  }
  if (result.cancelled || context.stop.stop_requested()) {
    printError("interrupted: the partial sample was removed");
    return kExitInterrupted;
  }
  if (!result.ok())
    throw CommandError(result.error);
  const std::string what = formatBytes(result.file.size) + ", " + std::string(toString(result.file.content));
  if (result.reused)
    writeOut("reused " + result.file.path.string() + " (" + what + ")\n");
  else
    writeOut("created " + result.file.path.string() + " (" + what + ") in " + fixed(result.seconds, 2) +
             " s, " + fixed(result.mbPerSec, 1) + " MB/s written\n");
  return kExitOk;
}

int list(const Args& args)
{
  const fs::path location = locationOf(args);
  requireFolder(location);
  const auto samples = listSamples(location);
  if (samples.empty()) {
    writeOut("no HashScope samples in " + location.string() + "\n");
    return kExitOk;
  }
  Table table;
  table.addColumn("path");
  table.addColumn("size", Table::Align::Right);
  table.addColumn("content");
  for (const auto& sample : samples)
    table.addRow({sample.path.string(), formatBytes(sample.size), std::string(toString(sample.content))});
  writeOut(table.render());
  return kExitOk;
}

int remove(const Args& args)
{
  std::vector<fs::path> targets;
  for (const auto& file : args.positionals())
    targets.emplace_back(file);
  if (args.has("all")) {
    const fs::path location = locationOf(args);
    requireFolder(location);
    for (const auto& sample : listSamples(location))
      targets.push_back(sample.path);
    if (targets.empty()) {
      writeOut("no HashScope samples in " + location.string() + "\n");
      return kExitOk;
    }
  } else if (targets.empty()) {
    const fs::path location = locationOf(args);
    requireFolder(location);
    targets.push_back(location / sampleFileName(sizeOf(args), contentOf(args)));
  }
  bool failed = false;
  for (const auto& target : targets) {
    std::error_code ec;
    if (!fs::exists(fs::symlink_status(target, ec))) {
      printError(target.string() + ": no such sample");
      failed = true;
      continue;
    }
    const std::string error = removeSample(target);
    if (!error.empty()) {
      printError(error);
      failed = true;
    } else {
      writeOut("removed " + target.string() + "\n");
    }
  }
  return failed ? kExitFailure : kExitOk;
}

} // namespace

int runSample(Context& context, const Arguments& argv)
{
  if (argv.empty())
    throw UsageError("sample needs an action: create, list or remove (see: hashscope-cli sample --help)");
  const std::string action = argv.front();
  const Arguments rest(argv.begin() + 1, argv.end());
  const Args args({{"location", 'l', true, false},
                   {"size", 's', true, false},
                   {"content", 0, true, false},
                   {"all", 0, false, false},
                   {"help", 'h', false, false}},
                  action.rfind("-", 0) == 0 ? argv : rest);
  if (args.has("help"))
    return writeOut(helpText("sample")) ? kExitOk : kExitFailure;
  if (action == "create" || action == "list") {
    if (!args.positionals().empty())
      throw UsageError("unexpected argument '" + args.positionals().front() + "' (use --location DIR)");
    return action == "create" ? create(context, args) : list(args);
  }
  if (action == "remove")
    return remove(args);
  throw UsageError("unknown sample action '" + action + "' (choose create, list or remove)");
}

} // namespace hashscope::cli
