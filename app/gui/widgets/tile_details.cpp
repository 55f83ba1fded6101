#include "widgets/tile_details.hpp"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableWidget>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

#include "charts/chart_widgets.hpp"
#include "logic/result_text.hpp"
#include "widgets/table_cell.hpp"
#include "widgets/tile_widget.hpp"

namespace hashscope::gui {

namespace {

// Consecutive samples with the same verdict become one band behind the line.
QList<BandData> bandsOf(const std::vector<Sample>& samples)
{
  QList<BandData> bands;
  for (const Sample& s : samples) {
    const double from = std::max(0.0, s.t - s.interval);
    if (!bands.isEmpty() && bands.last().verdict == s.verdict && bands.last().to >= from - 1e-6)
      bands.last().to = s.t;
    else
      bands.append({from, s.t, s.verdict});
  }
  return bands;
}

}  // namespace

TileDetails::TileDetails(QWidget* parent) : QWidget(parent)
{
  m_title = new QLabel(this);
  m_title->setTextFormat(Qt::PlainText);
  QFont bold = m_title->font();
  bold.setBold(true);
  m_title->setFont(bold);
  m_close = new QToolButton(this);
  m_close->setText(tr("Close details"));
  m_close->setToolTip(tr("Hide the details (Esc)"));
  connect(m_close, &QToolButton::clicked, this, &TileDetails::closeRequested);
  m_evidence = new QTextBrowser(this);
  m_evidence->setOpenLinks(false);
  m_evidence->setToolTip(tr("What limited this run, with the numbers behind the verdict"));
  m_passes = new QTableWidget(0, 3, this);
  m_passes->setObjectName(QStringLiteral("tilePasses"));
  m_passes->setHorizontalHeaderLabels({tr("Pass"), tr("MB/s"), tr("Seconds")});
  m_passes->verticalHeader()->hide();
  m_passes->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  m_passes->setToolTip(tr("Every pass of this step, in the order run; the tile shows the median"));
  m_chart = createLineChart(this);
  m_chart->setup({tr("Throughput over time"), tr("time (s)"), tr("MB/s"), QString(), 0, false, true});
  m_chart->setToolTip(tr("This run's throughput over time (the median pass), on the colour of what limited "
                         "each moment"));
  m_chart->setMinimumSize(320, 200);
  m_passChart = createBarChart(this);
  m_passChart->setToolTip(tr("Each pass of this step took too short a time to draw its speed over time: the speed "
                             "of every pass instead"));
  m_passChart->setMinimumSize(320, 200);
  m_charts = new QStackedWidget(this);
  m_charts->addWidget(m_chart);
  m_charts->addWidget(m_passChart);

  auto* head = new QHBoxLayout;
  head->addWidget(m_title, 1);
  head->addWidget(m_close);
  auto* left = new QWidget(this);
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(0, 0, 0, 0);
  leftLayout->addWidget(m_evidence, 1);
  leftLayout->addWidget(m_passes, 0);  // as tall as its rows (sizePasses), the evidence takes the rest
  auto* split = new QSplitter(Qt::Horizontal, this);
  split->addWidget(left);
  split->addWidget(m_charts);
  split->setStretchFactor(0, 2);
  split->setStretchFactor(1, 3);
  split->setSizes({2000, 3000});  // proportions: the chart gets the larger share of any width
  split->setChildrenCollapsible(false);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 0, 4, 0);
  layout->addLayout(head);
  layout->addWidget(split, 1);
}

void TileDetails::showTile(const ScoreTile& tile, const RunResult* result)
{
  m_tile = tile;
  m_title->setText(tile.title());
  m_passes->setRowCount(0);
  m_chart->clear();
  if (!result) {
    m_evidence->setHtml(QStringLiteral("<p>") % tr("Not measured yet: this tile fills in when its step finishes.") %
                        QStringLiteral("</p>"));
    return;
  }
  m_title->setText(resultTitle(*result));
  m_evidence->setHtml(verdictSentenceHtml(*result));
  m_passes->setRowCount(int(result->passes.size()));
  for (int row = 0; row < int(result->passes.size()); ++row) {
    const PassResult& p = result->passes[std::size_t(row)];
    m_passes->setItem(row, 0, readOnlyCell(QString::number(row + 1), true));
    m_passes->setItem(row, 1, readOnlyCell(QString::number(p.mbPerSec(), 'f', 1), true));
    m_passes->setItem(row, 2, readOnlyCell(QString::number(p.seconds, 'f', 3), true));
  }
  sizePasses();
  // A pass of a few tenths of a second gives the 10 Hz sampler one to three points: no line worth drawing. Then
  // the passes themselves are the picture, as bars.
  constexpr int kMinSamplesForLine = 5;
  if (int(result->samples.size()) < kMinSamplesForLine && !result->passes.empty()) {
    QStringList passes;
    QList<double> speeds;
    for (std::size_t i = 0; i < result->passes.size(); ++i) {
      passes << tr("pass %1").arg(i + 1);
      speeds << result->passes[i].mbPerSec();
    }
    m_passChart->setData(tr("Speed of each pass"), tr("MB/s"), passes, {{QString(), speeds}});
    m_charts->setCurrentWidget(m_passChart);
    return;
  }
  m_charts->setCurrentWidget(m_chart);
  LineData line{tr("MB/s"), {}, 0, LineLook::Strong};
  for (const Sample& s : result->samples)
    line.points.append({s.t, s.totalMBps});
  if (!line.points.isEmpty()) {
    m_chart->setLines({line});  // first: the bands span the value axis the line has set
    m_chart->setBands(bandsOf(result->samples));
    // The run is over: its time axis ends with its last sample, not at the next round number.
    m_chart->setXRange(0, result->samples.back().t);
  }
}

void TileDetails::setTextScale(double scale)
{
  m_evidence->setFont(scaledFont(font(), scale, false));
  m_passes->setFont(scaledFont(font(), scale, false));
  m_passes->verticalHeader()->setDefaultSectionSize(m_passes->fontMetrics().height() + 6);
  sizePasses();
}

void TileDetails::sizePasses()
{
  // Fixed to its rows, up to kMaxPassRows (more scroll): the header's size hint, not its height, which
  // is 0 until the table has been shown once and left the last rows cut off.
  constexpr int kMaxPassRows = 8;
  const int rows = std::min(m_passes->rowCount(), kMaxPassRows);
  int height = m_passes->horizontalHeader()->sizeHint().height() + 2 * m_passes->frameWidth();
  for (int row = 0; row < rows; ++row)
    height += m_passes->rowHeight(row);
  if (m_passes->rowCount() > kMaxPassRows)
    height += m_passes->rowHeight(0) / 2;  // half a row more: a hint that the table scrolls
  m_passes->setFixedHeight(height);
}

QWidget* TileDetails::shownChart() const { return m_charts->currentWidget(); }

QString TileDetails::titleText() const { return m_title->text(); }
QString TileDetails::evidenceText() const { return m_evidence->toPlainText(); }

}  // namespace hashscope::gui
