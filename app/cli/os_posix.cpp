// POSIX (Linux, macOS) side of the CLI's OS layer.
#include "os.hpp"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <thread>
#include <unistd.h>

namespace hashscope::cli {

bool stderrIsTerminal()
{
  return ::isatty(STDERR_FILENO) == 1;
}

int terminalColumns()
{
  winsize size{};
  if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0)
    return size.ws_col;
  return 80;
}

void setBinaryStdio() {}

std::FILE* createExclusive(const std::filesystem::path& path, std::string& error)
{
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) {
    error = errno == EEXIST ? "already exists" : std::strerror(errno);
    return nullptr;
  }
  std::FILE* file = ::fdopen(fd, "wb");
  if (!file) {
    error = std::strerror(errno);
    ::close(fd);
    std::error_code ignored;
    std::filesystem::remove(path, ignored);
  }
  return file;
}

namespace {

// A signal handler may only do async-signal-safe things: it writes one byte to a pipe, and a normal
// thread reads it and asks the engine to stop (std::stop_source is not signal-safe).
int g_pipe[2] = {-1, -1};
std::atomic<bool> g_interrupted{false};
struct sigaction g_oldInt {
}, g_oldTerm{};

extern "C" void onSignal(int)
{
  const int saved = errno;
  const char byte = 'i';
  [[maybe_unused]] const auto written = ::write(g_pipe[1], &byte, 1);
  errno = saved;
}

std::jthread g_watcher;

} // namespace

InterruptGuard::InterruptGuard(std::stop_source source)
{
  if (::pipe(g_pipe) != 0)
    return;
  ::fcntl(g_pipe[0], F_SETFD, FD_CLOEXEC);
  ::fcntl(g_pipe[1], F_SETFD, FD_CLOEXEC);
  g_watcher = std::jthread([source]() mutable {
    char byte = 0;
    for (;;) {
      const auto n = ::read(g_pipe[0], &byte, 1);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0 || byte == 'q')
        return;
      g_interrupted = true;
      // A second Ctrl-C should end the process at once, the way users expect.
      ::sigaction(SIGINT, &g_oldInt, nullptr);
      ::sigaction(SIGTERM, &g_oldTerm, nullptr);
      source.request_stop();
    }
  });
  struct sigaction action {};
  action.sa_handler = onSignal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  ::sigaction(SIGINT, &action, &g_oldInt);
  ::sigaction(SIGTERM, &action, &g_oldTerm);
}

InterruptGuard::~InterruptGuard()
{
  if (g_pipe[1] < 0)
    return;
  if (!g_interrupted) {
    ::sigaction(SIGINT, &g_oldInt, nullptr);
    ::sigaction(SIGTERM, &g_oldTerm, nullptr);
  }
  const char byte = 'q';
  [[maybe_unused]] const auto written = ::write(g_pipe[1], &byte, 1);
  if (g_watcher.joinable())
    g_watcher.join();
  ::close(g_pipe[0]);
  ::close(g_pipe[1]);
  g_pipe[0] = g_pipe[1] = -1;
}

bool InterruptGuard::interrupted()
{
  return g_interrupted;
}

} // namespace hashscope::cli
