// Step 4a: the grouped algorithm checklist (cryptographic, checksums, fast non-cryptographic).
#pragma once

#include <QGroupBox>

class QLabel;
class QListView;

namespace hashscope::gui {

class AlgorithmModel;

class AlgorithmsPanel : public QGroupBox {
  Q_OBJECT
public:
  AlgorithmsPanel(AlgorithmModel* model, QWidget* parent = nullptr);
  QListView* view() const { return m_view; }
  QString tickedText() const;  // "4 ticked: md5, sha256, xxh3-64, crc32", what the line above the list says

private:
  void showTicked();
  AlgorithmModel* m_model;
  QListView* m_view;
  QLabel* m_ticked;
};

}  // namespace hashscope::gui
