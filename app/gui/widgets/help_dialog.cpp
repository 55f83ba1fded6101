#include "widgets/help_dialog.hpp"

#include <QDialogButtonBox>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "logic/legend.hpp"

namespace hashscope::gui {

HelpDialog::HelpDialog(QWidget* parent) : QDialog(parent)
{
  setObjectName(QStringLiteral("helpDialog"));
  setWindowTitle(tr("Reading the results"));
  m_text = new QTextBrowser(this);
  m_text->setOpenLinks(false);
  m_text->setHtml(readingResultsHtml());
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(m_text, 1);
  layout->addWidget(buttons);
  // Wide enough for comfortable lines, never wider or taller than the window it helps with.
  const QSize want(m_text->fontMetrics().averageCharWidth() * 90, m_text->fontMetrics().height() * 34);
  resize(parent ? want.boundedTo(parent->size() * 0.9) : want);
}

QString HelpDialog::text() const { return m_text->toPlainText(); }

}  // namespace hashscope::gui
