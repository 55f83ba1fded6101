#include "widgets/compare_view.hpp"

#include "logic/plain_text.hpp"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include "logic/compare_settings.hpp"
#include "logic/result_text.hpp"
#include "logic/scoreboard.hpp"
#include "widgets/scoreboard_view.hpp"
#include "widgets/table_cell.hpp"
#include "widgets/tile_widget.hpp"

namespace hashscope::gui {

namespace {

// The smallest tiles in Compare: two boards of three columns fit side by side in a 1280-pixel window.
constexpr double kMinCompareScale = 0.75;

// Every column as wide as its contents, and `column` takes what is left of the table's width.
void spareWidthTo(QTableWidget* table, int column)
{
  QHeaderView* header = table->horizontalHeader();
  header->setStretchLastSection(false);
  header->setSectionResizeMode(QHeaderView::ResizeToContents);
  header->setSectionResizeMode(column, QHeaderView::Stretch);
}

// Light tints that keep the text readable in light and dark themes; the words carry the meaning too.
QColor tint(Change change)
{
  switch (change) {
  case Change::Faster: return QColor(40, 170, 70, 90);
  case Change::Slower: return QColor(220, 50, 40, 90);
  case Change::Within: return QColor(128, 128, 128, 60);
  default: return QColor(128, 128, 128, 25);
  }
}

QString signedPercent(double pct) { return (pct >= 0 ? QStringLiteral("+") : QString()) + QString::number(pct, 'f', 1) + QLatin1Char('%'); }

// The change of one tile, as its badge on the scoreboard: the arrow and sign say it without the colour.
void markTile(TileWidget* tile, const TileDelta& d, bool otherSide)
{
  const QString spread = CompareView::tr("the spread of the passes is \u00b1%1%%2")
                             .arg(d.spreadPct, 0, 'f', 1)
                             .arg(d.defaultSpread ? CompareView::tr(" (one pass on a side: the default noise band)")
                                                  : QString());
  switch (d.change) {
  case Change::Faster:
  case Change::Slower: {
    const bool faster = d.change == Change::Faster;
    if (otherSide)
      tile->setDelta((faster ? QStringLiteral("\u25b2 ") : QStringLiteral("\u25bc ")) + signedPercent(d.deltaPct),
                     faster ? TileWidget::Delta::Faster : TileWidget::Delta::Slower,
                     (faster ? CompareView::tr("Faster than the base: %1 against %2 MB/s; %3.")
                             : CompareView::tr("Slower than the base: %1 against %2 MB/s; %3."))
                         .arg(QString::number(d.otherMBps, 'f', 1), QString::number(d.baseMBps, 'f', 1), spread));
    return;
  }
  case Change::Within:
    if (otherSide)
      tile->setDelta(QStringLiteral("= ") + signedPercent(d.deltaPct), TileWidget::Delta::Within,
                     CompareView::tr("Within the noise: %1.").arg(spread));
    return;
  case Change::OnlyInBase:
    if (!otherSide)
      tile->setDelta(CompareView::tr("only in the base"), TileWidget::Delta::Missing,
                     CompareView::tr("The other run did not measure this."));
    return;
  case Change::OnlyInOther:
    if (otherSide)
      tile->setDelta(CompareView::tr("new in this run"), TileWidget::Delta::Missing,
                     CompareView::tr("The base run did not measure this."));
    return;
  }
}

void markBoard(ScoreboardView* view, const Comparison& c, bool otherSide)
{
  const Scoreboard& board = view->board();
  for (const ScoreTile& t : board.tiles) {
    if (!t.measured)
      continue;
    for (const TileDelta& d : c.tiles) {
      if (d.key == t.key)
        markTile(view->tileWidget(t.row, t.column), d, otherSide);
    }
  }
}

QLabel* paneTitle(QWidget* parent)
{
  auto* label = new QLabel(parent);
  label->setTextFormat(Qt::PlainText);
  label->setWordWrap(true);
  QFont bold = label->font();
  bold.setBold(true);
  label->setFont(bold);
  return label;
}

QWidget* pane(QLabel* title, ScoreboardView* board, QWidget* parent)
{
  auto* w = new QWidget(parent);
  auto* layout = new QVBoxLayout(w);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(title);
  layout->addWidget(board, 1);
  return w;
}

}  // namespace

CompareView::CompareView(QWidget* parent) : QWidget(parent)
{
  m_title = new QLabel(this);
  m_title->setWordWrap(true);
  m_title->setTextFormat(Qt::PlainText);
  m_summary = new QLabel(this);
  m_summary->setObjectName(QStringLiteral("compareSummary"));
  m_summary->setTextFormat(Qt::PlainText);  // dates, status and version come from the run: never markup
  m_summary->setWordWrap(true);
  // Said first, before any change is read: the two runs were measured with different settings.
  m_settings = new QLabel(this);
  m_settings->setObjectName(QStringLiteral("compareSettings"));
  m_settings->setWordWrap(true);
  m_settings->setTextFormat(Qt::PlainText);
  m_settings->hide();
  m_table = new QTableWidget(0, 6, this);
  m_table->setObjectName(QStringLiteral("compareTable"));
  m_table->verticalHeader()->hide();
  spareWidthTo(m_table, 5);
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_table->setToolTip(tr("Every tile of the two runs: both speeds, the change and the spread of the passes"));
  m_baseTitle = paneTitle(this);
  m_otherTitle = paneTitle(this);
  m_base = new ScoreboardView(this);
  m_base->setObjectName(QStringLiteral("baseScoreboard"));
  m_other = new ScoreboardView(this);
  m_other->setObjectName(QStringLiteral("otherScoreboard"));
  // Side by side each board has half the width: at 1280 pixels the last column (read) was cut and the
  // board scrolled sideways. A quarter smaller fits three columns; wider boards are stacked (arrangeBoards).
  m_base->setMinimumScale(kMinCompareScale);
  m_other->setMinimumScale(kMinCompareScale);
  auto* boards = m_boards = new QSplitter(Qt::Horizontal, this);
  boards->addWidget(pane(m_baseTitle, m_base, this));
  m_otherPane = pane(m_otherTitle, m_other, this);
  boards->addWidget(m_otherPane);
  boards->setChildrenCollapsible(false);
  boards->setStretchFactor(0, 1);
  boards->setStretchFactor(1, 1);
  boards->installEventFilter(this);
  for (ScoreboardView* board : {m_base, m_other})
    connect(board, &ScoreboardView::scaleChanged, this, [this] { arrangeBoards(false); });
  m_boardsToggle = new QToolButton(this);
  m_boardsToggle->setObjectName(QStringLiteral("compareBoardsToggle"));
  m_boardsToggle->setText(tr("Scoreboards"));
  m_boardsToggle->setCheckable(true);
  m_boardsToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  m_boardsToggle->setAutoRaise(true);
  m_boardsToggle->setToolTip(tr("Show or fold away the two runs' scoreboards (the table below lists every tile)"));
  connect(m_boardsToggle, &QToolButton::clicked, this, [this](bool open) {
    m_boardsChoice = open;
    foldBoards(true);
  });
  auto* split = m_split = new QSplitter(Qt::Vertical, this);
  split->addWidget(boards);
  split->addWidget(m_table);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 1);
  split->setChildrenCollapsible(false);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_title);
  layout->addWidget(m_settings);
  layout->addWidget(m_summary);
  layout->addWidget(m_boardsToggle, 0, Qt::AlignLeft);
  layout->addWidget(split, 1);
  installEventFilter(this);  // the room for the boards and the table changes with the window
  clear(tr("Select a run and choose Open, or Compare with... another run."));
}

