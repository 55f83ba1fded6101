// LinePlot's left axis (split from line_plot.cpp): its range from the lines, following the running step on a
// linear scale, or logarithmic where the steps' speeds are too far apart for one linear scale.
#include <QCoreApplication>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

#include "charts/chart_style.hpp"
#include "charts/line_pieces.hpp"
#include "charts/line_plot.hpp"

namespace hashscope::gui::charts {

void LinePlot::fitAxes(const QList<LineData>& lines)
{
  // Ranges change only when data leaves them, so the axes do not jitter at every tick.
  double xMax = 0, y2Max = 0;
  for (const LineData& line : lines) {
    for (const QPointF& p : line.points) {
      if (isLineBreak(p))
        continue;
      xMax = std::max(xMax, p.x());
      if (line.axis == 1)
        y2Max = std::max(y2Max, p.y());
    }
  }
  if (!m_sharedX && xMax > m_xMax) {
    m_xMax = m_setup.integerX ? std::max(2.0, std::ceil(xMax)) : niceCeiling(xMax * 1.05);
    if (m_setup.integerX)
      setCountRange(m_x, m_xMax);
    else
      setNiceRange(m_x, 0, m_xMax);
    layoutSteps();
  }

  if (m_log.on) {
    m_yLog->setRange(m_log.floor, m_log.top);
    m_yRange = {m_log.floor, m_log.top, 0, true};
  } else if (m_setup.yMax <= 0) {
    // With yFollowsCurrent the left axis fits the running step alone. A suite mixes in-memory steps at
    // tens of GB/s with disk steps at a few hundred MB/s: one scale for all draws the disk steps as a
    // flat line on the floor. A log axis would keep every step in view but squeezes the running step's
    // ups and downs (what a live view is for) into a sliver and invites misreading ratios; per-step
    // normalisation would lose the MB/s. So: the running step in MB/s, full height; earlier steps faint
    // behind it, clipped at the top when they were faster (their speeds are in the step names).
    const double from = m_setup.yFollowsCurrent && !lines.isEmpty() ? lastPieceStart(lines.front().points) : -1;
    double yMax = 0;
    for (const LineData& line : lines) {
      if (line.axis == 1)
        continue;
      for (const QPointF& p : line.points) {
        if (!isLineBreak(p) && p.x() >= from - 1e-9)
          yMax = std::max(yMax, p.y());
      }
    }
    // Earlier steps of about the running step's size share its scale, so they are not cut off at the top.
    if (from >= 0 && yMax > 0) {
      const double running = yMax;
      for (const LineData& line : lines) {
        if (line.axis == 1)
          continue;
        for (const QList<QPointF>& piece : piecesOf(line.points)) {
          double top = 0;
          for (const QPointF& p : piece)
            top = std::max(top, p.y());
          if (!piece.isEmpty() && piece.back().x() < from - 1e-9 && top <= kSharedScaleRatio * running)
            yMax = std::max(yMax, top);
        }
      }
    }
    if ((from != m_currentFrom || m_yRange.logarithmic) && yMax > 0) {  // a new step, or back from the log scale
      m_currentFrom = from;  // a new step with data: its own scale, even when that is a smaller one
      m_yRange = niceTicks(yMax * 1.05);
    } else if (yMax > m_yRange.max) {
      m_yRange = niceTicks(yMax * 1.05);
    }
  }
  m_y2Peak = std::max(m_y2Peak, y2Max);
  m_y2Range = ticksWithIntervals(std::max(m_y2Peak * 1.05, 1.0), m_yRange.intervals());
  applyY();
}

LinePlot::LogScale LinePlot::logScaleFor(const QList<LineData>& lines) const
{
  // The running step on its own linear scale clipped a hash in RAM at 28-54 GB/s off the top beside disk
  // steps at a few hundred MB/s (or flattened the disk steps when the RAM step ran): where the steps' peaks
  // differ more than kSharedScaleRatio, a log scale over whole powers of ten keeps every step in view, each
  // one's ups and downs at the same proportion. The first line (the total) decides.
  if (!m_yLog || lines.isEmpty())
    return {};
  const QList<double> peaks = piecePeaks(lines.front().points);
  if (peaks.size() < 2)
    return {};
  const auto [low, high] = std::minmax_element(peaks.begin(), peaks.end());
  if (*high <= kSharedScaleRatio * *low)
    return {};
  return {true, std::pow(10.0, std::floor(std::log10(*low / 4))), std::pow(10.0, std::ceil(std::log10(*high * 1.1)))};
}

QAbstractAxis* LinePlot::leftAxis() const
{
  return m_log.on ? static_cast<QAbstractAxis*>(m_yLog) : static_cast<QAbstractAxis*>(m_y);
}

void LinePlot::useLogScale(const LogScale& scale)
{
  if (!m_yLog || (scale.on == m_log.on && (!scale.on || (scale.floor == m_log.floor && scale.top == m_log.top))))
    return;
  const bool moves = scale.on != m_log.on;
  QAbstractAxis* from = leftAxis();
  m_log = scale;
  QAbstractAxis* to = leftAxis();
  if (m_log.on)
    m_yLog->setRange(m_log.floor, m_log.top);
  for (Line& line : m_lines) {
    if (line.axis != 0)
      continue;
    QList<QLineSeries*> series = line.pieces;
    series.append(line.key);
    for (QLineSeries* s : series) {
      if (moves) {
        s->detachAxis(from);
        s->attachAxis(to);
      }
    }
    line.shown.fill({-1, QPointF()});  // every piece again: clamped to the new floor, or no longer clamped
  }
  if (moves) {
    from->setVisible(false);
    to->setVisible(true);
    fitAxisTitles();
  }
}

}  // namespace hashscope::gui::charts
