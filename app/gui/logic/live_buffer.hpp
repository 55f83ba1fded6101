// The hand-off between the engine's sampler thread and the GUI thread: samples are pushed under a
// mutex and drained in one go by a GUI timer, so the GUI thread never waits on the engine.
#pragma once

#include <cstdint>
#include <mutex>
#include <vector>

#include "hashscope/results.hpp"

namespace hashscope::gui {

// One live sample, tagged with the run it belongs to and placed on the suite's time axis.
struct LiveSample {
  std::uint64_t runId = 0;
  int step = 0;
  int streams = 1;
  double t = 0;  // seconds since the suite started
  Sample sample;
};

// Thread-safe, bounded queue of LiveSamples (the oldest are dropped if nobody drains).
class LiveBuffer {
public:
  explicit LiveBuffer(std::size_t capacity = 20000) : m_capacity(capacity) {}
  void push(LiveSample sample);
  std::vector<LiveSample> drain();
  void clear();
  std::uint64_t dropped() const;

private:
  mutable std::mutex m_mutex;
  std::vector<LiveSample> m_pending;
  std::size_t m_capacity;
  std::uint64_t m_dropped = 0;
};

}  // namespace hashscope::gui
