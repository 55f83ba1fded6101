#include "hashscope/types.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <utility>

namespace hashscope {

namespace {

constexpr std::pair<CacheMode, std::string_view> kCacheModes[] = {
    {CacheMode::Cold, "cold"}, {CacheMode::Warm, "warm"}, {CacheMode::AsIs, "as-is"}};

// One row per workload: its word in the run documents and on the command line, and what it is.
struct WorkloadRow {
  Workload workload;
  std::string_view word;
  WorkloadTraits traits;
};
constexpr WorkloadRow kWorkloadRows[] = {
    {Workload::Memory, "memory", {.durationBound = true}},
    {Workload::HashMemory, "hash-memory", {.usesAlgorithm = true, .durationBound = true}},
    {Workload::Write, "write", {.targetsFolder = true, .usesDisk = true}},
    {Workload::Read, "read", {.readsFile = true, .usesCache = true, .usesDisk = true}},
    {Workload::HashFile, "hash-file", {.readsFile = true, .usesAlgorithm = true, .usesCache = true, .usesDisk = true}},
    {Workload::HashTree, "hash-tree", {.targetsFolder = true, .usesAlgorithm = true, .usesCache = true, .usesDisk = true}},
    {Workload::PeerTool, "peer-tool", {.readsFile = true, .usesAlgorithm = true, .usesCache = true, .usesDisk = true}},
};

const WorkloadRow* rowOf(Workload workload)
{
  const auto row = std::find_if(std::begin(kWorkloadRows), std::end(kWorkloadRows),
                                [workload](const WorkloadRow& r) { return r.workload == workload; });
  return row == std::end(kWorkloadRows) ? nullptr : row;
}

constexpr std::pair<CacheMethod, std::string_view> kCacheMethods[] = {
    {CacheMethod::NotApplicable, "n/a"}, {CacheMethod::AsIs, "as-is"}, {CacheMethod::Direct, "direct"},
    {CacheMethod::Evicted, "evicted"},   {CacheMethod::Warm, "warm"},
    {CacheMethod::MemoryBacked, "memory-backed"}};

constexpr std::pair<ReadPath, std::string_view> kReadPaths[] = {
    {ReadPath::Auto, "auto"}, {ReadPath::Copy, "copy"}, {ReadPath::Mapped, "mapped"}};

// The words of the run documents (JSON, CSV, history): written and read through this table only.
constexpr std::pair<ReadMethod, std::string_view> kReadMethods[] = {
    {ReadMethod::Read, "read"}, {ReadMethod::Mapped, "mmap"}, {ReadMethod::Pipelined, "pipelined"}};

constexpr std::pair<SampleContent, std::string_view> kContents[] = {
    {SampleContent::Random, "random"}, {SampleContent::Zeros, "zeros"}, {SampleContent::Text, "text"}};

}  // namespace

std::string_view toString(CacheMode mode) { return wordOf(kCacheModes, mode); }
std::string_view toString(Workload workload)
{
  const WorkloadRow* row = rowOf(workload);
  return row ? row->word : "unknown";
}
std::string_view toString(SampleContent content) { return wordOf(kContents, content); }
std::string_view toString(CacheMethod method) { return wordOf(kCacheMethods, method); }
std::optional<CacheMethod> parseCacheMethod(std::string_view text) { return valueOf(kCacheMethods, text); }
std::string_view toString(ReadPath path) { return wordOf(kReadPaths, path); }
std::optional<ReadPath> parseReadPath(std::string_view text) { return valueOf(kReadPaths, text); }
std::string_view toString(ReadMethod method) { return wordOf(kReadMethods, method); }

std::string toString(ReadMethods methods)
{
  std::string text;
  for (const auto& [method, name] : kReadMethods) {
    if (methods.has(method))
      (text += text.empty() ? "" : "+") += name;
  }
  return text;
}

std::optional<ReadMethods> parseReadMethods(std::string_view text)
{
  ReadMethods methods;
  if (text.empty())
    return methods;
  for (;;) {
    const std::size_t plus = text.find('+');
    const std::optional<ReadMethod> method = valueOf(kReadMethods, text.substr(0, plus));
    if (!method)  // also an empty word: "read+", "+mmap"
      return std::nullopt;
    methods.add(*method);
    if (plus == std::string_view::npos)
      return methods;
    text.remove_prefix(plus + 1);
  }
}

WorkloadTraits workloadTraits(Workload workload)
{
  const WorkloadRow* row = rowOf(workload);
  return row ? row->traits : WorkloadTraits{};
}

std::optional<CacheMode> parseCacheMode(std::string_view text)
{
  if (text == "asis" || text == "as_is")
    return CacheMode::AsIs;
  return valueOf(kCacheModes, text);
}
std::optional<Workload> parseWorkload(std::string_view text)
{
  const auto row = std::find_if(std::begin(kWorkloadRows), std::end(kWorkloadRows),
                                [text](const WorkloadRow& r) { return r.word == text; });
  return row == std::end(kWorkloadRows) ? std::nullopt : std::optional<Workload>(row->workload);
}
std::optional<SampleContent> parseSampleContent(std::string_view text)
{
  if (text == "zero")
    return SampleContent::Zeros;
  if (text == "compressible")
    return SampleContent::Text;
  return valueOf(kContents, text);
}

std::optional<std::uint64_t> parseSize(std::string_view text)
{
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);  // from_chars reads no space; the unit below skips any after the number
  if (text.empty())
    return std::nullopt;

  double number = 0;
  const char* begin = text.data();
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(begin, end, number, std::chars_format::fixed);
  if (ec != std::errc() || ptr == begin || number < 0 || !std::isfinite(number))
    return std::nullopt;

  std::string unit;
  for (const char* p = ptr; p != end; ++p) {
    if (!std::isspace(static_cast<unsigned char>(*p)))
      unit += static_cast<char>(std::tolower(static_cast<unsigned char>(*p)));
  }
  // Accept "k", "kb", "kib" (all binary: sizes of files and buffers are powers of two here).
  if ((unit.size() == 3 && unit.ends_with("ib")) || (unit.size() == 2 && unit.ends_with('b')))
    unit.resize(1);
  constexpr std::string_view kUnits = "bkmgt";  // B, KiB, MiB, GiB, TiB
  const std::size_t power = unit.empty() ? 0 : unit.size() == 1 ? kUnits.find(unit[0]) : kUnits.npos;
  if (power == kUnits.npos)
    return std::nullopt;
  const std::uint64_t multiplier = std::uint64_t{1} << (10 * power);

  const double bytes = std::round(number * static_cast<double>(multiplier));
  if (bytes > 1.8e19)
    return std::nullopt;
  return static_cast<std::uint64_t>(bytes);
}

std::string formatBytes(std::uint64_t bytes)
{
  static constexpr std::array<std::string_view, 5> units{"B", "KiB", "MiB", "GiB", "TiB"};
  std::size_t unit = 0;
  std::uint64_t whole = bytes;
  while (unit + 1 < units.size() && whole >= 1024 && whole % 1024 == 0) {
    whole /= 1024;
    ++unit;
  }
  if (whole < 1024 || unit + 1 == units.size())
    return std::to_string(whole) + ' ' + std::string(units[unit]);
  double value = static_cast<double>(bytes);
  unit = 0;
  while (unit + 1 < units.size() && value >= 1024) {
    value /= 1024;
    ++unit;
  }
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f %s", value, std::string(units[unit]).c_str());
  return buffer;
}

std::string_view version() { return HASHSCOPE_VERSION; }

}  // namespace hashscope
