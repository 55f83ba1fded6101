#include "widgets/samples_panel.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include "logic/result_text.hpp"
#include "logic/run_options.hpp"
#include "logic/sample_controller.hpp"
#include "logic/sample_list_model.hpp"

namespace hashscope::gui {

SamplesPanel::SamplesPanel(QWidget* parent)
    : QGroupBox(tr("Sa&mple file"), parent), m_controller(new SampleController(this)),
      m_list(new SampleListModel(this))
{
  m_size = new QComboBox(this);
  m_size->setEditable(true);
  for (std::uint64_t size : offeredSampleSizes())
    m_size->addItem(formatBytes(size), QVariant::fromValue<qulonglong>(size));
  m_size->setToolTip(tr("Size of the sample file read by the benchmark, in MiB/GiB (binary: 1 MiB = 1024 x 1024 "
                        "bytes).\nLarger than RAM caches is more honest; smaller is quicker. Type your own, e.g. "
                        "300M or 3G.\n") %
                     QCoreApplication::translate("RunOptions", defaultSampleSizeRule()));
  m_content = new QComboBox(this);
  m_content->addItem(tr("random"), int(SampleContent::Random));
  m_content->addItem(tr("zeros"), int(SampleContent::Zeros));
  m_content->addItem(tr("compressible text"), int(SampleContent::Text));
  m_content->setToolTip(tr("What the sample holds. Random data defeats compression on the device;\n"
                           "zeros and text show what compressing or deduplicating storage does."));

  m_create = new QPushButton(tr("Create"), this);
  m_create->setToolTip(tr("Write the sample now in the selected location (the benchmark also does this itself)"));
  m_cancel = new QPushButton(tr("Cancel"), this);
  m_cancel->setToolTip(tr("Stop writing; the partial file is removed"));
  m_delete = new QPushButton(tr("Delete sample"), this);
  m_delete->setToolTip(tr("Delete the selected HashScope sample file (never any other file)"));
  m_keep = new QCheckBox(tr("&Keep samples"), this);
  m_keep->setToolTip(tr("Leave the sample files the benchmark writes, so the next run can reuse them.\n"
                        "Unticked, a run removes the samples it created itself; samples that were already\n"
                        "there, and any other file, are never removed."));
  // Folder names may hold anything, "<img src=x>" included: these labels never read it as markup.
  m_target = new QLabel(this);
  m_target->setTextFormat(Qt::PlainText);
  m_target->setWordWrap(true);
  m_plan = new QLabel(this);
  m_plan->setTextFormat(Qt::PlainText);
  m_plan->setWordWrap(true);
  m_plan->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_plan->setToolTip(tr("What the Benchmark button writes, where, and whether it stays"));
  QFont planFont = m_plan->font();
  planFont.setBold(true);
  m_plan->setFont(planFont);
  m_progress = new QProgressBar(this);
  m_progress->setRange(0, 1000);
  m_progress->setTextVisible(false);
  m_progress->setMaximumHeight(m_progress->fontMetrics().height());
  m_info = new QLabel(this);
  m_info->setTextFormat(Qt::PlainText);
  m_info->setWordWrap(true);
  m_info->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_info->hide();  // shown once there is something to say (progress, the last create or delete)

  m_view = new QTableView(this);
  m_view->setModel(m_list);
  m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_view->setSelectionMode(QAbstractItemView::SingleSelection);
  m_view->verticalHeader()->hide();
  m_view->setShowGrid(false);
  m_view->setWordWrap(false);
  m_view->setTabKeyNavigation(false);  // Tab moves on to the next control
  m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_view->horizontalHeader()->setStretchLastSection(true);
  m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
  m_view->setToolTip(tr("HashScope samples already in the listed locations (ticked or not): the benchmark reuses\n"
                        "a sample of the chosen size and content instead of writing it again."));
  m_view->setMinimumHeight(m_view->verticalHeader()->defaultSectionSize() * 3 + 28);

  auto* sizeLabel = new QLabel(tr("Si&ze:"), this);
  sizeLabel->setBuddy(m_size);
  auto* contentLabel = new QLabel(tr("C&ontent:"), this);
  contentLabel->setBuddy(m_content);
  auto* top = new QHBoxLayout;
  top->addWidget(sizeLabel);
  top->addWidget(m_size);
  top->addWidget(contentLabel);
  top->addWidget(m_content, 1);
  top->addWidget(m_keep);
  auto* create = new QHBoxLayout;
  create->addWidget(m_target, 1);
  create->addWidget(m_create);
  create->addWidget(m_cancel);
  auto* progress = new QHBoxLayout;
  progress->addWidget(m_progress, 1);
  progress->addWidget(m_delete);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(top);
  layout->addWidget(m_plan);
  layout->addLayout(create);
  layout->addWidget(m_info);
  layout->addWidget(m_view, 1);  // the table takes the spare height, not gaps between the lines
  layout->addLayout(progress);

  connect(m_size, &QComboBox::currentTextChanged, this, [this] {
    updateButtons();
    Q_EMIT specChanged();
  });
  connect(m_content, &QComboBox::currentIndexChanged, this, &SamplesPanel::specChanged);
  connect(m_keep, &QCheckBox::toggled, this, &SamplesPanel::specChanged);
  connect(m_create, &QPushButton::clicked, this, &SamplesPanel::create);
  connect(m_cancel, &QPushButton::clicked, m_controller, &SampleController::cancel);
  connect(m_delete, &QPushButton::clicked, this, &SamplesPanel::removeSelected);
  connect(m_controller, &SampleController::progress, this, &SamplesPanel::onProgress);
  connect(m_controller, &SampleController::finished, this, &SamplesPanel::onFinished);
  connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &SamplesPanel::updateButtons);
  updateButtons();
}