QString CompareView::settingsText() const { return m_settings->isHidden() ? QString() : m_settings->text(); }

QString CompareView::headline() const
{
  const QString title = !m_title->isHidden() ? m_title->text()
                            : m_baseTitle->text() + QLatin1Char('\n') + m_otherTitle->text();
  return title + QLatin1Char('\n') + m_summary->text();
}

void CompareView::clear(const QString& hint)
{
  m_title->setText(hint);
  m_title->show();
  m_summary->clear();
  m_settings->clear();
  m_settings->hide();
  m_table->setRowCount(0);
  m_base->setBoard({});
  m_other->setBoard({});
  m_baseTitle->clear();
  m_otherTitle->clear();
  m_otherPane->hide();
}

void CompareView::showComparison(const RunDocument& base, const RunDocument& other, const QString& baseTitle,
                                 const QString& otherTitle)
{
  const Comparison c = compareRuns(base, other);
  m_title->hide();  // each side names its run above its scoreboard
  const QString differ = settingsDifferenceText(runSettings(base), runSettings(other));
  m_settings->setText(differ.isEmpty() ? QString() : QStringLiteral("\u26a0 ") + differ);
  m_settings->setStyleSheet(QStringLiteral("color:%1;font-weight:bold;").arg(warningTextColor().name()));
  m_settings->setVisible(!differ.isEmpty());
  // Two machines' runs (a run over several machines saves each under its host's name): each side also says
  // what machine it was measured on.
  const bool machines = base.machine.summary() != other.machine.summary() || base.machine.os != other.machine.os;
  const auto machine = [machines](const RunDocument& run) {
    return machines ? QStringLiteral("\n") + elidedText(qs(run.machine.summary())) : QString();
  };
  m_baseTitle->setText(tr("Base: %1").arg(baseTitle) + machine(base));
  m_baseTitle->show();
  m_otherTitle->setText(tr("Other: %1 (change against the base)").arg(otherTitle) + machine(other));
  // Folded, the toggle still says which runs the table compares.
  const auto plain = [](QString text) { return text.replace(QLatin1Char('&'), QStringLiteral("&&")); };  // no mnemonic
  m_boardsToggle->setText(tr("Scoreboards: base %1; other %2").arg(plain(baseTitle), plain(otherTitle)));
  m_base->setBoard(buildScoreboard(base));
  m_other->setBoard(buildScoreboard(other));
  markBoard(m_base, c, false);
  markBoard(m_other, c, true);
  m_otherPane->show();
  arrangeBoards(true);
  showTable(c);
  foldBoards();
}

