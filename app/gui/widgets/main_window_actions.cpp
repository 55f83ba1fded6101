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
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>

#include "charts/chart_widgets.hpp"
#include "logic/app_settings.hpp"
#include "logic/exporters.hpp"
#include "logic/results_model.hpp"
#include "widgets/about_dialog.hpp"
#include "widgets/chart_export_dialog.hpp"
#include "widgets/help_dialog.hpp"
#include "widgets/live_view.hpp"
#include "widgets/main_window.hpp"
#include "widgets/report_export.hpp"
#include "widgets/results_view.hpp"
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
  QAction* copy = file->addAction(tr("C&opy results table"), this, &MainWindow::copyTableToClipboard);
  copy->setShortcut(QKeySequence(tr("Ctrl+Shift+C")));
  // Export report: one self-contained HTML file.
  QAction* report = file->addAction(tr("Export &report (HTML)..."), this, [this] {
    rememberExportFolder(askExportReport(this, *m_results, *m_resultsView, m_status,
                                         suggestedExportPath(QStringLiteral("-report.html"), QStandardPaths::DocumentsLocation)));
  });
  report->setObjectName(QStringLiteral("exportReportAction"));
  report->setShortcut(QKeySequence(tr("Ctrl+Shift+R")));
  m_exportActions = {csv, json, png, copy, report};
  file->addSeparator();
  QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);

  QMenu* run = menuBar()->addMenu(tr("&Run"));
  m_benchmarkAction = run->addAction(tr("&Benchmark"), this, &MainWindow::startBenchmark);
  m_benchmarkAction->setShortcut(QKeySequence(tr("Ctrl+B")));
  m_stopAction = run->addAction(tr("&Stop"), this, &MainWindow::stopBenchmark);
  m_stopAction->setShortcut(QKeySequence(Qt::Key_Escape));

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
  // The folder of the last export; else Documents (Pictures for images) when it exists; else home. Never the
  // folder the app was started from. The name says which run, on which machine.
  QString folder = m_settings.exportFolder();
  if (folder.isEmpty() || !QDir(folder).exists())
    folder = QStandardPaths::writableLocation(kind);
  if (folder.isEmpty() || !QDir(folder).exists())
    folder = QDir::homePath();
  return QDir(folder).filePath(exportBaseName(m_results->when(), QSysInfo::machineHostName()) + suffix);
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
  // Like the CLI's bench --format json: when the run happened and how it ended.
  return writeResultsJson(m_results->results(), path, m_results->when());
}

QString MainWindow::exportChartPng(const ChartWidget* chart, const QString& path, QSize size) const
{
  if (!chart || chart->isEmpty())
    return tr("That chart has no data yet: run a benchmark first.");
  return writePng(chart->renderImage(size), path);
}

void MainWindow::copyTableToClipboard() const
{
  QApplication::clipboard()->setText(tableText(*m_resultsView->proxy()));
  m_status->showMessage(tr("Results table copied to the clipboard (%n row(s)).", nullptr, m_results->rowCount()));
}

void MainWindow::askExportCsv()
{
  if (m_results->rowCount() == 0)
    return m_status->showError(tr("There are no results to export yet: run a benchmark first."));
  // The standard save dialog asks before replacing an existing file; we never overwrite silently.
  const QString path = QFileDialog::getSaveFileName(this, tr("Export results as CSV"),
                                                    suggestedExportPath(QStringLiteral(".csv"), QStandardPaths::DocumentsLocation),
                                                    tr("CSV files (*.csv)"));
  if (path.isEmpty())
    return;
  const QString error = exportResultsCsv(path);
  if (error.isEmpty())
    rememberExportFolder(path);
  error.isEmpty() ? m_status->showMessage(tr("Saved %1.").arg(path)) : m_status->showError(error);
}

void MainWindow::askExportJson()
{
  if (m_results->rowCount() == 0)
    return m_status->showError(tr("There are no results to export yet: run a benchmark first."));
  const QString path = QFileDialog::getSaveFileName(this, tr("Export results as JSON"),
                                                    suggestedExportPath(QStringLiteral(".json"), QStandardPaths::DocumentsLocation),
                                                    tr("JSON files (*.json)"));
  if (path.isEmpty())
    return;
  const QString error = exportResultsJson(path);
  if (error.isEmpty())
    rememberExportFolder(path);
  error.isEmpty() ? m_status->showMessage(tr("Saved %1.").arg(path)) : m_status->showError(error);
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
  if (path.isEmpty())
    return;
  const QString error = exportChartPng(selected, path, dialog.imageSize());
  if (error.isEmpty())
    rememberExportFolder(path);
  error.isEmpty() ? m_status->showMessage(tr("Saved %1.").arg(path)) : m_status->showError(error);
}

}  // namespace hashscope::gui
