// The scoreboard: the headline sentence above a grid of tiles (rows = locations + "in RAM (CPU)",
// columns = algorithms + "read"), with row and column headers. Filled from a Scoreboard value; the same
// widget serves the Results tab (live) and each side of a comparison in History.
#pragma once

#include <QWidget>

#include <vector>

#include "logic/scoreboard.hpp"

class QGridLayout;
class QKeyEvent;
class QLabel;
class QScrollArea;

namespace hashscope::gui {

class TileWidget;

class ScoreboardView : public QWidget {
  Q_OBJECT
public:
  explicit ScoreboardView(QWidget* parent = nullptr);
  // Updates the tiles in place when the grid keeps its shape (keyboard focus stays), else rebuilds it.
  void setBoard(const Scoreboard& board);
  const Scoreboard& board() const { return m_board; }
  TileWidget* tileWidget(int row, int column) const;
  // The tile showing `location` x `algorithm` of `kind` (see Scoreboard::find), or nullptr.
  TileWidget* findTile(const QString& location, const QString& algorithm, ScoreTile::Kind kind) const;
  QString headline() const;
  // The headline and every row of tiles without scrolling, when the board is given at most `maxHeight`
  // (its tiles take the scale that height allows).
  // `atWidth`: as if the board were that wide (a place about to be laid out); its own width when not given.
  int preferredHeight(int maxHeight, int atWidth = -1) const;
  QLabel* headlineLabel() const { return m_headline; }
  QLabel* caveatLabel() const { return m_caveat; }  // the run-wide caveat under the headline (hidden when none)
  QString caveat() const;
  double tileScale() const { return m_scale; }
  // Lets the tiles shrink below their normal size, down to `scale`, to fit the width without scrolling
  // sideways (Compare's boards side by side). 1 by default: a board too wide for its room scrolls.
  void setMinimumScale(double scale);
  int widthAt(double scale) const;  // the width the board needs, without scrolling, at that tile scale

protected:
  bool eventFilter(QObject* watched, QEvent* event) override;
  void changeEvent(QEvent* event) override;

Q_SIGNALS:
  void tileActivated(const hashscope::gui::ScoreTile& tile);
  void scaleChanged(double scale);

private:
  bool moveFocus(const TileWidget* from, const QKeyEvent* key);  // an arrow key on a tile
  void rebuild();
  void fitTiles();
  void applyScale(double scale);
  double fitScale(QSize room) const;  // the tiles' scale for the room inside the margins
  QSize room(int height, int atWidth = -1) const;  // inside the margins, at this widget's width (or `atWidth`) and `height`
  bool fitsNow(QSize room) const;     // the grid at its current scale fits in `room` as it is
  int headlineHeight(double scale, int width) const;
  int textHeight(const QLabel& label, const QFont& font, int width) const;  // label's text laid out at `font`
  QFont headerFont() const;
  QFont headlineFont(double scale) const;
  Scoreboard m_board;
  void styleCaveat();
  QLabel* m_headline;
  QLabel* m_caveat;
  QLabel* m_measure;  // never shown: lays out a label's text at another font (textHeight)
  QScrollArea* m_scroll;
  QWidget* m_grid = nullptr;
  std::vector<TileWidget*> m_tiles;  // row-major, as m_board.tiles
  std::vector<QLabel*> m_headers;   // the row and column names
  double m_scale = 1.0;              // the tiles' size (TileWidget::setScale)
  double m_minScale = 1.0;
  bool m_refitQueued = false;        // a fitTiles() is posted for after the grid's pending layout
};

}  // namespace hashscope::gui
