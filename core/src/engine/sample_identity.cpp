// Recognising HashScope's sample files (sample_identity.hpp): names, markers and the exact size.
#include "engine/sample_identity.hpp"

#include <charconv>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>
#include <vector>

#include "hashscope/files.hpp"
#include "hashscope/samples.hpp"

namespace hashscope::engine {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kPartialSuffix = ".partial";
constexpr std::string_view kSidecarSuffix = ".hashscope";
constexpr std::string_view kMagic = "hashscope-sample";
constexpr std::string_view kVersion = "1";
constexpr std::uintmax_t kMarkerMax = 256;

std::optional<std::uint64_t> parseNumber(std::string_view text)
{
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty())
    return std::nullopt;
  return value;
}

std::string randomId()
{
  std::random_device entropy;
  std::ostringstream out;
  out << std::hex << entropy() << entropy();
  return out.str();
}

std::optional<SampleMarker> readSidecar(const fs::path& sidecar)
{
  std::error_code ec;
  const auto st = fs::symlink_status(sidecar, ec);
  if (!fs::is_regular_file(st) || fs::file_size(sidecar, ec) > kMarkerMax || ec)
    return std::nullopt;
  std::ifstream in(sidecar, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return decodeMarker(text);
}

}  // namespace

std::optional<SampleName> parseSampleEntryName(std::string_view name)
{
  SampleName parsed;
  if (name.starts_with('.') && name.ends_with(kPartialSuffix)) {
    name = name.substr(1, name.size() - 1 - kPartialSuffix.size());
    parsed.partial = true;
  }
  // The size and content are the only variable parts: try them as sampleFileName() spells them.
  constexpr std::string_view kPrefix = "hashscope-sample-";
  if (!name.starts_with(kPrefix) || !name.ends_with(".bin"))
    return std::nullopt;
  const std::string_view rest = name.substr(kPrefix.size(), name.size() - kPrefix.size() - 4);
  const auto dash = rest.rfind('-');
  if (dash == std::string_view::npos)
    return std::nullopt;
  const auto content = parseSampleContent(rest.substr(0, dash));
  if (!content)
    return std::nullopt;
  const std::string_view size = rest.substr(dash + 1);
  std::uint64_t number = 0;
  const auto [unitAt, ec] = std::from_chars(size.data(), size.data() + size.size(), number);
  const std::string_view unit(unitAt, size.data() + size.size());
  for (const auto& [unitName, bytes] : kSizeUnits) {
    if (unitName == unit && ec == std::errc() && number > 0 && number <= UINT64_MAX / bytes) {
      parsed.size = number * bytes;
      parsed.content = *content;
      // Only the exact spelling sampleFileName() produces counts ("1024KiB" is not ours, "1MiB" is).
      if (sampleFileName(parsed.size, parsed.content) != name)
        return std::nullopt;
      return parsed;
    }
  }
  return std::nullopt;
}

fs::path partialPathOf(const fs::path& sample)
{
  return sample.parent_path() / ("." + sample.filename().string() + std::string(kPartialSuffix));
}

std::string encodeMarker(const SampleMarker& marker)
{
  std::string text = std::string(kMagic) + " " + std::string(kVersion) + " " +
                     (marker.complete ? "complete" : "writing") + " " + std::to_string(marker.size) + " " +
                     std::string(toString(marker.content)) + " " + randomId();
  if (marker.owner)
    text += " " + std::to_string(marker.owner->device) + ":" + std::to_string(marker.owner->inode);
  return text;
}

