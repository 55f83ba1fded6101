// The status line: what runs now, overall progress and the time left; errors appear here too.
#pragma once

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

namespace hashscope::gui {

class StatusStrip : public QWidget {
  Q_OBJECT
public:
  explicit StatusStrip(QWidget* parent = nullptr);
  void showMessage(const QString& text);  // idle text, no progress
  void showError(const QString& text);    // in the error colour, stays until the next message
  void showProgress(const QString& step, double fraction, double secondsLeft);
  // The Skip button next to a wait for a quiet machine (skipRequested when clicked).
  void setSkipVisible(bool visible);
  QPushButton* skipButton() const { return m_skip; }
  QString text() const;
  QString timeLeftText() const;

Q_SIGNALS:
  void skipRequested();

private:
  QLabel* m_text;
  QPushButton* m_skip;
  QProgressBar* m_progress;
  QLabel* m_left;
};

}  // namespace hashscope::gui
