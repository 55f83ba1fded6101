// Exports shared by the CLI and the GUI: JSON ("schema": "hashscope.run/5") and CSV.
#pragma once

#include <string>
#include <vector>

#include "hashscope/results.hpp"

namespace hashscope {

// The schema's versions, field by field: docs/measuring.md, "Result files". A version that changes a field's
// meaning bumps the number; readRunDocument reads every version up to this one.
inline constexpr const char* kRunSchema = "hashscope.run/5";

struct ExportOptions {
  bool includeSamples = true;   // the sampled time series in JSON
  bool pretty = true;
  // When the run happened (UTC ISO-8601, see utcTimestamp() in library.hpp) and how it ended
  // (runStatus(): "finished", "failed" or "stopped"); written as started_at, finished_at, status when set.
  std::string startedAt, finishedAt, status;
};

// How a run ended: "stopped" (the user stopped it), "failed" (it ran to its end but a step failed: that
// result carries its error) or "finished". Readers of older files know only "finished" and "stopped".
std::string runStatus(const std::vector<RunResult>& results, bool stopped);

// {"schema": "hashscope.run/5", "tool": {...}, "machine": {...}, "results": [ {...}, ... ]}
// Each result carries at least workload, algorithm, location, mb_per_s (decimal MB/s), seconds, bytes,
// streams, cache; plus verdict, served_from_cache, memory_backed, limit_mb_per_s, efficiency, evidence
// (the reason code and its numbers), device and samples when analysed.
std::string toJson(const std::vector<RunResult>& results, const ExportOptions& options = {});

// One header row, then one row per result (no samples). RFC 4180 quoting; a cell a spreadsheet would run as a
// formula (starting with = + - @, a tab or CR, and not a number) begins with a ' (OWASP).
std::string toCsv(const std::vector<RunResult>& results);
// The CSV column names, in order.
const std::vector<std::string>& csvColumns();
// Any table as CSV with the same quoting (the first row is the header); used by the history exports.
std::string csvTable(const std::vector<std::vector<std::string>>& rows);

}  // namespace hashscope
