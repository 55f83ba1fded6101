#include "widgets/history_panel.hpp"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include "logic/history_model.hpp"
#include "logic/result_text.hpp"
#include "widgets/compare_view.hpp"

namespace hashscope::gui {

HistoryPanel::HistoryPanel(HistoryModel* model, QWidget* parent) : QWidget(parent), m_model(model)
{
  m_table = new QTableView(this);
  m_table->setObjectName(QStringLiteral("historyTable"));
  m_table->setModel(model);
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
  m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
  m_table->verticalHeader()->hide();
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_table->horizontalHeader()->setStretchLastSection(true);
  m_table->setToolTip(tr("Every saved run. Rename (F2, or double-click its name) to name or tag a run"));

  m_open = new QPushButton(tr("&Open"), this);
  m_compareWith = new QPushButton(tr("&Compare with..."), this);
  m_compareWith->setToolTip(tr("Compare the selected run with another one (or select two runs)"));
  m_baseline = new QPushButton(tr("Set &as baseline"), this);
  m_baseline->setToolTip(tr("New runs are compared with the baseline automatically"));
  m_export = new QPushButton(tr("&Export..."), this);
  m_import = new QPushButton(tr("&Import..."), this);
  m_import->setToolTip(tr("Add runs exported on this or another machine (hashscope.run JSON)"));
  m_delete = new QPushButton(tr("&Delete"), this);
  m_rename = new QPushButton(tr("Re&name..."), this);
  m_rename->setObjectName(QStringLiteral("renameRunButton"));
  m_rename->setToolTip(tr("Name or tag the selected run, so it is easy to find and compare (F2)"));
  auto* buttons = new QHBoxLayout;
  for (QPushButton* b : {m_open, m_compareWith, m_rename, m_baseline, m_export, m_import})
    buttons->addWidget(b);
  buttons->addStretch(1);
  buttons->addWidget(m_delete);

  m_status = new QLabel(this);
  m_status->setObjectName(QStringLiteral("historyStatus"));
  m_status->setTextFormat(Qt::PlainText);  // file names and messages: never markup
  m_status->setWordWrap(true);
  m_progress = new QProgressBar(this);
  m_progress->setObjectName(QStringLiteral("importProgress"));
  m_progress->hide();
  m_compare = new CompareView(this);

  auto* top = new QWidget(this);
  auto* topLayout = new QVBoxLayout(top);
  topLayout->setContentsMargins(0, 0, 0, 0);
  topLayout->addWidget(m_table, 1);
  topLayout->addLayout(buttons);
  topLayout->addWidget(m_status);
  topLayout->addWidget(m_progress);
  auto* splitter = new QSplitter(Qt::Vertical, this);
  splitter->addWidget(top);
  splitter->addWidget(m_compare);
  splitter->setStretchFactor(0, 2);
  splitter->setStretchFactor(1, 3);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(splitter);

  connect(m_open, &QPushButton::clicked, this, &HistoryPanel::openSelected);
  connect(m_compareWith, &QPushButton::clicked, this, &HistoryPanel::compareSelected);
  connect(m_baseline, &QPushButton::clicked, this, &HistoryPanel::toggleBaseline);
  connect(m_export, &QPushButton::clicked, this, &HistoryPanel::exportSelected);
  connect(m_import, &QPushButton::clicked, this, &HistoryPanel::importRuns);
  connect(m_delete, &QPushButton::clicked, this, &HistoryPanel::deleteSelected);
  connect(m_rename, &QPushButton::clicked, this, &HistoryPanel::renameSelected);
  connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
    if (index.column() != HistoryModel::Name)
      openSelected();
  });
  connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &HistoryPanel::updateButtons);
  connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &HistoryPanel::showSelection);
  connect(model, &QAbstractItemModel::modelReset, this, &HistoryPanel::updateButtons);
  connect(model, &HistoryModel::importProgress, this, [this](int done, int total, const QString& file) {
    m_progress->setRange(0, 0);  // busy: a file's import has no steps to count
    m_progress->show();
    m_status->setText(tr("Importing %1 of %2: %3").arg(done + 1).arg(total).arg(file));
    m_status->setStyleSheet(QString());
  });
  connect(model, &HistoryModel::importFinished, this,
          [this](int imported, const QStringList& notes, const QStringList& errors) {
            m_progress->hide();
            QStringList done{imported == 1 ? tr("1 run imported.") : tr("%1 runs imported.").arg(imported)};
            report(errors.join(QLatin1Char(' ')), (done + notes).join(QLatin1Char(' ')));
            updateButtons();
          });
  if (!model->isOpen())
    report(model->openError());
  else if (model->isReadOnly())
    m_status->setText(tr("Runs are read from %1, which is read-only here: new runs are not saved in it.").arg(model->path()));
  else
    m_status->setText(tr("Runs are saved in %1 (the CLI uses the same file).").arg(model->path()));
  updateButtons();
}

