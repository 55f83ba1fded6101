// `hashscope-cli sample create|list|remove`: HashScope's own sample files, and nothing else.
#include "args.hpp"
#include "commands.hpp"
#include "hashscope/files.hpp"
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
  // One folder per command: silently using the last of several would act on a folder the user did not expect.
  const auto locations = args.values("location");
  if (locations.size() > 1)
    throw UsageError("sample works on one folder: give --location once (got " + std::to_string(locations.size()) +
                     ")");
  return locations.empty() ? defaultLocation() : pathFromUtf8(locations.front());
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
  return parseChoiceOption("--content", *text, parseSampleContent, "random, zeros or text");
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

std::string statusText(const SampleFile& file)
{
  switch (file.status) {
  case SampleStatus::Sample: return "sample";
  case SampleStatus::NotASample: return "not a HashScope sample: " + file.reason;
  case SampleStatus::Writing: return "partial: being written by another HashScope";
  case SampleStatus::StalePartial: return "partial: left by a stopped run (sample remove --all removes it)";
  }
  return "";
}

std::vector<SampleFile> listOrThrow(const fs::path& location)
{
  requireFolder(location);
  std::string error;
  auto files = listSamples(location, &error);
  if (!error.empty())
    throw CommandError(error + ": cannot list the samples there");
  return files;
}

int list(const Args& args)
{
  const fs::path location = locationOf(args);
  const auto files = listOrThrow(location);
  if (files.empty()) {
    writeOut("no HashScope samples in " + location.string() + "\n");
    return kExitOk;
  }
  Table table;
  table.addColumn("path");
  table.addColumn("size", Table::Align::Right);
  table.addColumn("content");
  table.addColumn("status");
  bool foreign = false;
  for (const auto& file : files) {
    foreign = foreign || file.status == SampleStatus::NotASample;
    table.addRow({file.path.string(), formatBytes(file.bytesOnDisk),
                  file.status == SampleStatus::NotASample ? "-" : std::string(toString(file.content)),
                  statusText(file)});
  }
  std::string text = table.render();
  if (foreign)
    text += "HashScope never removes a file listed as \"not a HashScope sample\" (samples made by HashScope 0.1 "
            "carry no marker either): delete it yourself if it is yours to delete.\n";
  writeOut(text);
  return kExitOk;
}

// remove --all [--size] [--content]: every sample and stale partial in the folder matching the filters.
std::vector<fs::path> removableIn(const fs::path& location, const Args& args)
{
  const std::optional<std::uint64_t> size = args.value("size") ? std::optional(sizeOf(args)) : std::nullopt;
  const std::optional<SampleContent> content = args.value("content") ? std::optional(contentOf(args)) : std::nullopt;
  std::vector<fs::path> targets;
  for (const auto& file : listOrThrow(location)) {
    if ((size && file.size != *size) || (content && file.content != *content))
      continue;
    if (file.status == SampleStatus::Sample || file.status == SampleStatus::StalePartial)
      targets.push_back(file.path);
    else
      writeOut("kept " + file.path.string() + ": " + statusText(file) + "\n");
  }
  return targets;
}

int remove(const Args& args)
{
  std::vector<fs::path> targets;
  for (const auto& file : args.positionals())
    targets.emplace_back(file);
  if (args.has("all")) {
    if (!targets.empty())
      throw UsageError("give either files or --all, not both");
    const fs::path location = locationOf(args);
    targets = removableIn(location, args);
    if (targets.empty()) {
      writeOut("no HashScope samples to remove in " + location.string() + "\n");
      return kExitOk;
    }
  } else if (targets.empty()) {
    const fs::path location = locationOf(args);
    requireFolder(location);
    // The sample, and the partial file a stopped run left of it (when there is one).
    const fs::path sample = location / sampleFileName(sizeOf(args), contentOf(args));
    const fs::path partial = location / ("." + sample.filename().string() + ".partial");
    std::error_code ec;
    const bool hasPartial = fs::exists(fs::symlink_status(partial, ec));
    if (!hasPartial || fs::exists(fs::symlink_status(sample, ec)))
      targets.push_back(sample);
    if (hasPartial)
      targets.push_back(partial);
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
  const Args args({{"location", 'l', true, true},
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
