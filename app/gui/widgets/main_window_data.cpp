// MainWindow's "Benchmark a file or folder...": existing data measured where it is, through the same
// BenchmarkController and suite as the Benchmark button (a data plan), writing nothing there.
#include <QAction>
#include <QDir>
#include <QKeySequence>
#include <QMenuBar>
#include <QPushButton>
#include <QTabWidget>

#include "logic/algorithm_model.hpp"
#include "logic/benchmark_controller.hpp"
#include "logic/location_model.hpp"
#include "logic/result_text.hpp"
#include "logic/results_model.hpp"
#include "widgets/data_target_dialog.hpp"
#include "widgets/live_view.hpp"
#include "widgets/locations_panel.hpp"
#include "widgets/main_window.hpp"
#include "widgets/results_view.hpp"
#include "widgets/status_strip.hpp"

namespace hashscope::gui {

void MainWindow::createDataAction(QMenu* menu)
{
  m_dataAction = new QAction(tr("Benchmark a &file or folder..."), this);
  m_dataAction->setShortcut(QKeySequence(tr("Ctrl+Shift+B")));
  m_dataAction->setToolTip(tr("Measure a file or folder you already have, where it is, writing nothing (Ctrl+Shift+B)"));
  connect(m_dataAction, &QAction::triggered, this, &MainWindow::askBenchmarkData);
  menu->addAction(m_dataAction);
  connect(m_locationsPanel, &LocationsPanel::dataBenchmarkRequested, this, &MainWindow::askBenchmarkData);
  // Not while a run goes: the controller runs one suite at a time.
  connect(m_controller, &BenchmarkController::runStarted, m_dataAction, [this] { m_dataAction->setEnabled(false); });
  connect(m_controller, &BenchmarkController::finished, m_dataAction, [this] { m_dataAction->setEnabled(true); });
}

void MainWindow::askBenchmarkData()
{
  if (isBusy())
    return;
  // Browse starts in the selected location: a read-only one is measured this way.
  QString start = m_locationsPanel->selectedPath();
  if (start.isEmpty())
    start = QDir::homePath();
  DataTargetDialog dialog(start, this);
  if (dialog.exec() == QDialog::Accepted)
    benchmarkData(dialog.path());
}

bool MainWindow::benchmarkData(const QString& path)
{
  if (isBusy())
    return false;
  const QStringList algorithms = m_algorithms->checkedIds();
  if (path.isEmpty()) {
    m_status->showError(tr("Choose a file or a folder to benchmark."));
    return false;
  }
  if (algorithms.isEmpty()) {
    m_status->showError(tr("Tick at least one algorithm to benchmark."));
    return false;
  }
  saveSettings();
  std::vector<std::string> ids;
  for (const QString& id : algorithms)
    ids.push_back(id.toStdString());
  SuiteSpec spec = makeSuiteSpec(currentOptions(), {}, ids);
  spec.data = toPath(path);  // the data plan: no sample, nothing written

  showRunStarting({path}, algorithms);
  if (m_controller->start(spec) == 0)
    return false;
  setRunning(true);
  m_status->showProgress(tr("Measuring %1 where it is: nothing is written...").arg(path), 0, -1);
  return true;
}

}  // namespace hashscope::gui
