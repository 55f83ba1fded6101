#include "widgets/main_window.hpp"

#include <QResizeEvent>
#include <QWindow>
#include <QDir>
#include <QGuiApplication>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSplitter>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

#include "charts/chart_widgets.hpp"
#include "hashscope/library.hpp"
#include "hashscope/storage.hpp"
#include "logic/algorithm_model.hpp"
#include "logic/app_settings.hpp"
#include "logic/benchmark_controller.hpp"
#include "logic/history_model.hpp"
#include "logic/location_model.hpp"
#include "logic/result_text.hpp"
#include "logic/results_model.hpp"
#include "widgets/algorithms_panel.hpp"
#include "widgets/live_view.hpp"
#include "logic/machine_list.hpp"
#include "logic/remote_controller.hpp"
#include "widgets/locations_panel.hpp"
#include "widgets/machines_panel.hpp"
#include "widgets/fleet_view.hpp"
#include "widgets/history_panel.hpp"
#include "widgets/options_panel.hpp"
#include "widgets/planner_panel.hpp"
#include "widgets/results_view.hpp"
#include "widgets/samples_panel.hpp"
#include "widgets/setup_page.hpp"
#include "widgets/scoreboard_legend.hpp"
#include "widgets/status_strip.hpp"
#include "widgets/tab_order.hpp"
#include "widgets/theme.hpp"

