#include "widgets/scoreboard_view.hpp"

#include <QGridLayout>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

#include "widgets/tile_widget.hpp"

namespace hashscope::gui {

ScoreboardView::ScoreboardView(QWidget* parent) : QWidget(parent)
{
  m_headline = new QLabel(this);
  m_headline->setObjectName(QStringLiteral("scoreboardHeadline"));
  m_headline->setWordWrap(true);
  m_headline->setTextFormat(Qt::PlainText);
  m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
  QFont font = m_headline->font();
  font.setPointSizeF(font.pointSizeF() * 1.25);
  font.setBold(true);
  m_headline->setFont(font);
  m_scroll = new QScrollArea(this);
  m_scroll->setWidgetResizable(true);
  m_scroll->setFrameShape(QFrame::NoFrame);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(m_headline);
  layout->addWidget(m_scroll, 1);
  setBoard({});
}

void ScoreboardView::setBoard(const Scoreboard& board)
{
  const bool sameShape = board.rows == m_board.rows && board.columns == m_board.columns && m_grid;
  m_board = board;
  m_headline->setText(board.headline);
  if (!sameShape)
    return rebuild();
  for (std::size_t i = 0; i < m_tiles.size(); ++i)
    m_tiles[i]->setTile(m_board.tiles[i], m_board.stored);
}

void ScoreboardView::rebuild()
{
  const bool hadFocus = m_grid && m_grid->isAncestorOf(focusWidget());
  m_tiles.clear();
  delete m_grid;
  m_grid = new QWidget;
  auto* grid = new QGridLayout(m_grid);
  grid->setSpacing(6);
  const auto header = [this](const QString& text, const QString& tip) {
    auto* label = new QLabel(text, m_grid);
    label->setTextFormat(Qt::PlainText);
    label->setToolTip(tip);
    QFont bold = label->font();
    bold.setBold(true);
    label->setFont(bold);
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
      tile->setTile(*m_board.at(row, column), m_board.stored);
      connect(tile, &TileWidget::activated, this, [this, tile] { Q_EMIT tileActivated(tile->tile()); });
      grid->addWidget(tile, row + 1, column + 1);
      m_tiles.push_back(tile);
    }
  }
  grid->setRowStretch(int(m_board.rows.size()) + 1, 1);
  grid->setColumnStretch(int(m_board.columns.size()) + 1, 1);
  m_scroll->setWidget(m_grid);
  if (hadFocus && !m_tiles.empty())
    m_tiles.front()->setFocus();
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

int ScoreboardView::preferredHeight() const
{
  const int margins = layout()->contentsMargins().top() + layout()->contentsMargins().bottom() + layout()->spacing();
  return m_headline->heightForWidth(std::max(200, width() - 8)) + (m_grid ? m_grid->sizeHint().height() : 0) + margins + 4;
}

QString ScoreboardView::headline() const { return m_headline->text(); }

}  // namespace hashscope::gui
