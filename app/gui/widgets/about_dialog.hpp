// Help > About: version, Qt and OpenSSL versions, licence.
#pragma once

#include <QDialog>

namespace hashscope::gui {

class AboutDialog : public QDialog {
  Q_OBJECT
public:
  explicit AboutDialog(QWidget* parent = nullptr);
  static QString aboutText();  // the text shown (HTML), also used by tests
};

}  // namespace hashscope::gui