bool CompareView::boardsShown() const { return !m_boards->isHidden(); }

int CompareView::tableRowsHeight(int rows) const
{
  const int frame = 2 * m_table->frameWidth();
  return frame + m_table->horizontalHeader()->sizeHint().height() + rows * m_table->verticalHeader()->defaultSectionSize();
}

void CompareView::foldBoards(bool opened)
{
  // The table is the comparison's answer, tile by tile; the boards show the same tiles again. Where the view
  // cannot hold the boards and eight rows of the table (a 1280x800 or 1366x768 window showed one and a half
  // rows), the boards fold away behind their toggle, unless the user opened them.
  layout()->activate();  // the room as the view's size gives it now, not as the last posted layout left it
  const int room = m_split->height() - m_split->handleWidth();
  const int boardRoom = std::max(1, room - tableRowsHeight(std::min(8, std::max(1, m_table->rowCount()))));
  // What the boards need in that room: each board's height at the scale its tiles take there (more than the
  // room where they cannot fit even at their smallest), with its pane's title.
  // Widths from the splitter's, not the boards' own: folded, or not laid out yet, those are stale. Folded, the
  // boards also take the orientation the view's width gives them now (arrangeBoards hears no resize then).
  const bool two = !m_otherPane->isHidden();
  if (two && m_boards->isHidden()) {
    const int half = (m_split->width() - m_boards->handleWidth()) / 2;
    const int need = std::max(m_base->widthAt(kMinCompareScale), m_other->widthAt(kMinCompareScale));
    m_boards->setOrientation(need <= half ? Qt::Horizontal : Qt::Vertical);
  }
  const bool stacked = two && boardsOrientation() == Qt::Vertical;
  const bool sideBySide = two && !stacked;
  const int width = sideBySide ? (m_split->width() - m_boards->handleWidth()) / 2 : m_split->width();
  const int title = m_baseTitle->isHidden() ? 0 : m_baseTitle->sizeHint().height();
  const int each = std::max(1, (stacked ? boardRoom / 2 : boardRoom) - title);
  int boards = std::max(m_base->preferredHeight(each, width),
                        m_otherPane->isHidden() ? 0 : m_other->preferredHeight(each, width));
  boards = (stacked ? 2 : 1) * (boards + title);
  const bool open = m_boardsChoice ? *m_boardsChoice : !m_base->board().isEmpty() && boards <= boardRoom;
  const bool changed = open != boardsShown();
  m_boards->setVisible(open);
  m_boardsToggle->setChecked(open);
  m_boardsToggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
  // Opened here (or left with less than eight rows of the table), the boards get what their tiles need (at most
  // three quarters, where the user opened them in a small room) and the table the rest; otherwise the
  // splitter stays where it is.
  const int height = std::min(boards, room * 3 / 4);
  const bool tableShort = !m_boardsChoice && m_split->sizes().value(1) < room - boardRoom;
  if (open && room > 0 && (changed || opened || tableShort) && m_split->sizes().value(0) != height)
    m_split->setSizes({height, std::max(1, room - height)});
}

