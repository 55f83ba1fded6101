// File > Export scoreboard as PNG: the picture people share (as users of KDiskMark and CrystalDiskMark share
// theirs): the app's name, the machine and the date, then the scoreboard itself (the headline, the caveat line
// and every tile), drawn by the same ScoreboardView as the Results tab, in the app's current look.
#pragma once

#include <QImage>
#include <QString>

#include "logic/scoreboard.hpp"

namespace hashscope::gui {

// What the image says above the scoreboard.
struct ScoreboardImageText {
  QString title;    // "HashScope 0.2.0 · 2026-11-28 14:48"
  QString machine;  // "AMD EPYC, 2 cores · /tmp: vda (virtual disk, ext4)\nsample 256 MiB · cache cold · ..."
};

// The board at its normal tile size (never narrower than `minWidth`), on an opaque background.
QImage renderScoreboardImage(const Scoreboard& board, const ScoreboardImageText& text, int minWidth = 900);

}  // namespace hashscope::gui
