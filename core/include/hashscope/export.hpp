// Exports shared by the CLI and the GUI: JSON ("schema": "hashscope.run/5") and CSV.
#pragma once

#include <string>
#include <vector>

#include "hashscope/results.hpp"

namespace hashscope {

// /2 adds, to every /1 field (same names, same meaning; mb_per_s is now the median pass): passes,
// mb_per_s_min, mb_per_s_max, own_read_bytes, other_cores and flags. A /1 reader reads /2 unchanged.
// /3 changes one field: "evidence" is no longer an English sentence but an object, {"reason": code,
// "hash_call_pct", "reader_cpu_pct", "disk_counters", "cores"}: the reader writes the sentence. Readers
// accept both (readRunDocument ignores the field).
// /4 adds, to every /3 field (same names; read_mb_per_s is the read ceiling at the result's own point and
// hash_mb_per_s the hash ceiling's own figure): hash_threads and queue_depth (the result's point, null when
// none), and "limit": {"hash": ceiling|null, "read": ceiling|null, "deeper": ceiling|null (a device: the most
// it gave with more reads in flight than this result, when more than the read side), "hash_missing",
// "read_missing"}, each
// ceiling {"at_mb_per_s" (what it allows at this result's point), "kind", "source", "basis", "algorithm",
// "mb_per_s" (its median pass), "mb_per_s_min", "mb_per_s_max", "passes", "streams", "threads_per_stream",
// "queue_depth", "access", "busy"}; a side that applies but was not measured at the result's point is null
// with its *_missing true. New codes: the reason "queue-depth-limited", the flag "within-reference-spread",
// the limit-unreliable reason "hash-reference-varied". /3 files load and re-analyse.
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
