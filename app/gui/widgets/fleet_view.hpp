// Results > Machines: after a run over several machines, one row per machine (its headline algorithm's
// end-to-end hashing, what limited it, its storage's delivery, the history run it was saved as, or why it
// has no figures) and the fleet's aggregate line (core's fleetOf: each machine as its verdict limits it).
// Machines as rows, not one scoreboard each: a scoreboard fills the Results page for one run, so several
// side by side would shrink every tile; a row opens its machine's whole scoreboard (Enter or double-click).
#pragma once

#include <QWidget>

#include <cstdint>
#include <optional>
#include <vector>

#include "hashscope/library.hpp"

class QLabel;
class QTableWidget;

namespace hashscope::gui {

struct MachineRun {
  QString name;        // the history's name for it: the host's label, or "" for this machine
  QString shownName;   // as the table shows it
  QString platform;    // "Linux x86_64", "" when unknown
  std::int64_t id = 0; // the history run (0: not saved)
  QString problem;     // why it has no figures ("" = measured)
  std::optional<RunDocument> run;
};

class FleetView : public QWidget {
  Q_OBJECT
public:
  explicit FleetView(QWidget* parent = nullptr);
  void setRuns(const std::vector<MachineRun>& runs);
  QTableWidget* table() const { return m_table; }
  QString aggregateText() const;

Q_SIGNALS:
  void openRequested(std::int64_t id);

private:
  QLabel* m_heading;
  QTableWidget* m_table;
  QLabel* m_aggregate;
};

}  // namespace hashscope::gui
