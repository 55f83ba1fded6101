#include "widgets/compare_view.hpp"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include "logic/result_text.hpp"
#include "widgets/table_cell.hpp"

namespace hashscope::gui {

namespace {

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

}  // namespace

CompareView::CompareView(QWidget* parent) : QWidget(parent)
{
  m_title = new QLabel(this);
  m_title->setWordWrap(true);
  m_title->setTextFormat(Qt::PlainText);
  m_summary = new QLabel(this);
  m_summary->setWordWrap(true);
  m_table = new QTableWidget(0, 6, this);
  m_table->setObjectName(QStringLiteral("compareTable"));
  m_table->verticalHeader()->hide();
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_table->horizontalHeader()->setStretchLastSection(true);
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_title);
  layout->addWidget(m_table, 1);
  layout->addWidget(m_summary);
  clear(tr("Select a run and choose Open, or Compare with... another run."));
}

QString CompareView::headline() const { return m_title->text() + QLatin1Char('\n') + m_summary->text(); }

void CompareView::clear(const QString& hint)
{
  m_title->setText(hint);
  m_summary->clear();
  m_table->setRowCount(0);
}

void CompareView::showComparison(const Comparison& c, const QString& baseTitle, const QString& otherTitle)
{
  m_title->setText(tr("Base: %1\nOther: %2").arg(baseTitle, otherTitle));
  m_table->clear();
  m_table->setColumnCount(6);
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
  m_title->setText(tr("%1\n%2, %3").arg(title, qs(run.machine.summary()), qs(run.machine.os)));
  m_table->clear();
  m_table->setColumnCount(5);
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
}

}  // namespace hashscope::gui
