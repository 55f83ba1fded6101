#include "widgets/chart_export_dialog.hpp"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QSpinBox>

namespace hashscope::gui {

ChartExportDialog::ChartExportDialog(const QStringList& charts, int current, QWidget* parent) : QDialog(parent)
{
  setWindowTitle(tr("Export chart as PNG"));
  m_chart = new QComboBox(this);
  m_chart->addItems(charts);
  m_chart->setCurrentIndex(std::max(0, current));
  m_chart->setToolTip(tr("The chart to save; only the chart is drawn, with its title, axes and legend"));
  m_width = new QSpinBox(this);
  m_width->setRange(320, 8000);
  m_width->setValue(1600);
  m_width->setSuffix(tr(" px"));
  m_width->setToolTip(tr("Image width in pixels"));
  m_height = new QSpinBox(this);
  m_height->setRange(200, 8000);
  m_height->setValue(900);
  m_height->setSuffix(tr(" px"));
  m_height->setToolTip(tr("Image height in pixels"));
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* form = new QFormLayout(this);
  form->addRow(tr("&Chart:"), m_chart);
  form->addRow(tr("&Width:"), m_width);
  form->addRow(tr("&Height:"), m_height);
  form->addRow(buttons);
}

int ChartExportDialog::chartIndex() const { return m_chart->currentIndex(); }
QSize ChartExportDialog::imageSize() const { return QSize(m_width->value(), m_height->value()); }

}  // namespace hashscope::gui
