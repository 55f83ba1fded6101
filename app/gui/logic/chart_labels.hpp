// The short words charts need: location names for legends, step names for the live time axis, and the
// subtitle of exported charts (what was measured, where, how, when, with which HashScope). Pure
// functions, so tests check the strings without drawing anything.
#pragma once

#include <QDate>
#include <QString>
#include <QStringList>

#include <vector>

#include "hashscope/library.hpp"
#include "hashscope/results.hpp"
#include "hashscope/suite.hpp"

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
};
ChartContext chartContext(const std::vector<RunResult>& results, const MachineFingerprint& machine, const QDate& date,
                          const QString& version);
// Two lines: the machine and the storage, then how the run was made:
// "Intel Xeon @ 2.2 GHz, 8 cores · /tmp: vda (SSD, ext4)\n
//  sample 1 GiB · cache cold · 3 passes · 2026-11-22 · HashScope 0.2.0". Unknown parts are left out.
QString chartSubtitle(const ChartContext& context);
// The subtitle for these results on this machine, today, with this build of HashScope.
QString chartSubtitle(const std::vector<RunResult>& results);

// This machine as HashScope's exports describe it (read once).
const MachineFingerprint& thisMachine();

}  // namespace hashscope::gui
