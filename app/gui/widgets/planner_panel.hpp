// The Planner tab: "to hash DATA in TIME with ALGO", from the run chosen in History (or the newest
// saved one): what the target needs (throughput, cores at the measured per-core speed, storage speed),
// what this machine would take and what limits it, and which algorithms would meet it here.
#pragma once

#include <QWidget>

#include <optional>

#include "hashscope/library.hpp"
#include "hashscope/planner.hpp"

class QComboBox;
class QLabel;
class QLineEdit;
class QTableWidget;

namespace hashscope::gui {

class PlannerPanel : public QWidget {
  Q_OBJECT
public:
  explicit PlannerPanel(QWidget* parent = nullptr);

  void setRun(const hashscope::RunDocument& run, const QString& title);
  QLineEdit* dataEdit() const { return m_data; }
  QLineEdit* timeEdit() const { return m_time; }
  QComboBox* algorithmBox() const { return m_algorithm; }
  QString needsText() const;     // what the labels show, for tests
  QString machineText() const;
  QTableWidget* table() const { return m_table; }
  const std::optional<Plan>& plan() const { return m_plan; }

private:
  void recompute();

  std::optional<RunDocument> m_run;
  std::optional<Plan> m_plan;
  QLineEdit* m_data;
  QLineEdit* m_time;
  QComboBox* m_algorithm;
  QLabel* m_source;
  QLabel* m_needs;
  QLabel* m_machine;
  QTableWidget* m_table;
};

}  // namespace hashscope::gui
