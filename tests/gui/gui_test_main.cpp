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
  // or "minimal" where a Qt has no offscreen plugin (it needs FreeType, which the mingw-w64 Qt of
  // installer/cross/build-windows-deps.sh leaves out): HASHSCOPE_GUI_TEST_PLATFORM=minimal.
  const QByteArray platform = qgetenv("HASHSCOPE_GUI_TEST_PLATFORM");
  qputenv("QT_QPA_PLATFORM", platform == "minimal" ? platform : QByteArray("offscreen"));
  hashscope::test::useTestHistoryDatabase();
  QApplication::setOrganizationName(QStringLiteral("HashScopeTests"));
  QApplication::setApplicationName(QStringLiteral("hashscope_gui_tests"));
  TimingApplication app(argc, argv);
  return hashscope::test::runTests(argc, argv);
}
