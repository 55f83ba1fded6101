// hashscope: the desktop app. --help and --version are answered before QApplication exists, so they
// work with no display at all.
#include <QApplication>
#include <QDir>
#include <QIcon>
#include <QImageReader>

#include <iostream>

#include "command_line.hpp"
#include "hashscope/types.hpp"
#include "logic/app_settings.hpp"
#include "widgets/main_window.hpp"
#include "widgets/theme.hpp"

int main(int argc, char* argv[])
{
  if (const int code = hashscope::gui::handleEarlyArguments(argc, argv, std::cout, std::cerr); code >= 0)
    return code;

  QApplication::setOrganizationName(QStringLiteral("HashScope"));
  QApplication::setApplicationName(QStringLiteral("HashScope"));
  QApplication::setApplicationVersion(QString::fromUtf8(hashscope::version().data(), qsizetype(hashscope::version().size())));
  QApplication::setDesktopFileName(QStringLiteral("io.github.hashscope.HashScope"));
  QApplication app(argc, argv);
#ifdef HASHSCOPE_HAVE_ICON
  QIcon icon;
  const bool svg = QImageReader::supportedImageFormats().contains("svg");  // the svg plugin is optional
  for (const QString& file : QDir(QStringLiteral(":/icons")).entryList()) {
    if (svg || !file.endsWith(QLatin1String(".svg")))
      icon.addFile(QStringLiteral(":/icons/") + file);
  }
  QApplication::setWindowIcon(icon);
#endif

  hashscope::gui::AppSettings settings;
  // The platform's own look needs nothing; a chosen theme is applied before the first window shows.
  if (settings.theme() != hashscope::gui::Theme::System)
    hashscope::gui::applyTheme(settings.theme());
  hashscope::gui::MainWindow window(settings);
  window.show();
  return app.exec();
}
