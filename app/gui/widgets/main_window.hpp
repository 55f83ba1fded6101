// The main window: wires the panels, the controller and the views together. It does not compute:
// numbers come from the engine through BenchmarkController, words from logic/result_text.
#pragma once

#include <QMainWindow>
#include <QStandardPaths>

#include "logic/run_options.hpp"

class QAction;
class QMenu;
class QPushButton;
class QScrollArea;
class QSplitter;
class QTabWidget;

namespace hashscope::gui {

class AlgorithmModel;
class AlgorithmsPanel;
class AppSettings;
class BenchmarkController;
class ChartWidget;
class HelpDialog;
class HistoryModel;
class HistoryPanel;
class LiveView;
class LocationModel;
class LocationsPanel;
class OptionsPanel;
class PlannerPanel;
class ResultsModel;
class ResultsView;
class SamplesPanel;
class SetupPage;
class StatusStrip;

class MainWindow : public QMainWindow {
  Q_OBJECT
public:
  explicit MainWindow(AppSettings& settings, QWidget* parent = nullptr);
  ~MainWindow() override;

  // What the tests (and screenshots) drive: the real widgets, not copies.
  QPushButton* benchmarkButton() const { return m_benchmark; }
  QPushButton* stopButton() const { return m_stop; }
  BenchmarkController* controller() const { return m_controller; }
  LocationModel* locationModel() const { return m_locations; }
  AlgorithmModel* algorithmModel() const { return m_algorithms; }
  ResultsModel* resultsModel() const { return m_results; }
  LocationsPanel* locationsPanel() const { return m_locationsPanel; }
  SamplesPanel* samplesPanel() const { return m_samplesPanel; }
  OptionsPanel* optionsPanel() const { return m_optionsPanel; }
  LiveView* liveView() const { return m_liveView; }
  ResultsView* resultsView() const { return m_resultsView; }
  HistoryModel* historyModel() const { return m_history; }
  HistoryPanel* historyPanel() const { return m_historyPanel; }
  PlannerPanel* plannerPanel() const { return m_plannerPanel; }
  QTabWidget* viewTabs() const { return m_tabs; }
  QString statusText() const;
  QList<ChartWidget*> charts() const;  // throughput, bottleneck, comparison, ramp
  QList<QAction*> exportActions() const { return m_exportActions; }  // enabled only when there are results

  RunOptions currentOptions() const;

  // Exports without dialogs (the menu actions ask for the file, then call these). Empty = success.
  QString exportResultsCsv(const QString& path) const;
  QString exportResultsJson(const QString& path) const;
  QString exportChartPng(const ChartWidget* chart, const QString& path, QSize size) const;
  void copyTableToClipboard() const;

  // Existing data (a file or a folder) measured where it is, writing nothing: "Benchmark a file or
  // folder..." without its dialog (main_window_data.cpp). False, with the reason shown, when it cannot start.
  bool benchmarkData(const QString& path);
  QAction* dataAction() const { return m_dataAction; }

public Q_SLOTS:
  void startBenchmark();
  void stopBenchmark();

Q_SIGNALS:
  void benchmarkFinished(bool cancelled);

protected:
  void closeEvent(QCloseEvent* event) override;
  bool eventFilter(QObject* watched, QEvent* event) override;
  void showEvent(QShowEvent* event) override;

private:
  QWidget* buildSetupPage();
  QWidget* buildRunButtons();
  void setSetupTabOrder();
  void createActions();          // main_window_actions.cpp
  void createThemeMenu(QMenu* menu);
  void createDataAction(QMenu* menu);  // main_window_data.cpp
  void askBenchmarkData();
  void askExportCsv();
  void askExportJson();
  void askExportChart(int chart = -1);
  // Where an export's save dialog starts: the last export's folder (else Documents or Pictures), and a name
  // from the run's date and the machine, ending in `suffix` (".csv", "-report.html").
  QString suggestedExportPath(const QString& suffix, QStandardPaths::StandardLocation kind) const;
  void rememberExportFolder(const QString& path);  // the folder of a file just written
  bool confirmQuitDuringRun();  // "A benchmark is running. Stop it and quit?"
  void restoreSettings();
  QRect availableArea() const;  // of the window's screen (the primary one before it is shown)
  void fitIntoScreen();
  // Room left for a title bar and borders before the frame is known (the first size).
  static constexpr QSize kFrameAllowance{16, 48};
  void saveSettings();
  // Before a run starts: clear errors and the live view, and show the scoreboard with its pending tiles.
  void showRunStarting(const QStringList& locations, const QStringList& algorithms);
  void setRunning(bool running);
  void updateExportActions();
  void onSpecChanged();
  void onLocationsChanged();
  void onFinished(quint64 runId, bool cancelled, const QStringList& errors);
  void showProgress();

  AppSettings& m_settings;
  BenchmarkController* m_controller;
  LocationModel* m_locations;
  AlgorithmModel* m_algorithms;
  ResultsModel* m_results;
  LocationsPanel* m_locationsPanel = nullptr;
  SamplesPanel* m_samplesPanel = nullptr;
  AlgorithmsPanel* m_algorithmsPanel = nullptr;
  OptionsPanel* m_optionsPanel = nullptr;
  LiveView* m_liveView = nullptr;
  ResultsView* m_resultsView = nullptr;
  HistoryModel* m_history = nullptr;
  HistoryPanel* m_historyPanel = nullptr;
  PlannerPanel* m_plannerPanel = nullptr;
  StatusStrip* m_status = nullptr;
  QTabWidget* m_tabs = nullptr;
  QScrollArea* m_setupScroll = nullptr;
  SetupPage* m_setupPage = nullptr;
  QPushButton* m_benchmark = nullptr;
  QPushButton* m_stop = nullptr;
  QAction* m_benchmarkAction = nullptr;
  QAction* m_stopAction = nullptr;
  QAction* m_dataAction = nullptr;
  QList<QAction*> m_exportActions;
  bool m_fitted = false;  // fitted into the screen at the first show
  HelpDialog* m_help = nullptr;  // Help > Reading the results, made when first asked for
};

}  // namespace hashscope::gui
