// Test main for the GUI tests: offscreen platform, a QApplication, then Catch2.
#define CATCH_CONFIG_RUNNER
#include "test_env.hpp"
#include <QApplication>
#include <QDateTime>
#include <QElapsedTimer>

#include "catch.hpp"
#include "run_tests.hpp"
#include "skip.hpp"

namespace {
// With HASHSCOPE_SLOW_EVENTS set, reports every event the GUI thread took more than 20 ms to handle
// (to find what makes the window unresponsive when the latency check fails).
class TimingApplication : public QApplication {
public:
  using QApplication::QApplication;
  bool notify(QObject* receiver, QEvent* event) override
  {
    if (!m_report)
      return QApplication::notify(receiver, event);
    QElapsedTimer clock;
    clock.start();
    const int type = event->type();
    const bool result = QApplication::notify(receiver, event);
    if (clock.elapsed() > 20)
      qWarning("slow event: %lld ms (ended at %lld), type %d, receiver %s", qint64(clock.elapsed()), QDateTime::currentMSecsSinceEpoch() % 100000, type,
               receiver->metaObject()->className());
    return result;
  }

private:
  bool m_report = qEnvironmentVariableIsSet("HASHSCOPE_SLOW_EVENTS");
};
}  // namespace

int main(int argc, char* argv[])
{
  // Set before QApplication exists: the tests never need (or touch) a real display. The offscreen platform,
  // or where a Qt has no offscreen plugin (it needs FreeType, which the mingw-w64 Qt of
  // installer/cross/build-windows-deps.sh leaves out) the one HASHSCOPE_GUI_TEST_PLATFORM names: "windows"
  // (the Windows build under wine and a virtual X display: Windows' own fonts, screen and focus) or "minimal"
  // (no display at all, but a 240x320 screen and no fonts).
  const QByteArray platform = qgetenv("HASHSCOPE_GUI_TEST_PLATFORM");
  qputenv("QT_QPA_PLATFORM",
          platform == "minimal" || platform == "windows" ? platform : QByteArray("offscreen"));
  // Qt's own file dialogs, which the tests fill in and accept (test::answerNextFileDialog), also where the
  // platform has native ones (Windows' IFileDialog, which no test can drive).
  QApplication::setAttribute(Qt::AA_DontUseNativeDialogs);
  hashscope::test::useTestHistoryDatabase();
  QApplication::setOrganizationName(QStringLiteral("HashScopeTests"));
  QApplication::setApplicationName(QStringLiteral("hashscope_gui_tests"));
  TimingApplication app(argc, argv);
  return hashscope::test::runTests(argc, argv);
}
