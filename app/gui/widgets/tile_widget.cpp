#include "widgets/tile_widget.hpp"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace hashscope::gui {

namespace {


// Okabe-Ito: bluish green for faster, vermillion for slower; grey for within the noise. White text reads
// on the first two, black on grey, in light and dark palettes alike.
QString deltaStyle(TileWidget::Delta delta)
{
  switch (delta) {
  case TileWidget::Delta::Faster: return QStringLiteral("background:#009E73;color:white;");
  case TileWidget::Delta::Slower: return QStringLiteral("background:#D55E00;color:white;");
  case TileWidget::Delta::Within: return QStringLiteral("background:#BBBBBB;color:black;");
  case TileWidget::Delta::Missing: break;
  }
  return QStringLiteral("background:transparent;");
}

}  // namespace

QFont scaledFont(const QFont& base, double factor, bool bold)
{
  QFont font = base;
  if (base.pointSizeF() > 0)
    font.setPointSizeF(base.pointSizeF() * factor);
  else  // a font given in pixels is scaled in pixels
    font.setPixelSize(std::max(1, int(std::lround(base.pixelSize() * factor))));
  font.setBold(bold);
  return font;
}

TileWidget::TileWidget(QWidget* parent) : QFrame(parent)
{
  setFocusPolicy(Qt::StrongFocus);
  setObjectName(QStringLiteral("scoreTile"));
  setCursor(Qt::PointingHandCursor);

  const auto label = [this] {
    auto* l = new QLabel(this);
    l->setTextFormat(Qt::PlainText);
    return l;
  };
  m_number = label();
  m_unit = label();
  m_badge = label();
  m_badge->setAlignment(Qt::AlignCenter);
  m_warning = label();
  m_warning->setText(QStringLiteral("\u26a0"));
  m_warning->setStyleSheet(QStringLiteral("color:#E69F00;font-weight:bold;"));  // Okabe-Ito orange
  m_limit = label();
  m_spread = label();
  // In a narrow window (800 pixels) the small lines wrap rather than push the read column out of view.
  m_limit->setWordWrap(true);
  m_spread->setWordWrap(true);
  m_delta = label();
  m_delta->setAlignment(Qt::AlignCenter);
  m_delta->hide();

  auto* top = new QHBoxLayout;
  top->addWidget(m_number, 0, Qt::AlignBottom);
  top->addWidget(m_unit, 0, Qt::AlignBottom);
  top->addStretch(1);
  top->addWidget(m_warning, 0, Qt::AlignTop);
  top->addWidget(m_badge, 0, Qt::AlignTop);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(8, 4, 8, 4);
  layout->setSpacing(2);
  layout->addLayout(top);
  layout->addWidget(m_limit);
  layout->addWidget(m_spread);
  layout->addWidget(m_delta);
  layout->addStretch(1);
  applyScale();
  setTile({});
}

void TileWidget::setScale(double scale)
{
  if (std::abs(scale - m_scale) < 1e-3)
    return;
  m_scale = scale;
  applyScale();
}

void TileWidget::applyScale()
{
  // The card's own font is the application's: every label is sized from it, times the scale.
  const QFont base = font();
  m_number->setFont(scaledFont(base, 2.0 * m_scale, true));
  m_unit->setFont(scaledFont(base, m_scale, false));
  for (QLabel* bold : {m_badge, m_warning, m_delta})
    bold->setFont(scaledFont(base, m_scale, true));
  for (QLabel* small : {m_limit, m_spread})
    small->setFont(scaledFont(base, 0.9 * m_scale, false));
  const int h = int(std::lround(8 * m_scale)), v = int(std::lround(4 * m_scale));
  layout()->setContentsMargins(h, v, h, v);
  // The new size at once (activate() refreshes the nested layouts, which an invalidate() leaves cached, and
  // tells the grid): the board asks for the grid's size right after a scale change, to fit its room.
  layout()->activate();
  updateGeometry();
}

