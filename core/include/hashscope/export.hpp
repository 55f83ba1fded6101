// Exports shared by the CLI and the GUI: JSON ("schema": "hashscope.run/2") and CSV.
#pragma once

#include <string>
#include <vector>

#include "hashscope/results.hpp"

namespace hashscope {

// /2 adds, to every /1 field (same names, same meaning; mb_per_s is now the median pass): passes,
// mb_per_s_min, mb_per_s_max, own_read_bytes, other_cores and flags. A /1 reader reads /2 unchanged.
inline constexpr const char* kRunSchema = "hashscope.run/2";

struct ExportOptions {
  bool includeSamples = true;   // the sampled time series in JSON
  bool pretty = true;
};

// {"schema": "hashscope.run/2", "tool": {...}, "machine": {...}, "results": [ {...}, ... ]}
// Each result carries at least workload, algorithm, location, mb_per_s (decimal MB/s), seconds, bytes,
// streams, cache; plus verdict, served_from_cache, memory_backed, limit_mb_per_s, efficiency, evidence,
// device and samples when analysed.
std::string toJson(const std::vector<RunResult>& results, const ExportOptions& options = {});

// One header row, then one row per result (no samples). RFC 4180 quoting.
std::string toCsv(const std::vector<RunResult>& results);
// The CSV column names, in order.
const std::vector<std::string>& csvColumns();

}  // namespace hashscope
