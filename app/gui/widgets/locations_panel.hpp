// Step 2 of the workflow: the storage locations to test (detected volumes plus "Add folder...").
#pragma once

#include <QGroupBox>

class QPushButton;
class QTableView;

namespace hashscope::gui {

class LocationModel;

class LocationsPanel : public QGroupBox {
  Q_OBJECT
public:
  LocationsPanel(LocationModel* model, QWidget* parent = nullptr);
  QString currentFolder() const;   // the selected row's folder (for creating samples), else the first ticked
  void addFolder(const QString& folder);  // describes it and ticks it
  QString selectedPath() const;    // the selected row's folder, usable for samples or not ("" = none)
  QTableView* view() const { return m_view; }

Q_SIGNALS:
  void currentFolderChanged(const QString& folder);
  void locationsChanged();  // ticks or rows changed
  void dataBenchmarkRequested();  // "Benchmark a file or folder...": existing data, read-only places too

private:
  void chooseFolder();
  void refresh();
  LocationModel* m_model;
  QTableView* m_view;
  QPushButton* m_add;
  QPushButton* m_refresh;
  QPushButton* m_data;
};

}  // namespace hashscope::gui
