#include "common.hpp"

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

namespace hashscope::cli {

// Messages often quote a name or a stored string: no control character of theirs reaches the terminal,
// and a message stays one line.
void printError(std::string_view sentence)
{
  writeConsole(stderr, std::string(kProgramName) + ": " + shownText(sentence) + "\n");
}

void printWarning(std::string_view sentence)
{
  writeConsole(stderr, std::string(kProgramName) + ": WARNING: " + shownText(sentence) + "\n");
}

bool writeOut(std::string_view text)
{
  return writeConsole(stdout, text);
}

std::vector<std::string> parseAlgorithms(const std::vector<std::string>& values)
{
  std::vector<std::string> ids;
  for (const auto& value : values) {
    std::string id = value;
    std::transform(id.begin(), id.end(), id.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (!findAlgorithm(id))
      throw UsageError("unknown algorithm '" + value + "' (see: " + kProgramName + " algorithms)");
    if (std::find(ids.begin(), ids.end(), id) == ids.end())
      ids.push_back(id);
  }
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
  if (ec != std::errc() || ptr != text.data() + text.size() || !std::isfinite(value) || value < min)
    throw UsageError("invalid number of seconds '" + std::string(text) + "' for " + std::string(option));
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
