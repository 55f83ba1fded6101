// The app's colour theme (View > Theme): the platform's own look, or Fusion with a light or a dark palette.
#pragma once

#include "logic/app_settings.hpp"  // Theme

namespace hashscope::gui {

// Applies `theme` to the whole application at once. The first call remembers the platform's own
// style and palette so that System can go back to them later. Widgets that paint with the palette
// (the charts included) follow through the PaletteChange event.
void applyTheme(Theme theme);
// The app's style around the platform's own, palette untouched (the System theme at start): a visible focus
// ring on buttons and frames whatever the theme. applyTheme() installs it too.
void useAppStyle();

}  // namespace hashscope::gui
