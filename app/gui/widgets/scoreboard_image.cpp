#include "widgets/scoreboard_image.hpp"

#include <QCoreApplication>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>

#include "widgets/scoreboard_view.hpp"
#include "widgets/tile_widget.hpp"

namespace hashscope::gui {

QImage renderScoreboardImage(const Scoreboard& board, const ScoreboardImageText& text, int minWidth)
{
  // A page never shown on screen, laid out like a window: the board fits its tiles to the page as it does to
  // the Results tab, and the page is given exactly the width of the tiles at their normal size, so they stay
  // at that size whatever the window's.
  QWidget page;
  page.setAttribute(Qt::WA_DontShowOnScreen);
  page.setAutoFillBackground(true);
  auto* layout = new QVBoxLayout(&page);
  layout->setContentsMargins(16, 12, 16, 12);
  layout->setSpacing(4);
  auto* title = new QLabel(text.title, &page);
  title->setTextFormat(Qt::PlainText);
  title->setFont(scaledFont(page.font(), 1.1, true));
  auto* machine = new QLabel(text.machine, &page);
  machine->setTextFormat(Qt::PlainText);
  machine->setWordWrap(true);
  auto* view = new ScoreboardView(&page);
  layout->addWidget(title);
  layout->addWidget(machine);
  layout->addWidget(view, 1);
  view->setBoard(board);
  page.show();
  QCoreApplication::sendPostedEvents();

  const QMargins m = layout->contentsMargins();
  const int width = std::max(minWidth, view->widthAt(1.0) + m.left() + m.right());
  page.resize(width, 1000);
  layout->activate();
  QCoreApplication::sendPostedEvents();
  // The header's height at that width, then the board's for its headline and every row of tiles.
  const int inner = width - m.left() - m.right();
  const int header = title->heightForWidth(inner) > 0 ? title->heightForWidth(inner) : title->sizeHint().height();
  const int lines = machine->heightForWidth(inner);
  const int boardHeight = view->preferredHeight(4000);
  page.resize(width, m.top() + header + layout->spacing() + lines + layout->spacing() + boardHeight + m.bottom());
  layout->activate();
  QCoreApplication::sendPostedEvents();
  const QImage image = page.grab().toImage();
  page.hide();
  return image;
}

}  // namespace hashscope::gui
