// What the scoreboard's marks mean, in one place: the legend under the scoreboard, the HTML report's
// legend and the Help page on reading the results all say the same, through tr().
#pragma once

#include <QList>
#include <QString>

#include "logic/scoreboard.hpp"

namespace hashscope::gui {

struct LegendEntry {
  enum class Key { Badge, Mark, Text };
  Key key = Key::Text;
  Badge badge = Badge::None;  // Key::Badge: drawn as the badge itself
  QString keyText;            // Key::Mark and Key::Text: what the tile shows ("⚠", "97% of the limit")
  QString text;               // what it means
};

// The scoreboard's legend, in reading order: the badges, the mark, the small lines, the row and the column.
QList<LegendEntry> scoreboardLegend();

// The Help page "Reading the results": the headline, the tiles, the caveat line, the Details, the Live
// charts and what to do about a flagged result. Simple HTML for a QTextBrowser (and a browser).
QString readingResultsHtml();

}  // namespace hashscope::gui
