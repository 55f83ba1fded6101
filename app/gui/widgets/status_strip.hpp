// The status line: what runs now, overall progress and the time left; errors appear here too.
#pragma once

#include <QWidget>

class QLabel;
class QProgressBar;

namespace hashscope::gui {

class StatusStrip : public QWidget {
  Q_OBJECT
public:
  explicit StatusStrip(QWidget* parent = nullptr);
  void showMessage(const QString& text);  // idle text, no progress
  void showError(const QString& text);    // in the error colour, stays until the next message
  void showProgress(const QString& step, double fraction, double secondsLeft);
  QString text() const;

private:
  QLabel* m_text;
  QProgressBar* m_progress;
  QLabel* m_left;
};

}  // namespace hashscope::gui
