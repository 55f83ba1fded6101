// Running a child process from an argument list (never a shell), capturing its output and its own CPU
// times, killable on stop. One implementation per platform family: process_posix.cpp, process_win.cpp.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <stop_token>
#include <string>
#include <string_view>
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
  std::string out, err;       // captured stdout and stderr (each capped at ProcessIo::maxCapture)
  bool outTruncated = false;  // stdout went past the cap: `out` holds its first maxCapture bytes only
  double wallSeconds = 0;     // from start to reaped, like `time`
  double userSeconds = 0;     // the child's own CPU times (rusage / GetProcessTimes)
  double systemSeconds = 0;
};

// Told, while the child runs, how many bytes it has read so far (child_io.hpp: what the OS counts).
using ReadProgress = std::function<void(std::uint64_t bytesRead)>;

// What a child reads and how its output is kept, beyond the defaults (stdin empty, a few MiB captured).
struct ProcessIo {
  // Its stdin: this file's content when set. With `holdStdin`, a pipe instead that stays open, empty, until
  // the child ends or stop is requested: a child that waits for end-of-file on it (an ssh session's remote
  // side) learns that way that the run is over.
  std::filesystem::path stdinFile;
  bool holdStdin = false;
  // Told each piece of stderr as it arrives (also captured); from one thread at a time, while the child runs.
  std::function<void(std::string_view)> onErr;
  std::size_t maxCapture = std::size_t{4} << 20;  // per stream; beyond it, output is read and dropped
};

// Runs `executable` with `arguments` (argv[1..]); stdin is empty. Returns after the child has been reaped.
// Polls `stop` at least every 50 ms and kills the child when it is requested. With `onRead`, the child's
// read bytes are reported every 10 ms while it runs, and once more when it has ended.
ProcessOutcome runProcess(const std::filesystem::path& executable, const std::vector<std::string>& arguments,
                          std::stop_token stop, const ReadProgress& onRead = {}, const ProcessIo& io = {});

// PATH handling differs per OS: the separator, and the suffixes an executable may carry (".exe").
char pathListSeparator();
std::vector<std::string> executableSuffixes();
bool isExecutableFile(const std::filesystem::path& file);
// The directories of PATH, in order (peer_tools.cpp), and the first executable `program` among them (empty: none).
std::vector<std::filesystem::path> pathDirectories();
std::filesystem::path findProgram(std::string_view program,
                                  const std::vector<std::filesystem::path>& dirs = pathDirectories());

}  // namespace hashscope::peer
