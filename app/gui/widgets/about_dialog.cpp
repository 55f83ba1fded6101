#include "widgets/about_dialog.hpp"

#include <QDialogButtonBox>
#include <QLabel>
#include <QVBoxLayout>

#include <openssl/crypto.h>

#include "hashscope/types.hpp"
#include "logic/result_text.hpp"

namespace hashscope::gui {

QString AboutDialog::aboutText()
{
  return QStringLiteral("<h2>HashScope %1</h2>").arg(qs(version())) %
         QStringLiteral("<p>") % tr("How fast can this machine hash files, and what holds it back: the disk or the CPU?") %
         QStringLiteral("</p><p>") % tr("Qt %1 (built with %2)").arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR)) %
         QStringLiteral("<br>") % qs(OpenSSL_version(OPENSSL_VERSION)).toHtmlEscaped() %
         QStringLiteral("</p><p>") % tr("Licence: GNU General Public License, version 3 or later (GPL-3.0-or-later).") %
         QStringLiteral("<br>") % tr("This program comes with ABSOLUTELY NO WARRANTY.") % QStringLiteral("</p>");
}

AboutDialog::AboutDialog(QWidget* parent) : QDialog(parent)
{
  setWindowTitle(tr("About HashScope"));
  auto* label = new QLabel(aboutText(), this);
  label->setTextFormat(Qt::RichText);
  label->setWordWrap(true);
  label->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(label);
  layout->addWidget(buttons);
  setMinimumWidth(420);
}

}  // namespace hashscope::gui
