// The progress bar on stderr: percent, MB/s and time left, redrawn at most 10 times a second by a
// ticker thread, shown only for work that lasts over a second and only when stderr is a terminal,
// and erased before normal output or error lines are printed.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

namespace hashscope::cli {

// What the bar shows at one moment. Filled by the poll function on the ticker thread, so the data it
// reads must be thread-safe (atomics, LiveCounters, or guarded by a mutex).
struct ProgressState {
  std::string label;       // "md5 hash-file (cold)" or "hashing 12 files"
  std::uint64_t done = 0;  // bytes done (drives MB/s when mbPerSec < 0)
  std::uint64_t total = 0; // bytes expected; 0 = unknown
  double fraction = -1;    // 0..1 overrides done/total when >= 0
  double mbPerSec = -1;    // overrides the rate computed from `done` when >= 0
};

// One bar for the lifetime of the object. A disabled bar costs nothing and draws nothing.
class ProgressBar {
public:
  ProgressBar(bool enabled, std::function<ProgressState()> poll);
  ~ProgressBar(); // stops the ticker and erases the bar
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

private:
  void run(std::stop_token stop);
  void draw(const ProgressState& state, double elapsed);

  std::function<ProgressState()> m_poll;
  std::chrono::steady_clock::time_point m_start;
  std::string m_lastLabel;
  std::chrono::steady_clock::time_point m_labelStart;
  std::uint64_t m_labelStartBytes = 0;
  bool m_drawn = false;
  std::jthread m_thread;
};

// Erases the bar currently on screen, if any (called before printing anything else on the terminal).
void clearProgressLine();
// Writes `text` to `stream` (stdout or stderr) after erasing the bar, under the console lock, and
// flushes. False on a write error, or when an interrupt arrived while the stream took no more data.
bool writeConsole(std::FILE* stream, std::string_view text);

// "1:05" / "1:02:03" for ETA displays.
std::string formatDuration(double seconds);

} // namespace hashscope::cli
