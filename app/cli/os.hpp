// The few things the CLI needs from the operating system, one implementation file per OS
// (os_posix.cpp, os_win.cpp), chosen by app/cli/CMakeLists.txt.
#pragma once

#include <cstdio>
#include <filesystem>
#include <stop_token>
#include <string>

namespace hashscope::cli {

// True when stderr is an interactive terminal (progress bars are drawn only then).
bool stderrIsTerminal();
// Width of the terminal behind stderr in columns, 80 when unknown.
int terminalColumns();

// Puts stdin and stdout in binary mode (no-op on POSIX) so digests of stdin match other tools.
void setBinaryStdio();

// Creates `path` for writing only if it does not exist yet (O_EXCL), so nothing is ever overwritten.
// Returns nullptr and sets `error` to a sentence when it cannot.
std::FILE* createExclusive(const std::filesystem::path& path, std::string& error);

// Ctrl-C / SIGINT / SIGTERM handling: the first interrupt requests a stop on `source` (the engine then
// cancels and cleans up); a second one kills the process the default way. Uninstalled in the destructor.
class InterruptGuard {
public:
  explicit InterruptGuard(std::stop_source source);
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
  // True once an interrupt arrived.
  static bool interrupted();
};

} // namespace hashscope::cli
