// View > Theme: choosing Dark repaints the whole app at once (the window colour, the charts' theme)
// and is remembered in the settings file for the next start; System goes back to the platform's look;
// the scoreboard's cards follow a switch.
#include <QAction>
#include <QApplication>
#include <QPalette>
#include <QStyle>

#include "catch.hpp"
#include "charts/chart_style.hpp"
#include "gui_test_helpers.hpp"
#include "logic/results_model.hpp"
#include "recorded_results.hpp"
#include "widgets/results_view.hpp"
#include "widgets/scoreboard_view.hpp"
#include "widgets/theme.hpp"
#include "widgets/tile_widget.hpp"

using namespace hashscope::gui;

namespace {
QAction* themeAction(MainWindow& window, const char* name)
{
  return window.findChild<QAction*>(QString::fromLatin1(name));
}
}  // namespace

TEST_CASE("View > Theme > Dark darkens the palette at once and is remembered", "[theme]")
{
  test::TinyBenchmark bench;
  MainWindow& window = *bench.window;
  QAction* dark = themeAction(window, "theme-dark");
  QAction* system = themeAction(window, "theme-system");
  QAction* light = themeAction(window, "theme-light");
  REQUIRE((dark && system && light));
  CHECK(system->isChecked());  // nothing saved yet: the platform's look
  const QColor before = QApplication::palette().color(QPalette::Window);
  REQUIRE(before.lightness() >= 128);  // the offscreen platform's palette is light

  dark->trigger();
  CHECK(dark->isChecked());
  QApplication::processEvents();
  CHECK(QApplication::palette().color(QPalette::Window).lightness() < 128);
  CHECK(window.palette().color(QPalette::Window).lightness() < 128);
  CHECK(charts::screenTheme() == QChart::ChartThemeDark);
  const QString file = bench.dir.path() + QStringLiteral("/settings.ini");
  CHECK(AppSettings(file).theme() == Theme::Dark);

  light->trigger();
  CHECK(QApplication::palette().color(QPalette::Window).lightness() >= 128);
  CHECK(AppSettings(file).theme() == Theme::Light);

  system->trigger();
  CHECK(QApplication::palette().color(QPalette::Window) == before);
  CHECK(AppSettings(file).theme() == Theme::System);
}

TEST_CASE("An unknown theme in the settings file means System", "[theme]")
{
  CHECK(parseTheme(QStringLiteral("dark")) == Theme::Dark);
  CHECK(parseTheme(QStringLiteral("Light")) == Theme::Light);
  CHECK_FALSE(parseTheme(QStringLiteral("purple")).has_value());
  QTemporaryDir dir;
  const QString file = dir.path() + QStringLiteral("/settings.ini");
  {
    QSettings raw(file, QSettings::IniFormat);
    raw.setValue(QString::fromLatin1(SettingsKey::kTheme), QStringLiteral("purple"));
  }
  CHECK(AppSettings(file).theme() == Theme::System);
}

TEST_CASE("The scoreboard's cards follow a theme switch", "[theme]")
{
  const std::vector<hashscope::RunResult> results =
      test::loadRecordedResults(QStringLiteral(HASHSCOPE_TEST_DATA_DIR "/runs/board_suite.json"));
  ResultsModel model;
  ResultsView view(&model);
  view.resize(1200, 700);
  view.show();
  model.setResults(results);
  QApplication::processEvents();
  const QList<TileWidget*> tiles = view.scoreboard()->findChildren<TileWidget*>();
  REQUIRE_FALSE(tiles.isEmpty());
  // The card's own background, as painted: a pixel inside the border, clear of the labels.
  const auto cardsOn = [&tiles](const QColor& base) {
    int shown = 0, matching = 0;
    for (TileWidget* tile : tiles) {
      if (tile->styleSheet().isEmpty())
        continue;  // an empty cell draws nothing
      ++shown;
      const QColor painted = tile->grab().toImage().pixelColor(4, tile->height() - 4);
      INFO(painted.name().toStdString() << " vs " << base.name().toStdString());
      matching += painted == base ? 1 : 0;
    }
    return shown > 0 && shown == matching;
  };

  CHECK(cardsOn(QApplication::palette().color(QPalette::Base)));
  applyTheme(Theme::Dark);
  QApplication::processEvents();
  const QColor darkBase = QApplication::palette().color(QPalette::Base);
  CHECK(darkBase.lightness() < 128);
  CHECK(cardsOn(darkBase));
  applyTheme(Theme::System);
  QApplication::processEvents();
  CHECK(cardsOn(QApplication::palette().color(QPalette::Base)));
}
