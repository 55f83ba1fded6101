// The keyboard: Tab goes through the Setup page in workflow order and reaches Benchmark; no two mnemonics on the
// window (or in one menu) clash, so Alt+H opens Help; Esc closes a tile's details; F1 opens the Help page.
#include <QAbstractButton>
#include <QApplication>
#include <QGroupBox>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>

#include <map>

#include "catch.hpp"
#include "gui_test_helpers.hpp"
#include "logic/results_model.hpp"
#include "recorded_results.hpp"
#include "widgets/algorithms_panel.hpp"
#include "widgets/help_dialog.hpp"
#include "widgets/locations_panel.hpp"
#include "widgets/options_panel.hpp"
#include "widgets/results_view.hpp"
#include "widgets/samples_panel.hpp"
#include "widgets/scoreboard_view.hpp"
#include "widgets/status_strip.hpp"
#include "widgets/tile_details.hpp"
#include "widgets/tile_widget.hpp"

using namespace hashscope;
using namespace hashscope::gui;

namespace {

// The widget that really has the focus, as Tab sees it: a line edit inside a spin box or an editable combo box
// stands for its owner.
QWidget* focusOwner()
{
  QWidget* w = QApplication::focusWidget();
  while (w && w->parentWidget() && w->parentWidget()->focusProxy() == w)
    w = w->parentWidget();
  return w;
}

bool takesTab(const QWidget* w)
{
  return w->isVisible() && w->isEnabled() && (w->focusPolicy() & Qt::TabFocus) && !w->focusProxy();
}

// The letter after a single '&' in `text`, or a null QChar.
QChar mnemonic(const QString& text)
{
  for (qsizetype i = 0; i + 1 < text.size(); ++i) {
    if (text[i] == QLatin1Char('&')) {
      if (text[i + 1] == QLatin1Char('&')) {
        ++i;
        continue;
      }
      return text[i + 1].toLower();
    }
  }
  return {};
}

// Every mnemonic a user can press on `window` now: the menu bar's titles, the visible tab bars' tabs, the visible
// buttons, group boxes and labels with buddies.
std::multimap<QChar, QString> visibleMnemonics(QWidget* window)
{
  std::multimap<QChar, QString> out;
  const auto add = [&out](const QString& text) {
    if (const QChar c = mnemonic(text); !c.isNull())
      out.emplace(c, text);
  };
  if (auto* main = qobject_cast<QMainWindow*>(window)) {
    for (QAction* a : main->menuBar()->actions())
      add(a->text());
  }
  for (QTabBar* bar : window->findChildren<QTabBar*>()) {
    if (bar->isVisible())
      for (int i = 0; i < bar->count(); ++i)
        add(bar->tabText(i));
  }
  for (QAbstractButton* b : window->findChildren<QAbstractButton*>()) {
    if (b->isVisible())
      add(b->text());
  }
  for (QGroupBox* g : window->findChildren<QGroupBox*>()) {
    if (g->isVisible())
      add(g->title());
  }
  for (QLabel* l : window->findChildren<QLabel*>()) {
    if (l->isVisible() && l->buddy())
      add(l->text());
  }
  return out;
}

QString clashes(const std::multimap<QChar, QString>& mnemonics)
{
  QString out;
  for (auto it = mnemonics.begin(); it != mnemonics.end(); it = mnemonics.upper_bound(it->first)) {
    if (mnemonics.count(it->first) > 1) {
      const auto range = mnemonics.equal_range(it->first);
      for (auto r = range.first; r != range.second; ++r)
        out += QStringLiteral("Alt+%1: %2\n").arg(it->first, r->second);
    }
  }
  return out;
}

}  // namespace

TEST_CASE("Tab goes through the Setup page in workflow order, reaches every control, then Benchmark",
          "[gui][keyboard]")
{
  test::TinyBenchmark bench;
  MainWindow& w = *bench.window;
  w.viewTabs()->setCurrentIndex(0);
  w.activateWindow();
  REQUIRE(QTest::qWaitForWindowActive(&w));
  w.viewTabs()->tabBar()->setFocus(Qt::TabFocusReason);
  // The tab widget's focus proxy is its tab bar: focusOwner() names the tab widget.
  REQUIRE(QTest::qWaitFor([&] { return focusOwner() == w.viewTabs(); }, 5000));

  QList<QWidget*> order;
  for (int i = 0; i < 80; ++i) {
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QWidget* now = focusOwner();
    if (now == w.viewTabs())
      break;
    order << now;
  }
  REQUIRE_FALSE(order.isEmpty());
  CHECK(order.contains(static_cast<QWidget*>(w.benchmarkButton())));
  // Every control of the four panels that takes Tab is reached, panel by panel in workflow order, and Benchmark
  // comes after the last of them.
  const QList<QWidget*> panels{w.locationsPanel(), w.samplesPanel(), w.findChild<AlgorithmsPanel*>(), w.optionsPanel()};
  int lastIndex = -1;
  for (QWidget* panel : panels) {
    REQUIRE(panel);
    for (QWidget* control : panel->findChildren<QWidget*>()) {
      if (!takesTab(control) || qobject_cast<QWidget*>(control->parent()) != panel)
        continue;
      INFO(panel->metaObject()->className() << ": " << control->metaObject()->className() << " "
                                            << control->objectName().toStdString());
      const int at = int(order.indexOf(control));
      CHECK(at >= 0);
    }
    // The panel's first control comes after every control of the panels before it.
    int first = int(order.size()), last = -1;
    for (int i = 0; i < order.size(); ++i) {
      if (panel->isAncestorOf(order[i])) {
        first = std::min(first, i);
        last = std::max(last, i);
      }
    }
    INFO(panel->metaObject()->className());
    CHECK(first > lastIndex);
    lastIndex = last;
  }
  CHECK(int(order.indexOf(static_cast<QWidget*>(w.benchmarkButton()))) > lastIndex);
}

