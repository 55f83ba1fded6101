// Windows side of the CLI test helpers (cli_helpers.cpp holds the portable ones and the POSIX side):
// child processes with CreateProcessW and two pipe-reading threads, tools on PATH, temp folders.
#include "cli_helpers.hpp"

#include <windows.h>

#include <chrono>
#include <condition_variable>
#include <csignal>
#include <io.h>
#include <mutex>
#include <random>
#include <stdexcept>
#include <thread>

namespace clitest {

namespace fs = std::filesystem;

namespace {

double now()
{
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::wstring widen(const std::string& text)
{
  if (text.empty())
    return {};
  const int n = MultiByteToWideChar(CP_UTF8, 0, text.data(), static_cast<int>(text.size()), nullptr, 0);
  std::wstring out(static_cast<std::size_t>(n), L'\0');
  MultiByteToWideChar(CP_UTF8, 0, text.data(), static_cast<int>(text.size()), out.data(), n);
  return out;
}

// One argument, quoted so that CommandLineToArgvW and the C runtime give it back unchanged.
void appendArgument(std::wstring& line, const std::wstring& arg)
{
  if (!line.empty())
    line += L' ';
  if (!arg.empty() && arg.find_first_of(L" \t\n\v\"") == std::wstring::npos) {
    line += arg;
    return;
  }
  line += L'"';
  for (auto it = arg.begin();; ++it) {
    std::size_t backslashes = 0;
    while (it != arg.end() && *it == L'\\') {
      ++it;
      ++backslashes;
    }
    if (it == arg.end()) {
      line.append(backslashes * 2, L'\\');  // they precede the closing quote
      break;
    }
    if (*it == L'"')
      line.append(backslashes * 2 + 1, L'\\');
    else
      line.append(backslashes, L'\\');
    line += *it;
  }
  line += L'"';
}

HANDLE inheritable(HANDLE h)
{
  SetHandleInformation(h, HANDLE_FLAG_INHERIT, HANDLE_FLAG_INHERIT);
  return h;
}

// Console control events (signal(SIGINT): Ctrl-Break) travel through a console shared with the child. A test
// program started without one (a service, a CI job, wine run from a script with its output in a file) gets a
// console of its own before its first child, which the children inherit; its own output stays where it went
// (the C runtime's stdout and stderr keep their handles, and the standard handles are put back).
void ensureConsole()
{
  static const bool attached = [] {
    if (GetConsoleCP() != 0)
      return true;  // a console is there
    const HANDLE in = GetStdHandle(STD_INPUT_HANDLE), out = GetStdHandle(STD_OUTPUT_HANDLE),
                 err = GetStdHandle(STD_ERROR_HANDLE);
    if (!AllocConsole())
      return false;
    if (const HWND window = GetConsoleWindow())
      ShowWindow(window, SW_HIDE);
    SetStdHandle(STD_INPUT_HANDLE, in);
    SetStdHandle(STD_OUTPUT_HANDLE, out);
    SetStdHandle(STD_ERROR_HANDLE, err);
    return true;
  }();
  (void)attached;
}

}  // namespace

// The process and what its two pipes delivered so far; shared with the reading threads, which may
// outlive the ChildProcess when a grandchild keeps a pipe open.
struct ChildProcess::Windows {
  HANDLE process = nullptr;
  std::mutex mutex;
  std::condition_variable changed;
  std::string out, err;
  int open = 0;  // pipes not at end of file yet
};

ChildProcess::ChildProcess(const std::vector<std::string>& argv, const fs::path& stdinFile, int stdoutFd)
    : m_win(std::make_shared<Windows>())
{
  SECURITY_ATTRIBUTES sa{sizeof sa, nullptr, TRUE};
  HANDLE outRead = nullptr, outWrite = nullptr, errRead = nullptr, errWrite = nullptr;
  if (!CreatePipe(&outRead, &outWrite, &sa, 0) || !CreatePipe(&errRead, &errWrite, &sa, 0))
    throw std::runtime_error("CreatePipe failed");
  SetHandleInformation(outRead, HANDLE_FLAG_INHERIT, 0);
  SetHandleInformation(errRead, HANDLE_FLAG_INHERIT, 0);
  HANDLE input = CreateFileW(stdinFile.empty() ? L"NUL" : stdinFile.c_str(), GENERIC_READ,
                             FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, &sa, OPEN_EXISTING, 0, nullptr);
  HANDLE output = outWrite;
  if (stdoutFd >= 0)
    output = inheritable(reinterpret_cast<HANDLE>(_get_osfhandle(stdoutFd)));

  ensureConsole();
  std::wstring line;
  for (const auto& arg : argv)
    appendArgument(line, widen(arg));
  STARTUPINFOW si{};
  si.cb = sizeof si;
  si.dwFlags = STARTF_USESTDHANDLES;
  si.hStdInput = input;
  si.hStdOutput = output;
  si.hStdError = errWrite;
  PROCESS_INFORMATION pi{};
  m_started = now();
  // A process group of its own: signal(SIGINT) sends it Ctrl-Break without reaching this process.
  const BOOL ok = CreateProcessW(nullptr, line.data(), nullptr, nullptr, TRUE, CREATE_NEW_PROCESS_GROUP, nullptr,
                                 nullptr, &si, &pi);
  const DWORD error = GetLastError();
  CloseHandle(outWrite);
  CloseHandle(errWrite);
  if (input != INVALID_HANDLE_VALUE)
    CloseHandle(input);
  if (!ok) {
    CloseHandle(outRead);
    CloseHandle(errRead);
    throw std::runtime_error("cannot start " + argv[0] + " (Windows error " + std::to_string(error) + ")");
  }
  CloseHandle(pi.hThread);
  m_win->process = pi.hProcess;
  m_pid = static_cast<int>(pi.dwProcessId);
  auto reader = [state = m_win](HANDLE pipe, bool isOut) {
    char buffer[65536];
    DWORD got = 0;
    while (ReadFile(pipe, buffer, sizeof buffer, &got, nullptr) && got > 0) {
      std::lock_guard lock(state->mutex);
      (isOut ? state->out : state->err).append(buffer, got);
      state->changed.notify_all();
    }
    CloseHandle(pipe);
    std::lock_guard lock(state->mutex);
    --state->open;
    state->changed.notify_all();
  };
  m_win->open = stdoutFd >= 0 ? 1 : 2;
  if (stdoutFd >= 0)
    CloseHandle(outRead);  // the child's stdout goes to stdoutFd: nothing arrives here
  else
    std::thread(reader, outRead, true).detach();
  std::thread(reader, errRead, false).detach();
}

ChildProcess::~ChildProcess()
{
  if (!m_reaped && m_win->process) {
    TerminateProcess(m_win->process, 128 + SIGKILL);
    WaitForSingleObject(m_win->process, INFINITE);
  }
  if (m_win->process)
    CloseHandle(m_win->process);
}

void ChildProcess::signal(int sig)
{
  if (m_reaped)
    return;
  // Ctrl-C cannot be sent to another process group; Ctrl-Break can, and the CLI treats both alike.
  if (sig == SIGINT)
    GenerateConsoleCtrlEvent(CTRL_BREAK_EVENT, static_cast<DWORD>(m_pid));
  else
    TerminateProcess(m_win->process, static_cast<UINT>(128 + sig));
}

const std::string& ChildProcess::pump(double seconds)
{
  std::unique_lock lock(m_win->mutex);
  m_win->changed.wait_for(lock, std::chrono::duration<double>(std::max(seconds, 0.0)),
                          [&] { return m_win->open == 0; });
  m_result.out = m_win->out;
  m_result.err = m_win->err;
  return m_result.err;
}

ProcessResult ChildProcess::wait(double timeoutSeconds)
{
  pump(timeoutSeconds - (now() - m_started));
  bool open = false;
  {
    std::lock_guard lock(m_win->mutex);
    open = m_win->open > 0;
  }
  if (open && WaitForSingleObject(m_win->process, 0) == WAIT_TIMEOUT) {
    m_result.timedOut = true;  // still running at the deadline: kill it, then collect the rest
    TerminateProcess(m_win->process, 128 + SIGKILL);
  }
  WaitForSingleObject(m_win->process, INFINITE);
  pump(5);  // what was still in the pipes
  DWORD code = 0;
  GetExitCodeProcess(m_win->process, &code);
  m_reaped = true;
  m_result.seconds = now() - m_started;
  m_result.exitCode = static_cast<int>(code);
  return m_result;
}

bool isRoot() { return false; }

bool toolExists(const std::string& name)
{
  wchar_t found[MAX_PATH];
  return SearchPathW(nullptr, widen(name).c_str(), L".exe", MAX_PATH, found, nullptr) > 0;
}

TempDir::TempDir(const fs::path& parent)
{
  const fs::path base = parent.empty() ? fs::temp_directory_path() : parent;
  std::random_device random;
  for (int attempt = 0; attempt < 100; ++attempt) {
    const fs::path candidate = base / ("hashscope-clitest-" + std::to_string(random()));
    std::error_code ec;
    if (fs::create_directory(candidate, ec)) {
      m_path = candidate;
      return;
    }
  }
  throw std::runtime_error("cannot create a temporary folder in " + base.string());
}

TempDir::~TempDir()
{
  std::error_code ignored;
  fs::remove_all(m_path, ignored);
}

// Windows has no tmpfs to mount read-only: ok() stays false and the tests skip or fall back, as
// without root on Linux.
ReadOnlyMount::ReadOnlyMount(const std::function<void(const fs::path&)>&) {}

ReadOnlyMount::~ReadOnlyMount() = default;

}  // namespace clitest
