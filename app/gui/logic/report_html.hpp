// "Export report...": one self-contained HTML file a user can post or attach to a bug report. Inline CSS,
// charts as base64 PNG, no external resources: the headline, the scoreboard grid, each result's verdict
// with its evidence and flags, the machine (CPU, cores, RAM, OS, each location's device and filesystem),
// the settings (passes, cache mode, sample size, streams), the date and HashScope's version. Every text
// that comes from a result or the machine is HTML-escaped.
#pragma once

#include <QImage>
#include <QList>
#include <QString>

#include <vector>

#include "hashscope/results.hpp"
#include "logic/scoreboard.hpp"

namespace hashscope {
struct MachineFingerprint;
}

namespace hashscope::gui {

struct ReportChart {
  QString title;
  QImage image;  // skipped when null
};

// The whole document. `plan`: the run's grid and how it ended, as the Results page shows it (ResultsView::plan),
// so a stopped run's tiles say "not measured (stopped)" here too. `date` is shown as given (e.g. "2026-11-22
// 15:40 UTC"). `machine`: where the results were measured (a run opened from the history); this machine when
// not given.
QString reportHtml(const std::vector<RunResult>& results, const ScoreboardPlan& plan, const QList<ReportChart>& charts,
                   const QString& date, const MachineFingerprint* machine = nullptr);
// Writes reportHtml() to `path` atomically (nothing is replaced until the new file is complete).
// Returns an error sentence, or an empty string on success; with no results it refuses and writes nothing.
QString writeReportHtml(const std::vector<RunResult>& results, const ScoreboardPlan& plan,
                        const QList<ReportChart>& charts, const QString& date, const QString& path,
                        const MachineFingerprint* machine = nullptr);

}  // namespace hashscope::gui