QString HistoryPanel::statusText() const { return m_status->text(); }

std::optional<std::int64_t> HistoryPanel::selectedRun() const
{
  const auto rows = m_table->selectionModel()->selectedRows();
  if (rows.isEmpty())
    return std::nullopt;
  return m_model->record(rows.front().row()).id;
}

void HistoryPanel::selectRun(std::int64_t id)
{
  const int row = m_model->rowOf(id);
  if (row >= 0)
    m_table->selectRow(row);
}

void HistoryPanel::updateButtons()
{
  const auto rows = m_table->selectionModel()->selectedRows();
  const bool one = !rows.isEmpty();
  const bool writable = m_model->isOpen() && !m_model->isReadOnly();
  for (QPushButton* b : {m_open, m_export})
    b->setEnabled(one);
  for (QPushButton* b : {m_delete, m_baseline, m_rename})
    b->setEnabled(one && writable);
  m_compareWith->setEnabled(one && m_model->rowCount() > 1);
  m_import->setEnabled(writable && !m_model->importing());
  const auto id = selectedRun();
  m_baseline->setText(id && m_model->baseline() == id ? tr("Clear b&aseline") : tr("Set &as baseline"));
}

void HistoryPanel::report(const QString& error, const QString& done)
{
  m_status->setText(error.isEmpty() ? done : error);
  m_status->setStyleSheet(error.isEmpty() ? QString() : QStringLiteral("color: %1;").arg(warningTextColor().name()));
}

void HistoryPanel::renameSelected()
{
  const auto rows = m_table->selectionModel()->selectedRows();
  if (rows.isEmpty())
    return;
  const QModelIndex name = m_model->index(rows.front().row(), HistoryModel::Name);
  m_table->setCurrentIndex(name);
  m_table->edit(name);
}

void HistoryPanel::showSelection()
{
  const auto rows = m_table->selectionModel()->selectedRows();
  if (rows.size() > 1)
    return;  // two runs: Compare shows them
  const auto id = selectedRun();
  if (!id) {
    if (m_shown != 0)
      m_compare->clear(tr("Select a run to see its results."));
    m_shown = 0;
    return;
  }
  if (*id == m_shown)
    return;
  const auto run = m_model->run(*id);
  if (!run) {
    m_compare->clear(tr("Run %1 cannot be read back.").arg(*id));
    m_shown = 0;
    return;
  }
  m_compare->showRun(*run, m_model->title(*id));
  m_shown = *id;
}

void HistoryPanel::openSelected()
{
  const auto id = selectedRun();
  if (!id)
    return;
  const auto run = m_model->run(*id);
  if (!run) {
    report(tr("Run %1 cannot be read back.").arg(*id));
    return;
  }
  m_compare->showRun(*run, m_model->title(*id));
  m_shown = *id;
  Q_EMIT runChosen(*run, m_model->title(*id));
  Q_EMIT openRequested(*id);
}

void HistoryPanel::compare(std::int64_t baseId, std::int64_t otherId)
{
  const auto base = m_model->run(baseId);
  const auto other = m_model->run(otherId);
  if (!base || !other) {
    report(tr("These runs cannot be read back."));
    return;
  }
  m_compare->showComparison(*base, *other, m_model->title(baseId), m_model->title(otherId));
  m_shown = otherId;
  Q_EMIT runChosen(*other, m_model->title(otherId));
}

void HistoryPanel::compareSelected()
{
  const auto rows = m_table->selectionModel()->selectedRows();
  if (rows.size() == 2) {  // two selected: the older is the base (rows are newest first)
    const std::int64_t a = m_model->record(rows[0].row()).id, b = m_model->record(rows[1].row()).id;
    compare(std::min(a, b), std::max(a, b));
    return;
  }
  const auto id = selectedRun();
  if (!id)
    return;
  QMenu menu(this);
  for (int row = 0; row < m_model->rowCount(); ++row) {
    const std::int64_t base = m_model->record(row).id;
    if (base == *id)
      continue;
    QAction* action = menu.addAction(m_model->title(base));
    connect(action, &QAction::triggered, this, [this, base, other = *id] { compare(base, other); });
  }
  menu.exec(m_compareWith->mapToGlobal(QPoint(0, m_compareWith->height())));
}

