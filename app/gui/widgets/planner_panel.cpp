#include "widgets/planner_panel.hpp"

#include "logic/plain_text.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTableWidget>
#include <QVBoxLayout>

#include "logic/result_text.hpp"
#include "widgets/table_cell.hpp"

#include <cmath>

namespace hashscope::gui {

namespace {

// "610 MB/s", "16.7 GB/s": decimal units, three significant digits.
QString rate(double mbps)
{
  return mbps >= 999.5 ? QObject::tr("%1 GB/s").arg(QString::number(mbps / 1000, 'g', 3))
                      : QObject::tr("%1 MB/s").arg(QString::number(mbps, 'g', 3));
}

QString dataSize(std::uint64_t bytes)
{
  static const char* const kUnits[] = {"B", "KB", "MB", "GB", "TB", "PB", "EB"};
  double value = double(bytes);
  int unit = 0;
  while (value >= 999.5 && unit < 6) {
    value /= 1000;
    ++unit;
  }
  return QString::number(value, 'g', 3) + QLatin1Char(' ') + QLatin1String(kUnits[unit]);
}

QString duration(double seconds)
{
  if (seconds < 60)
    return QObject::tr("%1 s").arg(QString::number(seconds, 'g', 3));
  const auto total = qint64(std::llround(seconds));
  if (total < 3600)
    return QObject::tr("%1 min %2 s").arg(total / 60).arg(total % 60);
  if (total < 86400)
    return QObject::tr("%1 h %2 min").arg(total / 3600).arg(total % 3600 / 60);
  return QObject::tr("%1 days").arg(QString::number(seconds / 86400, 'g', 3));
}

}  // namespace

PlannerPanel::PlannerPanel(QWidget* parent) : QWidget(parent)
{
  m_data = new QLineEdit(QStringLiteral("1T"), this);
  m_data->setToolTip(tr("1T, 500G, 1.5TB (decimal: T = 10^12 bytes) or 2TiB, 64MiB (binary)"));
  m_time = new QLineEdit(QStringLiteral("1m"), this);
  m_time->setToolTip(tr("90s, 1m, 1h30m, 2d"));
  m_algorithm = new QComboBox(this);
  m_source = new QLabel(this);
  m_source->setObjectName(QStringLiteral("plannerSource"));
  m_source->setTextFormat(Qt::PlainText);  // the run's title and machine: never markup
  m_source->setWordWrap(true);
  auto* form = new QFormLayout;
  form->addRow(tr("Data to hash:"), m_data);
  form->addRow(tr("In:"), m_time);
  form->addRow(tr("With:"), m_algorithm);
  form->addRow(tr("Measured numbers from:"), m_source);

  m_needs = new QLabel(this);
  m_needs->setObjectName(QStringLiteral("plannerNeeds"));
  m_needs->setTextFormat(Qt::PlainText);
  m_needs->setWordWrap(true);
  m_machine = new QLabel(this);
  m_machine->setObjectName(QStringLiteral("plannerMachine"));
  m_machine->setTextFormat(Qt::PlainText);
  m_machine->setWordWrap(true);
  auto* needsBox = new QGroupBox(tr("What the target needs"), this);
  (new QVBoxLayout(needsBox))->addWidget(m_needs);
  auto* machineBox = new QGroupBox(tr("What this machine would take"), this);
  (new QVBoxLayout(machineBox))->addWidget(m_machine);

  m_table = new QTableWidget(0, 7, this);
  m_table->setObjectName(QStringLiteral("plannerTable"));
  m_table->setHorizontalHeaderLabels({tr("Algorithm"), tr("Per core"), tr("All cores"), tr("Cores needed"),
                                      tr("Time here"), tr("Limited by"), tr("Meets the target")});
  m_table->verticalHeader()->hide();
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_table->horizontalHeader()->setStretchLastSection(true);

  auto* top = new QHBoxLayout;
  top->addLayout(form, 1);
  top->addWidget(needsBox, 1);
  top->addWidget(machineBox, 1);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(top);
  layout->addWidget(new QLabel(tr("Every measured algorithm on this machine, fastest first:"), this));
  layout->addWidget(m_table, 1);

  connect(m_data, &QLineEdit::textChanged, this, &PlannerPanel::recompute);
  connect(m_time, &QLineEdit::textChanged, this, &PlannerPanel::recompute);
  connect(m_algorithm, &QComboBox::currentIndexChanged, this, &PlannerPanel::recompute);
  m_source->setText(tr("no run yet: run a benchmark with hash-memory, or open a run in History"));
  recompute();
}

QString PlannerPanel::needsText() const { return m_needs->text(); }
QString PlannerPanel::machineText() const { return m_machine->text(); }

void PlannerPanel::setRun(const RunDocument& run, const QString& title)
{
  m_run = run;
  m_source->setText(elidedText(title) + QStringLiteral("\n") + elidedText(qs(run.machine.summary())));
  const QString previous = m_algorithm->currentData().toString();
  const QSignalBlocker block(m_algorithm);
  m_algorithm->clear();
  m_algorithm->addItem(tr("(every measured algorithm)"), QString());
  for (const std::string& name : run.algorithms())
    m_algorithm->addItem(qs(name), qs(name));
  const int index = m_algorithm->findData(previous.isEmpty() ? QStringLiteral("md5") : previous);
  m_algorithm->setCurrentIndex(index >= 0 ? index : 0);
  recompute();
}

void PlannerPanel::recompute()
{
  m_plan.reset();
  m_table->setRowCount(0);
  const auto bytes = parseDataSize(m_data->text().toStdString());
  const auto seconds = parseDuration(m_time->text().toStdString());
  if (!bytes || !seconds) {
    m_needs->setText(!bytes ? tr("Give the data as a size: 1T, 500G, 2TiB.") : tr("Give the time as 90s, 1m or 1h30m."));
    m_machine->clear();
    return;
  }
  const double needed = double(*bytes) / *seconds / 1e6;
  QString needs = tr("Throughput: %1 (%2 MB/s)\nStorage that reads %1").arg(rate(needed)).arg(needed, 0, 'f', 0);
  // Storage that fast may be a share: then the network carries it too.
  const auto linksLine = [](const std::vector<LinkPlan>& links) {
    QStringList parts;
    for (const LinkPlan& l : links) {
      const QString speed = l.gbitPerSecond >= 1 ? tr("%1 Gb/s").arg(l.gbitPerSecond) : tr("%1 Mb/s").arg(l.gbitPerSecond * 1000);
      // The count may exceed an int (an exabyte a second): not a %n plural, which takes an int.
      const QString count = l.links == 1 ? tr("1 link of %1").arg(speed) : tr("%1 links of %2").arg(l.links).arg(speed);
      parts << (l.measured ? tr("%1 like this run's network location").arg(count) : count);
    }
    return tr("Over a network: %1").arg(parts.join(QStringLiteral(", ")));
  };
  if (!m_run) {
    m_needs->setText(needs + QLatin1Char('\n') + linksLine(linksFor(needed)));
    m_machine->setText(tr("No measured run yet."));
    return;
  }
  const Plan plan = makePlan(*m_run, *bytes, *seconds, m_algorithm->currentData().toString().toStdString());
  m_plan = plan;
  needs += QLatin1Char('\n') + linksLine(plan.links);
  QString machine;
  if (plan.chosen) {
    const AlgorithmPlan& a = *plan.chosen;
    needs += QLatin1Char('\n') + tr("About %1 cores at %2 per core for %3 (%4; %5 to be sure)")
                                     .arg(a.coresAbout)
                                     .arg(rate(a.perCoreMBps), qs(a.algorithm))
                                     .arg(a.coresExact, 0, 'f', 1)
                                     .arg(a.coresAtLeast);
    if (a.perCoreMaxMBps > a.perCoreMinMBps)
      needs += QLatin1Char('\n') + tr("Its passes: %1–%2 per core").arg(rate(a.perCoreMinMBps), rate(a.perCoreMaxMBps));
    if (a.allCoresEstimated)
      machine += tr("%1 on all cores: %2 (estimated for %3 cores)").arg(qs(a.algorithm), rate(a.allCoresMBps)).arg(a.allCoresStreams);
    else if (a.allCoresLocation.empty())
      machine += tr("%1 on all cores: %2 (measured at %3 streams)").arg(qs(a.algorithm), rate(a.allCoresMBps)).arg(a.allCoresStreams);
    else
      machine += tr("%1 on all cores: %2 (measured at %3 streams, hashing files in %4)")
                     .arg(qs(a.algorithm), rate(a.allCoresMBps))
                     .arg(a.allCoresStreams)
                     .arg(qs(a.allCoresLocation));
    machine += QLatin1Char('\n');
  }
  const QString depth = plan.readQueueDepth > 0
                            ? tr(", %1 reads in flight").arg(std::max(1, plan.readStreams) * plan.readQueueDepth)
                            : QString();
  machine += plan.readMBps > 0 ? tr("Storage reads %1 (%2%3)").arg(rate(plan.readMBps), qs(plan.readLocation), depth)
                               : tr("Storage: not measured in this run");
  if (plan.chosen) {
    const AlgorithmPlan& a = *plan.chosen;
    machine += QLatin1Char('\n') + tr("%1 would take %2, limited by %3: %4")
                                       .arg(dataSize(plan.bytes), duration(a.machineSeconds),
                                            a.limit == PlanLimit::Storage ? tr("storage") : tr("hashing"),
                                            a.meetsTarget ? tr("meets the target")
                                                          : tr("%1x the target time").arg(a.machineSeconds / plan.seconds, 0, 'f', 1));
  }
  QStringList meeting;
  for (const std::string& name : plan.meeting)
    meeting << qs(name);
  machine += QLatin1Char('\n') + (meeting.isEmpty() ? tr("No measured algorithm meets the target here.")
                                                    : tr("Meets the target here: %1").arg(meeting.join(QStringLiteral(", "))));
  for (PlanNote note : plan.notes) {
    switch (note) {
    case PlanNote::AlgorithmNotMeasured: machine += QLatin1Char('\n') + tr("This algorithm has no hash-memory result in the run."); break;
    case PlanNote::NoHashFigures: machine += QLatin1Char('\n') + tr("The run has no hash-memory results to plan with."); break;
    case PlanNote::NoReadFigure: machine += QLatin1Char('\n') + tr("No read result: storage was not judged."); break;
    case PlanNote::ReadNotCold: machine += QLatin1Char('\n') + tr("The read speed was not measured cold from a disk: it describes memory, not storage."); break;
    case PlanNote::AllCoresEstimated: machine += QLatin1Char('\n') + tr("No stream ramp: all cores = per-core speed x logical cores (an upper estimate)."); break;
    case PlanNote::PerCoreFromStreams: machine += QLatin1Char('\n') + tr("No one-stream result: per-core speed from the fewest-streams result."); break;
    case PlanNote::PerCoreFromThreads: machine += QLatin1Char('\n') + tr("This algorithm hashes one stream on several threads: per-core speed = its speed / its threads."); break;
    case PlanNote::MeasuredWhileBusy: machine += QLatin1Char('\n') + tr("A figure of this plan was measured while other processes used the CPU (machine busy)."); break;
    case PlanNote::ReadOverNetwork: machine += QLatin1Char('\n') + tr("The best read came over a network or FUSE filesystem: its link and server are part of that storage speed."); break;
    }
  }
  m_needs->setText(needs);
  m_machine->setText(machine);
  m_table->setRowCount(int(plan.algorithms.size()));
  for (int row = 0; row < int(plan.algorithms.size()); ++row) {
    const AlgorithmPlan& a = plan.algorithms[std::size_t(row)];
    m_table->setItem(row, 0, readOnlyCell(qs(a.algorithm)));
    m_table->setItem(row, 1, readOnlyCell(rate(a.perCoreMBps), true));
    m_table->setItem(row, 2, readOnlyCell(rate(a.allCoresMBps) + (a.allCoresEstimated ? QStringLiteral("*") : QString()), true));
    m_table->setItem(row, 3, readOnlyCell(QString::number(a.coresExact, 'f', 1), true));
    m_table->setItem(row, 4, readOnlyCell(duration(a.machineSeconds), true));
    m_table->setItem(row, 5, readOnlyCell(a.limit == PlanLimit::Storage ? tr("storage") : tr("hashing")));
    m_table->setItem(row, 6, readOnlyCell(a.meetsTarget ? tr("yes") : tr("no")));
  }
}

}  // namespace hashscope::gui
