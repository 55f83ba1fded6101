#include "command_line.hpp"

#include <ostream>
#include <string_view>

#include "hashscope/types.hpp"

namespace hashscope::gui {

int handleEarlyArguments(int argc, char** argv, std::ostream& out, std::ostream& err)
{
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      out << "Usage: hashscope [Qt options]\n"
             "\n"
             "HashScope measures how fast this machine hashes files and whether the disk or the CPU\n"
             "is the bottleneck. This opens the desktop app; for scripts use hashscope-cli.\n"
             "\n"
             "Options:\n"
             "  -h, --help       show this help and exit\n"
             "  -v, --version    print the version and exit\n"
             "  -platform NAME   Qt platform plugin (e.g. offscreen, xcb, wayland)\n"
             "\n"
             "In the window: Ctrl+B runs the benchmark, Esc stops it.\n";
      return 0;
    }
    if (arg == "--version" || arg == "-v") {
      out << "hashscope " << version() << '\n';
      return 0;
    }
    if (arg.size() > 2 && arg.substr(0, 2) == "--" && arg != "--platform" && arg.substr(0, 11) != "--platform=") {
      err << "hashscope: unknown option " << arg << " (try --help)\n";
      return 2;
    }
  }
  return -1;
}

}  // namespace hashscope::gui