void HistoryPanel::showSavedRun(std::int64_t id)
{
  selectRun(id);
  const auto base = m_model->baseline();
  if (base && *base != id && m_model->rowOf(*base) >= 0) {
    compare(*base, id);
  } else if (const auto run = m_model->run(id)) {
    m_compare->showRun(*run, m_model->title(id));
    m_shown = id;
    Q_EMIT runChosen(*run, m_model->title(id));
  }
}

std::int64_t HistoryPanel::saveRun(const std::vector<RunResult>& results, const ExportOptions& when)
{
  if (results.empty())
    return 0;
  std::int64_t id = 0;
  const QString error = m_model->saveRun(results, when, &id);
  if (!error.isEmpty()) {
    report(error);
    return 0;
  }
  const auto base = m_model->baseline();
  report({}, base && *base != id ? tr("Run %1 saved and compared with the baseline, run %2.").arg(id).arg(*base)
                                 : tr("Run %1 saved.").arg(id));
  showSavedRun(id);
  return id;
}

void HistoryPanel::toggleBaseline()
{
  const auto id = selectedRun();
  if (!id)
    return;
  const bool clear = m_model->baseline() == id;
  report(m_model->setBaseline(clear ? std::nullopt : id),
         clear ? tr("No baseline: new runs are shown alone.") : tr("Run %1 is the baseline: new runs are compared with it.").arg(*id));
  selectRun(*id);
}

void HistoryPanel::exportSelected()
{
  const auto id = selectedRun();
  if (!id)
    return;
  // Named and placed as File's exports are (the run's date, the machine, the last export's folder), never in
  // the folder the app was started from.
  const auto record = m_model->rowOf(*id) >= 0 ? std::optional(m_model->record(m_model->rowOf(*id))) : std::nullopt;
  ExportOptions when;
  if (record)
    when.startedAt = record->startedAt.empty() ? record->savedAt : record->startedAt;
  const QString suggested = m_exportPath ? m_exportPath(when) : tr("hashscope-run-%1.json").arg(*id);
  const QString file = QFileDialog::getSaveFileName(this, tr("Export run"), suggested, tr("HashScope run (*.json)"));
  if (file.isEmpty())
    return;
  const QString error = m_model->exportRun(*id, file);
  report(error, tr("Run %1 exported to %2.").arg(*id).arg(file));
  if (error.isEmpty()) {
    Q_EMIT runExported(file);
    return;
  }
  QMessageBox box(QMessageBox::Warning, tr("Export failed"), tr("Nothing was saved."), QMessageBox::Ok, this);
  box.setObjectName(QStringLiteral("exportFailedBox"));
  box.setInformativeText(error);
  box.exec();
}

void HistoryPanel::importRuns()
{
  importRunFiles(
      QFileDialog::getOpenFileNames(this, tr("Import runs"), QString(), tr("HashScope runs (*.json);;All files (*)")));
}

void HistoryPanel::importRunFiles(const QStringList& files)
{
  if (files.isEmpty() || !m_model->importFiles(files))
    return;
  m_import->setEnabled(false);  // one import at a time; importFinished enables it again
}

void HistoryPanel::deleteSelected()
{
  const auto rows = m_table->selectionModel()->selectedRows();
  std::vector<std::int64_t> ids;
  for (const QModelIndex& index : rows)
    ids.push_back(m_model->record(index.row()).id);
  if (ids.empty() || QMessageBox::question(this, tr("Delete runs"), (ids.size() == 1 ? tr("Delete this run from the history?") : tr("Delete these %1 runs from the history?").arg(ids.size()))) !=
                         QMessageBox::Yes)
    return;
  QString error;
  for (const std::int64_t id : ids)
    if (error.isEmpty())
      error = m_model->remove(id);
  report(error, ids.size() == 1 ? tr("1 run deleted.") : tr("%1 runs deleted.").arg(ids.size()));
  m_compare->clear(tr("Select a run and choose Open, or Compare with... another run."));
}

}  // namespace hashscope::gui
