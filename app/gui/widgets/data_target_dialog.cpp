#include "widgets/data_target_dialog.hpp"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

#include <filesystem>

#include "hashscope/hash.hpp"  // workload.hpp uses Digest without including it
#include "hashscope/suite.hpp"
#include "logic/result_text.hpp"

namespace hashscope::gui {

DataTargetDialog::DataTargetDialog(const QString& startFolder, QWidget* parent)
    : QDialog(parent), m_startFolder(startFolder)
{
  setWindowTitle(tr("Benchmark a file or folder"));
  auto* intro = new QLabel(tr("Measure data you already have, where it is. HashScope only reads it: nothing is "
                              "written there, so a read-only disk, a network share, an archive or a photo "
                              "library can be measured."),
                           this);
  intro->setWordWrap(true);
  m_file = new QRadioButton(tr("A &file: read it, then hash it with each ticked algorithm"), this);
  m_folder = new QRadioButton(
      tr("A f&older: read every file under it, then hash them all (like md5deep -r)"), this);
  m_folder->setChecked(true);
  m_path = new QLineEdit(this);
  m_path->setPlaceholderText(tr("Path of a file or folder"));
  m_path->setClearButtonEnabled(true);
  auto* browse = new QPushButton(tr("&Browse..."), this);
  auto* pathRow = new QHBoxLayout;
  pathRow->addWidget(m_path, 1);
  pathRow->addWidget(browse);
  m_check = new QLabel(this);
  m_check->setTextFormat(Qt::PlainText);  // names the chosen file or folder: never markup
  m_check->setWordWrap(true);
  m_check->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
  QPushButton* start = m_buttons->addButton(tr("Bench&mark"), QDialogButtonBox::AcceptRole);
  start->setDefault(true);
  start->setToolTip(tr("Runs read, hash-memory and hash-file (a file) or hash-tree (a folder) with the "
                       "ticked algorithms and the current options"));

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(intro);
  layout->addWidget(m_file);
  layout->addWidget(m_folder);
  layout->addLayout(pathRow);
  layout->addWidget(m_check);
  layout->addStretch();
  layout->addWidget(m_buttons);
  setMinimumWidth(640);

  connect(browse, &QPushButton::clicked, this, &DataTargetDialog::browse);
  connect(m_path, &QLineEdit::textChanged, this, &DataTargetDialog::check);
  connect(m_file, &QRadioButton::toggled, this, &DataTargetDialog::check);
  connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  check();
  resize(sizeHint());  // the wrapped texts get their full height at the minimum width
}

QString DataTargetDialog::path() const { return m_path->text().trimmed(); }
bool DataTargetDialog::folderChosen() const { return m_folder->isChecked(); }
QString DataTargetDialog::checkText() const { return m_check->text(); }
bool DataTargetDialog::canStart() const
{
  const auto buttons = m_buttons->buttons();
  for (QAbstractButton* b : buttons) {
    if (m_buttons->buttonRole(b) == QDialogButtonBox::AcceptRole)
      return b->isEnabled();
  }
  return false;
}

void DataTargetDialog::setPath(const QString& path)
{
  std::error_code ec;
  const bool folder = std::filesystem::is_directory(toPath(path), ec);
  (folder ? m_folder : m_file)->setChecked(true);
  m_path->setText(path);
}

void DataTargetDialog::browse()
{
  // One native dialog cannot pick "a file or a folder": the choice above says which one to ask for.
  const QString start = path().isEmpty() ? m_startFolder : path();
  const QString chosen =
      m_folder->isChecked()
          ? QFileDialog::getExistingDirectory(this, tr("Choose a folder to benchmark"), start)
          : QFileDialog::getOpenFileName(this, tr("Choose a file to benchmark"), start);
  if (!chosen.isEmpty())
    setPath(chosen);
}

void DataTargetDialog::check()
{
  const QString text = path();
  QString verdict;
  bool ok = false;
  if (!text.isEmpty()) {
    const std::filesystem::path p = toPath(text);
    std::error_code ec;
    const bool folder = std::filesystem::is_directory(p, ec);
    if (folder != m_folder->isChecked()) {
      verdict = folder ? tr("%1 is a folder: choose \"A folder\" above.").arg(text)
                       : tr("%1 is not a folder: choose \"A file\" above.").arg(text);
    } else if (folder) {
      // A folder is listed when the run starts (a big tree takes a while): not here, on the GUI thread.
      verdict = tr("Every file under %1 is read and hashed; the folder is listed when the run starts.").arg(text);
      ok = true;
    } else {
      // A file costs one look (FIFOs and devices are refused from their type, never opened).
      const DataSummary summary = describeData(p);
      ok = summary.ok();
      verdict = ok ? tr("%1: %2.").arg(text, formatBytes(summary.bytes)) : qs(summary.error);
    }
  }
  m_check->setText(verdict);
  for (QAbstractButton* b : m_buttons->buttons()) {
    if (m_buttons->buttonRole(b) == QDialogButtonBox::AcceptRole)
      b->setEnabled(ok);
  }
}

}  // namespace hashscope::gui
