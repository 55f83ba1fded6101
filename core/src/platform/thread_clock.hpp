// Per-thread CPU clocks behind hashscope::ThreadClock, one implementation file per OS.
#pragma once

#include <memory>

#include "hashscope/workload.hpp"

namespace hashscope::platform {

// A thread's CPU clock that its own thread freezes just before it ends, so that later readers get the
// final value instead of asking the OS about a thread id that may have been reused.
class OwnThreadClock : public ThreadClock {
public:
  // Call on the clock's own thread, as its last act.
  virtual void freeze() = 0;
};

// The calling thread's clock.
std::shared_ptr<OwnThreadClock> makeThreadClock();

}  // namespace hashscope::platform
