// One scoreboard tile: the big number, its unit, a coloured badge with its text (CPU / DISK / RAM /
// MIXED), "x% of the limit", the spread of the passes and a warning mark for flagged results. Focusable:
// a click, Enter or Space activates it (the scoreboard then shows its details). In a comparison it also
// shows the change against the other run.
#pragma once

#include <QFrame>

#include "logic/scoreboard.hpp"

class QLabel;

namespace hashscope::gui {

// `base` `factor` times as large, bold or not: the tiles' and the scoreboard headers' sizes.
QFont scaledFont(const QFont& base, double factor, bool bold);

class TileWidget : public QFrame {
  Q_OBJECT
public:
  explicit TileWidget(QWidget* parent = nullptr);
  // An unmeasured tile says why (ScoreTile::unmeasuredText: pending, not measured, stopped).
  void setTile(const ScoreTile& tile);
  // The change against another run: text such as "+10.0%", coloured green (faster), red (slower) or grey
  // (within the spread). An empty text hides it.
  enum class Delta { Faster, Slower, Within, Missing };
  void setDelta(const QString& text, Delta delta, const QString& toolTip);
  const ScoreTile& tile() const { return m_tile; }

  QString numberText() const;   // "610", "12.4", "…" while pending
  QString unitText() const;
  QString badgeText() const;
  QString limitText() const;
  QString spreadText() const;
  QString deltaText() const;
  bool hasWarning() const;
  QString warningToolTip() const;
  // At least the common card width (tiles line up), and never less than the contents need: an explicit
  // minimum width would let a narrow place (Compare's two boards side by side) clip the number.
  QSize minimumSizeHint() const override;
  // Grows the card with its fonts and margins (1 = the normal size): the scoreboard uses the room a large
  // window gives instead of leaving it empty.
  void setScale(double scale);
  double scale() const { return m_scale; }
  QLabel* numberLabel() const { return m_number; }

Q_SIGNALS:
  void activated();

protected:
  void mouseReleaseEvent(QMouseEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;

private:
  void applyScale();
  ScoreTile m_tile;
  double m_scale = 1.0;
  QLabel* m_number;
  QLabel* m_unit;
  QLabel* m_badge;
  QLabel* m_warning;
  QLabel* m_limit;
  QLabel* m_spread;
  QLabel* m_delta;
};

}  // namespace hashscope::gui
