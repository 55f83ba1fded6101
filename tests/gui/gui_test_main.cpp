// Test main for the GUI tests: offscreen platform, a QApplication, then Catch2.
#define CATCH_CONFIG_RUNNER
#include <QApplication>

#include "catch.hpp"

int main(int argc, char* argv[])
{
  // Set before QApplication exists: the tests never need (or touch) a real display.
  qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication::setOrganizationName(QStringLiteral("HashScopeTests"));
  QApplication::setApplicationName(QStringLiteral("hashscope_gui_tests"));
  QApplication app(argc, argv);
  return Catch::Session().run(argc, argv);
}
