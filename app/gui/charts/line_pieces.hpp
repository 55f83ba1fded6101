// What the line charts' two files share (private to charts/): a line is drawn in pieces, one per stretch between
// lineBreak()s (a pass, a step), and the live scale looks at each piece's peak; a count axis's ticks.
#pragma once

#include <QList>
#include <QPointF>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

#include "logic/chart_data.hpp"

namespace hashscope::gui::charts {

// How much faster an earlier step may be and still share the running step's scale: a disk step at 1.2 GB/s
// stays in view next to a hash at 700 MB/s. Steps further apart than this (a hash in RAM at 40 GB/s beside a
// disk) put the live chart on a log scale, rather than leave one above the top or flatten the other.
inline constexpr double kSharedScaleRatio = 4.0;

// The stretches of `points` between line breaks (empty stretches dropped).
inline QList<QList<QPointF>> piecesOf(const QList<QPointF>& points)
{
  QList<QList<QPointF>> pieces(1);
  for (const QPointF& p : points) {
    if (!isLineBreak(p))
      pieces.back().append(p);
    else if (!pieces.back().isEmpty())
      pieces.append(QList<QPointF>());
  }
  if (pieces.back().isEmpty())
    pieces.removeLast();
  return pieces;
}

// Where the last piece of `points` starts, or -1 when there is none.
inline double lastPieceStart(const QList<QPointF>& points)
{
  double start = -1;
  bool inPiece = false;
  for (const QPointF& p : points) {
    if (isLineBreak(p)) {
      inPiece = false;
    } else if (!inPiece) {
      start = p.x();
      inPiece = true;
    }
  }
  return start;
}

// The peak of each piece of `points` (one per pass of each step) of three points or more (a pass's first
// sample alone says little), the pieces without a positive point left out.
inline QList<double> piecePeaks(const QList<QPointF>& points)
{
  QList<double> peaks;
  double top = 0;
  int count = 0;
  const auto close = [&] {
    if (top > 0 && count >= 3)
      peaks.append(top);
    top = 0;
    count = 0;
  };
  for (const QPointF& p : points) {
    if (isLineBreak(p)) {
      close();
      continue;
    }
    top = std::max(top, p.y());
    ++count;
  }
  close();
  return peaks;
}

// A count axis (streams): whole-number ticks, with a little room so the end points are not on the edges.
inline void setCountRange(QValueAxis* axis, double max)
{
  axis->setTickType(QValueAxis::TicksDynamic);
  axis->setTickInterval(std::max(1.0, std::ceil((max - 1) / 10)));  // before the range: see applyRange
  axis->setTickAnchor(1);
  axis->setRange(0.75, max + 0.25);
  axis->setLabelFormat(QStringLiteral("%d"));
}

}  // namespace hashscope::gui::charts