std::optional<SampleMarker> decodeMarker(std::string_view text)
{
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
    text.remove_suffix(1);  // a sidecar ends its line
  std::vector<std::string_view> words;
  for (std::size_t pos = 0; pos < text.size();) {
    const std::size_t end = std::min(text.find(' ', pos), text.size());
    words.push_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  if ((words.size() != 6 && words.size() != 7) || words[0] != kMagic || words[1] != kVersion ||
      (words[2] != "complete" && words[2] != "writing"))
    return std::nullopt;
  const auto size = parseNumber(words[3]);
  const auto content = parseSampleContent(words[4]);
  if (!size || !content)
    return std::nullopt;
  SampleMarker marker{words[2] == "complete", *size, *content, std::nullopt};
  if (words.size() == 7) {
    const auto colon = words[6].find(':');
    const auto device = parseNumber(words[6].substr(0, colon));
    const auto inode = colon == std::string_view::npos ? std::nullopt : parseNumber(words[6].substr(colon + 1));
    if (!device || !inode)
      return std::nullopt;
    marker.owner = platform::FileId{*device, *inode};
  }
  return marker;
}

fs::path sidecarOf(const fs::path& file)
{
  std::string name = file.filename().string();
  if (name.starts_with('.'))
    name.erase(0, 1);
  return file.parent_path() / ("." + name + std::string(kSidecarSuffix));
}

std::string writeMarker(const fs::path& file, SampleMarker marker, bool& usedSidecar)
{
  usedSidecar = false;
  marker.owner.reset();
  std::string error;
  switch (platform::writeTag(file, encodeMarker(marker), error)) {
  case platform::TagResult::Ok: return "";
  case platform::TagResult::Failed: return error;
  case platform::TagResult::Unsupported: break;
  }
  const auto id = platform::fileId(file);
  if (!id)
    return file.string() + ": cannot read its identity to mark it as a HashScope file";
  usedSidecar = true;
  return writeSidecar(file, marker, *id);
}

std::string writeSidecar(const fs::path& file, SampleMarker marker, platform::FileId owner)
{
  const fs::path sidecar = sidecarOf(file);
  std::error_code ec;
  if (fs::exists(fs::symlink_status(sidecar, ec))) {
    // Ours, left behind by a sample removed by hand: replace it. Anything else is not ours to touch, nor is
    // the marker of the file that has this name now (another HashScope's sample, finished first).
    const std::optional<SampleMarker> existing = readSidecar(sidecar);
    if (!existing)
      return sidecar.string() + " already exists and is not HashScope's: it was left untouched";
    if (existing->owner && existing->owner == platform::fileId(file))
      return utf8Text(file) + " is already marked as a HashScope sample (another HashScope finished it first)";
    fs::remove(sidecar, ec);
  }
  marker.owner = owner;
  const std::string text = encodeMarker(marker) + "\n";
  std::string error;
  platform::OutputFile out = platform::OutputFile::createExclusive(sidecar, error);
  if (!out.isOpen() || !out.writeAt(text.data(), text.size(), 0, error))
    return error;
  return "";
}

void removeSidecar(const fs::path& file)
{
  const fs::path sidecar = sidecarOf(file);
  std::error_code ec;
  if (readSidecar(sidecar))
    fs::remove(sidecar, ec);
}

std::optional<SampleMarker> readMarker(const fs::path& file)
{
  if (const auto tag = platform::readTag(file))
    return decodeMarker(*tag);
  return readSidecar(sidecarOf(file));
}

std::string markerProblem(const fs::path& file, const SampleName& name, std::uint64_t actualSize,
                          const std::optional<platform::FileId>& id)
{
  const auto marker = readMarker(file);
  if (!marker)
    return "it carries no HashScope marker, so it is someone else's file or a sample made by HashScope 0.1";
  if (marker->size != name.size || marker->content != name.content)
    return "its HashScope marker is for another sample";
  if (marker->owner && marker->owner != id)
    return "its HashScope marker belongs to another file of that name";
  if (name.partial)
    return actualSize <= name.size ? "" : "it is larger than the sample it should become";
  if (!marker->complete)
    return "it was never completed";
  if (actualSize != name.size)
    return "it holds " + formatBytes(actualSize) + ", not the " + formatBytes(name.size) + " its name says";
  return "";
}

}  // namespace hashscope::engine
