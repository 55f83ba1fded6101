// Sample files: named, created exclusively, written with bounded dirty memory, flushed, evicted, renamed
// into place without replacing anything, reused when present, and removed only when they are ours.
#include <algorithm>
#include <charconv>
#include <optional>

#include "engine/workload_internal.hpp"
#include "hashscope/samples.hpp"

namespace hashscope {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kPrefix = "hashscope-sample-";
constexpr std::string_view kSuffix = ".bin";
constexpr std::size_t kBlock = 4 * MiB;
constexpr std::uint64_t kWriteBehindChunk = 8 * MiB;  // x4 in flight: bounded dirty memory, quick cancel

struct Unit {
  std::string_view name;
  std::uint64_t bytes;
};
constexpr Unit kUnits[] = {{"TiB", 1024 * GiB}, {"GiB", GiB}, {"MiB", MiB}, {"KiB", KiB}, {"B", 1}};

struct ParsedName {
  std::uint64_t size = 0;
  SampleContent content = SampleContent::Random;
};

std::optional<ParsedName> parseSampleName(std::string_view name)
{
  if (!name.starts_with(kPrefix) || !name.ends_with(kSuffix))
    return std::nullopt;
  std::string_view rest = name.substr(kPrefix.size(), name.size() - kPrefix.size() - kSuffix.size());
  const auto dash = rest.rfind('-');
  if (dash == std::string_view::npos)
    return std::nullopt;
  const auto content = parseSampleContent(rest.substr(0, dash));
  if (!content)
    return std::nullopt;
  const std::string_view size = rest.substr(dash + 1);
  std::uint64_t number = 0;
  const auto [end, ec] = std::from_chars(size.data(), size.data() + size.size(), number);
  if (ec != std::errc() || end == size.data())
    return std::nullopt;
  const std::string_view unit(end, static_cast<std::size_t>(size.data() + size.size() - end));
  for (const Unit& u : kUnits) {
    if (u.name == unit && number > 0 && number <= UINT64_MAX / u.bytes) {
      ParsedName parsed{number * u.bytes, *content};
      // Only the exact spelling sampleFileName() produces counts ("1024KiB" is not ours, "1MiB" is).
      if (sampleFileName(parsed.size, parsed.content) != name)
        return std::nullopt;
      return parsed;
    }
  }
  return std::nullopt;
}

// Removes the partial file unless the sample was completed.
class PartialGuard {
public:
  explicit PartialGuard(fs::path path) : m_path(std::move(path)) {}
  ~PartialGuard()
  {
    if (m_armed) {
      std::error_code ec;
      fs::remove(m_path, ec);
    }
  }
  void disarm() { m_armed = false; }
  PartialGuard(const PartialGuard&) = delete;
  PartialGuard& operator=(const PartialGuard&) = delete;

private:
  fs::path m_path;
  bool m_armed = true;
};

}  // namespace

std::string sampleFileName(std::uint64_t size, SampleContent content)
{
  std::string name(kPrefix);
  name += toString(content);
  name += '-';
  for (const Unit& u : kUnits) {
    if (size >= u.bytes && size % u.bytes == 0) {
      name += std::to_string(size / u.bytes);
      name += u.name;
      break;
    }
  }
  if (size == 0)
    name += "0B";
  name += kSuffix;
  return name;
}

bool isSampleFileName(std::string_view name) { return parseSampleName(name).has_value(); }

