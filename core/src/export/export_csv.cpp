// toCsv(): one row per result with stable columns, quoted as RFC 4180 says (CRLF line ends), with no cell a
// spreadsheet would run as a formula.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <string_view>

#include "export/json_writer.hpp"
#include "hashscope/files.hpp"
#include "hashscope/export.hpp"
#include "hashscope/figures.hpp"
#include "hashscope/hash.hpp"

namespace hashscope {

namespace {

// A spreadsheet reads a cell that starts with = + - @ (or a tab or CR before them) as a formula: a location
// or an imported machine name like "=cmd|' /C calc'!A0" would run. OWASP's advice: such a cell begins with
// a ' instead. Numbers ("-12.5", "-1e-05") are left as they are: they are no formula, and stay numbers.
std::string neutralised(const std::string& field)
{
  if (field.empty() || std::string_view("=+-@\t\r").find(field.front()) == std::string_view::npos)
    return field;
  double number = 0;
  const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), number);
  if (ec == std::errc() && end == field.data() + field.size() && std::isfinite(number))
    return field;
  return "'" + field;
}

// Quotes a field when it holds a comma, quote, CR or LF (or starts/ends with a space, which some readers trim).
// A CSV is read on terminals too (history list -f csv): control characters (ESC, BEL ...) and bidi overrides in
// a field, from an imported run, are written escaped (visibleText), never raw.
void appendField(std::string& out, const std::string& text)
{
  const std::string field = neutralised(visibleText(text));
  const bool quote = field.find_first_of(",\"\r\n") != std::string::npos ||
                     (!field.empty() && (field.front() == ' ' || field.back() == ' '));
  if (!quote) {
    out += field;
    return;
  }
  out += '"';
  for (char c : field) {
    if (c == '"')
      out += '"';
    out += c;
  }
  out += '"';
}

// Finite numbers as the shortest exact text; NaN/inf as an empty field (no CSV reader agrees on their spelling).
std::string num(double value)
{
  if (!std::isfinite(value))
    return {};
  return value > 0 || value < 0 ? json::number(value) : std::string("0");
}
std::string flag(bool value) { return value ? "true" : "false"; }

// "machine-busy;limit-unreliable": the marks' codes only (the JSON carries their numbers).
std::string flagList(const Figures& f)
{
  std::string out;
  for (const Flag& mark : f.marks)
    out += (out.empty() ? "" : ";") + std::string(toString(mark.code));
  return out;
}

std::vector<std::string> rowOf(const RunResult& r)
{
  const Analysis* a = r.analysis ? &*r.analysis : nullptr;
  const Figures f = figuresOf(r);  // the figures every view shows
  auto opt = [&](double v) { return a && v > 0 ? json::number(v) : std::string(); };
  return {
      std::string(toString(r.workload)),
      r.algorithm,
      r.tool,
      utf8Text(r.location),
      utf8Text(r.target),
      r.storage.device.name,
      r.storage.device.model,
      std::string(toString(r.storage.kind)),
      r.storage.filesystem,
      std::to_string(r.streams),
      std::to_string(r.blockSize),
      std::string(toString(r.cache)),
      std::string(toString(r.cacheMethod)),
      r.cacheNote,
      std::to_string(r.bytes),
      std::to_string(r.files),
      num(r.seconds),
      num(f.mbps),
      num(r.userSeconds),
      num(r.systemSeconds),
      r.digest,
      r.digestMatches ? flag(*r.digestMatches) : std::string(),
      flag(r.cancelled),
      r.error,
      a ? std::string(toString(a->verdict)) : std::string(),
      a ? flag(a->servedFromCache) : std::string(),
      a ? flag(a->memoryBacked) : std::string(),
      a ? opt(f.limitMBps) : std::string(),
      a ? opt(a->efficiency) : std::string(),
      a ? num(a->workerBusyPct) : std::string(),
      a ? num(a->waitPct) : std::string(),
      a ? num(a->diskBusyPct) : std::string(),
      a ? num(a->cpuBusyPct) : std::string(),
      a ? std::to_string(a->deviceReadBytes) : std::string(),
      a ? std::string(toString(a->reason)) : std::string(),
      std::to_string(f.passes),
      num(f.minMBps),
      num(f.maxMBps),
      a ? flagList(f) : std::string(),
      f.share ? json::number(*f.share) : std::string(),
      a && f.limitMBps > 0 ? std::string(toString(f.limitSource)) : std::string(),
      f.limitStep,
  };
}

void appendRow(std::string& out, const std::vector<std::string>& fields)
{
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i > 0)
      out += ',';
    appendField(out, fields[i]);
  }
  out += "\r\n";
}

}  // namespace

const std::vector<std::string>& csvColumns()
{
  static const std::vector<std::string> columns = {
      "workload",       "algorithm",     "tool",           "location",       "target",
      "device",         "device_model",  "media",          "filesystem",     "streams",
      "block_size",     "cache",         "cache_method",   "cache_note",     "bytes",
      "files",          "seconds",       "mb_per_s",       "user_seconds",   "system_seconds",
      "digest",         "digest_matches", "cancelled",     "error",          "verdict",
      "served_from_cache", "memory_backed", "limit_mb_per_s", "efficiency", "worker_busy_pct",
      "wait_pct",       "disk_busy_pct", "cpu_busy_pct",   "device_read_bytes", "reason",
      "passes",         "mb_per_s_min",  "mb_per_s_max",   "flags",          "share",
      "limit_source",   "limit_step",
  };
  return columns;
}

std::string toCsv(const std::vector<RunResult>& results)
{
  std::string out;
  appendRow(out, csvColumns());
  for (const RunResult& r : results)
    appendRow(out, rowOf(r));
  return out;
}

std::string csvTable(const std::vector<std::vector<std::string>>& rows)
{
  std::string out;
  for (const auto& row : rows)
    appendRow(out, row);
  return out;
}

}  // namespace hashscope
