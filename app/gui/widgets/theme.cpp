#include "widgets/theme.hpp"

#include <QApplication>
#include <QPainter>
#include <QPalette>
#include <QProxyStyle>
#include <QStyle>
#include <QStyleFactory>
#include <QStyleOption>
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

// The app's style: the platform's own (System) or Fusion (Light, Dark), with three changes a keyboard user needs.
// Fusion draws a check box's outline from Window.darker(140): on a dark palette that is nearly the Base
// colour inside the box, so an unticked box in a list (the locations, the algorithms, the history) or a
// form cannot be seen. On a dark base this style draws the outline again, halfway between Base and Text;
// light palettes keep Fusion's own look. The focus frame is two pixels of the highlight colour, and a
// focused button carries a ring of it inside its frame: Fusion marks a focused button only after a Tab, and
// the same way as the default button, so the focused Benchmark button looked like the unfocused one.
class AppStyle : public QProxyStyle {
public:
  explicit AppStyle(const QString& base) : QProxyStyle(QStyleFactory::create(base)), m_base(base.toLower()) {}
  const QString& base() const { return m_base; }

  void drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                     const QWidget* widget) const override
  {
    if (element == PE_FrameFocusRect) {
      // Fusion's focus frame is a faint dotted line (a check box's, a list row's): a keyboard user loses the
      // focus. Two pixels of the highlight colour instead, in light and dark alike.
      painter->save();
      painter->setRenderHint(QPainter::Antialiasing, true);
      QPen pen(option->palette.color(QPalette::Highlight), 2);
      painter->setPen(pen);
      painter->setBrush(Qt::NoBrush);
      painter->drawRoundedRect(QRectF(option->rect).adjusted(1, 1, -1, -1), 2, 2);
      painter->restore();
      return;
    }
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    // Fusion paints an item view's check (PE_IndicatorItemViewItemCheck) through proxy()->PE_IndicatorCheckBox,
    // so both kinds of check box come through here.
    if (element != PE_IndicatorCheckBox || option->palette.base().color().lightness() >= 128)
      return;
    if ((option->state & State_HasFocus) && (option->state & State_KeyboardFocusChange))
      return;  // Fusion's highlight-coloured focus outline is visible already
    const QColor base = option->palette.base().color();
    const QColor text = option->palette.text().color();
    QColor outline((base.red() + text.red()) / 2, (base.green() + text.green()) / 2, (base.blue() + text.blue()) / 2);
    if (!(option->state & State_Enabled))
      outline = outline.darker(130);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->translate(0.5, 0.5);  // the same rectangle Fusion draws its outline on
    painter->setBrush(Qt::NoBrush);
    painter->setPen(outline);
    painter->drawRect(option->rect.adjusted(0, 0, -1, -1));
    painter->restore();
  }

  void drawControl(ControlElement element, const QStyleOption* option, QPainter* painter,
                   const QWidget* widget) const override
  {
    QProxyStyle::drawControl(element, option, painter, widget);
    if (element == CE_PushButton)
      drawFocusRing(option, painter);
  }

  void drawComplexControl(ComplexControl control, const QStyleOptionComplex* option, QPainter* painter,
                          const QWidget* widget) const override
  {
    QProxyStyle::drawComplexControl(control, option, painter, widget);
    if (control == CC_ToolButton)
      drawFocusRing(option, painter);
  }

private:
  static void drawFocusRing(const QStyleOption* option, QPainter* painter)
  {
    if (!(option->state & State_HasFocus) || !(option->state & State_Enabled))
      return;
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setPen(QPen(option->palette.color(QPalette::Highlight), 2));
    painter->setBrush(Qt::NoBrush);
    painter->drawRoundedRect(QRectF(option->rect).adjusted(3, 3, -3, -3), 2, 2);
    painter->restore();
  }

  QString m_base;
};

void useStyle(const QString& base)
{
  const auto* current = dynamic_cast<const AppStyle*>(QApplication::style());
  if (!current || current->base() != base.toLower())
    QApplication::setStyle(new AppStyle(base));
}

}  // namespace

void useAppStyle()
{
  const SystemLook& system = systemLook();
  if (!dynamic_cast<const AppStyle*>(QApplication::style()))
    useStyle(system.style);
}

void applyTheme(Theme theme)
{
  const SystemLook& system = systemLook();
  useStyle(theme == Theme::System ? system.style : QStringLiteral("Fusion"));
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