SampleResult createSample(const fs::path& folder, std::uint64_t size, SampleContent content, std::stop_token stop,
                          const std::function<void(const SampleProgress&)>& progress)
{
  SampleResult result;
  result.file = SampleFile{folder / sampleFileName(size, content), size, content};
  try {
    if (size == 0) {
      result.error = "A sample file must hold at least 1 byte";
      return result;
    }
    result.error = engine::folderProblem(folder);
    if (!result.error.empty())
      return result;
    const fs::path& target = result.file.path;
    std::error_code ec;
    const auto existing = fs::symlink_status(target, ec);
    if (fs::exists(existing)) {
      if (fs::is_regular_file(existing) && fs::file_size(target, ec) == size && !ec) {
        result.reused = true;
        return result;
      }
      result.error = target.string() + " already exists but is not a complete sample of " + formatBytes(size) +
                     ": remove it or choose another size";
      return result;
    }
    result.error = engine::freeSpaceProblem(folder, size);
    if (!result.error.empty())
      return result;

    const fs::path partial = folder / ("." + target.filename().string() + ".partial");
    std::string error;
    platform::OutputFile file = platform::OutputFile::createExclusive(partial, error);
    if (!file.isOpen()) {
      if (fs::exists(fs::symlink_status(partial, ec)))
        error = partial.string() + " already exists (another HashScope may be writing it): it was left untouched";
      result.error = error;
      return result;
    }
    PartialGuard guard(partial);
    platform::AlignedBuffer buffer = platform::allocateAligned(kBlock, 4096);
    if (!buffer) {
      result.error = "Not enough memory to write the sample";
      return result;
    }

    const auto start = engine::Clock::now();
    auto lastReport = start;
    SampleProgress report{0, size, 0};
    std::uint64_t behind = 0;
    for (std::uint64_t pos = 0; pos < size;) {
      if (stop.stop_requested()) {
        result.cancelled = true;
        return result;
      }
      const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(kBlock, size - pos));
      fillContent(buffer.get(), n, content, pos / kBlock);
      if (!file.writeAt(buffer.get(), n, pos, error)) {
        result.error = error;
        return result;
      }
      pos += n;
      if (pos - behind >= kWriteBehindChunk) {
        file.writeBehind(behind, pos - behind);
        behind = pos;
      }
      const auto now = engine::Clock::now();
      if (progress && now - lastReport >= std::chrono::milliseconds(100)) {
        lastReport = now;
        report.bytesWritten = pos;
        report.seconds = engine::secondsBetween(start, now);
        progress(report);
      }
    }
    if (!file.flush(error)) {
      result.error = error;
      return result;
    }
    const auto end = engine::Clock::now();
    // The next cold run must find nothing of this file in RAM.
    file.evict();
    file.close();
    result.seconds = engine::secondsBetween(start, end);
    result.mbPerSec = megabytesPerSecond(size, result.seconds);
    if (progress) {
      report.bytesWritten = size;
      report.seconds = result.seconds;
      progress(report);
    }
    if (!platform::renameNoReplace(partial, target, error)) {
      result.error = error;
      return result;
    }
    guard.disarm();
  } catch (const std::exception& e) {
    result.error = std::string("Unexpected failure while writing the sample: ") + e.what();
  }
  return result;
}

std::vector<SampleFile> listSamples(const fs::path& folder)
{
  std::vector<SampleFile> samples;
  std::error_code ec;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    const auto parsed = parseSampleName(it->path().filename().string());
    std::error_code sec;
    if (!parsed || !it->is_regular_file(sec) || it->is_symlink(sec))
      continue;
    samples.push_back(SampleFile{it->path(), parsed->size, parsed->content});
  }
  std::sort(samples.begin(), samples.end(),
            [](const SampleFile& a, const SampleFile& b) { return a.path.filename() < b.path.filename(); });
  return samples;
}

std::string removeSample(const fs::path& file)
{
  const std::string name = file.filename().string();
  if (!isSampleFileName(name))
    return file.string() + " is not a HashScope sample file: it was left untouched";
  std::error_code ec;
  const auto st = fs::symlink_status(file, ec);
  if (!fs::exists(st))
    return file.string() + ": no such file";
  if (!fs::is_regular_file(st))
    return file.string() + " is not a regular file: it was left untouched";
  if (!fs::remove(file, ec) || ec)
    return file.string() + ": could not remove it (" + ec.message() + ")";
  return "";
}

}  // namespace hashscope
