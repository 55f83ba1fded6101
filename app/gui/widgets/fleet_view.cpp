#include "widgets/fleet_view.hpp"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include "hashscope/planner.hpp"
#include "logic/plain_text.hpp"
#include "logic/result_text.hpp"
#include "words.hpp"

namespace hashscope::gui {

namespace {

enum Column { Machine, Platform, Algorithm, Hashing, Limit, Storage, History, Columns };

QTableWidgetItem* cell(const QString& text, bool right = false)
{
  auto* item = new QTableWidgetItem(elidedText(text, 100));
  item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
  if (right)
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  return item;
}

}  // namespace

FleetView::FleetView(QWidget* parent) : QWidget(parent)
{
  m_heading = new QLabel(this);
  m_heading->setTextFormat(Qt::PlainText);
  m_heading->setWordWrap(true);
  m_table = new QTableWidget(0, Columns, this);
  m_table->setObjectName(QStringLiteral("fleetTable"));
  m_table->setHorizontalHeaderLabels({tr("Machine"), tr("Platform"), tr("Algorithm"), tr("Hashing"),
                                      tr("Verdict"), tr("Storage"), tr("History")});
  m_table->verticalHeader()->hide();
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_table->setSelectionMode(QAbstractItemView::SingleSelection);
  m_table->setTabKeyNavigation(false);
  m_table->setShowGrid(false);
  m_table->setAlternatingRowColors(true);
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_table->horizontalHeader()->setStretchLastSection(true);
  m_table->setToolTip(tr("Each machine's fastest end-to-end hashing of its headline algorithm, as its verdict "
                         "limits it, and its storage's delivery. Enter or double-click opens its scoreboard."));
  m_aggregate = new QLabel(this);
  m_aggregate->setObjectName(QStringLiteral("fleetAggregate"));
  m_aggregate->setTextFormat(Qt::PlainText);
  m_aggregate->setWordWrap(true);
  QFont bold = m_aggregate->font();
  bold.setBold(true);
  m_aggregate->setFont(bold);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(m_heading);
  layout->addWidget(m_aggregate);  // the answer first, then the machines it sums
  layout->addWidget(m_table, 1);
  const auto open = [this](int row) {
    if (const QTableWidgetItem* item = m_table->item(row, Machine); item && item->data(Qt::UserRole).toLongLong() > 0)
      Q_EMIT openRequested(item->data(Qt::UserRole).toLongLong());
  };
  connect(m_table, &QTableWidget::cellActivated, this, [open](int row, int) { open(row); });
  setRuns({});
}

void FleetView::setRuns(const std::vector<MachineRun>& runs)
{
  std::vector<std::pair<std::string, RunDocument>> measured;
  for (const MachineRun& r : runs)
    if (r.run)
      measured.emplace_back(r.shownName.toStdString(), *r.run);
  const Fleet fleet = fleetOf(measured);
  m_table->setRowCount(int(runs.size()));
  std::size_t next = 0;
  for (int row = 0; row < int(runs.size()); ++row) {
    const MachineRun& r = runs[std::size_t(row)];
    QTableWidgetItem* name = cell(r.shownName);
    name->setData(Qt::UserRole, qlonglong(r.id));
    m_table->setItem(row, Machine, name);
    // ssh's `uname -sm` for another machine; this machine's run names its own system.
    m_table->setItem(row, Platform, cell(!r.platform.isEmpty() || !r.run ? r.platform : qs(r.run->machine.os)));
    m_table->setItem(row, History, cell(r.id > 0 ? tr("run %1").arg(r.id) : QString()));
    if (!r.run || next >= fleet.machines.size()) {
      m_table->setItem(row, Algorithm, cell(QString()));
      m_table->setItem(row, Hashing, cell(QString()));
      m_table->setItem(row, Limit, cell(r.problem));
      m_table->setItem(row, Storage, cell(QString()));
      continue;
    }
    const FleetMachine& m = fleet.machines[next++];
    m_table->setItem(row, Algorithm, cell(qs(m.algorithm)));
    m_table->setItem(row, Hashing, cell(formatMBps(m.hashMBps), true));
    m_table->setItem(row, Limit, cell(qs(words::verdictName(m.verdict))));
    m_table->setItem(row, Storage, cell(m.storageMBps > 0 ? formatMBps(m.storageMBps) : tr("not measured"), true));
  }
  m_heading->setText(runs.empty() ? tr("No run over several machines yet: tick other machines in Setup > Machines.")
                                  : tr("%1 of %2 machines measured in one run; each run is saved in the history under "
                                       "its machine's name.")
                                        .arg(measured.size())
                                        .arg(runs.size()));
  m_aggregate->setText(measured.empty() ? QString()
                                        : tr("The fleet: hashing %1 together (each machine as its verdict limits "
                                             "it), storage %2 together.")
                                              .arg(formatMBps(fleet.hashMBps), formatMBps(fleet.storageMBps)));
}

QString FleetView::aggregateText() const { return m_aggregate->text(); }

}  // namespace hashscope::gui
