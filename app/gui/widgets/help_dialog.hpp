// Help > Reading the results (F1): what the headline, the tiles, their marks, the caveat line and the flags
// mean, and what to do about them (logic/legend.hpp writes it).
#pragma once

#include <QDialog>

class QTextBrowser;

namespace hashscope::gui {

class HelpDialog : public QDialog {
  Q_OBJECT
public:
  explicit HelpDialog(QWidget* parent = nullptr);
  QString text() const;

private:
  QTextBrowser* m_text;
};

}  // namespace hashscope::gui
