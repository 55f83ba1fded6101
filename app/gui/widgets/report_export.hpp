// File > Export report...: asks for a file name and writes the HTML report (logic/report_html) with the
// Results tab's charts rendered as PNG. Kept apart from MainWindow so the window only adds the action.
#pragma once

#include <QList>
#include <QString>

#include "logic/report_html.hpp"

class QWidget;

namespace hashscope::gui {

class ResultsModel;
class ResultsView;
class StatusStrip;

// The comparison and stream ramp charts (those with data), rendered for the report.
QList<ReportChart> reportCharts(const ResultsView& view);
// Writes the report of the model's results to `path`; an error sentence, or empty on success.
QString exportReport(const ResultsModel& model, const ResultsView& view, const QString& path);
// The save dialog (at `suggested`: a folder and file name), then exportReport(); the outcome goes to the status
// strip. Returns the file written, empty when cancelled or failed.
QString askExportReport(QWidget* parent, const ResultsModel& model, const ResultsView& view, StatusStrip* status,
                        const QString& suggested);

}  // namespace hashscope::gui
