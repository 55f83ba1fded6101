// The short words charts need: location names for legends, step names for the live time axis, and the
// subtitle of exported charts (what was measured, where, how, when, with which HashScope). Pure
// functions, so tests check the strings without drawing anything.
#pragma once

#include <QDate>
#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

#include "hashscope/library.hpp"
#include "hashscope/results.hpp"
#include "hashscope/suite.hpp"
#include "logic/chart_data.hpp"

namespace hashscope::gui {

// A location as a legend names it: "home" for the home folder, "~/data" inside it, the path itself when
// short ("/tmp", "/mnt/usb"), else its last two folders ("…/bench/ssd").
QString shortLocationLabel(const QString& path, const QString& home);
// The labels of several locations at once: where two would read the same, both keep their full path.
QStringList shortLocationLabels(const QStringList& paths, const QString& home);
QStringList shortLocationLabels(const QStringList& paths);  // with this user's home folder

// A step as the live time axis names it: "read · /tmp", "md5 · /tmp", "md5 warm · /tmp",
// "md5 in RAM", "md5sum · /tmp" (a peer tool: the tool's name).
QString stepLabel(const SuiteStep& step);

// Where the live time axis writes a step's name, and which words of it.
struct StepNamePlace {
  QString text;       // shown: "md5 · /tmp  612 MB/s", "md5 · /tmp", "md5", or nothing (too narrow)
  QString toolTip;    // always the whole name and the result
  double center = 0;  // px from the plot's left edge
  double width = 0;   // px the text takes
};
// Names the steps above a plot `plotWidth` px wide, where step i covers spans[i] (px from the left edge).
// Each name is centred over its step (kept inside the plot) and may reach over its neighbours' stretches,
// but no two names come closer than `gap` px and nothing is cut mid-word: a step shows the longest of its
// name with the result, its name, its algorithm part ("md5" of "md5 · /tmp", "md5 warm ×2" of
// "md5 warm ×2 · /tmp"), or nothing; wider steps choose first. With `lastRunning` the last step, the one
// running, is named first and always in full.
QList<StepNamePlace> placeStepNames(const QList<StepSpan>& steps, const QList<QPair<double, double>>& spans,
                                    double plotWidth, const std::function<double(const QString&)>& textWidth,
                                    bool lastRunning, double gap = 12);

// What the subtitle of an exported chart says, gathered from the results and the machine.
struct ChartContext {
  QString cpu;          // CPU model
  int cores = 0;        // logical cores
  QStringList storage;  // per location: "/tmp: vda (SSD, ext4)"
  QString sampleSize;   // "1 GiB"
  QString cache;        // "cold", "cold + warm"
  int passes = 0;       // passes per step
  QDate date;
  QString version;      // HashScope's
  QString verdict;      // the scoreboard's headline: what limits what
  QString caveat;       // what is wrong with the run as a whole ("Other programs used the CPU ..."), if anything
};
ChartContext chartContext(const std::vector<RunResult>& results, const MachineFingerprint& machine, const QDate& date,
                          const QString& version);
// Two lines: the machine and the storage, then how the run was made:
// "Intel Xeon @ 2.2 GHz, 8 cores · /tmp: vda (SSD, ext4)\n
//  sample 1 GiB · cache cold · 3 passes · 2026-11-22 · HashScope 0.2.0". Unknown parts are left out.
QString chartSubtitle(const ChartContext& context);
// The subtitle for these results on this machine, run on `date` (today when not given), with this build of
// HashScope, with the run's verdict and caveat.
QString chartSubtitle(const std::vector<RunResult>& results, const QDate& date = {});

// The same for a run measured on `machine` with HashScope `version` (a run read back from the history).
QString chartSubtitle(const std::vector<RunResult>& results, const MachineFingerprint& machine, const QDate& date,
                      const QString& version);
// The machine and its storage, then how the run was made: the subtitle without the verdict and the caveat
// (the scoreboard image and the copied table say those themselves).
QString runContextText(const std::vector<RunResult>& results, const MachineFingerprint& machine, const QDate& date,
                       const QString& version);

// This machine as HashScope's exports describe it (read once).
const MachineFingerprint& thisMachine();

}  // namespace hashscope::gui
