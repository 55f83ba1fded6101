#include "widgets/scoreboard_legend.hpp"

#include <QGridLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

#include "logic/legend.hpp"
#include "logic/result_text.hpp"

namespace hashscope::gui {

ScoreboardLegend::ScoreboardLegend(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("scoreboardLegend"));
  m_toggle = new QToolButton(this);
  m_toggle->setObjectName(QStringLiteral("legendToggle"));
  m_toggle->setText(tr("What the tiles &mean"));
  m_toggle->setCheckable(true);
  m_toggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  m_toggle->setAutoRaise(true);
  m_toggle->setToolTip(tr("Show or hide the legend; Help > Reading the results (F1) says more"));
  m_body = new QWidget(this);
  // Two entries a row: key (a badge as the tile draws it, or the text the tile shows) and its meaning. Plain
  // text only: the keys are drawn by widgets, never by rich text.
  auto* grid = new QGridLayout(m_body);
  grid->setContentsMargins(8, 0, 8, 4);
  grid->setHorizontalSpacing(8);
  grid->setVerticalSpacing(2);
  const QList<LegendEntry> entries = scoreboardLegend();
  for (int i = 0; i < entries.size(); ++i) {
    const LegendEntry& e = entries[i];
    auto* key = new QLabel(m_body);
    key->setTextFormat(Qt::PlainText);
    key->setObjectName(QStringLiteral("legendKey"));
    if (e.key == LegendEntry::Key::Badge) {
      key->setText(badgeText(e.badge));
      key->setAlignment(Qt::AlignCenter);
      key->setStyleSheet(QStringLiteral("background:%1;color:%2;border-radius:3px;padding:1px 4px;font-weight:bold;")
                             .arg(badgeColor(e.badge).name(), badgeTextColor(e.badge).name()));
    } else if (e.key == LegendEntry::Key::Mark) {
      key->setText(e.keyText);
      key->setAlignment(Qt::AlignCenter);
      key->setStyleSheet(QStringLiteral("color:#E69F00;font-weight:bold;"));  // the tiles' mark, Okabe-Ito orange
    } else {
      key->setText(e.keyText);
      QFont bold = key->font();
      bold.setBold(true);
      key->setFont(bold);
    }
    auto* text = new QLabel(e.text, m_body);
    text->setObjectName(QStringLiteral("legendText"));
    text->setTextFormat(Qt::PlainText);
    text->setWordWrap(true);
    const int row = i / 2, column = (i % 2) * 2;
    grid->addWidget(key, row, column, Qt::AlignLeft | Qt::AlignTop);
    grid->addWidget(text, row, column + 1, Qt::AlignTop);
  }
  grid->setColumnStretch(1, 1);
  grid->setColumnStretch(3, 1);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(m_toggle, 0, Qt::AlignLeft);
  layout->addWidget(m_body);
  connect(m_toggle, &QToolButton::toggled, this, [this](bool on) {
    m_body->setVisible(on);
    m_toggle->setArrowType(on ? Qt::DownArrow : Qt::RightArrow);
  });
  connect(m_toggle, &QToolButton::clicked, this, &ScoreboardLegend::toggledByUser);
  setExpanded(true);
}

void ScoreboardLegend::setExpanded(bool expanded)
{
  m_toggle->setChecked(expanded);
  m_body->setVisible(expanded);
  m_toggle->setArrowType(expanded ? Qt::DownArrow : Qt::RightArrow);
}

bool ScoreboardLegend::isExpanded() const { return m_toggle->isChecked(); }

int ScoreboardLegend::openHeight(int width) const
{
  const QLayout* body = m_body->layout();
  const int bodyHeight = body->hasHeightForWidth() ? body->totalHeightForWidth(width) : body->totalSizeHint().height();
  return m_toggle->sizeHint().height() + bodyHeight;
}

QStringList ScoreboardLegend::texts() const
{
  QStringList out;
  for (const QLabel* label : m_body->findChildren<QLabel*>())
    out << label->text();
  return out;
}

}  // namespace hashscope::gui
