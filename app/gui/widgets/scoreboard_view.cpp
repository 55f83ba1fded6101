#include "widgets/scoreboard_view.hpp"

#include <QEvent>
#include <QGridLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QScrollArea>
#include <QTimer>
#include <QVBoxLayout>

#include "logic/plain_text.hpp"
#include "logic/result_text.hpp"
#include "widgets/tile_widget.hpp"

#include <algorithm>
#include <cmath>

namespace hashscope::gui {

namespace {
// How far tiles grow: a usual board (5 columns, 2 or 3 rows) fills the width of a 1920x1080 window instead of
// a third of it; the width decides, so numbers do not turn into posters.
constexpr double kMaxTileScale = 2.2;
}  // namespace

ScoreboardView::ScoreboardView(QWidget* parent) : QWidget(parent)
{
  m_headline = new QLabel(this);
  m_headline->setObjectName(QStringLiteral("scoreboardHeadline"));
  m_headline->setWordWrap(true);
  m_headline->setTextFormat(Qt::PlainText);
  m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_headline->setFont(headlineFont(m_scale));
  m_measure = new QLabel(this);
  m_measure->hide();
  m_caveat = new QLabel(this);
  m_caveat->setObjectName(QStringLiteral("scoreboardCaveat"));
  m_caveat->setWordWrap(true);
  m_caveat->setTextFormat(Qt::PlainText);
  m_caveat->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_caveat->hide();
  styleCaveat();
  m_scroll = new QScrollArea(this);
  m_scroll->setWidgetResizable(true);
  m_scroll->setFrameShape(QFrame::NoFrame);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(m_headline);
  layout->addWidget(m_caveat);
  layout->addWidget(m_scroll, 1);
  m_scroll->installEventFilter(this);  // the room for the tiles changes with the window and the headline
  setBoard({});
}

void ScoreboardView::setBoard(const Scoreboard& board)
{
  const bool sameShape = board.rows == m_board.rows && board.columns == m_board.columns && m_grid;
  m_board = board;
  // Paths wrap whole: "/dev/shm" never as "/" and "dev/shm" on the next line.
  m_headline->setText(keepPathsWhole(board.headline));
  m_caveat->setText(board.caveat.isEmpty() ? QString() : QStringLiteral("\u26a0 ") + keepPathsWhole(board.caveat));
  m_caveat->setVisible(!board.caveat.isEmpty());
  if (!sameShape)
    return rebuild();
  for (std::size_t i = 0; i < m_tiles.size(); ++i)
    m_tiles[i]->setTile(m_board.tiles[i]);
  fitTiles();  // a number arriving can widen its column
}

QString ScoreboardView::caveat() const { return m_board.caveat; }

void ScoreboardView::styleCaveat()
{
  // The warning colour of the palette in use (readable in light and dark), bold: one line for the whole run.
  m_caveat->setStyleSheet(QStringLiteral("color:%1;font-weight:bold;").arg(warningTextColor().name()));
}

void ScoreboardView::changeEvent(QEvent* event)
{
  if (event->type() == QEvent::PaletteChange)
    styleCaveat();
  QWidget::changeEvent(event);
}

bool ScoreboardView::eventFilter(QObject* watched, QEvent* event)
{
  if (watched == m_scroll && event->type() == QEvent::Resize)
    fitTiles();
  if (event->type() == QEvent::KeyPress) {
    if (auto* tile = qobject_cast<TileWidget*>(watched); tile && moveFocus(tile, static_cast<QKeyEvent*>(event)))
      return true;
  }
  // A new scale changes the tiles' fonts at once, but their sizes reach the grid's size hint only once the
  // posted layout requests have run: a fit made before then (a board shown and at once squeezed beside
  // another in Compare) worked from the old sizes and left the board clipped. Fit again after the layout.
  if (watched == m_grid && event->type() == QEvent::LayoutRequest && !m_refitQueued) {
    m_refitQueued = true;
    QTimer::singleShot(0, this, [this] {
      m_refitQueued = false;
      fitTiles();
    });
  }
  return QWidget::eventFilter(watched, event);
}

double ScoreboardView::fitScale(QSize room) const
{
  // The tiles grow with the room, the same factor for all (they line up), in steps of a tenth (so a window
  // resized by a few pixels does not reflow them), never below their normal size: a board bigger than its
  // room scrolls at the normal size. The headline grows with them, so each candidate scale is tried with
  // the headline's height at that scale: the choice depends on the room alone, and a headline wrapping
  // onto one more line cannot make the tiles flip between two sizes. The size the grid would have at scale
  // 1 is its size now divided by the current scale (fonts, margins and card widths all scale; the headers
  // grow half as much, which errs on the small side, hence the 3% spare).
  if (!m_grid || m_tiles.empty())
    return 1.0;
  const QSize now = m_grid->sizeHint();
  if (now.isEmpty())
    return m_scale;
  const double baseWidth = now.width() / m_scale, baseHeight = now.height() / m_scale;
  for (int tenths = int(std::lround(kMaxTileScale * 10)); tenths / 10.0 > m_minScale + 1e-3; --tenths) {
    const double scale = tenths / 10.0;
    const int gridRoom = room.height() - headlineHeight(scale, room.width()) - layout()->spacing();
    // Growing needs both directions; shrinking (setMinimumScale) is for the width alone, rows may scroll.
    if (baseWidth * scale <= 0.97 * room.width() && (scale <= 1.0 || baseHeight * scale <= 0.97 * gridRoom))
      return scale;
  }
  return m_minScale;
}

void ScoreboardView::setMinimumScale(double scale)
{
  m_minScale = std::clamp(scale, 0.5, 1.0);
  fitTiles();
}

int ScoreboardView::widthAt(double scale) const
{
  const QMargins m = layout()->contentsMargins();
  if (!m_grid || m_tiles.empty())
    return m.left() + m.right();
  return m.left() + m.right() + int(std::ceil(m_grid->sizeHint().width() / m_scale * scale / 0.97));
}

bool ScoreboardView::fitsNow(QSize room) const
{
  if (!m_grid)
    return true;
  const QSize grid = m_grid->sizeHint();
  return grid.width() <= room.width() &&
         grid.height() <= room.height() - headlineHeight(m_scale, room.width()) - layout()->spacing() - 2;
}

QSize ScoreboardView::room(int height, int atWidth) const
{
  const QMargins m = layout()->contentsMargins();
  return {(atWidth >= 0 ? atWidth : width()) - m.left() - m.right(), height - m.top() - m.bottom()};
}

int ScoreboardView::headlineHeight(double scale, int width) const
{
  // The headline at that scale, and the caveat line under it (at the normal size) with the layout's spacing.
  int height = 0;
  if (!m_headline->text().isEmpty())
    height += textHeight(*m_headline, headlineFont(scale), width);
  if (!m_caveat->isHidden() && !m_caveat->text().isEmpty()) {
    QFont bold = m_caveat->font();
    bold.setBold(true);
    height += layout()->spacing() + textHeight(*m_caveat, bold, width);
  }
  return height;
}

int ScoreboardView::textHeight(const QLabel& label, const QFont& font, int width) const
{
  // Asked of a label set up as `label` is, not of QFontMetrics: a selectable label lays its text out as a
  // document, whose lines include the font's leading (0 in DejaVu Sans, a pixel or more per line in Windows'
  // fonts), which boundingRect() leaves out; the board's estimate then fell short and its rows scrolled.
  m_measure->setFont(font);
  m_measure->setWordWrap(label.wordWrap());
  m_measure->setTextFormat(label.textFormat());
  m_measure->setTextInteractionFlags(label.textInteractionFlags());
  m_measure->setText(label.text());
  return m_measure->heightForWidth(std::max(1, width));
}

void ScoreboardView::fitTiles()
{
  if (!m_grid || m_tiles.empty())
    return;
  const double was = m_scale;
  const double scale = fitScale(room(height()));
  // Tiles that fit as they are stay (the estimate's 3% spare is for growing).
  if (std::abs(scale - m_scale) >= 1e-3 && !(scale < m_scale && fitsNow(room(height()))))
    applyScale(scale);
  // The estimate can be a few pixels off (the headers scale half as much): a grid still wider than its
  // room takes the next smaller scale allowed rather than scroll sideways.
  const int width = room(height()).width();
  while (m_scale > m_minScale + 1e-3 && m_grid->sizeHint().width() > width)
    applyScale(std::max(m_minScale, m_scale - 0.1));
  if (std::abs(m_scale - was) >= 1e-3)
    Q_EMIT scaleChanged(m_scale);
}

void ScoreboardView::applyScale(double scale)
{
  m_scale = scale;
  for (TileWidget* tile : m_tiles)
    tile->setScale(scale);
  for (QLabel* header : m_headers)
    header->setFont(headerFont());
  m_headline->setFont(headlineFont(scale));
}

QFont ScoreboardView::headlineFont(double scale) const
{
  // A quarter bigger than the text around it at the normal size, growing as the headers do.
  return scaledFont(font(), 1.25 * (1 + (scale - 1) / 2), true);
}

QFont ScoreboardView::headerFont() const
{
  // Bold, and half as much bigger as the tiles: names next to big numbers, not competing with them.
  return scaledFont(font(), 1 + (m_scale - 1) / 2, true);
}

void ScoreboardView::rebuild()
{
  const bool hadFocus = m_grid && m_grid->isAncestorOf(focusWidget());
  m_tiles.clear();
  delete m_grid;
  m_grid = new QWidget;
  m_grid->installEventFilter(this);
  auto* grid = new QGridLayout(m_grid);
  grid->setSpacing(6);
  m_headers.clear();
  const auto header = [this](const QString& text, const QString& tip) {
    auto* label = new QLabel(text, m_grid);
    label->setTextFormat(Qt::PlainText);
    label->setToolTip(tip);
    label->setFont(headerFont());
    m_headers.push_back(label);
    return label;
  };
  for (int column = 0; column < m_board.columns.size(); ++column) {
    const bool read = column == m_board.readColumn;
    grid->addWidget(header(m_board.columns[column],
                           read ? tr("Reading the sample file alone: the storage's ceiling")
                                : tr("Hashing with %1, end to end (reading and hashing)").arg(m_board.columns[column])),
                    0, column + 1, Qt::AlignHCenter | Qt::AlignBottom);
  }
  for (int row = 0; row < m_board.rows.size(); ++row) {
    const bool ram = row == m_board.inRamRow;
    QLabel* label = header(m_board.rows[row], ram ? tr("hash-memory: hashing a buffer already in RAM, so only the "
                                                       "CPU counts (no disk)")
                                                  : tr("The folder tested"));
    // Long paths are shortened in the middle (the full one is in the tooltip), never wrapped at a slash.
    const int maxWidth = fontMetrics().horizontalAdvance(QLatin1Char('x')) * 24;
    label->setText(label->fontMetrics().elidedText(m_board.rows[row], Qt::ElideMiddle, maxWidth));
    if (label->text() != m_board.rows[row])
      label->setToolTip(m_board.rows[row] + QLatin1Char('\n') + label->toolTip());
    grid->addWidget(label, row + 1, 0, Qt::AlignRight | Qt::AlignVCenter);
    for (int column = 0; column < m_board.columns.size(); ++column) {
      auto* tile = new TileWidget(m_grid);
      tile->setScale(m_scale);
      tile->setTile(*m_board.at(row, column));
      connect(tile, &TileWidget::activated, this, [this, tile] { Q_EMIT tileActivated(tile->tile()); });
      tile->installEventFilter(this);  // the arrow keys move between tiles (moveFocus)
      grid->addWidget(tile, row + 1, column + 1);
      m_tiles.push_back(tile);
    }
  }
  grid->setRowStretch(int(m_board.rows.size()) + 1, 1);
  grid->setColumnStretch(int(m_board.columns.size()) + 1, 1);
  m_scroll->setWidget(m_grid);
  if (hadFocus && !m_tiles.empty())
    m_tiles.front()->setFocus();
  fitTiles();
}

bool ScoreboardView::moveFocus(const TileWidget* from, const QKeyEvent* key)
{
  // The arrow keys go to the next tile that way, over the cells no tile fills (the in-RAM row has no read
  // tile); at the edge of the grid the focus stays.
  int dRow = 0, dColumn = 0;
  switch (key->key()) {
  case Qt::Key_Left: dColumn = -1; break;
  case Qt::Key_Right: dColumn = 1; break;
  case Qt::Key_Up: dRow = -1; break;
  case Qt::Key_Down: dRow = 1; break;
  default: return false;
  }
  if (key->modifiers() & ~Qt::KeypadModifier)
    return false;
  const ScoreTile& at = from->tile();
  for (int row = at.row + dRow, column = at.column + dColumn; tileWidget(row, column);
       row += dRow, column += dColumn) {
    TileWidget* next = tileWidget(row, column);
    if (next->tile().kind == ScoreTile::Kind::Empty || !next->isVisibleTo(m_grid))
      continue;
    next->setFocus(Qt::TabFocusReason);
    m_scroll->ensureWidgetVisible(next);
    return true;
  }
  return true;  // the edge: the key is used up, the board does not scroll away from the focused tile
}

TileWidget* ScoreboardView::tileWidget(int row, int column) const
{
  if (row < 0 || column < 0 || row >= m_board.rows.size() || column >= m_board.columns.size())
    return nullptr;
  return m_tiles[std::size_t(row * m_board.columns.size() + column)];
}

TileWidget* ScoreboardView::findTile(const QString& location, const QString& algorithm, ScoreTile::Kind kind) const
{
  const ScoreTile* t = m_board.find(location, algorithm, kind);
  return t ? tileWidget(t->row, t->column) : nullptr;
}

int ScoreboardView::preferredHeight(int maxHeight, int atWidth) const
{
  // The height at the scale the tiles take in that height (fitScale), not at their scale now: a board
  // shrinking its tiles after it got its height would leave a gap under them. Above the normal size the
  // grid needs its 3% spare to keep that scale.
  const QMargins m = layout()->contentsMargins();
  const QSize space = room(maxHeight, atWidth);
  const double scale = fitScale(space);
  const int width = space.width();
  const int chrome = m.top() + m.bottom() + layout()->spacing() + headlineHeight(scale, width) + 2;
  if (!m_grid)
    return chrome;
  if (scale <= m_scale + 1e-3 && fitsNow(space))  // the tiles stay as they are: their exact height
    return m.top() + m.bottom() + layout()->spacing() + headlineHeight(m_scale, width) + 2 + m_grid->sizeHint().height();
  const double grid = m_grid->sizeHint().height() / m_scale * scale;
  return chrome + int(std::ceil(scale > 1.0 ? grid / 0.97 : grid));
}

QString ScoreboardView::headline() const { return m_board.headline; }

}  // namespace hashscope::gui