void CompareView::arrangeBoards(bool force)
{
  // Side by side while both boards fit in half the width at their smallest scale, else one above the
  // other: tiles too small to read, or scrolled sideways, hide the columns compared.
  // The need is estimated from the tiles' present scale, so it is asked again when a scale settles; going
  // back to side by side wants 5% to spare, so an estimate a few pixels off cannot flip the boards to and fro.
  if (m_otherPane->isHidden() || m_arranging)
    return;
  const int half = (m_boards->width() - m_boards->handleWidth()) / 2;
  const int need = std::max(m_base->widthAt(kMinCompareScale), m_other->widthAt(kMinCompareScale));
  const bool stacked = m_boards->orientation() == Qt::Vertical;
  const Qt::Orientation orientation = need <= (stacked && !force ? half * 95 / 100 : half) ? Qt::Horizontal : Qt::Vertical;
  if (!force && orientation == m_boards->orientation())
    return;
  m_arranging = true;
  m_boards->setOrientation(orientation);
  const int length = orientation == Qt::Horizontal ? m_boards->width() : m_boards->height();
  const int each = std::max(1, (length - m_boards->handleWidth()) / 2);
  m_boards->setSizes({each, each});  // the two runs get the same room, whatever their grids need
  m_arranging = false;
}

Qt::Orientation CompareView::boardsOrientation() const { return m_boards->orientation(); }

bool CompareView::eventFilter(QObject* watched, QEvent* event)
{
  // The boards' own resize, not this view's: the splitters size their children after this view's resize.
  if (watched == m_boards && event->type() == QEvent::Resize)
    arrangeBoards(false);
  if (watched == this && event->type() == QEvent::Resize && !m_boardsChoice)
    foldBoards();
  return QWidget::eventFilter(watched, event);
}

