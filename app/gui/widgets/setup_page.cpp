#include "widgets/setup_page.hpp"

#include <QGridLayout>

#include <algorithm>

namespace hashscope::gui {

SetupPage::SetupPage(QWidget* machines, QWidget* locations, QWidget* samples, QWidget* algorithms, QWidget* options,
                     QWidget* parent)
    : QWidget(parent), m_machines(machines), m_locations(locations), m_samples(samples), m_algorithms(algorithms), m_options(options)
{
  m_grid = new QGridLayout(this);
  arrange(2);
}

void SetupPage::arrange(int columns)
{
  if (columns == m_columns)
    return;
  m_columns = columns;
  for (QWidget* w : {m_machines, m_locations, m_samples, m_algorithms, m_options})
    m_grid->removeWidget(w);
  for (int i = 0; i < 5; ++i) {
    m_grid->setColumnStretch(i, 0);
    m_grid->setRowStretch(i, 0);
  }
  if (columns == 2) {
    // Two columns: where (the locations, the sample) on the left; which machines, what and how on the right,
    // where the algorithms' list scrolls and so leaves the machines their few rows at 800 pixels high.
    m_grid->addWidget(m_locations, 0, 0, 2, 1);
    m_grid->addWidget(m_samples, 2, 0);
    m_grid->addWidget(m_machines, 0, 1);
    m_grid->addWidget(m_algorithms, 1, 1);
    m_grid->addWidget(m_options, 2, 1);
    m_grid->setColumnStretch(0, 3);
    m_grid->setColumnStretch(1, 2);
    m_grid->setRowStretch(1, 3);  // the machines list keeps its own height: a few rows
    m_grid->setRowStretch(2, 2);
  } else {
    m_grid->addWidget(m_machines, 0, 0);
    m_grid->addWidget(m_locations, 1, 0);
    m_grid->addWidget(m_samples, 2, 0);
    m_grid->addWidget(m_algorithms, 3, 0);
    m_grid->addWidget(m_options, 4, 0);
    m_grid->setRowStretch(1, 1);
    m_grid->setRowStretch(3, 1);
  }
}

int SetupPage::heightForWidth(int width) const
{
  // Two columns have room for every wrapped line at its least height; one column asks the layout, whose
  // wrapped sentences may need more lines at a narrow width.
  return m_columns == 2 ? minimumSizeHint().height() : QWidget::heightForWidth(width);
}

void SetupPage::fitWidth(int width)
{
  const QMargins m = m_grid->contentsMargins();
  const int left = std::max(m_locations->minimumSizeHint().width(), m_samples->minimumSizeHint().width());
  const int right = std::max({m_machines->minimumSizeHint().width(), m_algorithms->minimumSizeHint().width(),
                              m_options->minimumSizeHint().width()});
  const int two = m.left() + m.right() + left + right + m_grid->horizontalSpacing();
  arrange(width >= two ? 2 : 1);
}

}  // namespace hashscope::gui
