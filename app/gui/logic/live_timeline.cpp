#include "logic/live_timeline.hpp"

#include <QCoreApplication>

#include <algorithm>
#include <numeric>

namespace hashscope::gui {

namespace {
QString tr(const char* text) { return QCoreApplication::translate("hashscope::gui::LiveTimeline", text); }
constexpr std::size_t kMaxBands = 1000;
}  // namespace

void BoundedSeries::append(QPointF point)
{
  m_points.append(point);
  if (m_points.size() > m_max)
    halve();
}

void BoundedSeries::halve()
{
  // Average pairs, keep the newest point exact so the live edge of the chart does not move.
  QList<QPointF> out;
  out.reserve(m_points.size() / 2 + 1);
  const qsizetype last = m_points.size() - 1;
  for (qsizetype i = 0; i + 1 < last; i += 2)
    out.append((m_points[i] + m_points[i + 1]) / 2.0);
  if (last % 2 == 1)
    out.append(m_points[last - 1]);
  out.append(m_points[last]);
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
  m_activeStreams.clear();
  m_lastT = 0;
  m_received = 0;
  m_anyDisk = false;
}

void LiveTimeline::add(const LiveSample& live)
{
  const Sample& s = live.sample;
  const double t = live.t;
  if (!m_stepOffsets.count(live.step)) {
    m_stepOffsets[live.step] = live.t - s.t;
    // The step starts from zero throughput: lines rise from its start instead of bridging from the last step.
    const double start = std::max(m_lastT, live.t - s.t);
    m_total.append({start, 0});
    m_workerCpu.append({start, 0});
    if (m_anyDisk) {
      m_diskBusy.append({start, 0});
      m_diskRead.append({start, 0});
    }
  }
  ++m_received;
  m_lastT = std::max(m_lastT, t);
  m_total.append({t, s.totalMBps});

  const std::size_t streams = s.streamMBps.size();
  while (m_streams.size() < streams)
    m_streams.emplace_back(m_max);
  m_activeStreams.resize(m_streams.size(), 0);
  if (streams > 1) {
    for (std::size_t i = 0; i < streams; ++i) {
      if (!m_activeStreams[i])
        m_streams[i].append({std::max(0.0, t - s.interval), 0});
      m_activeStreams[i] = 1;
      m_streams[i].append({t, s.streamMBps[i]});
    }
  }

  if (!s.workerCpuPct.empty()) {
    const double mean = std::accumulate(s.workerCpuPct.begin(), s.workerCpuPct.end(), 0.0) /
                        double(s.workerCpuPct.size());
    m_workerCpu.append({t, std::clamp(mean, 0.0, 100.0)});
  }
  m_systemCpu.append({t, std::clamp(s.cpuBusyPct, 0.0, 100.0)});
  if (s.diskValid) {
    m_anyDisk = true;
    m_diskBusy.append({t, std::clamp(s.diskBusyPct, 0.0, 100.0)});
    m_diskRead.append({t, std::max(0.0, s.diskReadMBps)});
  }
  if (s.verdict != Verdict::Unknown)
    addBand(t - s.interval, t, s.verdict);
}

void LiveTimeline::endStep(double t)
{
  m_lastT = std::max(m_lastT, t);
  m_total.append({m_lastT, 0});
  // Between steps nothing hashes or reads: drop those lines to zero instead of bridging the gap.
  // (System CPU is left alone: the machine is not idle just because HashScope is.)
  m_workerCpu.append({m_lastT, 0});
  if (m_anyDisk) {
    m_diskBusy.append({m_lastT, 0});
    m_diskRead.append({m_lastT, 0});
  }
  for (std::size_t i = 0; i < m_streams.size(); ++i) {
    if (i < m_activeStreams.size() && m_activeStreams[i])
      m_streams[i].append({m_lastT, 0});
  }
  std::fill(m_activeStreams.begin(), m_activeStreams.end(), 0);
}

void LiveTimeline::applyFinalVerdicts(int step, const RunResult& result)
{
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
  lines.append({tr("Total"), m_total.points(), 0});
  if (m_streams.size() > 1) {  // with one stream, its line would only repeat the total
    for (std::size_t i = 0; i < m_streams.size(); ++i)
      lines.append({tr("Stream %1").arg(i + 1), m_streams[i].points(), 0});
  }
  return lines;
}

QList<LineData> LiveTimeline::bottleneckLines(bool alwaysDisk) const
{
  QList<LineData> lines;
  lines.append({tr("Hashing threads CPU %"), m_workerCpu.points(), 0});
  lines.append({tr("System CPU %"), m_systemCpu.points(), 0});
  if (m_anyDisk || alwaysDisk) {
    lines.append({tr("Disk busy %"), m_diskBusy.points(), 0});
    lines.append({tr("Disk read MB/s"), m_diskRead.points(), 1});
  }
  return lines;
}

QList<BandData> LiveTimeline::bands() const { return QList<BandData>(m_bands.begin(), m_bands.end()); }

}  // namespace hashscope::gui
