// The options `hashscope` answers before any window exists, so they work without a display.
#pragma once

#include <iosfwd>

namespace hashscope::gui {

// Handles --help / -h and --version / -v. Returns the exit code when the program should stop here,
// or -1 to go on and open the window (Qt's own options such as -platform pass through).
int handleEarlyArguments(int argc, char** argv, std::ostream& out, std::ostream& err);

}  // namespace hashscope::gui
