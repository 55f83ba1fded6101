// MainWindow's menus, shortcuts and exports (split from main_window.cpp to keep each file small).
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileInfo>
#include <QSysInfo>
#include <QFileDialog>
#include <QKeySequence>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>

#include "charts/chart_widgets.hpp"
#include "logic/app_settings.hpp"
#include "logic/chart_labels.hpp"
#include "logic/exporters.hpp"
#include "logic/results_model.hpp"
#include "widgets/about_dialog.hpp"
#include "widgets/chart_export_dialog.hpp"
#include "widgets/help_dialog.hpp"
#include "widgets/live_view.hpp"
#include "widgets/main_window.hpp"
#include "widgets/report_export.hpp"
#include "widgets/results_view.hpp"
#include "widgets/scoreboard_image.hpp"
#include "widgets/scoreboard_view.hpp"
#include "widgets/status_strip.hpp"
#include "widgets/theme.hpp"

namespace hashscope::gui {

void MainWindow::createActions()
{
  QMenu* file = menuBar()->addMenu(tr("&File"));
  createDataAction(file);
  file->addSeparator();
  // Every export has a shortcut (the menu shows it); all are disabled until there are results.
  QAction* csv = file->addAction(tr("Export results as &CSV..."), this, &MainWindow::askExportCsv);
  csv->setShortcut(QKeySequence(tr("Ctrl+E")));
  QAction* json = file->addAction(tr("Export results as &JSON..."), this, &MainWindow::askExportJson);
  json->setShortcut(QKeySequence(tr("Ctrl+Shift+J")));
  QAction* png = file->addAction(tr("Export c&hart as PNG..."), this, [this] { askExportChart(); });
  png->setShortcut(QKeySequence(tr("Ctrl+Shift+S")));
  // The grid of tiles as one picture: what people share.
  QAction* board = file->addAction(tr("Export score&board as PNG..."), this, &MainWindow::askExportScoreboard);
  board->setObjectName(QStringLiteral("exportScoreboardAction"));
  board->setShortcut(QKeySequence(tr("Ctrl+Shift+P")));
  QAction* copy = file->addAction(tr("C&opy results table"), this, &MainWindow::copyTableToClipboard);
  copy->setShortcut(QKeySequence(tr("Ctrl+Shift+C")));
  // Export report: one self-contained HTML file.
  QAction* report = file->addAction(tr("Export &report (HTML)..."), this, &MainWindow::askExportReport);
  report->setObjectName(QStringLiteral("exportReportAction"));
  report->setShortcut(QKeySequence(tr("Ctrl+Shift+R")));
  m_exportActions = {csv, json, png, board, copy, report};
  file->addSeparator();
  QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);

  QMenu* run = menuBar()->addMenu(tr("&Run"));
  m_benchmarkAction = run->addAction(tr("&Benchmark"), this, &MainWindow::startBenchmark);
  m_benchmarkAction->setShortcut(QKeySequence(tr("Ctrl+B")));
  // Stop from the menu stops; Esc means one thing at a time (MainWindow::escapePressed), so the menu names the
  // key without binding it to Stop.
  m_stopAction = run->addAction(tr("&Stop") % QLatin1Char('\t') % QKeySequence(Qt::Key_Escape).toString(QKeySequence::NativeText),
                                this, &MainWindow::stopBenchmark);
  m_escapeAction = new QAction(this);
  m_escapeAction->setObjectName(QStringLiteral("escapeAction"));
  m_escapeAction->setShortcut(QKeySequence(Qt::Key_Escape));
  m_escapeAction->setShortcutContext(Qt::WindowShortcut);
  connect(m_escapeAction, &QAction::triggered, this, &MainWindow::escapePressed);
  addAction(m_escapeAction);

  createThemeMenu(menuBar()->addMenu(tr("&View"))->addMenu(tr("&Theme")));

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  QAction* reading = help->addAction(tr("&Reading the results"), this, [this] {
    if (!m_help)
      m_help = new HelpDialog(this);
    m_help->show();
    m_help->raise();
    m_help->activateWindow();
  });
  reading->setObjectName(QStringLiteral("readingResultsAction"));
  reading->setShortcut(QKeySequence::HelpContents);
  help->addSeparator();
  help->addAction(tr("&About HashScope"), this, [this] { AboutDialog(this).exec(); });
  help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);

  // Ctrl+C in the results table copies it, as in any spreadsheet.
  auto* tableCopy = new QAction(this);
  tableCopy->setShortcut(QKeySequence::Copy);
  tableCopy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
  connect(tableCopy, &QAction::triggered, this, &MainWindow::copyTableToClipboard);
  m_resultsView->table()->addAction(tableCopy);

  // Every chart offers "Save as PNG..." on right click.
  const QList<ChartWidget*> all = charts();
  for (int i = 0; i < all.size(); ++i) {
    all[i]->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto* save = new QAction(tr("Save chart as PNG..."), all[i]);
    connect(save, &QAction::triggered, this, [this, i] { askExportChart(i); });
    all[i]->addAction(save);
  }
}

