// MainWindow's other machines: the Machines list on the Setup page, their runs over ssh beside this machine's
// (RemoteController, on its own thread), each machine's progress and error on its row, each measured run
// saved in the history under the machine's name (as `hashscope-cli bench --host` saves it), and Results >
// Machines once every machine's run has ended.
#include <QSysInfo>
#include <QStatusBar>
#include <QTabWidget>

#include "logic/history_model.hpp"
#include "logic/machine_list.hpp"
#include "logic/remote_controller.hpp"
#include "logic/results_model.hpp"
#include "widgets/fleet_view.hpp"
#include "widgets/history_panel.hpp"
#include "widgets/machines_panel.hpp"
#include "widgets/main_window.hpp"
#include "widgets/results_view.hpp"
#include "widgets/status_strip.hpp"

#include "hashscope/library.hpp"
#include "logic/benchmark_controller.hpp"
#include "logic/result_text.hpp"

namespace hashscope::gui {

bool MainWindow::isBusy() const { return m_controller->isRunning() || m_remote->isRunning(); }

void MainWindow::buildMachines()
{
  m_remote = new RemoteController(this);
  m_fleetView = new FleetView(this);
  m_resultsView->pages()->addTab(m_fleetView, tr("Machines"));
  m_resultsView->pages()->setTabToolTip(m_resultsView->pages()->count() - 1,
                                        tr("The last run over several machines: one row each, and the fleet"));
  connect(m_remote, &RemoteController::line, this, &MainWindow::onRemoteLine);
  connect(m_remote, &RemoteController::finished, this, &MainWindow::onRemoteFinished);
  connect(m_fleetView, &FleetView::openRequested, this, &MainWindow::openSavedRun);
}

bool MainWindow::startRemote(const RunOptions& options, const std::vector<std::string>& ids)
{
  const std::vector<RemoteHost> hosts = m_machines->checkedRemoteHosts();
  if (hosts.empty() || !m_remote->start(hosts, remoteBenchArguments(options, ids)))
    return false;
  m_overMachines = true;
  for (const RemoteHost& host : hosts)
    m_machines->setStatus(qs(host.label()), tr("connecting..."));
  m_status->showProgress(tr("Connecting to %n other machine(s) over ssh...", nullptr, int(hosts.size())), 0, -1);
  return true;
}

void MainWindow::onRemoteLine(const QString& host, const QString& text)
{
  if (text.isEmpty())
    return;
  m_machines->setStatus(host, text);
  if (!m_controller->isRunning())  // this machine's own progress has the status line while it runs
    m_status->showProgress(host % QStringLiteral(": ") % text, 0, -1);
}

void MainWindow::onRemoteFinished(bool stopped)
{
  QStringList problems;
  for (const RemoteRun& run : m_remote->runs()) {
    MachineRun m{qs(run.host.label()), qs(run.host.label()), qs(run.platform), 0, {}, std::nullopt};
    if (run.ok()) {
      const QString error = m_history->saveDocument(run.document, m.name, &m.id);
      m.run = run.run;
      m_machines->setStatus(m.name, error.isEmpty() ? tr("measured: saved as run %1").arg(m.id) : error);
      if (!error.isEmpty())
        problems.append(m.name % QStringLiteral(": ") % error);
    } else {
      m.problem = run.stopped ? tr("stopped") : qs(run.error);
      m_machines->setStatus(m.name, m.problem);
      if (!run.stopped)
        problems.append(m.name % QStringLiteral(": ") % m.problem);
    }
    if (!run.leftBehind.empty())
      problems.append(tr("%1: %2 may still be there: remove it by hand.").arg(m.name, qs(run.leftBehind)));
    m_machineRuns.push_back(std::move(m));
  }
  if (m_controller->isRunning())
    return;  // this machine's end shows them all
  setRunning(false);
  if (!problems.isEmpty())
    m_status->showError(problems.join(QLatin1Char(' ')));
  else
    m_status->showMessage(stopped ? tr("Stopped: the other machines' runs ended and their folders were removed.")
                                  : tr("Finished on every machine: Results > Machines shows them side by side."));
  showMachineRuns();
  Q_EMIT benchmarkFinished(stopped);
}

void MainWindow::addLocalMachineRun(std::int64_t id, bool cancelled)
{
  if (!m_overMachines)
    return;
  MachineRun m{{}, tr("This machine (%1)").arg(QSysInfo::machineHostName()), {}, id, {}, std::nullopt};
  if (id > 0)
    m.run = m_history->run(id);
  if (!m.run)
    m.problem = cancelled ? tr("stopped") : tr("nothing measured");
  m_machines->setStatus({}, id > 0 ? tr("measured: saved as run %1").arg(id) : m.problem);
  m_machineRuns.insert(m_machineRuns.begin(), std::move(m));
}

void MainWindow::showMachineRuns()
{
  if (!m_overMachines)
    return;
  m_overMachines = false;
  m_history->refresh();
  m_fleetView->setRuns(m_machineRuns);
  m_tabs->setCurrentWidget(m_resultsView);
  m_resultsView->pages()->setCurrentWidget(m_fleetView);
}

}  // namespace hashscope::gui
