// What a running benchmark is doing right now, named for the status line: writing a sample, waiting for a
// quiet machine (and for how long, on what), a pass of a step (and what comes before its measurement).
#pragma once

#include <QString>

#include "hashscope/suite.hpp"

namespace hashscope::gui {

struct RunPhase {
  enum class Kind { Idle, Preparing, Writing, Waiting, Step, Stopping };
  Kind kind = Kind::Idle;
  // Writing
  QString location;
  double fraction = 0, mbps = 0;
  // Waiting
  QuietWait wait;
  // Step (and Waiting: the step that waits)
  int step = 0, total = 0;  // 1-based number of the step, and the plan's count
  int stepIndex = -1;       // the step's index in the plan
  QString title;
  int pass = 0, passes = 0;
  Workload workload = Workload::HashFile;
  CacheMode cache = CacheMode::Cold;
  bool measuring = false;   // the pass's sampler has started (before it: warm-up reads, eviction)
  // The run stopped waiting for a quiet machine (a wait timed out, did not help, or was skipped).
  bool quietGivenUp = false;
  QuietOutcome quietOutcome = QuietOutcome::Quiet;
};

// One line for the status bar: "Step 3 of 14: md5 hash-file (cold), /tmp: pass 2 of 3",
// "Waiting for a quiet machine before step 3 of 14: other processes use 1.3 of 2 cores (4 of 20 s)".
QString phaseText(const RunPhase& phase);
// Why the run no longer waits for a quiet machine (empty while it still does, or never did).
QString quietGivenUpText(const RunPhase& phase);

}  // namespace hashscope::gui
