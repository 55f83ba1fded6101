// The few things the CLI needs from the operating system, one implementation file per OS
// (os_posix.cpp, os_win.cpp), chosen by app/cli/CMakeLists.txt.
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <stop_token>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace hashscope::cli {

// The command line as UTF-8 strings, the program's name first: argv on POSIX; on Windows the wide command
// line (GetCommandLineW), since main's argv holds the ANSI code page's rendering, which loses every character
// outside it ("caf\u00e9" survives in Western Europe only, a Greek or Japanese name nowhere).
std::vector<std::string> commandLineArguments(int argc, char** argv);

// True when stderr is an interactive terminal (progress bars are drawn only then).
bool stderrIsTerminal();
// Width of the terminal behind stderr in columns, 80 when unknown.
int terminalColumns();

// Puts stdin, stdout and stderr in binary mode (no-op on POSIX): digests of stdin match other tools, and the
// CLI writes the same bytes on every platform, lines ending in LF (as b3sum and Git for Windows' coreutils
// do on Windows; Windows' console, PowerShell and Notepad read LF), never CRLF from the C runtime's text mode.
// main() calls it before any command runs.
void setBinaryStdio();

// Opens `path` for reading, in binary mode (Windows: by its wide name, so a non-ASCII name opens); nullptr
// with errno set when it cannot.
std::FILE* openForReading(const std::filesystem::path& path);

// Creates `path` for writing only if it does not exist yet (O_EXCL), so nothing is ever overwritten.
// Returns nullptr and sets `error` to a sentence when it cannot.
std::FILE* createExclusive(const std::filesystem::path& path, std::string& error);

// Opens an existing file for writing without creating it (a FIFO or a device such as /dev/stdout).
// Returns nullptr and sets `error` to a sentence when it cannot.
std::FILE* openExisting(const std::filesystem::path& path, std::string& error);

// Writes all of `text` to `stream` (stdout, stderr, an output file) and flushes it. A pipe or terminal
// that takes no more data is waited for in a way an interrupt ends: false on a write error (`error`, when
// given, gets the reason), or when an interrupt arrived while the stream could not take more.
bool writeFully(std::FILE* stream, std::string_view text, std::string* error = nullptr);

// The most bytes one write() puts into a pipe in one piece (PIPE_BUF: 4096 on Linux, 512 on macOS), so
// that lines written in blocks no bigger than that are never interleaved with another writer's.
std::size_t pipeAtomicBytes();
// True when `stream` is a regular file (which takes every write whole, appended ones included).
bool isRegularFile(std::FILE* stream);

// The path of the running executable (for the links install-links makes), empty when unknown.
std::filesystem::path executablePath();

// The machine's physical memory in bytes, 0 when unknown.
std::uint64_t physicalMemoryBytes();

// What `path` names (symbolic links followed) and, for a regular file, its size, asked of the OS once (a
// checksum list of 100 000 small files asked twice per file before). Like std::filesystem::status: when it
// cannot be examined, `error` says why and the type is not_found (missing, or a part of the path is not a
// folder) or none.
std::filesystem::file_type pathType(const std::filesystem::path& path, std::uint64_t& size, std::error_code& error);

// Ctrl-C, SIGINT and SIGTERM (Windows: Ctrl-C, Ctrl-Break, closing the console) for the whole process,
// installed once by main() before any command runs.
// The first interrupt requests a stop on `source`: the engine cancels and removes its partial files, and
// the command returns. Whatever the process is blocked on, it ends within a second: writeFully()
// gives up at once on a stream that takes no more data, and if the process is still running 0.8 s
// after the interrupt (blocked in an open() or read() nothing will complete), a watchdog calls
// `beforeForcedExit` (which removes the files the CLI created and did not finish), prints "interrupted"
// and ends the process. A second interrupt does the same at once.
// OnInterrupt::Exit (POSIX; on Windows the console's control thread is the watcher, so every guard stops as
// above): for a command that creates nothing and has nothing to finish (hash, check, the drop-in tools,
// --version), the first interrupt ends the process at once, as it ends md5sum: "interrupted" and the same exit
// code, and no watcher thread nor pipes are made for an interrupt that mostly never comes (one call per file).
// Until the command starts worker threads (beforeThreads): from then on it stops as above.
enum class OnInterrupt { Stop, Exit };
class InterruptGuard {
public:
  InterruptGuard(std::stop_source source, void (*beforeForcedExit)(), OnInterrupt how);
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
  // A command about to start worker threads calls this: an OnInterrupt::Exit guard becomes a Stop one, its
  // watcher started now, so that an interrupt stops the workers in order instead of ending the process under
  // them. Nothing otherwise.
  static void beforeThreads();
  // True once an interrupt arrived.
  static bool interrupted();
  // The shell's convention for a process ended by the interrupt: 130 for SIGINT (Ctrl-C), 143 for
  // SIGTERM (Windows: closing the console); 0 before any interrupt.
  static int exitCode();
};

} // namespace hashscope::cli