void TileWidget::setTile(const ScoreTile& tile)
{
  m_tile = tile;
  const bool shown = tile.kind != ScoreTile::Kind::Empty;
  for (QWidget* w : {static_cast<QWidget*>(m_number), static_cast<QWidget*>(m_unit)})
    w->setVisible(shown);
  setFocusPolicy(shown ? Qt::StrongFocus : Qt::NoFocus);
  if (!tile.measured) {
    const bool pending = tile.unmeasured == ScoreTile::Unmeasured::Pending;
    m_number->setText(shown ? (pending ? QStringLiteral("\u2026") : QStringLiteral("\u2013")) : QString());
    m_unit->setText(shown ? tile.unmeasuredText() : QString());
  } else if (tile.failed) {
    m_number->setText(QStringLiteral("\u2013"));
    m_unit->setText(tr("failed"));
  } else {
    const SpeedText speed = speedText(tile.mbps);
    m_number->setText(speed.number);
    m_unit->setText(speed.unit);
  }
  const QString badge = gui::badgeText(tile.badge);
  m_badge->setVisible(!badge.isEmpty());
  m_badge->setText(QStringLiteral(" ") + badge + QStringLiteral(" "));
  m_badge->setStyleSheet(QStringLiteral("background:%1;color:%2;border-radius:3px;padding:1px 4px;")
                             .arg(badgeColor(tile.badge).name(), badgeTextColor(tile.badge).name()));
  m_badge->setToolTip(badgeToolTip(tile.badge));
  // The mark is for this tile's own problems; what the board's caveat line says for the whole run stays in
  // the tooltip only.
  m_warning->setVisible(tile.measured && !tile.flags.isEmpty());
  m_warning->setToolTip(tile.flags.join(QLatin1Char('\n')));
  m_limit->setText(tile.limitText());
  m_limit->setVisible(!m_limit->text().isEmpty());
  m_spread->setText(tile.spreadText());
  m_spread->setVisible(!m_spread->text().isEmpty());
  setToolTip(shown ? tile.toolTip() + QLatin1Char('\n') + tr("Click or press Enter for the details.") : QString());
  setAccessibleName(shown ? tile.title() + QStringLiteral(": ") +
                                (tile.measured ? speedText(tile.mbps).text() + QLatin1Char(' ') + badge : tile.unmeasuredText())
                          : QString());
  // A bordered card on the palette's base colour; the focused tile's border is the highlight colour, so
  // keyboard users see where they are. Empty cells draw nothing. (#scoreTile: the labels inside keep theirs.)
  setStyleSheet(shown ? QStringLiteral("#scoreTile{border:1px solid palette(mid);border-radius:4px;background:palette(base);}"
                                       "#scoreTile:focus{border:2px solid palette(highlight);}")
                      : QString());
  setCursor(shown ? Qt::PointingHandCursor : Qt::ArrowCursor);
}

void TileWidget::setDelta(const QString& text, Delta delta, const QString& toolTip)
{
  m_delta->setText(text);
  m_delta->setStyleSheet(deltaStyle(delta) + QStringLiteral("border-radius:3px;padding:1px 4px;"));
  m_delta->setToolTip(toolTip);
  m_delta->setVisible(!text.isEmpty());
}

QSize TileWidget::minimumSizeHint() const
{
  const QSize contents = QFrame::minimumSizeHint();
  const double common = fontMetrics().horizontalAdvance(QStringLiteral("0000 MB/s  MIXED")) + 24;
  return {std::max(contents.width(), int(std::lround(common * m_scale))), contents.height()};
}

QString TileWidget::numberText() const { return m_number->text(); }
QString TileWidget::unitText() const { return m_unit->text(); }
QString TileWidget::badgeText() const { return m_badge->isVisibleTo(this) ? m_badge->text().trimmed() : QString(); }
QString TileWidget::limitText() const { return m_limit->text(); }
QString TileWidget::spreadText() const { return m_spread->text(); }
QString TileWidget::deltaText() const { return m_delta->isVisibleTo(this) ? m_delta->text() : QString(); }
bool TileWidget::hasWarning() const { return m_warning->isVisibleTo(this); }
QString TileWidget::warningToolTip() const { return m_warning->toolTip(); }

void TileWidget::mouseReleaseEvent(QMouseEvent* event)
{
  if (event->button() == Qt::LeftButton && rect().contains(event->position().toPoint()) &&
      m_tile.kind != ScoreTile::Kind::Empty) {
    setFocus(Qt::MouseFocusReason);
    Q_EMIT activated();
  }
  QFrame::mouseReleaseEvent(event);
}

void TileWidget::keyPressEvent(QKeyEvent* event)
{
  if ((event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter || event->key() == Qt::Key_Space) &&
      m_tile.kind != ScoreTile::Kind::Empty) {
    Q_EMIT activated();
    return;
  }
  QFrame::keyPressEvent(event);
}

}  // namespace hashscope::gui
