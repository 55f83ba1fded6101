#include "logic/live_timeline.hpp"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "logic/chart_labels.hpp"
#include "logic/result_text.hpp"

namespace hashscope::gui {

namespace {
QString tr(const char* text) { return QCoreApplication::translate("hashscope::gui::LiveTimeline", text); }
constexpr std::size_t kMaxBands = 1000;
// A rate over a few milliseconds is noise: the sampler's last sample, taken when the work has just
// stopped, often covers only the tail (a tool exiting, threads joining). Such samples are not drawn.
constexpr double kMinPlotInterval = 0.03;
}  // namespace

double timeAxisEnd(double lastT, bool running)
{
  if (!(lastT > 0) || !std::isfinite(lastT))
    return 10;
  if (!running)
    return std::max(lastT, 0.1);
  // About eight ticks' worth: the axis grows by at most an eighth of what is shown, so the data fills
  // 85-100% of the width and the axis moves about once every tick's worth of seconds.
  const double raw = lastT / 8;
  const double exponent = std::pow(10.0, std::floor(std::log10(raw)));
  double step = 10 * exponent;
  for (double m : {1.0, 2.0, 2.5, 5.0}) {
    if (m * exponent >= raw) {
      step = m * exponent;
      break;
    }
  }
  return std::max(1.0, (std::floor(lastT / step) + 1) * step);  // the first second: one axis, not ten
}

void BoundedSeries::append(QPointF point)
{
  m_points.append(point);
  if (m_points.size() > m_max)
    halve();
}

void BoundedSeries::appendBreak()
{
  if (!m_points.isEmpty() && !isLineBreak(m_points.back()))
    m_points.append(lineBreak());
}

void BoundedSeries::halve()
{
  // Average pairs, keep the newest point exact so the live edge of the chart does not move. A pair with
  // a line break is kept as it is: averaging would lose the break, or pull a piece's end into the gap.
  QList<QPointF> out;
  out.reserve(m_points.size() / 2 + 1);
  const qsizetype last = m_points.size() - 1;
  qsizetype i = 0;
  for (; i + 1 < last; i += 2) {
    if (isLineBreak(m_points[i]) || isLineBreak(m_points[i + 1]))
      out << m_points[i] << m_points[i + 1];
    else
      out.append((m_points[i] + m_points[i + 1]) / 2.0);
  }
  for (; i <= last; ++i)
    out.append(m_points[i]);
  m_points = std::move(out);
}

LiveTimeline::LiveTimeline(int maxPoints)
    : m_max(maxPoints), m_total(maxPoints), m_workerCpu(maxPoints), m_systemCpu(maxPoints),
      m_diskBusy(maxPoints), m_diskRead(maxPoints)
{
}

void LiveTimeline::clear()
{
  m_total.clear();
  m_streams.clear();
  m_workerCpu.clear();
  m_systemCpu.clear();
  m_diskBusy.clear();
  m_diskRead.clear();
  m_bands.clear();
  m_stepOffsets.clear();
  m_steps.clear();
  m_waits.clear();
  m_currentStep = -1;
  m_lastStepT = 0;
  m_lastT = 0;
  m_received = 0;
  m_anyDisk = false;
}

void LiveTimeline::beginStep(const SuiteStep& step)
{
  Step& s = m_steps[step.index];
  s.label = stepLabel(step);
  s.peer = step.spec.workload == Workload::PeerTool;
}

void LiveTimeline::breakStepLines()
{
  // Between steps (and passes) nothing hashes or reads: the lines stop instead of bridging the gap.
  // System CPU goes on where it was measured: through the waits for a quiet machine (addWait).
  m_total.appendBreak();
  for (BoundedSeries& stream : m_streams)
    stream.appendBreak();
  m_workerCpu.appendBreak();
  m_diskBusy.appendBreak();
  m_diskRead.appendBreak();
}

void LiveTimeline::add(const LiveSample& live)
{
  const Sample& s = live.sample;
  const double t = live.t;
  const bool newStep = live.step != m_currentStep;
  if (newStep || s.t < m_lastStepT)  // another step, or the step's next pass (its clock restarts)
    breakStepLines();
  m_currentStep = live.step;
  m_lastStepT = s.t;
  if (!m_stepOffsets.count(live.step))
    m_stepOffsets[live.step] = live.t - s.t;
  Step& step = m_steps[live.step];
  if (step.label.isEmpty())
    step.label = tr("step %1").arg(live.step + 1);
  if (step.from < 0)
    step.from = std::max(0.0, live.t - s.t);
  step.to = std::max(step.to, t);
  ++m_received;
  m_lastT = std::max(m_lastT, t);
  m_systemCpu.append({t, std::clamp(s.cpuBusyPct, 0.0, 100.0)});
  if (s.interval < kMinPlotInterval)
    return;

  // A sample is the mean over its interval: a piece starts at the start of its first interval, so even
  // a step with one sample is drawn (as a short flat line).
  const double from = std::max(0.0, t - s.interval);
  auto put = [&](BoundedSeries& series, double value) {
    if (series.points().isEmpty() || isLineBreak(series.points().back()))
      series.append({from, value});
    series.append({t, value});
  };
  put(m_total, s.totalMBps);

  const std::size_t streams = s.streamMBps.size();
  while (m_streams.size() < streams)
    m_streams.emplace_back(m_max);
  if (streams > 1) {
    for (std::size_t i = 0; i < streams; ++i)
      put(m_streams[i], s.streamMBps[i]);
  }

  if (!s.workerCpuPct.empty() && !step.peer) {
    const double mean = std::accumulate(s.workerCpuPct.begin(), s.workerCpuPct.end(), 0.0) /
                        double(s.workerCpuPct.size());
    put(m_workerCpu, std::clamp(mean, 0.0, 100.0));
  }
  if (s.diskValid) {
    m_anyDisk = true;
    put(m_diskBusy, std::clamp(s.diskBusyPct, 0.0, 100.0));
    put(m_diskRead, std::max(0.0, s.diskReadMBps));
  }
  if (s.verdict != Verdict::Unknown)
    addBand(t - s.interval, t, s.verdict);
}

void LiveTimeline::endStep(double t)
{
  m_lastT = std::max(m_lastT, t);
  if (const auto it = m_steps.find(m_currentStep); it != m_steps.end() && it->second.from >= 0)
    it->second.to = std::max(it->second.to, t);
  breakStepLines();
  m_systemCpu.appendBreak();  // nothing measured it until the next wait or step: no line across the gap
}

void LiveTimeline::addWait(double t, const QuietWait& wait)
{
  const double window = QuietPolicy::kWindowSeconds;
  const double from = std::max(0.0, t - window);
  if (m_systemCpu.points().isEmpty() || isLineBreak(m_systemCpu.points().back()))
    m_systemCpu.append({from, std::clamp(wait.systemBusyPct, 0.0, 100.0)});
  m_systemCpu.append({t, std::clamp(wait.systemBusyPct, 0.0, 100.0)});
  m_lastT = std::max(m_lastT, t);
  // The quick check before each step on a quiet machine is no wait worth a name.
  const bool named = wait.waited > 1.5 * window || wait.otherCores >= kQuietOtherCores;
  if (!m_waits.empty() && m_waits.back().open) {
    Wait& w = m_waits.back();
    w.to = t;
    w.peakOthers = std::max(w.peakOthers, wait.otherCores);
  } else if (named) {
    m_waits.push_back({std::max(0.0, t - std::max(wait.waited, window)), t, wait.otherCores, wait.cores, true});
  }
}

void LiveTimeline::endWait(double t)
{
  if (!m_waits.empty() && m_waits.back().open) {
    m_waits.back().to = std::max(m_waits.back().to, t);
    m_waits.back().open = false;
  }
  m_lastT = std::max(m_lastT, t);
  m_systemCpu.appendBreak();
}

void LiveTimeline::applyFinalVerdicts(int step, const RunResult& result)
{
  if (const auto s = m_steps.find(step); s != m_steps.end())
    s->second.result = result.ok() && result.bytes > 0 && result.seconds > 0 ? result.mbPerSec() : -1;
  const auto it = m_stepOffsets.find(step);
  if (it == m_stepOffsets.end() || result.samples.empty())
    return;
  const double offset = it->second;
  const double from = offset + result.samples.front().t - result.samples.front().interval;
  const double to = offset + result.samples.back().t;
  std::erase_if(m_bands, [&](const BandData& b) { return b.from >= from - 1e-9 && b.to <= to + 1e-9; });
  for (const Sample& s : result.samples) {
    if (s.verdict != Verdict::Unknown)
      addBand(offset + s.t - s.interval, offset + s.t, s.verdict);
  }
  std::sort(m_bands.begin(), m_bands.end(), [](const BandData& a, const BandData& b) { return a.from < b.from; });
}

void LiveTimeline::addBand(double from, double to, Verdict verdict)
{
  from = std::max(0.0, from);
  if (!m_bands.empty()) {
    BandData& last = m_bands.back();
    // Merge touching intervals of the same verdict: one band per stretch, not one per sample.
    if (last.verdict == verdict && from <= last.to + 0.05 && from >= last.from) {
      last.to = std::max(last.to, to);
      return;
    }
  }
  m_bands.push_back({from, to, verdict});
  if (m_bands.size() > kMaxBands)
    m_bands.erase(m_bands.begin());
}

QList<LineData> LiveTimeline::throughputLines() const
{
  QList<LineData> lines;
  lines.append({tr("Total"), m_total.points(), 0, m_streams.size() > 1 ? LineLook::Strong : LineLook::Theme});
  if (m_streams.size() > 1) {  // with one stream, its line would only repeat the total
    for (std::size_t i = 0; i < m_streams.size(); ++i)
      lines.append({tr("Stream %1").arg(i + 1), m_streams[i].points(), 0});
  }
  return lines;
}

QList<LineData> LiveTimeline::bottleneckLines(bool alwaysDisk) const
{
  QList<LineData> lines;
  lines.append({tr("Hashing threads CPU %"), m_workerCpu.points(), 0, LineLook::Strong});
  lines.append({tr("System CPU %"), m_systemCpu.points(), 0, LineLook::Faint});
  if (m_anyDisk || alwaysDisk) {
    lines.append({tr("Disk busy %"), m_diskBusy.points(), 0, LineLook::Dotted});
    lines.append({tr("Disk read MB/s"), m_diskRead.points(), 1, LineLook::Dashed});
  }
  return lines;
}

QList<BandData> LiveTimeline::bands() const { return QList<BandData>(m_bands.begin(), m_bands.end()); }

QList<StepSpan> LiveTimeline::steps() const
{
  QList<StepSpan> out;
  for (const auto& [index, step] : m_steps) {
    if (step.from < 0)
      continue;  // announced, but no sample yet (or it failed before sampling)
    out.append({step.from, std::max(step.to, step.from), step.label,
                step.result >= 0 ? formatMBps(step.result) : QString()});
  }
  for (const Wait& w : m_waits) {
    StepSpan span{w.from, std::max(w.to, w.from), tr("waiting"), QString(), true};
    span.value = tr("for a quiet machine: other processes used up to %1 of %2 cores")
                     .arg(QString::number(w.peakOthers, 'f', 1), QString::number(std::lround(w.cores)));
    out.append(span);
  }
  std::stable_sort(out.begin(), out.end(), [](const StepSpan& a, const StepSpan& b) { return a.from < b.from; });
  return out;
}

}  // namespace hashscope::gui
