// Shared helpers of the GUI tests: a window set up for a tiny, quick benchmark, a CSV reader, image checks.
#pragma once

#include <QColor>
#include <QImage>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <memory>
#include <vector>

#include "logic/app_settings.hpp"
#include "widgets/main_window.hpp"

namespace hashscope::gui::test {

// A MainWindow with isolated settings, one location (a fresh temp folder), one algorithm, a small
// sample and short reference runs, shown on the offscreen platform.
struct TinyBenchmark {
  explicit TinyBenchmark(const QString& algorithm = QStringLiteral("xxh3-64"), const QString& sampleSize = QStringLiteral("8M"),
                         double hashSeconds = 0.2);
  QTemporaryDir dir;       // the benchmark location and the settings file
  QString location;
  std::unique_ptr<AppSettings> settings;
  std::unique_ptr<MainWindow> window;
};

// RFC 4180 rows (quoted fields, doubled quotes, CRLF or LF line ends).
std::vector<QStringList> parseCsv(const QString& text);
// The WCAG contrast ratio of two colours (1 to 21; 4.5 is AA for text).
double contrastRatio(QColor a, QColor b);
// Standard deviation of the pixels' grey levels: ~0 for a blank image.
double greyDeviation(const QImage& image);
// Files in `folder` that are not complete HashScope samples (partial or temporary files left behind).
QStringList strayFiles(const QString& folder);
// Clicks the button labelled `button` (mnemonic '&' ignored) on the next modal message box that opens within
// `ms`, from a timer: for code that asks with exec() while the test waits.
void answerNextMessageBox(const QString& button, int ms = 10000);
// What a message box answered by answerNextMessageBoxSeen() said: its title, text and informative text.
struct SeenMessageBox {
  bool seen = false;
  QString title, text, informative;
};
// answerNextMessageBox() that also records the box it answered.
std::shared_ptr<SeenMessageBox> answerNextMessageBoxSeen(const QString& button, int ms = 10000);
// Answers the next modal file dialog that opens within `ms`: records the path it suggested (its directory and
// the file name typed in it), then chooses `path` and accepts (or rejects it when `path` is empty).
std::shared_ptr<QString> answerNextFileDialog(const QString& path, int ms = 10000);

// The run library of the app and the CLI in `file` for the scope of a test (HASHSCOPE_HISTORY_DB), set before the
// window is made.
class ScopedHistory {
public:
  explicit ScopedHistory(const QString& file);
  ~ScopedHistory();
  ScopedHistory(const ScopedHistory&) = delete;
  ScopedHistory& operator=(const ScopedHistory&) = delete;

private:
  bool m_had;
  QByteArray m_old;
};

}  // namespace hashscope::gui::test
