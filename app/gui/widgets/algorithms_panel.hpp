// Step 4a: the grouped algorithm checklist (cryptographic, checksums, fast non-cryptographic).
#pragma once

#include <QGroupBox>

class QListView;

namespace hashscope::gui {

class AlgorithmModel;

class AlgorithmsPanel : public QGroupBox {
  Q_OBJECT
public:
  AlgorithmsPanel(AlgorithmModel* model, QWidget* parent = nullptr);
  QListView* view() const { return m_view; }

private:
  QListView* m_view;
};

}  // namespace hashscope::gui
