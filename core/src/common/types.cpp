#include "hashscope/types.hpp"

#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <utility>

namespace hashscope {

namespace {

template <typename Enum, std::size_t N>
std::optional<Enum> lookup(const std::array<std::pair<Enum, std::string_view>, N>& table, std::string_view text)
{
  for (const auto& [value, name] : table) {
    if (name == text)
      return value;
  }
  return std::nullopt;
}

template <typename Enum, std::size_t N>
std::string_view nameOf(const std::array<std::pair<Enum, std::string_view>, N>& table, Enum value)
{
  for (const auto& [v, name] : table) {
    if (v == value)
      return name;
  }
  return "unknown";
}

constexpr std::array<std::pair<CacheMode, std::string_view>, 3> kCacheModes{{
    {CacheMode::Cold, "cold"}, {CacheMode::Warm, "warm"}, {CacheMode::AsIs, "as-is"}}};

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
  for (const WorkloadRow& row : kWorkloadRows) {
    if (row.workload == workload)
      return &row;
  }
  return nullptr;
}

constexpr std::array<std::pair<CacheMethod, std::string_view>, 6> kCacheMethods{{
    {CacheMethod::NotApplicable, "n/a"},
    {CacheMethod::AsIs, "as-is"},
    {CacheMethod::Direct, "direct"},
    {CacheMethod::Evicted, "evicted"},
    {CacheMethod::Warm, "warm"},
    {CacheMethod::MemoryBacked, "memory-backed"}}};

constexpr std::array<std::pair<ReadPath, std::string_view>, 3> kReadPaths{{
    {ReadPath::Auto, "auto"}, {ReadPath::Copy, "copy"}, {ReadPath::Mapped, "mapped"}}};

// The words of the run documents (JSON, CSV, history): written and read through this table only.
constexpr std::array<std::pair<ReadMethod, std::string_view>, 3> kReadMethods{{
    {ReadMethod::Read, "read"}, {ReadMethod::Mapped, "mmap"}, {ReadMethod::Pipelined, "pipelined"}}};

constexpr std::array<std::pair<SampleContent, std::string_view>, 3> kContents{{
    {SampleContent::Random, "random"}, {SampleContent::Zeros, "zeros"}, {SampleContent::Text, "text"}}};

}  // namespace

std::string_view toString(CacheMode mode) { return nameOf(kCacheModes, mode); }
std::string_view toString(Workload workload)
{
  const WorkloadRow* row = rowOf(workload);
  return row ? row->word : "unknown";
}
std::string_view toString(SampleContent content) { return nameOf(kContents, content); }
std::string_view toString(CacheMethod method) { return nameOf(kCacheMethods, method); }
std::optional<CacheMethod> parseCacheMethod(std::string_view text) { return lookup(kCacheMethods, text); }
std::string_view toString(ReadPath path) { return nameOf(kReadPaths, path); }
std::optional<ReadPath> parseReadPath(std::string_view text) { return lookup(kReadPaths, text); }
std::string_view toString(ReadMethod method) { return nameOf(kReadMethods, method); }

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
    const std::optional<ReadMethod> method = lookup(kReadMethods, text.substr(0, plus));
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
  return lookup(kCacheModes, text);
}
std::optional<Workload> parseWorkload(std::string_view text)
{
  for (const WorkloadRow& row : kWorkloadRows) {
    if (row.word == text)
      return row.workload;
  }
  return std::nullopt;
}
std::optional<SampleContent> parseSampleContent(std::string_view text)
{
  if (text == "zero")
    return SampleContent::Zeros;
  if (text == "compressible")
    return SampleContent::Text;
  return lookup(kContents, text);
}

std::optional<std::uint64_t> parseSize(std::string_view text)
{
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
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
  if (unit.size() == 3 && unit[1] == 'i' && unit[2] == 'b')
    unit.resize(1);
  else if (unit.size() == 2 && unit[1] == 'b')
    unit.resize(1);
  std::uint64_t multiplier = 1;
  if (unit.empty() || unit == "b")
    multiplier = 1;
  else if (unit == "k")
    multiplier = KiB;
  else if (unit == "m")
    multiplier = MiB;
  else if (unit == "g")
    multiplier = GiB;
  else if (unit == "t")
    multiplier = GiB * 1024;
  else
    return std::nullopt;

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