void MainWindow::createThemeMenu(QMenu* menu)
{
  // One choice at a time, applied to the whole app at once and remembered for the next start.
  auto* group = new QActionGroup(this);
  const Theme current = m_settings.theme();
  const std::pair<Theme, QString> choices[] = {
      {Theme::System, tr("&System")}, {Theme::Light, tr("&Light")}, {Theme::Dark, tr("&Dark")}};
  for (const auto& [theme, label] : choices) {
    QAction* action = menu->addAction(label);
    action->setObjectName(QStringLiteral("theme-") + toString(theme));
    action->setCheckable(true);
    action->setChecked(theme == current);
    group->addAction(action);
    connect(action, &QAction::triggered, this, [this, theme = theme] {
      applyTheme(theme);
      m_settings.setTheme(theme);
      m_settings.sync();
    });
  }
}

QString MainWindow::suggestedExportPath(const QString& suffix, QStandardPaths::StandardLocation kind) const
{
  return suggestedExportPath(suffix, kind, m_results->when());
}

QString MainWindow::suggestedExportPath(const QString& suffix, QStandardPaths::StandardLocation kind,
                                        const ExportOptions& when) const
{
  // The folder of the last export; else Documents (Pictures for images) when it exists; else home. Never the
  // folder the app was started from. The name says which run, on which machine.
  QString folder = m_settings.exportFolder();
  if (folder.isEmpty() || !QDir(folder).exists())
    folder = QStandardPaths::writableLocation(kind);
  if (folder.isEmpty() || !QDir(folder).exists())
    folder = QDir::homePath();
  return QDir(folder).filePath(exportBaseName(when, QSysInfo::machineHostName()) + suffix);
}

void MainWindow::rememberExportFolder(const QString& path)
{
  if (path.isEmpty())
    return;
  m_settings.setExportFolder(QFileInfo(path).absolutePath());
  m_settings.sync();
}

QString MainWindow::exportResultsCsv(const QString& path) const { return writeResultsCsv(m_results->results(), path); }
QString MainWindow::exportResultsJson(const QString& path) const
{
  // A run opened from the history is exported as it was saved: the record, with its own machine and version.
  if (!m_results->document().isEmpty())
    return writeFileBytes(m_results->document(), path);
  // Like the CLI's bench --format json: when the run happened and how it ended.
  return writeResultsJson(m_results->results(), path, m_results->when());
}

QString MainWindow::exportChartPng(const ChartWidget* chart, const QString& path, QSize size) const
{
  if (!chart || chart->isEmpty())
    return tr("That chart has no data yet: run a benchmark first.");
  return writePng(chart->renderImage(size), path);
}

QString MainWindow::exportScoreboardPng(const QString& path) const
{
  if (m_results->rowCount() == 0)
    return tr("There are no results to export yet: run a benchmark first.");
  const ScoreboardView* view = m_resultsView->scoreboard();
  QImage image = renderScoreboardImage(view->board(), {runTitle(), runDescription()});
  // What it says above the tiles travels in the file's text too (PNG tEXt), for whoever reads it without looking.
  image.setText(QStringLiteral("Title"), runTitle());
  QStringList description{view->headline(), runDescription()};
  if (!view->caveat().isEmpty())
    description.append(view->caveat());
  image.setText(QStringLiteral("Description"), description.join(QLatin1Char('\n')));
  image.setText(QStringLiteral("Software"), QStringLiteral("HashScope ") % m_results->version());
  return writePng(image, path);
}

QString MainWindow::runTitle() const
{
  // "HashScope 0.2.0 · 2026-11-28 14:48": which build measured it, and when (the run's start, not today).
  const QDateTime started = runStartTime(m_results->when());
  QString title = tr("HashScope %1").arg(m_results->version());
  if (started.isValid())
    title += QStringLiteral(" \u00b7 ") % started.toString(QStringLiteral("yyyy-MM-dd HH:mm"));
  return title;
}

