// The CLI's words for the history: comparison tables and summaries, plans, rates and durations.
#pragma once

#include <string>

#include "hashscope/library.hpp"
#include "hashscope/planner.hpp"

namespace hashscope::cli {

// "610 MB/s", "16.7 GB/s" (decimal units, as the planner and peer tools count).
std::string formatRate(double mbps);
// "1 TB", "500 GB", "64 MB": decimal, up to three significant digits.
std::string formatDataSize(std::uint64_t bytes);
// "45 s", "11 min 7 s", "2 h 5 min", "1.2 days".
std::string formatSeconds(double seconds);
// "run 12 (2026-11-20 10:00, Example CPU (8 cores), "name")".
std::string describeRun(const RunRecord& record);

// One row per tile: base, other, change in %, spread, and a word (faster/slower/within spread/...).
std::string renderComparisonTable(const Comparison& comparison);
// "3 faster, 1 slower, 5 within the spread" (+ a note when the machines differ).
std::string comparisonSummary(const Comparison& comparison);

// The plan as sentences and a table. `source` names the run the numbers come from.
std::string renderPlan(const Plan& plan, const std::string& source);
// A fleet's plan: each machine, the fleet together, and how many machines like these the target needs.
std::string renderFleetPlan(const FleetPlan& plan);

}  // namespace hashscope::cli
