#include "progress.hpp"

#include "common.hpp"
#include "names.hpp"
#include "os.hpp"

#include "hashscope/waits.hpp"

#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <cstdio>

namespace hashscope::cli {

namespace {

constexpr auto kTick = std::chrono::milliseconds(100); // at most 10 redraws a second
constexpr double kShowAfterSeconds = 1.0;              // short work shows no bar at all
bool g_barVisible = false;                             // guarded by consoleMutex()

std::mutex& consoleMutex()
{
  static std::mutex mutex;
  return mutex;
}

void clearLocked()
{
  if (!g_barVisible)
    return;
  std::fputs("\r\033[K", stderr);
  std::fflush(stderr);
  g_barVisible = false;
}

} // namespace

bool writeConsole(std::FILE* stream, std::string_view text)
{
  std::lock_guard lock(consoleMutex());
  clearLocked();
  // writeFully, not fwrite: a pipe nobody reads must not keep the process from stopping on Ctrl-C.
  return writeFully(stream, text);
}

void clearProgressLine()
{
  std::lock_guard lock(consoleMutex());
  clearLocked();
}

std::string formatDuration(double seconds)
{
  if (!std::isfinite(seconds) || seconds < 0)
    return "--:--";
  const auto total = static_cast<long long>(std::llround(seconds));
  char buffer[32];
  if (total >= 3600)
    std::snprintf(buffer, sizeof buffer, "%lld:%02lld:%02lld", total / 3600, total / 60 % 60, total % 60);
  else
    std::snprintf(buffer, sizeof buffer, "%lld:%02lld", total / 60, total % 60);
  return buffer;
}

ProgressBar::ProgressBar(bool enabled, std::function<ProgressState()> poll) : m_poll(std::move(poll))
{
  m_start = m_labelStart = std::chrono::steady_clock::now();
  if (enabled && m_poll)
    m_thread = std::jthread([this](std::stop_token stop) { run(stop); });
}

ProgressBar::~ProgressBar()
{
  if (m_thread.joinable()) {
    m_thread.request_stop();
    m_thread.join();
  }
  clearProgressLine();
}

void ProgressBar::run(std::stop_token stop)
{
  // Waits on a condition variable (not sleep_for) so destruction wakes the ticker at once.
  std::mutex mutex;
  std::condition_variable_any wake;
  std::unique_lock lock(mutex);
  auto next = m_start + kTick;
  while (!stop.stop_requested()) {
    if (waitUntilOrStop(wake, lock, stop, next, [] { return false; }))
      break;
    next += kTick;
    const auto now = std::chrono::steady_clock::now();
    if (next < now)
      next = now + kTick;
    const double elapsed = std::chrono::duration<double>(now - m_start).count();
    if (elapsed < kShowAfterSeconds)
      continue;
    draw(m_poll(), elapsed);
  }
}

void ProgressBar::draw(const ProgressState& state, double elapsed)
{
  const auto now = std::chrono::steady_clock::now();
  if (state.label != m_lastLabel) {
    // A new phase: its rate starts from here, not from the start of the whole command. The first phase
    // started with the bar (bytes done before the first draw count too).
    if (m_drawn) {
      m_labelStart = now;
      m_labelStartBytes = state.done;
    }
    m_lastLabel = state.label;
  }
  m_drawn = true;
  double fraction = state.fraction;
  if (fraction < 0 && state.total > 0)
    fraction = static_cast<double>(state.done) / static_cast<double>(state.total);
  fraction = std::clamp(fraction, -1.0, 1.0);

  double rate = state.mbPerSec;
  const double phaseSeconds = std::chrono::duration<double>(now - m_labelStart).count();
  if (rate < 0 && phaseSeconds > 0 && state.done >= m_labelStartBytes)
    rate = static_cast<double>(state.done - m_labelStartBytes) / phaseSeconds / 1e6;

  std::string eta = "--:--";
  if (fraction > 0.001)
    eta = formatDuration(elapsed / fraction - elapsed);

  char numbers[96];
  if (fraction >= 0)
    std::snprintf(numbers, sizeof numbers, " %3.0f%%  %8.1f MB/s  ETA %s", fraction * 100,
                  rate < 0 ? 0.0 : rate, eta.c_str());
  else
    std::snprintf(numbers, sizeof numbers, "  %8.1f MB/s", rate < 0 ? 0.0 : rate);

  const int columns = std::max(40, terminalColumns() - 1);
  std::string label = shownText(state.label);  // step titles name locations: no raw control character
  const int barWidth = fraction >= 0 ? std::clamp(columns - static_cast<int>(std::string(numbers).size()) -
                                                      static_cast<int>(label.size()) - 4,
                                                  10, 40)
                                     : 0;
  const int room = columns - static_cast<int>(std::string(numbers).size()) - (barWidth ? barWidth + 3 : 0);
  if (room > 4 && static_cast<int>(label.size()) > room - 1)
    label = label.substr(0, static_cast<std::size_t>(room - 4)) + "...";

  std::string line = "\r\033[K" + label;
  if (barWidth > 0) {
    const int filled = static_cast<int>(fraction * barWidth + 0.5);
    line += " [" + std::string(static_cast<std::size_t>(filled), '#') +
            std::string(static_cast<std::size_t>(barWidth - filled), ' ') + "]";
  }
  line += numbers;

  std::lock_guard lock(consoleMutex());
  std::fputs(line.c_str(), stderr);
  std::fflush(stderr);
  g_barVisible = true;
}

} // namespace hashscope::cli
