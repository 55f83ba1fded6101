#include "widgets/algorithms_panel.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QListView>
#include <QPushButton>
#include <QVBoxLayout>

#include "logic/algorithm_model.hpp"
#include "logic/run_options.hpp"
#include "logic/result_text.hpp"

namespace hashscope::gui {

AlgorithmsPanel::AlgorithmsPanel(AlgorithmModel* model, QWidget* parent)
    : QGroupBox(tr("Al&gorithms"), parent), m_model(model)
{
  // What is ticked, in one line above the list: a ticked algorithm below the list's fold is still seen.
  m_ticked = new QLabel(this);
  m_ticked->setObjectName(QStringLiteral("tickedAlgorithms"));
  m_ticked->setTextFormat(Qt::PlainText);
  m_ticked->setWordWrap(true);
  m_view = new QListView(this);
  m_view->setModel(model);
  m_view->setUniformItemSizes(true);
  m_view->setToolTip(tr("Tick the algorithms to compare; hover one to see the implementation in use"));
  m_view->setMinimumWidth(m_view->fontMetrics().horizontalAdvance(QStringLiteral("Fast, non-cryptographic")) + 50);

  auto* defaults = new QPushButton(tr("&Defaults"), this);
  defaults->setToolTip(tr("md5, sha256, xxh3-64 and crc32"));
  auto* none = new QPushButton(tr("None"), this);
  none->setToolTip(tr("Untick every algorithm"));
  connect(defaults, &QPushButton::clicked, model, [model] {
    QStringList ids;
    for (const std::string& id : defaultAlgorithms())
      ids.append(qs(id));
    model->setCheckedIds(ids);
  });
  connect(none, &QPushButton::clicked, model, [model] { model->setCheckedIds({}); });

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(defaults);
  buttons->addWidget(none);
  buttons->addStretch();
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(m_ticked);
  layout->addWidget(m_view, 1);
  layout->addLayout(buttons);
  connect(model, &QAbstractItemModel::dataChanged, this, &AlgorithmsPanel::showTicked);
  connect(model, &QAbstractItemModel::modelReset, this, &AlgorithmsPanel::showTicked);
  showTicked();
}

QString AlgorithmsPanel::tickedText() const { return m_ticked->text(); }

void AlgorithmsPanel::showTicked()
{
  const QStringList ids = m_model->checkedIds();
  m_ticked->setText(ids.isEmpty() ? tr("None ticked: tick at least one algorithm")
                                  : tr("%1 ticked: %2").arg(ids.size()).arg(ids.join(tr(", "))));
}

}  // namespace hashscope::gui
