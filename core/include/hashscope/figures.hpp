// The figures of one result, one per idea, made once: its speed, the spread of its passes, its limit and the
// limit's source, its share of the limit, its verdict and its marks. Every view (GUI, CLI, CSV, JSON, HTML,
// the evidence sentence) renders these values and computes none of them again.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hashscope/results.hpp"

namespace hashscope {

// Where a result's limit comes from: what its words name ("reading alone", "what the disk delivered during the
// sha256 hash-file step", "md5 on one core").
enum class LimitSource {
  None,        // no limit was measured for it
  ReadAlone,   // the location's read step
  ReadBeside,  // reads run between this result's own passes (a RAM-backed location)
  Delivered,   // what the location's device delivered during a hash step (Figures::limitStep names it)
  DeliveredOwn,  // what the device delivered during this result's own fastest pass
  HashCore,    // the algorithm hashing in RAM on one core, per core (times the streams where they scale)
  HashThreads, // the algorithm hashing in RAM with all its threads (BLAKE3's tree)
  OwnCpuTime,  // a hash-memory result: its own passes per second of its thread's CPU time (a whole core)
};
std::string_view toString(LimitSource source);  // "none", "read-alone", "read-beside", "delivered", ...
std::optional<LimitSource> parseLimitSource(std::string_view text);

// The step a result is, in a few words: "sha256 hash-file", "read", "md5 hash-memory".
std::string stepLabel(const RunResult& result);

struct Figures {
  // Its speed: the median of its own passes (wall clock, all streams together), and the spread of the same
  // passes. A result with one pass has no spread (min = max = mbps, passes = 1).
  double mbps = 0, minMBps = 0, maxMBps = 0;
  int passes = 1;
  // Its limit and where it comes from (limitMBps 0: none measured).
  double limitMBps = 0;
  LimitSource limitSource = LimitSource::None;
  std::string limitStep;       // Delivered: the step during which the device delivered it ("sha256 hash-file")
  // Its share of the limit (mbps / limitMBps), when the limit is known and trusted; absent when the analysis
  // flagged the limit unreliable.
  std::optional<double> share;
  Verdict verdict = Verdict::Unknown;
  VerdictReason reason = VerdictReason::NoCounters;
  bool analysed = false;
  // Its marks: every flag the analysis gave it (and served-from-cache where the analysis found it without a
  // flag), in the analysis's order. A mark stays with the result in every view, during and after the run.
  std::vector<Flag> marks;
  // A hash-memory result: its algorithm's per-core figure, pooled from every hash-memory pass of the run at
  // that point (its own place and label: "md5 per core"; per CPU second), with the spread of those passes.
  std::optional<Spread> perCore;
  // A read step of a device: the most the device delivered during a hash step of the same location, when that
  // is above the read's fastest pass (the disk gave more than "reading alone" showed), and during which step.
  double deliveredMBps = 0;
  std::string deliveredStep;

  bool failed = false;  // failed or cancelled: no usable figure
  bool hasMark(FlagCode code) const;
};

// The figures of `result` (analysed or not). Pure: the same result gives the same figures, live or loaded.
Figures figuresOf(const RunResult& result);

// A share this close to 1 or above is "at the limit" (noise of the limit's own passes, up to
// kMaxPlausibleEfficiency): no view shows a share above 100%.
inline constexpr double kAtLimitShare = 0.995;

}  // namespace hashscope
