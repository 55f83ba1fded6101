// Windows side of the CLI's OS layer (written from the Win32 documentation; compiled only on Windows).
#include "os.hpp"

#include <atomic>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <io.h>
#include <mutex>
#include <optional>
#include <share.h>
#include <sys/stat.h>
#include <windows.h>

namespace hashscope::cli {

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

namespace {

// The console control handler runs on a thread of its own, so it may call request_stop directly.
std::mutex g_mutex;
std::optional<std::stop_source> g_source;
std::atomic<bool> g_interrupted{false};

BOOL WINAPI onConsoleControl(DWORD type)
{
  if (type != CTRL_C_EVENT && type != CTRL_BREAK_EVENT && type != CTRL_CLOSE_EVENT)
    return FALSE;
  std::lock_guard lock(g_mutex);
  if (g_interrupted.exchange(true) || !g_source)
    return FALSE; // second Ctrl-C: default handling ends the process
  g_source->request_stop();
  return TRUE;
}

} // namespace

InterruptGuard::InterruptGuard(std::stop_source source)
{
  {
    std::lock_guard lock(g_mutex);
    g_source = std::move(source);
  }
  ::SetConsoleCtrlHandler(onConsoleControl, TRUE);
}

InterruptGuard::~InterruptGuard()
{
  ::SetConsoleCtrlHandler(onConsoleControl, FALSE);
  std::lock_guard lock(g_mutex);
  g_source.reset();
}

bool InterruptGuard::interrupted()
{
  return g_interrupted;
}

} // namespace hashscope::cli
