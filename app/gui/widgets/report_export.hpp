// File > Export report...: the HTML report (logic/report_html) with the Results tab's charts rendered as PNG.
// Kept apart from MainWindow so the window only asks for the file name.
#pragma once

#include <QList>
#include <QString>

#include "logic/report_html.hpp"

namespace hashscope::gui {

class ResultsModel;
class ResultsView;

// The comparison and stream ramp charts (those with data), rendered for the report.
QList<ReportChart> reportCharts(const ResultsView& view);
// Writes the report of the model's results to `path`; an error sentence, or empty on success.
QString exportReport(const ResultsModel& model, const ResultsView& view, const QString& path);
}  // namespace hashscope::gui
