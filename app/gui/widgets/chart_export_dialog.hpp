// Asks which chart to export and at what size; the file name comes from the standard save dialog
// afterwards (which confirms before replacing a file).
#pragma once

#include <QDialog>
#include <QSize>

class QComboBox;
class QSpinBox;

namespace hashscope::gui {

class ChartExportDialog : public QDialog {
  Q_OBJECT
public:
  ChartExportDialog(const QStringList& charts, int current, QWidget* parent = nullptr);
  int chartIndex() const;
  QSize imageSize() const;

private:
  QComboBox* m_chart;
  QSpinBox* m_width;
  QSpinBox* m_height;
};

}  // namespace hashscope::gui
