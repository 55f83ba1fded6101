#include "widgets/status_strip.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>

#include "logic/plain_text.hpp"
#include "logic/result_text.hpp"

namespace hashscope::gui {

StatusStrip::StatusStrip(QWidget* parent) : QWidget(parent)
{
  m_text = new QLabel(this);
  m_text->setTextFormat(Qt::PlainText);  // messages name folders and files: never markup
  m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_text->setMinimumWidth(200);
  m_text->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  m_progress = new QProgressBar(this);
  m_progress->setRange(0, 1000);
  m_progress->setFixedWidth(220);
  m_progress->setFormat(QStringLiteral("%p%"));
  m_left = new QLabel(this);
  m_left->setTextFormat(Qt::PlainText);
  m_left->setMinimumWidth(m_left->fontMetrics().horizontalAdvance(tr("about 59 min 59 s left")));
  m_left->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(4, 0, 4, 0);
  layout->addWidget(m_text, 1);
  layout->addWidget(m_progress);
  layout->addWidget(m_left);
  // Said once, where every first look lands: the two units the whole window uses.
  showMessage(tr("Ready. Sizes are in MiB/GiB (1 MiB = 1024 x 1024 bytes), speeds in MB/s (1 MB = 1,000,000 bytes)."));
}

void StatusStrip::showMessage(const QString& text)
{
  m_text->setStyleSheet(QString());
  m_text->setText(text);
  m_text->setToolTip(plainToolTip(text));
  m_progress->hide();
  m_left->clear();
}

void StatusStrip::showError(const QString& text)
{
  showMessage(text);
  m_text->setStyleSheet(QStringLiteral("color: #d0402b; font-weight: bold"));
}

void StatusStrip::showProgress(const QString& step, double fraction, double secondsLeft)
{
  m_text->setStyleSheet(QString());
  m_text->setText(step);
  m_text->setToolTip(plainToolTip(step));
  m_progress->show();
  m_progress->setValue(int(std::clamp(fraction, 0.0, 1.0) * 1000));
  m_left->setText(secondsLeft >= 0 ? tr("about %1 left").arg(formatDuration(secondsLeft)) : QString());
}

QString StatusStrip::text() const { return m_text->text(); }

}  // namespace hashscope::gui
