// View > Theme: choosing Dark repaints the whole app at once (the window colour, the charts' theme)
// and is remembered in the settings file for the next start; System goes back to the platform's look;
// the scoreboard's cards follow a switch.
#include <QAction>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QLegendMarker>
#include <QSet>
#include <QImage>
#include <QPainter>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>
#include <QStyleOptionViewItem>

#include <cmath>
#include <cstdlib>
#include <memory>

#include "catch.hpp"
#include "charts/chart_style.hpp"
#include "charts/chart_widgets.hpp"
#include "logic/result_text.hpp"
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

TEST_CASE("Unticked check boxes in lists stand out in the dark theme, the light theme keeps Fusion's", "[theme]")
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

namespace {
double contrast(QColor a, QColor b) { return test::contrastRatio(a, b); }
// A live-style chart with verdict bands, shown: its legend's band keys and the colour behind the legend.
struct BandChart {
  BandChart()
  {
    chart.reset(createLineChart());
    chart->setup({QStringLiteral("Bottleneck"), QStringLiteral("time (s)"), QStringLiteral("busy (%)"), QString(),
                  100, false, true});
    chart->resize(800, 300);
    chart->show();
    QApplication::processEvents();
    view = chart->findChild<QChartView*>();
    REQUIRE(view);
    for (QLegendMarker* marker : view->chart()->legend()->markers()) {
      if (marker->type() == QLegendMarker::LegendMarkerTypeArea)
        bands.append(marker);
    }
  }
  // The chart's own pixel at the legend's left end (the keys are centred: nothing is drawn there).
  QColor behindLegend() const
  {
    const QImage image = view->grab().toImage();
    const QRectF legend = view->chart()->legend()->geometry();
    const QPoint at = view->mapFromScene(view->chart()->mapToScene(legend.left() + 2, legend.center().y()));
    return image.pixelColor(at * image.devicePixelRatio());
  }
  std::unique_ptr<LineChart> chart;
  QChartView* view = nullptr;
  QList<QLegendMarker*> bands;
};
}  // namespace

TEST_CASE("Verdict band keys in chart legends stand out in the dark theme, the light theme keeps the band colours",
          "[theme]")
{
  applyTheme(Theme::Dark);
  {
    BandChart dark;
    REQUIRE(dark.bands.size() == 4);  // CPU-bound, I/O-bound, memory-bound, mixed
    const QColor behind = dark.behindLegend();
    for (const QLegendMarker* marker : dark.bands) {
      INFO(marker->label().toStdString());
      const QColor key = marker->brush().color();
      // The key as painted: its colour over what is behind it.
      const double a = key.alphaF();
      const QColor painted = QColor::fromRgbF(float(a * key.redF() + (1 - a) * behind.redF()),
                                              float(a * key.greenF() + (1 - a) * behind.greenF()),
                                              float(a * key.blueF() + (1 - a) * behind.blueF()));
      CHECK(contrast(painted, behind) > 2.0);  // the band colours' 35% tint gave 1.2 to 1.7
    }
  }
  applyTheme(Theme::Light);
  {
    BandChart light;
    REQUIRE(light.bands.size() == 4);
    QSet<QRgb> keys, bandColours;
    for (const QLegendMarker* marker : light.bands)
      keys.insert(marker->brush().color().rgba());
    using hashscope::Verdict;
    for (Verdict v : {Verdict::CpuBound, Verdict::IoBound, Verdict::MemoryBound, Verdict::Mixed})
      bandColours.insert(verdictColor(v).rgba());
    CHECK(keys == bandColours);
  }
  applyTheme(Theme::System);
}
