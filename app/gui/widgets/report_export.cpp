#include "widgets/report_export.hpp"

#include <QDateTime>

#include "charts/chart_widgets.hpp"
#include "logic/exporters.hpp"
#include "logic/results_model.hpp"
#include "widgets/results_view.hpp"

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
  // When the run was made, not when the report is written (a run exported a week later is a week old).
  const QDateTime started = runStartTime(model.when());
  const QString date = started.isValid()
                           ? started.toString(QStringLiteral("yyyy-MM-dd HH:mm t"))
                           : QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"));
  return writeReportHtml(model.results(), view.plan(),
                         model.results().empty() ? QList<ReportChart>() : reportCharts(view), date, path,
                         &model.machine());
}

}  // namespace hashscope::gui
