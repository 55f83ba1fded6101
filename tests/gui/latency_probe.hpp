// LatencyProbe: how quickly the GUI thread answers while a benchmark runs. Used by the end-to-end test
// (a hang bound) and by the hidden "[.bench]" measurement that tests/bench/stop_latency.sh runs.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QTimer>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "hashscope/workload.hpp"

namespace hashscope::gui::test {

// Measures how long the GUI event loop takes to run a queued call, over and over, while a run goes on.
// Two clocks per call: wall time, and the GUI thread's own CPU time over the same wait. On a loaded
// machine the OS may deschedule the GUI thread (wall time grows, CPU time does not): that is the
// machine, not the app. CPU time spent before answering is what the app itself costs.
class LatencyProbe : public QObject {
public:
  void start()
  {
    m_running = true;
    m_clock.start();
    m_cpu = hashscope::currentThreadClock();
    post();
  }
  void stop() { m_running = false; }
  double maxMs() const { return m_maxNs / 1e6; }
  double maxBusyMs() const { return m_maxBusy * 1e3; }
  double percentileMs(double p) const
  {
    if (m_all.empty())
      return 0;
    std::vector<qint64> sorted = m_all;
    std::sort(sorted.begin(), sorted.end());
    return double(sorted[std::min(sorted.size() - 1, std::size_t(p * double(sorted.size())))]) / 1e6;
  }
  int count() const { return m_count; }
  QString slow() const { return m_slow; }
  // One line for failure messages and the benchmark script.
  std::string summary() const
  {
    return "queued calls answered: " + std::to_string(count()) + ", wall p50 " + std::to_string(percentileMs(0.5)) +
           " ms, p99 " + std::to_string(percentileMs(0.99)) + " ms, worst " + std::to_string(maxMs()) +
           " ms; GUI thread busy at most " + std::to_string(maxBusyMs()) + " ms; slow: " + slow().toStdString();
  }

private:
  // Both waits count: the 2 ms timer firing late and the queued call being answered late, so a block
  // that starts while the probe sleeps is measured too.
  void record(qint64 latency, double busy, qint64 at)
  {
    m_maxNs = std::max(m_maxNs, latency);
    m_maxBusy = std::max(m_maxBusy, busy);
    m_all.push_back(latency);
    if (latency > 20'000'000)
      m_slow += QStringLiteral("%1 ms (GUI thread busy %2 ms) at %3 ms; ").arg(latency / 1e6).arg(busy * 1e3).arg(at / 1e6);
  }
  void post()
  {
    const qint64 sent = m_clock.nsecsElapsed();
    const double sentCpu = m_cpu->cpuSeconds();
    QMetaObject::invokeMethod(
        this,
        [this, sent, sentCpu] {
          record(m_clock.nsecsElapsed() - sent, m_cpu->cpuSeconds() - sentCpu, sent);
          ++m_count;
          if (!m_running)
            return;
          const qint64 due = m_clock.nsecsElapsed() + 2'000'000;
          const double dueCpu = m_cpu->cpuSeconds();
          QTimer::singleShot(2, Qt::PreciseTimer, this, [this, due, dueCpu] {
            record(std::max<qint64>(0, m_clock.nsecsElapsed() - due), m_cpu->cpuSeconds() - dueCpu, due);
            post();
          });
        },
        Qt::QueuedConnection);
  }
  QElapsedTimer m_clock;
  std::shared_ptr<hashscope::ThreadClock> m_cpu;
  qint64 m_maxNs = 0;
  double m_maxBusy = 0;
  std::vector<qint64> m_all;
  int m_count = 0;
  bool m_running = false;
  QString m_slow;
};

}  // namespace hashscope::gui::test