TEST_CASE("No two mnemonics clash on the window, on any page, or in any menu", "[gui][keyboard]")
{
  test::TinyBenchmark bench;
  MainWindow& w = *bench.window;
  for (int page = 0; page < w.viewTabs()->count(); ++page) {
    w.viewTabs()->setCurrentIndex(page);
    QTest::qWait(20);
    INFO("page " << w.viewTabs()->tabText(page).toStdString());
    CHECK(clashes(visibleMnemonics(&w)).toStdString() == "");
  }
  // Within each menu (its own scope while it is open).
  for (QMenu* menu : w.findChildren<QMenu*>()) {
    std::multimap<QChar, QString> inMenu;
    for (QAction* a : menu->actions()) {
      if (const QChar c = mnemonic(a->text()); !c.isNull() && !a->isSeparator())
        inMenu.emplace(c, a->text());
    }
    INFO("menu " << menu->title().toStdString());
    CHECK(clashes(inMenu).toStdString() == "");
  }
  // The Skip button, shown during a wait for a quiet machine, clashes with nothing on any page either.
  w.findChild<StatusStrip*>()->setSkipVisible(true);
  for (int page = 0; page < w.viewTabs()->count(); ++page) {
    w.viewTabs()->setCurrentIndex(page);
    QTest::qWait(20);
    CHECK(clashes(visibleMnemonics(&w)).toStdString() == "");
  }
}

TEST_CASE("Alt+H opens the Help menu, F1 opens the page on reading the results", "[gui][keyboard]")
{
  test::TinyBenchmark bench;
  MainWindow& w = *bench.window;
  QMenu* help = nullptr;
  for (QAction* a : w.menuBar()->actions()) {
    if (a->text().remove(QLatin1Char('&')) == QStringLiteral("Help"))
      help = a->menu();
  }
  REQUIRE(help);
  CHECK(mnemonic(w.menuBar()->actions().last()->text()) == QLatin1Char('h'));
  // Alt+H, pressed: the Help menu opens.
  w.activateWindow();
  REQUIRE(QTest::qWaitForWindowActive(&w));
  REQUIRE_FALSE(help->isVisible());
  QTest::keyClick(&w, Qt::Key_H, Qt::AltModifier);
  CHECK(QTest::qWaitFor([help] { return help->isVisible(); }, 5000));
  CHECK(QApplication::activePopupWidget() == help);
  help->close();
  REQUIRE(QTest::qWaitFor([help] { return !help->isVisible(); }, 5000));
  QTest::keyClick(&w, Qt::Key_F1);
  QTest::qWait(50);
  auto* dialog = w.findChild<HelpDialog*>();
  REQUIRE(dialog);
  CHECK(dialog->isVisible());
  CHECK(dialog->text().contains(QStringLiteral("% of the limit")));
  CHECK(dialog->text().contains(QStringLiteral("in RAM (CPU)")));
  CHECK(dialog->text().contains(QStringLiteral("Machine busy")));
  dialog->close();
}

TEST_CASE("Esc closes a tile's details when no run goes, and the focus returns to its tile", "[gui][keyboard]")
{
  test::TinyBenchmark bench;
  MainWindow& w = *bench.window;
  w.resultsModel()->setResults(test::loadRecordedResults(QStringLiteral(HASHSCOPE_TEST_DATA_DIR "/runs/board_suite.json")));
  w.viewTabs()->setCurrentWidget(w.resultsView());
  QTest::qWait(50);
  ScoreboardView* board = w.resultsView()->scoreboard();
  TileWidget* tile = board->tileWidget(0, 0);
  REQUIRE(tile);
  tile->setFocus();
  QTest::keyClick(tile, Qt::Key_Return);
  REQUIRE(w.resultsView()->tileDetails()->isVisible());
  QTest::keyClick(QApplication::focusWidget(), Qt::Key_Escape);
  CHECK_FALSE(w.resultsView()->tileDetails()->isVisible());
  CHECK(QApplication::focusWidget() == tile);
}
