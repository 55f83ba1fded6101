// Test helpers for the CLI tests: run hashscope-cli and the system tools as child processes (argument
// lists, never a shell) capturing stdout, stderr and the exit code; temporary folders; random files.
#pragma once

#include <csignal>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#if defined(_WIN32) && !defined(SIGKILL)
// Not in the Windows C runtime: ChildProcess::signal ends the process (exit code 128 + 9) as POSIX does.
#define SIGKILL 9
#endif

namespace clitest {

// What a finished child printed and how it ended.
struct ProcessResult {
  int exitCode = -1; // exit status, or 128 + signal when killed by a signal
  std::string out, err;
  bool timedOut = false; // killed by the helper after the timeout
  double seconds = 0;    // wall time
};

// A running child with its stdout/stderr captured.
class ChildProcess {
public:
  // Starts argv[0] (looked up on PATH) with stdin from `stdinFile` (empty: /dev/null). With `stdoutFd`
  // (e.g. a pipe the test never reads) the child's stdout goes there and is not captured.
  explicit ChildProcess(const std::vector<std::string>& argv, const std::filesystem::path& stdinFile = {},
                        int stdoutFd = -1);
  int pid() const { return m_pid; }
  ~ChildProcess(); // kills and reaps the child if still running
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  void signal(int sig);
  // Reads output until the child exits (or `timeoutSeconds` pass: then it is killed) and reaps it.
  ProcessResult wait(double timeoutSeconds = 120);
  // Reads output for up to `seconds` (or until the child exits); returns what arrived on stderr so far.
  const std::string& pump(double seconds);

private:
  int m_pid = -1;
  int m_outFd = -1, m_errFd = -1;
  ProcessResult m_result;
  double m_started = 0;
  bool m_reaped = false;
#ifdef _WIN32
  struct Windows;  // the process handle and the threads reading its pipes (cli_helpers_win.cpp)
  std::shared_ptr<Windows> m_win;
#endif
};

// Runs a command to completion. `stdinData` is fed on stdin (via a temporary file).
ProcessResult run(const std::vector<std::string>& argv, const std::string& stdinData = {},
                  double timeoutSeconds = 120);
// Runs build/bin/hashscope-cli with these arguments.
ProcessResult runCli(const std::vector<std::string>& args, const std::string& stdinData = {},
                     double timeoutSeconds = 120);
std::string cliPath();

// True when `name` is an executable on PATH.
bool toolExists(const std::string& name);

// True when the tests run as root, who reads and writes through permission bits (never on Windows).
bool isRoot();

// A fresh folder under the system temp folder (or under `parent`), removed with everything in it.
class TempDir {
public:
  explicit TempDir(const std::filesystem::path& parent = {});
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return m_path; }
  std::filesystem::path operator/(const std::string& name) const { return m_path / name; }

private:
  std::filesystem::path m_path;
};

// A real read-only location: a small tmpfs mounted read-only on a fresh folder (needs root and mount
// rights; ok() is false otherwise and the caller falls back or skips). Unmounted in the destructor.
// With `fill`, the tmpfs (16 MiB) is mounted writable, filled by fill(path), then remounted read-only.
class ReadOnlyMount {
public:
  explicit ReadOnlyMount(const std::function<void(const std::filesystem::path&)>& fill = {});
  ~ReadOnlyMount();
  ReadOnlyMount(const ReadOnlyMount&) = delete;
  ReadOnlyMount& operator=(const ReadOnlyMount&) = delete;
  bool ok() const { return m_mounted; }
  std::filesystem::path path() const { return m_dir.path(); }

private:
  TempDir m_dir;
  bool m_mounted = false;
};

// Writes `size` pseudo-random bytes (deterministic for a seed).
void writeRandomFile(const std::filesystem::path& path, std::uint64_t size, std::uint64_t seed);
void writeTextFile(const std::filesystem::path& path, const std::string& text);
std::string readTextFile(const std::filesystem::path& path);
// Names of the entries of a folder (not recursive), sorted.
std::vector<std::string> listFolder(const std::filesystem::path& folder);

// True when `text` is exactly one line "hashscope-cli: ..." ending in a newline.
bool isOneErrorLine(const std::string& text);

// Lines of `text` (without the newlines).
std::vector<std::string> splitLines(const std::string& text);

} // namespace clitest
