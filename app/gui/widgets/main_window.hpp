// The main window: wires the panels, the controller and the views together. It does not compute:
// numbers come from the engine through BenchmarkController, words from logic/result_text.
#pragma once

#include <QMainWindow>
#include <QStandardPaths>

#include <vector>

#include "hashscope/export.hpp"
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
class FleetView;
class HelpDialog;
class HistoryModel;
class HistoryPanel;
class LiveView;
class LocationModel;
class LocationsPanel;
class MachineList;
class MachinesPanel;
class OptionsPanel;
class PlannerPanel;
class RemoteController;
struct MachineRun;  // widgets/fleet_view.hpp
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
  MachineList* machineList() const { return m_machines; }
  MachinesPanel* machinesPanel() const { return m_machinesPanel; }
  RemoteController* remoteController() const { return m_remote; }
  FleetView* fleetView() const { return m_fleetView; }
  bool isBusy() const;  // a run goes on this machine or on others
  QTabWidget* viewTabs() const { return m_tabs; }
  QString statusText() const;
  QList<ChartWidget*> charts() const;  // throughput, bottleneck, comparison, ramp
  QList<QAction*> exportActions() const { return m_exportActions; }  // enabled only when there are results

  RunOptions currentOptions() const;

  // Exports without dialogs (the menu actions ask for the file, then call these). Empty = success.
  QString exportResultsCsv(const QString& path) const;
  QString exportResultsJson(const QString& path) const;
  QString exportChartPng(const ChartWidget* chart, const QString& path, QSize size) const;
  QString exportScoreboardPng(const QString& path) const;  // the tiles with the headline, machine, date, caveat
  // The table, after the headline, the machine and the date.
  void copyTableToClipboard() const;

  // Existing data (a file or a folder) measured where it is, writing nothing: "Benchmark a file or
  // folder..." without its dialog (main_window_data.cpp). False, with the reason shown, when it cannot start.
  bool benchmarkData(const QString& path);
  // History > Open: the saved run in the Results tab, where every export works on it. False (said) when it
  // cannot be read back or a run is going.
  bool openSavedRun(std::int64_t id);
  QAction* dataAction() const { return m_dataAction; }

public Q_SLOTS:
  void startBenchmark();
  void stopBenchmark();
  // Esc: closes an open tile's details and does nothing else; with nothing open, during a run, asks whether to
  // stop it (what it measured is kept), so a stop never comes as a surprise.
  void escapePressed();

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
  void askExportScoreboard();
  void askExportReport();
  // The save dialog for an export (at suggestedExportPath), or an empty path: cancelled, or nothing to export.
  QString askSavePath(const QString& caption, const QString& suffix, QStandardPaths::StandardLocation kind,
                      const QString& filter);
  // After an export: its folder remembered and "Saved ..." on success; a dialog saying why when it failed.
  void reportExport(const QString& path, const QString& error);
  QString runTitle() const;        // "HashScope 0.2.0 · 2026-11-28 14:48"
  QString runDescription() const;  // the machine and its storage, the sample, cache and passes
  // Where an export's save dialog starts: the last export's folder (else Documents or Pictures), and a name
  // from the run's date and the machine, ending in `suffix` (".csv", "-report.html").
  QString suggestedExportPath(const QString& suffix, QStandardPaths::StandardLocation kind) const;
  QString suggestedExportPath(const QString& suffix, QStandardPaths::StandardLocation kind,
                              const ExportOptions& when) const;  // for a run saved earlier
  void rememberExportFolder(const QString& path);  // the folder of a file just written
  bool confirmQuitDuringRun();  // "A benchmark is running. Stop it and quit?"
  bool confirmStopByEscape();   // "Stop the benchmark?", Keep running by default
  // A question whose answers are `stopLabel` (true) and Keep running (the default, and Esc's answer).
  bool askToStop(const QString& name, const QString& title, const QString& question, const QString& informative,
                 const QString& stopLabel);
  void updateEscapeAction();    // Esc is live while a run goes or a tile's details are open
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
  // The Machines list and the runs on other machines (main_window_remote.cpp).
  void buildMachines();
  bool startLocal(const RunOptions& options, const QStringList& locations, const std::vector<std::string>& ids);
  bool startRemote(const RunOptions& options, const std::vector<std::string>& ids);
  void onRemoteLine(const QString& host, const QString& text);
  void onRemoteFinished(bool stopped);
  void addLocalMachineRun(std::int64_t id, bool cancelled);
  void showMachineRuns();  // once every machine's run has ended: Results > Machines

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
  MachineList* m_machines = nullptr;
  MachinesPanel* m_machinesPanel = nullptr;
  RemoteController* m_remote = nullptr;
  FleetView* m_fleetView = nullptr;
  std::vector<MachineRun> m_machineRuns;  // the run over several machines going on or last made
  bool m_overMachines = false;            // the current run includes other machines
  StatusStrip* m_status = nullptr;
  QTabWidget* m_tabs = nullptr;
  QScrollArea* m_setupScroll = nullptr;
  SetupPage* m_setupPage = nullptr;
  QPushButton* m_benchmark = nullptr;
  QPushButton* m_stop = nullptr;
  QAction* m_benchmarkAction = nullptr;
  QAction* m_stopAction = nullptr;
  QAction* m_escapeAction = nullptr;
  QAction* m_dataAction = nullptr;
  QList<QAction*> m_exportActions;
  bool m_fitted = false;  // fitted into the screen at the first show
  HelpDialog* m_help = nullptr;  // Help > Reading the results, made when first asked for
};

}  // namespace hashscope::gui
