// The History tab: every saved run (date, machine, locations, algorithms, an editable name), with Open,
// Compare with..., Set as baseline, Export, Import and Delete, and the comparison view below. A run just
// saved is compared with the baseline automatically.
#pragma once

#include <QWidget>

#include <functional>
#include <optional>

#include "hashscope/export.hpp"
#include "hashscope/library.hpp"
#include "hashscope/results.hpp"

class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;

namespace hashscope::gui {

class CompareView;
class HistoryModel;

class HistoryPanel : public QWidget {
  Q_OBJECT
public:
  HistoryPanel(HistoryModel* model, QWidget* parent = nullptr);

  QTableView* table() const { return m_table; }
  CompareView* compareView() const { return m_compare; }
  QPushButton* openButton() const { return m_open; }
  QPushButton* compareButton() const { return m_compareWith; }
  QPushButton* baselineButton() const { return m_baseline; }
  QPushButton* renameButton() const { return m_rename; }
  QString statusText() const;

  std::optional<std::int64_t> selectedRun() const;
  void selectRun(std::int64_t id);
  // Shows `otherId` against `baseId` (what Compare with... does once the base is chosen).
  void compare(std::int64_t baseId, std::int64_t otherId);
  // After a benchmark: against the baseline when one is set, else the run alone.
  void showSavedRun(std::int64_t id);
  // The benchmark's one call when it ends (finished or stopped): save, then show it. Returns the id (0: not saved).
  // Saves a run with when it happened and how it ended (ResultsModel::when()) and shows it.
  std::int64_t saveRun(const std::vector<hashscope::RunResult>& results, const hashscope::ExportOptions& when);
  // Import... once the files are chosen: imported on a worker thread, with progress under the table.
  void importRunFiles(const QStringList& files);
  QProgressBar* importProgress() const { return m_progress; }

  // Where Export... suggests saving a run: the folder and the name File's exports use (MainWindow gives it).
  void setExportPathSource(std::function<QString(const hashscope::ExportOptions& when)> source)
  {
    m_exportPath = std::move(source);
  }

Q_SIGNALS:
  void runChosen(const hashscope::RunDocument& run, const QString& title);  // for the planner
  void openRequested(std::int64_t id);  // Open: show the run in the Results tab, where every export works on it
  void runExported(const QString& file);  // Export... wrote it (the window remembers its folder)

private:
  void openSelected();
  void compareSelected();
  void toggleBaseline();
  void exportSelected();
  void importRuns();
  void deleteSelected();
  void renameSelected();
  void updateButtons();
  // The details pane follows the selection: one run selected shows that run (never the one shown before it).
  void showSelection();
  void report(const QString& error, const QString& done = {});

  HistoryModel* m_model;
  QTableView* m_table;
  CompareView* m_compare;
  std::int64_t m_shown = 0;  // the run the details pane shows (the newer one of a comparison), 0 for none
  QLabel* m_status;
  QProgressBar* m_progress;
  std::function<QString(const hashscope::ExportOptions&)> m_exportPath;
  QPushButton *m_open, *m_compareWith, *m_baseline, *m_export, *m_import, *m_delete, *m_rename;
};

}  // namespace hashscope::gui
