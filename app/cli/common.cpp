#include "common.hpp"

#include "hashscope/files.hpp"
#include "hashscope/hash.hpp"
#include "hashscope/types.hpp"
#include "names.hpp"
#include "os.hpp"
#include "progress.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace hashscope::cli {

namespace {
std::string& programNameSlot()
{
  static std::string name = kProgramName;
  return name;
}
} // namespace

const std::string& programName()
{
  return programNameSlot();
}

void setProgramName(std::string name)
{
  programNameSlot() = std::move(name);
}

namespace {
std::string& invokedNameSlot()
{
  static std::string name;
  return name;
}
} // namespace

void setInvokedName(std::string argv0)
{
  invokedNameSlot() = std::move(argv0);
}

std::filesystem::path invokedPath()
{
  namespace fs = std::filesystem;
  const std::string& name = invokedNameSlot();
  std::error_code ec;
  if (name.empty())
    return {};
  if (name.find_first_of("/\\") != std::string::npos) {
    auto path = fs::canonical(pathFromUtf8(name), ec);
    return ec ? fs::path() : path;
  }
  const std::string pathVariable = pathVariableUtf8().value_or("");
  std::string_view dirs = pathVariable;
  constexpr char kSeparator = fs::path::preferred_separator == '\\' ? ';' : ':'; // Windows: ';'

  while (!dirs.empty()) {
    const auto end = dirs.find(kSeparator);
    const fs::path candidate = pathFromUtf8(dirs.substr(0, end)) / pathFromUtf8(name);
    if (fs::is_regular_file(candidate, ec))
      return fs::canonical(candidate, ec);
    dirs.remove_prefix(end == std::string_view::npos ? dirs.size() : end + 1);
  }
  return {};
}

// Messages often quote a name or a stored string: no control character of theirs reaches the terminal,
// and a message stays one line.
void printError(std::string_view sentence)
{
  writeConsole(stderr, programName() + ": " + shownText(sentence) + "\n");
}

void printWarning(std::string_view sentence)
{
  writeConsole(stderr, programName() + ": WARNING: " + shownText(sentence) + "\n");
}

bool writeOut(std::string_view text)
{
  return writeConsole(stdout, text);
}

bool writeLines(std::string_view text, char delimiter)
{
  // A regular file takes each write whole: blocks are for pipes, FIFOs, sockets and terminals.
  static const bool regular = isRegularFile(stdout);
  if (regular)
    return writeOut(text);
  const std::size_t limit = pipeAtomicBytes();
  while (!text.empty()) {
    // The longest run of whole lines that fits, or the first line alone when even that is longer.
    std::size_t end = std::min(text.size(), limit);
    if (end < text.size()) {
      const auto cut = text.rfind(delimiter, end - 1);
      end = cut != std::string_view::npos ? cut + 1 : std::min(text.size(), text.find(delimiter) + 1);
      if (end == 0) // no delimiter at all: the rest is one unfinished line
        end = text.size();
    }
    if (!writeOut(text.substr(0, end)))
      return false;
    text.remove_prefix(end);
  }
  return true;
}

std::vector<std::string> parseAlgorithms(const std::vector<std::string>& values,
                                         const std::optional<std::string>& length)
{
  int bits = 0;
  if (length) {
    const int parsed = parseCountOption("--length", *length, 8, 512);
    bits = parsed;
  }
  bool lengthUsed = false;
  std::vector<std::string> ids;
  for (const auto& value : values) {
    std::string id = value;
    std::transform(id.begin(), id.end(), id.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (id == "sha2" || id == "sha3") {
      if (bits != 224 && bits != 256 && bits != 384 && bits != 512)
        throw UsageError("-a " + id + " needs --length 224, 256, 384 or 512");
      id = (id == "sha2" ? "sha" : "sha3-") + std::to_string(bits);
      lengthUsed = true;
    } else if (id == "blake2b" || (id == "blake2b-512" && bits > 0)) {
      if (bits % 8 != 0)
        throw UsageError("--length " + std::to_string(bits) + " for blake2b is not a multiple of 8");
      id = "blake2b-" + std::to_string(bits > 0 ? bits : 512);
      lengthUsed = true;
    }
    if (!findAlgorithmFacts(id))
      throw UsageError("unknown algorithm '" + value + "' (see: " + kProgramName + " algorithms)");
    if (std::find(ids.begin(), ids.end(), id) == ids.end())
      ids.push_back(id);
  }
  if (bits > 0 && !lengthUsed)
    throw UsageError("--length works only with -a blake2b, sha2 or sha3");
  return ids;
}

std::uint64_t parseSizeOption(std::string_view option, std::string_view text)
{
  const auto size = parseSize(text);
  if (!size)
    throw UsageError("invalid size '" + std::string(text) + "' for " + std::string(option) +
                     " (examples: 4096, 64K, 256M, 1G)");
  return *size;
}

int parseCountOption(std::string_view option, std::string_view text, int min, int max)
{
  int value = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size() || value < min || value > max)
    throw UsageError("invalid number '" + std::string(text) + "' for " + std::string(option) + " (expected " +
                     std::to_string(min) + ".." + std::to_string(max) + ")");
  return value;
}

double parseSecondsOption(std::string_view option, std::string_view text, double min, double max)
{
  double value = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size() || !std::isfinite(value))
    throw UsageError("invalid number of seconds '" + std::string(text) + "' for " + std::string(option));
  if (value < min) // a number, just too small: say so, not that it is no number
    throw UsageError("'" + std::string(text) + "' for " + std::string(option) + " is too short: at least " +
                     (min > 0 && min < 1 ? fixed(min, 2) : fixed(min, 0)) + " seconds");
  if (value > max)
    throw UsageError("'" + std::string(text) + "' for " + std::string(option) + " is too long: at most " +
                     fixed(max, 0) + " seconds" + (max == kMaxSeconds ? " (24 hours)" : ""));
  return value;
}

double parseNumberOption(std::string_view option, std::string_view text, double min, double max)
{
  double value = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size() || !std::isfinite(value) || value < min || value > max)
    throw UsageError("invalid number '" + std::string(text) + "' for " + std::string(option) + " (expected " +
                     fixed(min, 0) + ".." + fixed(max, 0) + ")");
  return value;
}

void checkBufferMemory(std::string_view countOption, int count, std::uint64_t blockSize, int buffers)
{
  const std::uint64_t ram = physicalMemoryBytes();
  if (ram == 0)
    return; // unknown: nothing to compare with
  const std::uint64_t limit = ram / 2;
  // Compared by division: count x buffers x blockSize may not fit in 64 bits.
  const std::uint64_t perWorker = blockSize * static_cast<std::uint64_t>(buffers);
  if (count <= 0 || perWorker <= limit / static_cast<std::uint64_t>(count))
    return;
  const double needed = static_cast<double>(perWorker) * count;
  throw UsageError(std::string(countOption) + " " + std::to_string(count) + " x --block-size " +
                   formatBytes(blockSize) + " needs about " + fixed(needed / GiB, 1) + " GiB of read buffers (" +
                   std::to_string(buffers) + " blocks each), more than half of this machine's " +
                   formatBytes(ram) + " of RAM (" + formatBytes(limit) + "): use fewer " +
                   std::string(countOption) + " or a smaller --block-size");
}

std::string fixed(double value, int decimals)
{
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

} // namespace hashscope::cli
