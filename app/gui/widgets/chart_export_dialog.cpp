#include "widgets/chart_export_dialog.hpp"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPixmap>
#include <QSpinBox>

#include <cmath>

#include "charts/chart_widgets.hpp"

namespace hashscope::gui {

namespace {
constexpr QSize kPreviewBox(520, 300);
constexpr double kMaxPreviewPixels = 2.5e6;  // larger exports are previewed at a smaller scale
}  // namespace

ChartExportDialog::ChartExportDialog(const QList<const ChartWidget*>& charts, int current, QWidget* parent)
    : QDialog(parent)
{
  QStringList names;
  for (const ChartWidget* c : charts) {
    m_charts.append(c);
    names.append(c ? c->title() : QString());
  }
  build(names, current);
}

ChartExportDialog::ChartExportDialog(const QStringList& charts, int current, QWidget* parent) : QDialog(parent)
{
  const QList<ChartWidget*> all = parent ? parent->window()->findChildren<ChartWidget*>() : QList<ChartWidget*>();
  for (const QString& name : charts) {
    const ChartWidget* found = nullptr;
    for (const ChartWidget* c : all) {
      if (c->title() == name)
        found = c;
    }
    m_charts.append(found);
  }
  build(charts, current);
}

void ChartExportDialog::build(const QStringList& names, int current)
{
  setWindowTitle(tr("Export chart as PNG"));
  m_chart = new QComboBox(this);
  m_chart->addItems(names);
  m_chart->setCurrentIndex(std::max(0, current));
  m_chart->setToolTip(tr("The chart to save; only the chart is drawn, with its title, a subtitle saying what was\n"
                         "measured where, its axes and its legend"));
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
  m_preview = new QLabel(this);
  m_preview->setMinimumSize(kPreviewBox);
  m_preview->setAlignment(Qt::AlignCenter);
  m_preview->setFrameShape(QFrame::StyledPanel);
  m_preview->setToolTip(tr("The image as it will be saved, scaled down"));
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* form = new QFormLayout(this);
  form->addRow(tr("&Chart:"), m_chart);
  form->addRow(tr("&Width:"), m_width);
  form->addRow(tr("&Height:"), m_height);
  form->addRow(m_preview);
  form->addRow(buttons);

  // Drawing a large chart takes a moment: redraw once the user stops typing a size.
  m_previewTimer.setSingleShot(true);
  m_previewTimer.setInterval(150);
  connect(&m_previewTimer, &QTimer::timeout, this, &ChartExportDialog::updatePreview);
  auto later = [this] { m_previewTimer.start(); };
  connect(m_chart, &QComboBox::currentIndexChanged, this, later);
  connect(m_width, &QSpinBox::valueChanged, this, later);
  connect(m_height, &QSpinBox::valueChanged, this, later);
  updatePreview();
}

void ChartExportDialog::updatePreview()
{
  m_previewTimer.stop();
  const ChartWidget* chart = m_charts.value(chartIndex());
  if (!chart || chart->isEmpty()) {
    m_previewImage = QImage();
    m_preview->setPixmap(QPixmap());
    m_preview->setText(chart ? tr("This chart has no data yet: run a benchmark first.") : tr("No preview"));
    return;
  }
  // The export's own rendering (fonts scale with the size), at the export size up to a few megapixels.
  QSize size = imageSize();
  const double pixels = double(size.width()) * size.height();
  if (pixels > kMaxPreviewPixels)
    size = (QSizeF(size) * std::sqrt(kMaxPreviewPixels / pixels)).toSize();
  const QImage full = chart->renderImage(size);
  m_previewImage = full.scaled(m_preview->contentsRect().size().boundedTo(kPreviewBox).expandedTo(QSize(160, 90)),
                               Qt::KeepAspectRatio, Qt::SmoothTransformation);
  m_preview->setText(QString());
  m_preview->setPixmap(QPixmap::fromImage(m_previewImage));
}

int ChartExportDialog::chartIndex() const { return m_chart->currentIndex(); }
QSize ChartExportDialog::imageSize() const { return QSize(m_width->value(), m_height->value()); }

}  // namespace hashscope::gui
