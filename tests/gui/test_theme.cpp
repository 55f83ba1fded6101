// View > Theme: choosing Dark repaints the whole app at once (the window colour, the charts' theme)
// and is remembered in the settings file for the next start; System goes back to the platform's look;
// the scoreboard's cards follow a switch.
#include <QAction>
#include <QApplication>
#include <QImage>
#include <QPainter>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>
#include <QStyleOptionViewItem>

#include <cstdlib>
#include <memory>

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

namespace {
// An unticked item-view check box as the application's style paints it on the palette's base colour, and
// the largest lightness difference between any of its pixels and that base.
int uncheckedBoxContrast(QStyle* style, QImage* out = nullptr)
{
  const QPalette palette = QApplication::palette();
  QImage image(20, 20, QImage::Format_ARGB32);
  image.fill(palette.color(QPalette::Base));
  QStyleOptionViewItem option;
  option.rect = QRect(2, 2, 14, 14);
  option.palette = palette;
  option.state = QStyle::State_Enabled | QStyle::State_Off;
  option.features = QStyleOptionViewItem::HasCheckIndicator;
  option.checkState = Qt::Unchecked;
  {
    QPainter painter(&image);
    style->drawPrimitive(QStyle::PE_IndicatorItemViewItemCheck, &option, &painter, nullptr);
  }
  const int base = palette.color(QPalette::Base).lightness();
  int contrast = 0;
  for (int y = 0; y < image.height(); ++y) {
    for (int x = 0; x < image.width(); ++x)
      contrast = std::max(contrast, std::abs(image.pixelColor(x, y).lightness() - base));
  }
  if (out)
    *out = image;
  return contrast;
}
}  // namespace

TEST_CASE("Unticked check boxes in lists stand out in the dark theme; the light theme keeps Fusion's", "[theme]")
{
  applyTheme(Theme::Dark);
  // Fusion's own outline (Window.darker(140)) is a few steps off the dark base: the box disappears.
  CHECK(uncheckedBoxContrast(QApplication::style()) > 60);

  applyTheme(Theme::Light);
  std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
  QImage ours, plain;
  uncheckedBoxContrast(QApplication::style(), &ours);
  uncheckedBoxContrast(fusion.get(), &plain);
  CHECK(ours == plain);
  applyTheme(Theme::System);
}