std::uint64_t SamplesPanel::sampleSize() const
{
  const QString text = m_size->currentText().trimmed().remove(QLatin1Char(' '));
  const auto size = parseSize(text.toStdString());
  return size && *size >= 4096 ? *size : 0;
}

SampleContent SamplesPanel::content() const { return SampleContent(m_content->currentData().toInt()); }

void SamplesPanel::setSampleSize(std::uint64_t size)
{
  const int index = m_size->findData(QVariant::fromValue<qulonglong>(size));
  if (index >= 0)
    m_size->setCurrentIndex(index);
  else
    m_size->setCurrentText(formatBytes(size));
}

void SamplesPanel::setContent(SampleContent content)
{
  m_content->setCurrentIndex(std::max(0, m_content->findData(int(content))));
}

bool SamplesPanel::keepSamples() const { return m_keep->isChecked(); }
void SamplesPanel::setKeepSamples(bool keep) { m_keep->setChecked(keep); }

void SamplesPanel::setTargetFolder(const QString& folder)
{
  m_folder = folder;
  m_target->setText(folder.isEmpty() ? tr("Select or tick a location to create a sample in.")
                                     : tr("Create writes into %1.").arg(folder));
  updateButtons();
}

QString SamplesPanel::targetText() const { return m_target->text(); }
void SamplesPanel::setPlanText(const QString& text) { m_plan->setText(text); }
QString SamplesPanel::planText() const { return m_plan->text(); }

void SamplesPanel::setListedFolders(const QStringList& folders)
{
  m_folders = folders;
  m_list->refresh(folders);
  updateButtons();
}

void SamplesPanel::setBenchmarkRunning(bool running)
{
  m_running = running;
  updateButtons();
}

void SamplesPanel::updateButtons()
{
  const bool busy = m_controller->isBusy();
  m_create->setEnabled(!busy && !m_running && !m_folder.isEmpty() && sampleSize() > 0);
  m_cancel->setEnabled(busy);
  m_delete->setEnabled(!busy && !m_running && m_view->selectionModel()->hasSelection());
  m_size->setEnabled(!busy && !m_running);
  m_content->setEnabled(!busy && !m_running);
  m_keep->setEnabled(!m_running);
}

void SamplesPanel::showInfo(const QString& text)
{
  m_info->setText(text);
  m_info->setVisible(!text.isEmpty());
}

void SamplesPanel::create()
{
  if (!m_controller->create(m_folder, sampleSize(), content()))
    return;
  m_progress->setValue(0);
  m_writing = m_folder;  // the selection may move on while this one is written
  showInfo(tr("Writing a %1 sample in %2...").arg(formatBytes(sampleSize()), m_writing));
  updateButtons();
}

void SamplesPanel::onProgress(double fraction, double mbPerSec)
{
  m_progress->setValue(int(fraction * 1000));
  showInfo(tr("Writing in %1: %2%, %3").arg(m_writing).arg(int(fraction * 100)).arg(formatMBps(mbPerSec)));
}

void SamplesPanel::onFinished(bool ok, const QString& path, bool reused, double mbPerSec, const QString& error)
{
  m_progress->setValue(ok ? 1000 : 0);
  if (!ok)
    showInfo(error);
  else if (reused)
    showInfo(tr("%1 already exists and will be reused.").arg(path));
  else
    showInfo(tr("Created %1, written at %2.").arg(path, formatMBps(mbPerSec)));
  Q_EMIT statusMessage(m_info->text());
  m_list->refresh(m_folders);
  updateButtons();
  Q_EMIT samplesChanged();
}

void SamplesPanel::removeSelected()
{
  const QModelIndexList rows = m_view->selectionModel()->selectedRows();
  if (rows.isEmpty())
    return;
  const QString path = rows.first().data(SampleListModel::PathRole).toString();
  const QString error = m_controller->remove(path);
  showInfo(error.isEmpty() ? tr("Deleted %1.").arg(path) : error);
  m_list->refresh(m_folders);
  updateButtons();
  Q_EMIT samplesChanged();
}

}  // namespace hashscope::gui
