#include "charts/chart_widgets.hpp"

#include "charts/bar_chart.hpp"
#include "charts/line_chart.hpp"

namespace hashscope::gui {

LineChart* createLineChart(QWidget* parent) { return new charts::QtLineChart(parent); }
BarChart* createBarChart(QWidget* parent) { return new charts::QtBarChart(parent); }

}  // namespace hashscope::gui
