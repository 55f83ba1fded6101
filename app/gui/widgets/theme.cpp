#include "widgets/theme.hpp"

#include <QApplication>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>
#include <QWidget>

namespace hashscope::gui {

namespace {

struct SystemLook {
  QString style;
  QPalette palette;
};

const SystemLook& systemLook()
{
  // Captured before the first change, so System restores exactly what the platform gave.
  static const SystemLook look{QApplication::style()->name(), QApplication::palette()};
  return look;
}

QPalette darkPalette()
{
  const QColor text(230, 230, 230);
  const QColor disabled(128, 128, 128);
  QPalette p;
  p.setColor(QPalette::Window, QColor(45, 45, 48));
  p.setColor(QPalette::WindowText, text);
  p.setColor(QPalette::Base, QColor(30, 30, 32));
  p.setColor(QPalette::AlternateBase, QColor(50, 50, 54));
  p.setColor(QPalette::Text, text);
  p.setColor(QPalette::Button, QColor(55, 55, 58));
  p.setColor(QPalette::ButtonText, text);
  p.setColor(QPalette::BrightText, QColor(255, 90, 90));
  p.setColor(QPalette::Highlight, QColor(42, 130, 218));
  p.setColor(QPalette::HighlightedText, Qt::white);
  p.setColor(QPalette::ToolTipBase, QColor(60, 60, 60));
  p.setColor(QPalette::ToolTipText, text);
  p.setColor(QPalette::PlaceholderText, disabled);
  p.setColor(QPalette::Link, QColor(100, 170, 255));
  p.setColor(QPalette::LinkVisited, QColor(170, 140, 255));
  p.setColor(QPalette::Light, QColor(75, 75, 80));
  p.setColor(QPalette::Midlight, QColor(62, 62, 66));
  p.setColor(QPalette::Mid, QColor(90, 90, 95));
  p.setColor(QPalette::Dark, QColor(25, 25, 27));
  p.setColor(QPalette::Shadow, QColor(10, 10, 10));
  for (const QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
    p.setColor(QPalette::Disabled, role, disabled);
  p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(70, 70, 74));
  return p;
}

}  // namespace

void applyTheme(Theme theme)
{
  const SystemLook& system = systemLook();
  const QString style = theme == Theme::System ? system.style : QStringLiteral("Fusion");
  if (QApplication::style()->name().compare(style, Qt::CaseInsensitive) != 0) {
    if (QStyle* s = QStyleFactory::create(style))
      QApplication::setStyle(s);
  }
  switch (theme) {
  case Theme::System: QApplication::setPalette(system.palette); break;
  case Theme::Light: QApplication::setPalette(QApplication::style()->standardPalette()); break;
  case Theme::Dark: QApplication::setPalette(darkPalette()); break;
  }
  // Widgets with a style sheet keep the palette their sheet was polished with and get no PaletteChange:
  // setting the sheet again polishes them with the new palette.
  const QWidgetList widgets = QApplication::allWidgets();
  for (QWidget* w : widgets) {
    if (!w->styleSheet().isEmpty())
      w->setStyleSheet(w->styleSheet());
  }
}

}  // namespace hashscope::gui
