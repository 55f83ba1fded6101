// The Setup page: where (locations, the sample) on the left, which machines, what and how (algorithms,
// options) on the right;
// one column below that, when the window is too narrow for two side by side (800 pixels), so the page
// scrolls down only, never sideways.
#pragma once

#include <QWidget>

class QGridLayout;

namespace hashscope::gui {

class SetupPage : public QWidget {
  Q_OBJECT
public:
  SetupPage(QWidget* machines, QWidget* locations, QWidget* samples, QWidget* algorithms, QWidget* options,
            QWidget* parent = nullptr);
  int columns() const { return m_columns; }
  // Laid out for `width` (the scroll area's viewport width): two columns when both fit.
  void fitWidth(int width);
  // The scroll area sizes the page by this: in two columns the panels' least heights (their lists scroll
  // inside), so the page scrolls only when even those do not fit, not as soon as the lists' wishes do not.
  int heightForWidth(int width) const override;

private:
  void arrange(int columns);
  QGridLayout* m_grid;
  QWidget *m_machines, *m_locations, *m_samples, *m_algorithms, *m_options;
  int m_columns = 0;
};

}  // namespace hashscope::gui
