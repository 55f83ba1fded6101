// Running a child process from an argument list (never a shell), capturing its output and its own CPU
// times, killable on stop. One implementation per platform family: process_posix.cpp, process_win.cpp.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <stop_token>
#include <string>
#include <vector>

namespace hashscope::peer {

// How a child process ended.
struct ProcessOutcome {
  bool started = false;       // false: `error` says why it could not be started
  std::string error;
  bool exited = false;        // ended normally with `exitCode`
  int exitCode = -1;
  int signal = 0;             // POSIX: the signal that ended it (0 = none)
  bool killed = false;        // we killed it because stop was requested
  std::string out, err;       // captured stdout and stderr (each capped at a few MiB)
  double wallSeconds = 0;     // from start to reaped, like `time`
  double userSeconds = 0;     // the child's own CPU times (rusage / GetProcessTimes)
  double systemSeconds = 0;
};

// Told, while the child runs, how many bytes it has read so far (child_io.hpp: what the OS counts).
using ReadProgress = std::function<void(std::uint64_t bytesRead)>;

// Runs `executable` with `arguments` (argv[1..]); stdin is empty. Returns after the child has been reaped.
// Polls `stop` at least every 50 ms and kills the child when it is requested. With `onRead`, the child's
// read bytes are reported every 10 ms while it runs, and once more when it has ended.
ProcessOutcome runProcess(const std::filesystem::path& executable, const std::vector<std::string>& arguments,
                          std::stop_token stop, const ReadProgress& onRead = {});

// PATH handling differs per OS: the separator, and the suffixes an executable may carry (".exe").
char pathListSeparator();
std::vector<std::string> executableSuffixes();
bool isExecutableFile(const std::filesystem::path& file);

}  // namespace hashscope::peer