void CompareView::showTable(const Comparison& c)
{
  m_table->clear();
  m_table->setColumnCount(6);
  spareWidthTo(m_table, 5);  // the verdict
  m_table->setHorizontalHeaderLabels(
      {tr("Tile"), tr("Base MB/s"), tr("Other MB/s"), tr("Change"), tr("Spread"), tr("Verdict")});
  m_table->setRowCount(int(c.tiles.size()));
  bool anyDefault = false;
  for (int row = 0; row < int(c.tiles.size()); ++row) {
    const TileDelta& d = c.tiles[std::size_t(row)];
    const bool both = d.change != Change::OnlyInBase && d.change != Change::OnlyInOther;
    anyDefault = anyDefault || d.defaultSpread;
    QString verdict;
    switch (d.change) {
    case Change::Faster: verdict = tr("\u25b2 faster"); break;
    case Change::Slower: verdict = tr("\u25bc slower"); break;
    case Change::Within: verdict = tr("= within spread"); break;
    case Change::OnlyInBase: verdict = tr("only in base"); break;
    case Change::OnlyInOther: verdict = tr("only in other"); break;
    }
    const QString dash = QStringLiteral("\u2013");
    m_table->setItem(row, 0, readOnlyCell(qs(d.key.label())));
    m_table->setItem(row, 1, readOnlyCell(d.change == Change::OnlyInOther ? dash : QString::number(d.baseMBps, 'f', 1), true));
    m_table->setItem(row, 2, readOnlyCell(d.change == Change::OnlyInBase ? dash : QString::number(d.otherMBps, 'f', 1), true));
    m_table->setItem(row, 3, readOnlyCell(both ? (d.deltaPct >= 0 ? QStringLiteral("+") : QString()) +
                                             QString::number(d.deltaPct, 'f', 1) + QLatin1Char('%')
                                       : dash,
                                  true));
    m_table->setItem(row, 4, readOnlyCell(both ? QStringLiteral("\u00b1") + QString::number(d.spreadPct, 'f', 1) +
                                             QLatin1Char('%') + (d.defaultSpread ? QStringLiteral("*") : QString())
                                       : dash,
                                  true));
    m_table->setItem(row, 5, readOnlyCell(verdict));
    for (int column = 0; column < 6; ++column)
      m_table->item(row, column)->setBackground(tint(d.change));
  }
  QString summary = tr("%1 faster, %2 slower, %3 within the spread of their passes.").arg(c.faster).arg(c.slower).arg(c.within);
  if (!c.sameMachine)
    summary += QLatin1Char(' ') + tr("Different machines: the change includes the hardware.");
  if (anyDefault)
    summary += QLatin1Char(' ') + tr("* one pass on a side: a noise band of \u00b1%1% stands in for its spread.").arg(kDefaultNoisePct);
  m_summary->setText(summary);
}

void CompareView::showRun(const RunDocument& run, const QString& title)
{
  m_title->setText(tr("%1\n%2, %3").arg(elidedText(title), elidedText(qs(run.machine.summary())), elidedText(qs(run.machine.os))));
  m_title->show();
  m_baseTitle->setText(title);
  m_baseTitle->hide();  // the title above names the run already
  m_boardsToggle->setText(tr("Scoreboard"));
  m_base->setBoard(buildScoreboard(run));
  m_other->setBoard({});
  m_otherPane->hide();
  m_settings->hide();
  m_table->clear();
  m_table->setColumnCount(5);
  spareWidthTo(m_table, 0);  // the tile names: the numbers stay next to their headers
  m_table->setHorizontalHeaderLabels({tr("Tile"), tr("MB/s"), tr("Min"), tr("Max"), tr("Passes")});
  m_table->setRowCount(int(run.tiles.size()));
  for (int row = 0; row < int(run.tiles.size()); ++row) {
    const RunTile& t = run.tiles[std::size_t(row)];
    m_table->setItem(row, 0, readOnlyCell(qs(t.key.label())));
    m_table->setItem(row, 1, readOnlyCell(t.failed ? tr("failed") : QString::number(t.mbps, 'f', 1), true));
    m_table->setItem(row, 2, readOnlyCell(t.failed ? QString() : QString::number(t.minMBps, 'f', 1), true));
    m_table->setItem(row, 3, readOnlyCell(t.failed ? QString() : QString::number(t.maxMBps, 'f', 1), true));
    m_table->setItem(row, 4, readOnlyCell(QString::number(t.passes), true));
  }
  m_summary->setText(tr("Started %1, finished %2 (%3); HashScope %4.")
                         .arg(qs(run.startedAt), qs(run.finishedAt), qs(run.status), qs(run.version)));
  foldBoards();
}

}  // namespace hashscope::gui
