// MainWindow's runs: starting one (the ticked locations checked first), its progress, stopping it (Stop, Esc,
// closing the window), its end, and a saved run opened from the history in its place (split from main_window.cpp
// to keep each file small).
#include <QCloseEvent>
#include <QMessageBox>
#include <QPushButton>
#include <QTabWidget>

#include "hashscope/library.hpp"
#include "logic/algorithm_model.hpp"
#include "logic/benchmark_controller.hpp"
#include "logic/history_model.hpp"
#include "logic/location_check.hpp"
#include "logic/location_model.hpp"
#include "logic/machine_list.hpp"
#include "logic/remote_controller.hpp"
#include "logic/result_text.hpp"
#include "logic/results_model.hpp"
#include "logic/run_phase.hpp"
#include "logic/run_reader.hpp"
#include "widgets/fleet_view.hpp"
#include "widgets/history_panel.hpp"
#include "widgets/live_view.hpp"
#include "widgets/main_window.hpp"
#include "widgets/results_view.hpp"
#include "widgets/scoreboard_view.hpp"
#include "widgets/status_strip.hpp"

namespace hashscope::gui {

void MainWindow::startBenchmark()
{
  if (isBusy())
    return;
  const RunOptions options = currentOptions();
  const QStringList locations = m_locations->checkedPaths();
  const QStringList algorithms = m_algorithms->checkedIds();
  const bool local = m_machines->localChecked();
  if (options.sampleSize == 0) {
    m_status->showError(tr("The sample size is not valid: type a size such as 512M or 2G."));
    return;
  }
  if (!local && m_machines->checkedHosts().isEmpty()) {
    m_status->showError(tr("Tick at least one machine to benchmark: this one, or another in Machines."));
    return;
  }
  if (local && locations.isEmpty()) {
    m_status->showError(tr("Tick at least one usable location to benchmark."));
    return;
  }
  if (algorithms.isEmpty()) {
    m_status->showError(tr("Tick at least one algorithm to benchmark."));
    return;
  }
  saveSettings();
  std::vector<std::string> ids;
  for (const QString& id : algorithms)
    ids.push_back(id.toStdString());
  m_machines->clearStatus();
  m_machineRuns.clear();
  const bool remote = startRemote(options, ids);
  const bool started = (local && startLocal(options, locations, ids)) || remote;
  if (started)
    setRunning(true);
}

bool MainWindow::startLocal(const RunOptions& options, const QStringList& locations, const std::vector<std::string>& ids)
{
  // Each ticked location is checked first: one deleted or turned read-only since it was ticked says so on its
  // tiles and above them, and the others are measured.
  QList<LocationProblem> problems;
  std::vector<std::filesystem::path> paths;
  for (const QString& path : locations) {
    if (const auto problem = checkLocation(path, m_locations->reusesSample(path)))
      problems.append(*problem);
    else
      paths.push_back(toPath(path));
  }
  showRunStarting(locations, m_algorithms->checkedIds());
  m_resultsView->setLocationProblems(problems);
  QStringList sentences;
  for (const LocationProblem& p : std::as_const(problems)) {
    m_locations->setError(p.location, p.sentence);
    sentences.append(p.sentence);
  }
  if (paths.empty()) {  // nothing left to measure: said on the tiles and in the headline, nothing started
    m_resultsView->setRunEnded(false);
    m_status->showError(sentences.join(QStringLiteral(". ")));
    return false;
  }
  const QString plan = m_locations->writePlan(options.keepSamples);  // said before anything is written
  if (m_controller->start(makeSuiteSpec(options, paths, ids)) == 0)
    return false;
  m_machines->setStatus({}, tr("measuring"));
  m_status->showProgress(sentences.isEmpty() ? plan : sentences.join(QStringLiteral(". ")) % QStringLiteral(". ") % plan,
                         0, -1);
  return true;
}

void MainWindow::updateEscapeAction()
{
  m_escapeAction->setEnabled(isBusy() || m_resultsView->detailsOpen());
}

void MainWindow::escapePressed()
{
  if (m_resultsView->closeDetails())
    return;
  if (isBusy() && confirmStopByEscape() && isBusy())
    stopBenchmark();
}

bool MainWindow::confirmStopByEscape()
{
  if (!m_controller->isRunning())  // only other machines run: nothing of theirs is kept when stopped
    return askToStop(QStringLiteral("stopByEscapeBox"), tr("Stop the benchmark"), tr("Stop the running benchmark?"),
                     tr("The other machines' runs end, and their folders there are removed; a run stopped there "
                        "is not saved."),
                     tr("&Stop"));
  const Scoreboard& board = m_resultsView->scoreboard()->board();
  int tiles = 0;
  for (const ScoreTile& t : board.tiles)
    tiles += t.kind != ScoreTile::Kind::Empty;
  return askToStop(QStringLiteral("stopByEscapeBox"), tr("Stop the benchmark"), tr("Stop the running benchmark?"),
                   tr("%1 of %2 tiles are measured: they are kept, and saved in the history as a stopped run. The "
                      "tiles not measured yet stay empty; partial files are removed.")
                       .arg(board.measuredCount())
                       .arg(tiles),
                   tr("&Stop"));
}

bool MainWindow::askToStop(const QString& name, const QString& title, const QString& question,
                           const QString& informative, const QString& stopLabel)
{
  // Keep running is the default and Esc's answer: stopping is never what a stray key press does.
  QMessageBox box(QMessageBox::Question, title, question, QMessageBox::NoButton, this);
  box.setObjectName(name);
  box.setInformativeText(informative);
  QPushButton* stop = box.addButton(stopLabel, QMessageBox::AcceptRole);
  QPushButton* keep = box.addButton(tr("&Keep running"), QMessageBox::RejectRole);
  box.setDefaultButton(keep);
  box.setEscapeButton(keep);
  box.exec();
  return box.clickedButton() == stop;
}

bool MainWindow::openSavedRun(std::int64_t id)
{
  // The saved run takes the Results tab's place, as a run just made: its scoreboard, table, charts and
  // details, and every export of the File menu (the JSON one writes the stored document itself).
  if (isBusy()) {
    m_status->showError(tr("A benchmark is running: open a saved run once it has ended."));
    return false;
  }
  const QByteArray document = m_history->document(id);
  QString error;
  const auto run = document.isEmpty() ? std::nullopt : readRun(document, &error);
  if (!run) {
    m_status->showError(tr("Run %1 cannot be read back%2").arg(id).arg(error.isEmpty() ? QStringLiteral(".") : QStringLiteral(": ") + error));
    return false;
  }
  m_resultsView->closeDetails();
  m_resultsView->setPlan({});
  m_results->showSavedRun(run->results, run->when, run->machine, run->version, document);
  m_resultsView->setRunEnded(run->when.status == "stopped");
  m_tabs->setCurrentWidget(m_resultsView);
  m_resultsView->pages()->setCurrentIndex(0);
  m_status->showMessage(tr("%1 is shown in Results: the File menu exports it (PNG, CSV, HTML, JSON).")
                            .arg(m_history->title(id)));
  updateExportActions();
  return true;
}

void MainWindow::showRunStarting(const QStringList& locations, const QStringList& algorithms)
{
  m_locations->clearErrors();
  m_liveView->reset();
  // The answer fills in where it will stay: the scoreboard, one pending tile per location x algorithm;
  // the live chart is one tab away (Alt+L).
  m_resultsView->setPlan({locations, algorithms});
  m_resultsView->pages()->setCurrentIndex(0);
  m_tabs->setCurrentWidget(m_resultsView);
}

void MainWindow::stopBenchmark()
{
  if (!isBusy())
    return;
  m_controller->stop();  // the phase says "Stopping..." until the run has ended
  m_remote->stop();      // every machine's run: core ends them and removes their folders there
  m_stop->setEnabled(false);
}

void MainWindow::showProgress()
{
  if (!m_controller->isRunning())
    return;
  const RunPhase& phase = m_controller->phase();
  const ProgressEstimate& p = m_controller->progress();
  const double now = m_controller->elapsedSeconds();
  const double fraction = p.fraction(now);
  const bool stopping = phase.kind == RunPhase::Kind::Stopping;
  // While it waits for a quiet machine the time left is the run's after the wait (a wait is not predicted).
  m_status->showProgress(phaseText(phase), fraction, stopping ? -1 : p.secondsLeft(now));
  m_status->setSkipVisible(phase.kind == RunPhase::Kind::Waiting);
  // The progress in the title too, so it shows in the task bar while the window is in the background.
  const QString title = tr("HashScope (%1%)").arg(int(fraction * 100));
  if (title != windowTitle())
    setWindowTitle(title);
}

void MainWindow::onFinished(quint64, bool cancelled, const QStringList& errors)
{
  setRunning(m_remote->isRunning());
  m_resultsView->setRunEnded(cancelled);
  setWindowTitle(tr("HashScope"));
  // A run that left a location out (checked before it, or skipped by it) is not saved as "finished".
  QStringList problems;
  for (const LocationProblem& p : m_resultsView->locationProblems())
    problems.append(p.sentence);
  if (!problems.isEmpty() && m_results->when().status == "finished")
    m_results->setStatus("incomplete");
  addLocalMachineRun(m_historyPanel->saveRun(m_controller->results(), m_results->when()), cancelled);
  onLocationsChanged();  // the suite may have created samples
  for (const QString& error : errors) {
    if (!problems.contains(error))
      problems.append(error);
  }
  const int rows = m_results->rowCount();
  if (!problems.isEmpty())
    m_status->showError(problems.join(QLatin1Char(' ')));
  else if (cancelled)
    m_status->showMessage(tr("Stopped. Results so far are kept; partial files were removed."));
  else
    m_status->showMessage((rows == 1 ? tr("Finished: 1 result in %1.") : tr("Finished: %1 results in %2.").arg(rows))
                              .arg(formatDuration(m_controller->elapsedSeconds())));
  if (!cancelled && m_results->rowCount() > 0)
    m_tabs->setCurrentWidget(m_resultsView);
  if (!m_remote->isRunning()) {  // else the other machines' end says it
    showMachineRuns();
    Q_EMIT benchmarkFinished(cancelled);
  }
}

bool MainWindow::confirmQuitDuringRun()
{
  const QString kept = m_controller->isRunning()
                           ? tr("What it has measured so far is saved in the history (as a stopped run), and its "
                                "partial files are removed.")
                           : tr("The other machines' runs end, and their folders there are removed; a run stopped "
                                "there is not saved.");
  return askToStop(QStringLiteral("quitDuringRunBox"), tr("Quit HashScope"), tr("A benchmark is running. Stop it and quit?"),
                   kept, tr("Stop and &quit"));
}

void MainWindow::closeEvent(QCloseEvent* event)
{
  if (isBusy()) {
    if (!confirmQuitDuringRun()) {
      event->ignore();
      return;
    }
    // The run may have ended while the question was open (its end arrived in the box's event loop): then
    // onFinished has saved it, and it is not saved again. Still running: stop and join it before the window
    // goes (the engine removes its partial files on the way out; its end is dropped), then keep what it
    // measured, as Stop would: a stopped run in the history.
    if (m_controller->isRunning()) {
      m_controller->stopAndWait();
      ExportOptions when = m_results->when();
      when.finishedAt = utcTimestamp();
      when.status = "stopped";
      m_historyPanel->saveRun(m_controller->results(), when);
    }
  }
  m_remote->stopAndWait();  // the machines' runs end there, their folders removed; nothing of them is saved
  saveSettings();
  QMainWindow::closeEvent(event);
}

}  // namespace hashscope::gui