namespace hashscope::gui {

MainWindow::MainWindow(AppSettings& settings, QWidget* parent)
    : QMainWindow(parent), m_settings(settings), m_controller(new BenchmarkController(this)),
      m_locations(new LocationModel(this)), m_algorithms(new AlgorithmModel(this)), m_results(new ResultsModel(this))
{
  setWindowTitle(tr("HashScope"));
  setObjectName(QStringLiteral("MainWindow"));
  useAppStyle();  // a visible focus ring on every button, in the platform's look too (View > Theme > System)
  m_locations->setLocations(candidateLocations());

  m_liveView = new LiveView(m_controller, this);
  m_resultsView = new ResultsView(m_results, this);
  m_tabs = new QTabWidget(this);
  m_tabs->setDocumentMode(true);
  m_tabs->addTab(buildSetupPage(), tr("Set&up"));
  m_tabs->addTab(m_liveView, tr("&Live"));
  m_tabs->addTab(m_resultsView, tr("Resul&ts"));
  // The run library: the same history file as the CLI; every finished or stopped run is saved there.
  m_history = new HistoryModel(this);
  m_history->open();
  m_historyPanel = new HistoryPanel(m_history, this);
  m_plannerPanel = new PlannerPanel(this);
  m_tabs->addTab(m_historyPanel, tr("Histor&y"));
  buildMachines();
  m_tabs->addTab(m_plannerPanel, tr("&Planner"));
  m_tabs->setTabToolTip(3, tr("Every saved run: open, compare, name, export, import"));
  m_tabs->setTabToolTip(4, tr("What hashing a given amount of data in a given time needs, from a measured run"));
  connect(m_historyPanel, &HistoryPanel::runChosen, m_plannerPanel, &PlannerPanel::setRun);
  connect(m_historyPanel, &HistoryPanel::openRequested, this, &MainWindow::openSavedRun);
  connect(m_historyPanel, &HistoryPanel::runExported, this, &MainWindow::rememberExportFolder);
  m_historyPanel->setExportPathSource([this](const ExportOptions& when) {
    return suggestedExportPath(QStringLiteral(".json"), QStandardPaths::DocumentsLocation, when);
  });
  if (m_history->rowCount() > 0)
    m_historyPanel->showSavedRun(m_history->record(0).id);
  m_tabs->setCornerWidget(buildRunButtons(), Qt::TopRightCorner);
  m_tabs->setTabToolTip(0, tr("Where and what to benchmark"));
  m_tabs->setTabToolTip(1, tr("Throughput and bottleneck charts while the benchmark runs"));
  m_tabs->setTabToolTip(2, tr("The results table, comparison charts and verdicts"));
  setCentralWidget(m_tabs);

  m_status = new StatusStrip(this);
  statusBar()->addWidget(m_status, 1);
  statusBar()->setSizeGripEnabled(true);

  createActions();

  connect(m_benchmark, &QPushButton::clicked, this, &MainWindow::startBenchmark);
  connect(m_stop, &QPushButton::clicked, this, &MainWindow::stopBenchmark);
  connect(m_samplesPanel, &SamplesPanel::specChanged, this, &MainWindow::onSpecChanged);
  connect(m_samplesPanel, &SamplesPanel::samplesChanged, this, &MainWindow::onSpecChanged);
  connect(m_samplesPanel, &SamplesPanel::statusMessage, m_status, &StatusStrip::showMessage);
  connect(m_locationsPanel, &LocationsPanel::locationsChanged, this, &MainWindow::onLocationsChanged);
  connect(m_locationsPanel, &LocationsPanel::currentFolderChanged, m_samplesPanel, &SamplesPanel::setTargetFolder);

  connect(m_controller, &BenchmarkController::phaseChanged, this, &MainWindow::showProgress);
  connect(m_controller, &BenchmarkController::liveUpdated, this, &MainWindow::showProgress);
  connect(m_status, &StatusStrip::skipRequested, m_controller, &BenchmarkController::skipWait);
  // The results model follows the controller itself; the views (and the export actions) follow the model.
  m_results->follow(m_controller);
  connect(m_results, &QAbstractItemModel::modelReset, this, &MainWindow::updateExportActions);
  connect(m_results, &QAbstractItemModel::rowsInserted, this, &MainWindow::updateExportActions);
  connect(m_controller, &BenchmarkController::locationError, m_locations, &LocationModel::setError);
  connect(m_controller, &BenchmarkController::locationError, m_resultsView, &ResultsView::addLocationProblem);
  connect(m_controller, &BenchmarkController::message, m_status, &StatusStrip::showMessage);
  connect(m_controller, &BenchmarkController::finished, this, &MainWindow::onFinished);
  connect(m_resultsView, &ResultsView::detailsShownChanged, this, &MainWindow::updateEscapeAction);

  restoreSettings();
  setRunning(false);
  setSetupTabOrder();
}

void MainWindow::setSetupTabOrder()
{
  // The tab bar, the Setup page in workflow order (where, the sample, what, how), then Benchmark and Stop;
  // on the other pages Tab reaches Benchmark and Stop right after the tab bar (the Setup page is hidden).
  QList<QWidget*> chain{m_tabs->tabBar()};
  for (const QWidget* panel : {static_cast<QWidget*>(m_machinesPanel), static_cast<QWidget*>(m_locationsPanel), static_cast<QWidget*>(m_samplesPanel),
                               static_cast<QWidget*>(m_algorithmsPanel), static_cast<QWidget*>(m_optionsPanel)})
    chain << layoutTabOrder(panel);
  chain << m_benchmark << m_stop;
  chainTabOrder(chain);
}

MainWindow::~MainWindow()
{
  // QWidget's destructor hides the children after this body, when this window's own part is gone: the details
  // pane hiding then must not reach updateEscapeAction (UBSan: a downcast of a destroyed MainWindow).
  disconnect(m_resultsView, nullptr, this, nullptr);
  m_controller->stopAndWait();
  m_remote->stopAndWait();
}

QWidget* MainWindow::buildSetupPage()
{
  m_locationsPanel = new LocationsPanel(m_locations, this);
  m_samplesPanel = new SamplesPanel(this);
  m_algorithmsPanel = new AlgorithmsPanel(m_algorithms, this);
  m_optionsPanel = new OptionsPanel(this);
  m_machines = new MachineList(this);
  m_machinesPanel = new MachinesPanel(m_machines, this);

  // Two columns in workflow order (where: locations, sample; what and how: algorithms, options), or one when
  // the window is narrow: the page then scrolls down, never sideways.
  m_setupPage = new SetupPage(m_machinesPanel, m_locationsPanel, m_samplesPanel, m_algorithmsPanel, m_optionsPanel);
  m_setupScroll = new QScrollArea;
  m_setupScroll->setWidget(m_setupPage);
  m_setupScroll->setWidgetResizable(true);
  m_setupScroll->setFrameShape(QFrame::NoFrame);
  m_setupScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
  m_setupScroll->viewport()->installEventFilter(this);
  return m_setupScroll;
}

QWidget* MainWindow::buildRunButtons()
{
  m_benchmark = new QPushButton(tr("&Benchmark"));
  m_benchmark->setDefault(true);
  m_benchmark->setToolTip(tr("Run the suite on the ticked locations and algorithms (Ctrl+B)"));
  QFont bold = m_benchmark->font();
  bold.setBold(true);
  m_benchmark->setFont(bold);
  m_benchmark->setMinimumWidth(m_benchmark->fontMetrics().horizontalAdvance(m_benchmark->text()) + 60);
  m_stop = new QPushButton(tr("&Stop"));
  m_stop->setToolTip(tr("Stop the running benchmark; partial files are removed (Esc)"));
  auto* buttons = new QWidget;
  auto* layout = new QHBoxLayout(buttons);
  layout->setContentsMargins(4, 2, 4, 2);
  layout->addWidget(m_benchmark);
  layout->addWidget(m_stop);
  return buttons;
}

QString MainWindow::statusText() const { return m_status->text(); }

QList<ChartWidget*> MainWindow::charts() const
{
  return {m_liveView->throughputChart(), m_liveView->bottleneckChart(), m_resultsView->comparisonChart(),
          m_resultsView->rampChart()};
}

RunOptions MainWindow::currentOptions() const
{
  RunOptions o;
  m_optionsPanel->readInto(o);
  o.sampleSize = m_samplesPanel->sampleSize();
  o.content = m_samplesPanel->content();
  o.keepSamples = m_samplesPanel->keepSamples();
  return o;
}

void MainWindow::restoreSettings()
{
  if (m_settings.wasCorrupt())
    m_status->showError(tr("The settings file could not be read; defaults are used."));
  if (const auto extra = m_settings.extraFolders()) {
    for (const QString& folder : *extra) {
      if (QDir(folder).exists())
        m_locations->addFolder(describeStorage(toPath(folder)));
    }
  }
  m_machines->restore(m_settings.machines().value_or(QStringList()),
                      m_settings.machinesChecked().value_or(QStringList{MachineList::localName()}));
  RunOptions options = m_settings.options();
  const auto locations = m_settings.locations();
  if (locations) {
    m_locations->setCheckedPaths(*locations);
  } else {
    // First start: one location per device (the temp folder first, then home), so nothing is measured twice.
    m_locations->setSampleSpec(options.sampleSize, options.content);
    m_locations->checkOnePerDevice({qs(defaultLocation()), QDir::homePath()});
  }
  QStringList defaults;
  for (const std::string& id : defaultAlgorithms())
    defaults.append(qs(id));
  m_algorithms->setCheckedIds(m_settings.algorithms().value_or(defaults));

  if (!m_settings.hasOptions())
    options.sampleSize = defaultSampleSize(m_locations->smallestFreeChecked());
  m_optionsPanel->setFrom(options);
  m_samplesPanel->setSampleSize(options.sampleSize);
  m_samplesPanel->setContent(options.content);
  m_samplesPanel->setKeepSamples(options.keepSamples);

  if (!restoreGeometry(m_settings.geometry())) {
    // First start or unreadable geometry: 1280x800, or what the available area (without panels and docks) leaves
    // after a title bar and borders, centred in it, so a small or scaled screen (1920x1080 at 150% is 1280x720)
    // shows the whole window, status bar included, wherever a window manager would have put it.
    const QRect screen = availableArea();
    const QSize size(std::min(1280, screen.width() - kFrameAllowance.width()),
                     std::min(800, screen.height() - kFrameAllowance.height()));
    resize(size);
    move(screen.left() + std::max(0, (screen.width() - size.width() - kFrameAllowance.width()) / 2),
         screen.top() + std::max(0, (screen.height() - size.height() - kFrameAllowance.height()) / 2));
  }
  restoreState(m_settings.windowState());
  m_resultsView->splitter()->restoreState(m_settings.splitterState());
  // The legend as the user left it; until they open or fold it, it opens where the tiles leave it room.
  m_resultsView->setLegendChoice(m_settings.legendShown());
  onSpecChanged();
  onLocationsChanged();
}

QRect MainWindow::availableArea() const
{
  const QScreen* s = screen() ? screen() : QGuiApplication::primaryScreen();
  return s ? s->availableGeometry() : QRect(0, 0, 1280, 800);
}

void MainWindow::fitIntoScreen()
{
  // The frame (title bar, borders) is known once the window is shown: keep all of it, status bar
  // included, inside the available area (not under a panel, not off a small or scaled screen).
  const QRect area = availableArea();
  const QMargins frame = windowHandle() ? windowHandle()->frameMargins() : QMargins();
  const QSize most(area.width() - frame.left() - frame.right(), area.height() - frame.top() - frame.bottom());
  if (width() > most.width() || height() > most.height())
    resize(std::min(width(), most.width()), std::min(height(), most.height()));
  QRect outer = frameGeometry();
  outer.moveRight(std::min(outer.right(), area.right()));
  outer.moveBottom(std::min(outer.bottom(), area.bottom()));
  outer.moveLeft(std::max(outer.left(), area.left()));
  outer.moveTop(std::max(outer.top(), area.top()));
  if (outer.topLeft() != frameGeometry().topLeft())
    move(outer.topLeft());
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event)
{
  if (watched == m_setupScroll->viewport() && event->type() == QEvent::Resize)
    m_setupPage->fitWidth(static_cast<QResizeEvent*>(event)->size().width());
  return QMainWindow::eventFilter(watched, event);
}

void MainWindow::showEvent(QShowEvent* event)
{
  QMainWindow::showEvent(event);
  if (!m_fitted) {
    m_fitted = true;
    fitIntoScreen();
    // Again once the window manager has framed and placed it (its frame is known only then).
    QTimer::singleShot(0, this, &MainWindow::fitIntoScreen);
    QTimer::singleShot(300, this, &MainWindow::fitIntoScreen);
  }
}

void MainWindow::saveSettings()
{
  m_settings.setOptions(currentOptions());
  m_settings.setAlgorithms(m_algorithms->checkedIds());
  m_settings.setLocations(m_locations->checkedPaths());
  m_settings.setExtraFolders(m_locations->addedFolders());
  m_settings.setMachines(m_machines->hosts(), m_machines->checkedNames());
  m_settings.setWindowLayout(saveGeometry(), saveState(), m_resultsView->splitter()->saveState());
  m_settings.setLegendShown(m_resultsView->legendChoice());
  m_settings.sync();
}

void MainWindow::onSpecChanged()
{
  m_locations->setSampleSpec(m_samplesPanel->sampleSize(), m_samplesPanel->content());
  m_samplesPanel->setPlanText(m_locations->writePlan(m_samplesPanel->keepSamples()));
}

void MainWindow::onLocationsChanged()
{
  // Samples stay listed when their location is unticked: they still take space, and can be deleted.
  m_samplesPanel->setListedFolders(m_locations->knownPaths());
  m_samplesPanel->setTargetFolder(m_locationsPanel->currentFolder());
  m_samplesPanel->setPlanText(m_locations->writePlan(m_samplesPanel->keepSamples()));
}

void MainWindow::setRunning(bool running)
{
  m_benchmark->setEnabled(!running);
  m_benchmarkAction->setEnabled(!running);
  m_stop->setEnabled(running);
  m_stopAction->setEnabled(running);
  m_locationsPanel->setEnabled(!running);
  m_machinesPanel->setEnabled(!running);
  m_algorithmsPanel->setEnabled(!running);
  m_optionsPanel->setEnabled(!running);
  m_samplesPanel->setBenchmarkRunning(running);
  updateExportActions();
  updateEscapeAction();
}

void MainWindow::updateExportActions()
{
  // Nothing to export before the first result (an empty chart or table helps nobody), nor mid-run.
  const bool enabled = !m_controller->isRunning() && m_results->rowCount() > 0;
  for (QAction* action : std::as_const(m_exportActions))
    action->setEnabled(enabled);
}

}  // namespace hashscope::gui
