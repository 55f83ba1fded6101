// Asks which chart to export and at what size, with a preview of the image as it will be saved; the file
// name comes from the standard save dialog afterwards (which confirms before replacing a file).
#pragma once

#include <QDialog>
#include <QImage>
#include <QList>
#include <QPointer>
#include <QSize>
#include <QTimer>

class QComboBox;
class QLabel;
class QSpinBox;

namespace hashscope::gui {

class ChartWidget;

class ChartExportDialog : public QDialog {
  Q_OBJECT
public:
  ChartExportDialog(const QList<const ChartWidget*>& charts, int current, QWidget* parent = nullptr);
  // Charts named by their titles (the form the File menu uses): each is found by its title among the
  // charts of `parent`'s window, for the preview; a name without a chart is listed without one.
  ChartExportDialog(const QStringList& charts, int current, QWidget* parent = nullptr);
  int chartIndex() const;
  QSize imageSize() const;
  // The preview as last drawn (scaled to the dialog); null when the chart has no data (it says so then).
  QImage previewImage() const { return m_previewImage; }
  void updatePreview();  // at once (the dialog itself redraws 150 ms after the last change)

private:
  void build(const QStringList& names, int current);
  QList<QPointer<const ChartWidget>> m_charts;
  QComboBox* m_chart = nullptr;
  QSpinBox* m_width = nullptr;
  QSpinBox* m_height = nullptr;
  QLabel* m_preview = nullptr;
  QImage m_previewImage;
  QTimer m_previewTimer;
};

}  // namespace hashscope::gui
