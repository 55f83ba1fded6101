#include "widgets/report_export.hpp"

#include <QDateTime>
#include <QFileDialog>
#include <QStandardPaths>

#include "charts/chart_widgets.hpp"
#include "logic/results_model.hpp"
#include "widgets/results_view.hpp"
#include "widgets/status_strip.hpp"

namespace hashscope::gui {

QList<ReportChart> reportCharts(const ResultsView& view)
{
  QList<ReportChart> charts;
  for (const ChartWidget* chart : {static_cast<const ChartWidget*>(view.comparisonChart()),
                                   static_cast<const ChartWidget*>(view.rampChart())}) {
    if (!chart->isEmpty())
      charts.append({chart->title(), chart->renderImage(QSize(1100, 550))});
  }
  return charts;
}

QString exportReport(const ResultsModel& model, const ResultsView& view, const QString& path)
{
  const QString date = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"));
  return writeReportHtml(model.results(), model.results().empty() ? QList<ReportChart>() : reportCharts(view), date,
                         path);
}

void askExportReport(QWidget* parent, const ResultsModel& model, const ResultsView& view, StatusStrip* status)
{
  if (model.results().empty())
    return status->showError(QObject::tr("There are no results to report yet: run a benchmark first."));
  // The standard save dialog asks before replacing an existing file; nothing is overwritten silently.
  const QString path = QFileDialog::getSaveFileName(
      parent, QObject::tr("Export report"),
      QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation) + QStringLiteral("/hashscope-report.html"),
      QObject::tr("HTML files (*.html)"));
  if (path.isEmpty())
    return;
  const QString error = exportReport(model, view, path);
  error.isEmpty() ? status->showMessage(QObject::tr("Saved %1.").arg(path)) : status->showError(error);
}

}  // namespace hashscope::gui