QString MainWindow::runDescription() const
{
  // The machine and its storage, then how the run was made (what the exported charts say under their title).
  return runContextText(m_results->results(), m_results->machine(), runStartTime(m_results->when()).date(),
                        m_results->version());
}

void MainWindow::copyTableToClipboard() const
{
  // Pasted into a message or a spreadsheet, the table says what it is first: the answer, the machine, the date.
  const QStringList header{m_resultsView->scoreboard()->headline(), runDescription(), runTitle()};
  QApplication::clipboard()->setText(tableTextWithHeader(header, *m_resultsView->proxy()));
  const int rows = m_results->rowCount();
  m_status->showMessage(rows == 1 ? tr("Results table copied to the clipboard: 1 row.")
                                  : tr("Results table copied to the clipboard: %1 rows.").arg(rows));
}

void MainWindow::reportExport(const QString& path, const QString& error)
{
  if (error.isEmpty()) {
    rememberExportFolder(path);
    m_status->showMessage(tr("Saved %1.").arg(path));
    return;
  }
  // Not only the status bar, which the eye is not on after a save dialog: a failed save is said in a dialog.
  m_status->showError(error);
  QMessageBox box(QMessageBox::Warning, tr("Export failed"), tr("Nothing was saved."), QMessageBox::Ok, this);
  box.setObjectName(QStringLiteral("exportFailedBox"));
  box.setInformativeText(error);
  box.exec();
}

QString MainWindow::askSavePath(const QString& caption, const QString& suffix, QStandardPaths::StandardLocation kind,
                                const QString& filter)
{
  if (m_results->rowCount() == 0) {
    m_status->showError(tr("There are no results to export yet: run a benchmark first."));
    return {};
  }
  // The standard save dialog asks before replacing an existing file; we never overwrite silently.
  return QFileDialog::getSaveFileName(this, caption, suggestedExportPath(suffix, kind), filter);
}

void MainWindow::askExportCsv()
{
  const QString path = askSavePath(tr("Export results as CSV"), QStringLiteral(".csv"),
                                   QStandardPaths::DocumentsLocation, tr("CSV files (*.csv)"));
  if (!path.isEmpty())
    reportExport(path, exportResultsCsv(path));
}

void MainWindow::askExportJson()
{
  const QString path = askSavePath(tr("Export results as JSON"), QStringLiteral(".json"),
                                   QStandardPaths::DocumentsLocation, tr("JSON files (*.json)"));
  if (!path.isEmpty())
    reportExport(path, exportResultsJson(path));
}

void MainWindow::askExportScoreboard()
{
  const QString path = askSavePath(tr("Export scoreboard as PNG"), QStringLiteral("-scoreboard.png"),
                                   QStandardPaths::PicturesLocation, tr("PNG images (*.png)"));
  if (!path.isEmpty())
    reportExport(path, exportScoreboardPng(path));
}

void MainWindow::askExportReport()
{
  const QString path = askSavePath(tr("Export report"), QStringLiteral("-report.html"),
                                   QStandardPaths::DocumentsLocation, tr("HTML files (*.html)"));
  if (!path.isEmpty())
    reportExport(path, exportReport(*m_results, *m_resultsView, path));
}

void MainWindow::askExportChart(int chart)
{
  const QList<ChartWidget*> all = charts();
  QStringList names;
  for (const ChartWidget* c : all)
    names.append(c->title());
  if (chart < 0)  // from the menu: the chart on the visible tab
    chart = m_tabs->currentWidget() == m_resultsView ? 2 : 0;
  ChartExportDialog dialog(names, chart, this);
  if (dialog.exec() != QDialog::Accepted)
    return;
  const ChartWidget* selected = all.value(dialog.chartIndex());
  QString name = selected->title().toLower();
  name.replace(QLatin1Char(' '), QLatin1Char('-'));
  const QString path = QFileDialog::getSaveFileName(
      this, tr("Save chart as PNG"),
      suggestedExportPath(QLatin1Char('-') % name % QStringLiteral(".png"), QStandardPaths::PicturesLocation),
      tr("PNG images (*.png)"));
  if (!path.isEmpty())
    reportExport(path, exportChartPng(selected, path, dialog.imageSize()));
}

}  // namespace hashscope::gui
