#include "widgets/tile_widget.hpp"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QVBoxLayout>

#include <algorithm>

namespace hashscope::gui {

namespace {

QLabel* small(QWidget* parent)
{
  auto* label = new QLabel(parent);
  label->setTextFormat(Qt::PlainText);
  QFont font = label->font();
  font.setPointSizeF(font.pointSizeF() * 0.9);
  label->setFont(font);
  return label;
}

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

TileWidget::TileWidget(QWidget* parent) : QFrame(parent)
{
  setFocusPolicy(Qt::StrongFocus);
  setObjectName(QStringLiteral("scoreTile"));
  setCursor(Qt::PointingHandCursor);

  m_number = new QLabel(this);
  m_number->setTextFormat(Qt::PlainText);
  QFont big = m_number->font();
  big.setPointSizeF(big.pointSizeF() * 2.0);
  big.setBold(true);
  m_number->setFont(big);
  m_unit = new QLabel(this);
  m_unit->setTextFormat(Qt::PlainText);
  m_badge = new QLabel(this);
  m_badge->setTextFormat(Qt::PlainText);
  m_badge->setAlignment(Qt::AlignCenter);
  QFont bold = m_badge->font();
  bold.setBold(true);
  m_badge->setFont(bold);
  m_warning = new QLabel(QStringLiteral("\u26a0"), this);
  m_warning->setTextFormat(Qt::PlainText);
  m_warning->setStyleSheet(QStringLiteral("color:#E69F00;font-weight:bold;"));  // Okabe-Ito orange
  m_warning->setFont(bold);
  m_limit = small(this);
  m_spread = small(this);
  m_delta = new QLabel(this);
  m_delta->setTextFormat(Qt::PlainText);
  m_delta->setAlignment(Qt::AlignCenter);
  m_delta->setFont(bold);
  m_delta->hide();

  auto* top = new QHBoxLayout;
  top->addWidget(m_number, 0, Qt::AlignBottom);
  top->addWidget(m_unit, 0, Qt::AlignBottom);
  top->addStretch(1);
  top->addWidget(m_warning, 0, Qt::AlignTop);
  top->addWidget(m_badge, 0, Qt::AlignTop);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(8, 6, 8, 6);
  layout->setSpacing(2);
  layout->addLayout(top);
  layout->addWidget(m_limit);
  layout->addWidget(m_spread);
  layout->addWidget(m_delta);
  layout->addStretch(1);
  setTile({});
}

void TileWidget::setTile(const ScoreTile& tile, bool stored)
{
  m_tile = tile;
  const bool shown = tile.kind != ScoreTile::Kind::Empty;
  for (QWidget* w : {static_cast<QWidget*>(m_number), static_cast<QWidget*>(m_unit)})
    w->setVisible(shown);
  setFocusPolicy(shown ? Qt::StrongFocus : Qt::NoFocus);
  if (!tile.measured) {
    m_number->setText(shown ? (stored ? QStringLiteral("\u2013") : QStringLiteral("\u2026")) : QString());
    m_unit->setText(shown ? (stored ? tr("not measured") : tr("pending")) : QString());
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
  m_warning->setVisible(tile.measured && !tile.flags.isEmpty());
  m_warning->setToolTip(tile.flags.join(QLatin1Char('\n')));
  m_limit->setText(tile.limitText());
  m_limit->setVisible(!m_limit->text().isEmpty());
  m_spread->setText(tile.spreadText());
  m_spread->setVisible(!m_spread->text().isEmpty());
  setToolTip(shown ? tile.toolTip() + QLatin1Char('\n') + tr("Click or press Enter for the details.") : QString());
  setAccessibleName(shown ? tile.title() + QStringLiteral(": ") +
                                (tile.measured ? speedText(tile.mbps).text() + QLatin1Char(' ') + badge : tr("pending"))
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
  return {std::max(contents.width(), fontMetrics().horizontalAdvance(QStringLiteral("0000 MB/s  MIXED")) + 24),
          contents.height()};
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
