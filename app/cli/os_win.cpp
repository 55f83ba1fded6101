// Windows side of the CLI's OS layer (written from the Win32 documentation; compiled only on Windows).
#include "os.hpp"

#include "common.hpp"

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fcntl.h>
#include <io.h>
#include <mutex>
#include <optional>
#include <share.h>
#include <sys/stat.h>
#include <system_error>
#include <windows.h>
// After windows.h, which it needs.
#include <shellapi.h>

namespace hashscope::cli {

std::vector<std::string> commandLineArguments(int argc, char** argv)
{
  int count = 0;
  LPWSTR* wide = ::CommandLineToArgvW(::GetCommandLineW(), &count);
  if (!wide)
    return std::vector<std::string>(argv, argv + argc);
  std::vector<std::string> args;
  for (int i = 0; i < count; ++i) {
    const std::u8string text = std::filesystem::path(wide[i]).u8string();
    args.emplace_back(text.begin(), text.end());
  }
  ::LocalFree(wide);
  return args;
}

bool stderrIsTerminal()
{
  return ::_isatty(::_fileno(stderr)) != 0;
}

int terminalColumns()
{
  CONSOLE_SCREEN_BUFFER_INFO info{};
  if (::GetConsoleScreenBufferInfo(::GetStdHandle(STD_ERROR_HANDLE), &info))
    return info.srWindow.Right - info.srWindow.Left + 1;
  return 80;
}

void setBinaryStdio()
{
  ::_setmode(::_fileno(stdin), _O_BINARY);
  ::_setmode(::_fileno(stdout), _O_BINARY);
  ::_setmode(::_fileno(stderr), _O_BINARY);
}

std::FILE* openForReading(const std::filesystem::path& path)
{
  return ::_wfopen(path.c_str(), L"rb");
}

std::FILE* createExclusive(const std::filesystem::path& path, std::string& error)
{
  int fd = -1;
  const errno_t rc = ::_wsopen_s(&fd, path.c_str(), _O_WRONLY | _O_CREAT | _O_EXCL | _O_BINARY, _SH_DENYNO,
                                 _S_IREAD | _S_IWRITE);
  if (rc != 0 || fd < 0) {
    error = rc == EEXIST ? "already exists" : "cannot be created";
    return nullptr;
  }
  std::FILE* file = ::_fdopen(fd, "wb");
  if (!file) {
    error = "cannot be opened for writing";
    ::_close(fd);
  }
  return file;
}

std::FILE* openExisting(const std::filesystem::path& path, std::string& error)
{
  // OPEN_EXISTING: a name that is gone by now is an error, never a new file (_wfopen's "wb" would create
  // one, and truncate).
  HANDLE h = ::CreateFileW(path.c_str(), GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr, OPEN_EXISTING,
                           FILE_ATTRIBUTE_NORMAL, nullptr);
  if (h == INVALID_HANDLE_VALUE) {
    error = std::system_category().message(static_cast<int>(::GetLastError()));
    return nullptr;
  }
  const int fd = ::_open_osfhandle(reinterpret_cast<std::intptr_t>(h), _O_WRONLY | _O_BINARY);
  if (fd < 0) {
    ::CloseHandle(h);
    error = "cannot be opened for writing";
    return nullptr;
  }
  std::FILE* file = ::_fdopen(fd, "wb");
  if (!file) {
    error = "cannot be opened for writing";
    ::_close(fd);  // closes the handle too
  }
  return file;
}

bool writeFully(std::FILE* stream, std::string_view text, std::string* error)
{
  // Console and pipe writes cannot be waited for with a stop here: a stuck one is ended by the watchdog.
  const bool ok = std::fwrite(text.data(), 1, text.size(), stream) == text.size();
  if (std::fflush(stream) == 0 && ok)
    return true;
  if (error)
    *error = std::error_code(errno, std::generic_category()).message();
  return false;
}

bool isRegularFile(std::FILE* stream)
{
  const auto handle = reinterpret_cast<HANDLE>(::_get_osfhandle(::_fileno(stream)));
  return handle != INVALID_HANDLE_VALUE && GetFileType(handle) == FILE_TYPE_DISK;
}

std::size_t pipeAtomicBytes()
{
  return 4096; // Windows promises no atomic size for pipes; whole lines in small blocks still help
}

std::filesystem::path executablePath()
{
  std::wstring buffer(32768, L'\0');
  const DWORD n = GetModuleFileNameW(nullptr, buffer.data(), static_cast<DWORD>(buffer.size()));
  if (n == 0 || n >= buffer.size())
    return invokedPath();
  buffer.resize(n);
  return std::filesystem::path(buffer);
}

std::filesystem::file_type pathType(const std::filesystem::path& path, std::uint64_t& size, std::error_code& error)
{
  size = 0;
  const std::filesystem::file_status status = std::filesystem::status(path, error);
  if (!error && status.type() == std::filesystem::file_type::regular) {
    std::error_code sizeError;
    size = std::filesystem::file_size(path, sizeError);
    if (sizeError)
      size = 0;
  }
  return status.type();
}

std::uint64_t physicalMemoryBytes()
{
  MEMORYSTATUSEX status{};
  status.dwLength = sizeof status;
  return ::GlobalMemoryStatusEx(&status) ? status.ullTotalPhys : 0;
}

namespace {

// How long the process may take to end normally after an interrupt before the watchdog ends it: the
// promise is a second in all, and a normal stop takes tens of milliseconds.
constexpr DWORD kForcedExitAfterMs = 800;

// The console control handler runs on a thread of its own (a new one per event), so it may call
// request_stop directly, and it doubles as the watchdog: it waits for the process to end normally.
std::mutex g_mutex;
std::optional<std::stop_source> g_source; // guarded by g_mutex
void (*g_beforeForcedExit)() = nullptr;
std::atomic<int> g_exitCode{0};
// Set by the guard's destructor when the process ends normally. Created once and never closed: a handler
// thread may still be waiting on it.
HANDLE g_finished = nullptr;
std::string g_interruptedLine; // "PROGRAM: interrupted\r\n", made by the guard before any interrupt can come

[[noreturn]] void forcedExit(int code)
{
  if (g_beforeForcedExit)
    g_beforeForcedExit();
  // WriteFile, not stdio: another thread may be stuck holding the stream's lock.
  const std::string& line = g_interruptedLine; // in the name the process was started as (md5sum: interrupted)
  DWORD written = 0;
  ::WriteFile(::GetStdHandle(STD_ERROR_HANDLE), line.data(), static_cast<DWORD>(line.size()), &written, nullptr);
  ::_exit(code);
}

BOOL WINAPI onConsoleControl(DWORD type)
{
  int code = 0;
  switch (type) {
  case CTRL_C_EVENT:
  case CTRL_BREAK_EVENT: code = 130; break; // as SIGINT
  case CTRL_CLOSE_EVENT:
  case CTRL_LOGOFF_EVENT:
  case CTRL_SHUTDOWN_EVENT: code = 143; break; // as SIGTERM
  default: return FALSE;
  }
  int first = 0;
  if (!g_exitCode.compare_exchange_strong(first, code))
    forcedExit(first); // a second interrupt: the user does not want to wait
  {
    std::lock_guard lock(g_mutex);
    if (g_source)
      g_source->request_stop();
  }
  if (g_finished && ::WaitForSingleObject(g_finished, kForcedExitAfterMs) == WAIT_TIMEOUT)
    forcedExit(code); // the watchdog: still running 0.8 s after the interrupt
  return TRUE;
}

} // namespace

InterruptGuard::InterruptGuard(std::stop_source source, void (*beforeForcedExit)(), OnInterrupt)
{
  if (!g_finished)
    g_finished = ::CreateEventW(nullptr, TRUE, FALSE, nullptr);
  g_interruptedLine = programName() + ": interrupted\r\n";
  g_beforeForcedExit = beforeForcedExit;
  {
    std::lock_guard lock(g_mutex);
    g_source = std::move(source);
  }
  // A process started in a new process group (CREATE_NEW_PROCESS_GROUP: a parent that wants to send it
  // Ctrl-Break, `start /b`) begins with Ctrl-C ignored, as if SetConsoleCtrlHandler(NULL, TRUE) had been called:
  // turn Ctrl-C back on, so that it reaches the handler like Ctrl-Break.
  ::SetConsoleCtrlHandler(nullptr, FALSE);
  ::SetConsoleCtrlHandler(onConsoleControl, TRUE);
}

InterruptGuard::~InterruptGuard()
{
  if (g_finished)
    ::SetEvent(g_finished); // a waiting handler returns and lets the normal exit go on
  ::SetConsoleCtrlHandler(onConsoleControl, FALSE);
  std::lock_guard lock(g_mutex);
  g_source.reset();
}

void InterruptGuard::beforeThreads()
{
  // Every guard here stops in order: the console's control handler runs on a thread the system starts for it.
}

bool InterruptGuard::interrupted()
{
  return g_exitCode.load() != 0;
}

int InterruptGuard::exitCode()
{
  return g_exitCode.load();
}

} // namespace hashscope::cli
