// POSIX (Linux, macOS) side of the CLI's OS layer.
#include "os.hpp"

#include "common.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <climits>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <poll.h>
#include <pthread.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace hashscope::cli {

namespace {

// How long the process may take to end normally after an interrupt before the watchdog ends it: the
// promise is a second in all, and a normal stop takes tens of milliseconds (tests/bench/stop_latency.sh).
constexpr auto kForcedExitAfter = std::chrono::milliseconds(800);
constexpr unsigned char kQuit = 0; // sent by the guard's destructor: the process is ending normally

// A signal handler may only do async-signal-safe things: it writes the signal number to a pipe, and the
// watcher thread does the rest (std::stop_source is not signal-safe).
int g_signalPipe[2] = {-1, -1};
// Becomes readable at the first interrupt and is never drained: writeFully() polls it beside its stream.
std::atomic<int> g_interruptFd{-1};
int g_interruptWriteFd = -1;
std::atomic<int> g_signal{0}; // the first interrupt's signal number
struct sigaction g_oldInt {
}, g_oldTerm{};
// The watcher runs on a small stack of its own: a process under a low memory limit (ulimit -v 16000, where
// coreutils' md5sum still runs) must not fail for want of the 8 MiB a default thread reserves.
constexpr std::size_t kWatcherStack = 256 * 1024;
pthread_t g_watcher{};
std::optional<std::stop_source> g_source;
void (*g_beforeForcedExit)() = nullptr;
std::string g_interruptedLine; // "PROGRAM: interrupted\n", made before any signal can come
bool g_exitsAtOnce = false;    // the guard is an OnInterrupt::Exit one: no watcher, no pipes

extern "C" void onSignal(int signal)
{
  const int saved = errno;
  const auto byte = static_cast<unsigned char>(signal);
  [[maybe_unused]] const auto written = ::write(g_signalPipe[1], &byte, 1);
  errno = saved;
}

// Ends the process now, without running destructors (another thread may be stuck holding a lock):
// removes the unfinished files first, and says why on stderr if stderr takes the line at once.
[[noreturn]] void forcedExit(int signal, void (*beforeForcedExit)())
{
  if (beforeForcedExit)
    beforeForcedExit();
  pollfd ready{STDERR_FILENO, POLLOUT, 0};
  if (::poll(&ready, 1, 0) == 1 && (ready.revents & POLLOUT)) {
    [[maybe_unused]] const auto written = ::write(STDERR_FILENO, g_interruptedLine.data(), g_interruptedLine.size());
  }
  ::_exit(128 + signal);
}

// OnInterrupt::Exit's handler: forcedExit's calls (poll, write, _exit) are async-signal-safe, and its line was
// made before the handler was installed.
extern "C" void onSignalExit(int signal)
{
  g_signal.store(signal);
  forcedExit(signal, nullptr);
}

// The watcher thread: waits for an interrupt, asks everything to stop, then acts as the watchdog.
void watch(std::stop_source& source, void (*beforeForcedExit)())
{
  std::chrono::steady_clock::time_point deadline{};
  for (;;) {
    const int first = g_signal.load();
    int timeoutMs = -1;
    if (first != 0) {
      const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      timeoutMs = static_cast<int>(std::max<std::int64_t>(0, left.count()));
    }
    pollfd fds{g_signalPipe[0], POLLIN, 0};
    const int ready = ::poll(&fds, 1, timeoutMs);
    if (ready < 0 && errno == EINTR)
      continue;
    if (ready == 0)
      forcedExit(first, beforeForcedExit); // the watchdog: still running 0.8 s after the interrupt
    unsigned char byte = kQuit;
    const auto n = ::read(g_signalPipe[0], &byte, 1);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0 || byte == kQuit)
      return;
    if (first != 0)
      forcedExit(first, beforeForcedExit); // a second Ctrl-C: the user does not want to wait
    deadline = std::chrono::steady_clock::now() + kForcedExitAfter;
    g_signal = byte;
    // Stop first, then wake the writers: one that gives up must find the stop already requested, or it
    // would report a write error instead of the interrupt.
    source.request_stop();
    const char mark = 'i';
    [[maybe_unused]] const auto written = ::write(g_interruptWriteFd, &mark, 1);
  }
}

extern "C" void* watchEntry(void*)
{
  watch(*g_source, g_beforeForcedExit);
  return nullptr;
}

} // namespace

bool stderrIsTerminal()
{
  static const bool terminal = ::isatty(STDERR_FILENO) == 1; // asked once: main() and the guard both want it
  return terminal;
}

int terminalColumns()
{
  winsize size{};
  if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0)
    return size.ws_col;
  return 80;
}

std::vector<std::string> commandLineArguments(int argc, char** argv)
{
  return std::vector<std::string>(argv, argv + argc);
}

void setBinaryStdio() {}

std::FILE* openForReading(const std::filesystem::path& path)
{
  return std::fopen(path.c_str(), "rb");
}

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

std::FILE* openExisting(const std::filesystem::path& path, std::string& error)
{
  // Blocks until a FIFO has a reader; an interrupt meanwhile is ended by the watchdog.
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) {
    error = std::strerror(errno);
    return nullptr;
  }
  std::FILE* file = ::fdopen(fd, "wb");
  if (!file) {
    error = std::strerror(errno);
    ::close(fd);
  }
  return file;
}

bool writeFully(std::FILE* stream, std::string_view text, std::string* error)
{
  auto fail = [&](int code) {
    if (error)
      *error = std::strerror(code);
    return false;
  };
  // Whatever stdio still buffers for this stream goes first (normally nothing: all output comes here).
  if (std::fflush(stream) != 0)
    return fail(errno);
  const int fd = ::fileno(stream);
  struct stat info {};
  // A regular file always takes data at once; only pipes, FIFOs, terminals and sockets are waited for.
  const bool mayBlock = ::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode);
  std::size_t done = 0;
  while (done < text.size()) {
    std::size_t chunk = text.size() - done;
    if (mayBlock) {
      pollfd fds[2] = {{fd, POLLOUT, 0}, {g_interruptFd.load(), POLLIN, 0}};
      const int ready = ::poll(fds, fds[1].fd >= 0 ? 2 : 1, -1);
      if (ready < 0 && errno == EINTR)
        continue;
      if (ready < 0)
        return fail(errno);
      if (!(fds[0].revents & (POLLOUT | POLLERR | POLLHUP | POLLNVAL)))
        return fail(EINTR); // interrupted while the reader takes nothing
      // After POLLOUT a pipe takes at least PIPE_BUF bytes without blocking; more might block again.
      chunk = std::min<std::size_t>(chunk, PIPE_BUF);
    }
    const auto written = ::write(fd, text.data() + done, chunk);
    if (written < 0 && (errno == EINTR || errno == EAGAIN))
      continue;
    if (written < 0)
      return fail(errno);
    done += static_cast<std::size_t>(written);
  }
  return true;
}

std::size_t pipeAtomicBytes()
{
  return PIPE_BUF;
}

bool isRegularFile(std::FILE* stream)
{
  struct stat info {};
  return ::fstat(::fileno(stream), &info) == 0 && S_ISREG(info.st_mode);
}

std::filesystem::path executablePath()
{
  // Linux and the BSDs with procfs; elsewhere (macOS) the links are made to what argv[0] named (main.cpp).
  std::error_code ec;
  for (const char* self : {"/proc/self/exe", "/proc/curproc/file"}) {
    auto path = std::filesystem::read_symlink(self, ec);
    if (!ec && !path.empty())
      return path;
  }
  return invokedPath();
}

std::filesystem::file_type pathType(const std::filesystem::path& path, std::uint64_t& size, std::error_code& error)
{
  using std::filesystem::file_type;
  size = 0;
  error.clear();
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    const int err = errno;
    error.assign(err, std::generic_category());
    return err == ENOENT || err == ENOTDIR ? file_type::not_found : file_type::none;
  }
  switch (st.st_mode & S_IFMT) {
  case S_IFREG: size = static_cast<std::uint64_t>(st.st_size); return file_type::regular;
  case S_IFDIR: return file_type::directory;
  case S_IFIFO: return file_type::fifo;
  case S_IFSOCK: return file_type::socket;
  case S_IFCHR: return file_type::character;
  case S_IFBLK: return file_type::block;
  default: return file_type::unknown;
  }
}

std::uint64_t physicalMemoryBytes()
{
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  const long pageSize = ::sysconf(_SC_PAGESIZE);
  if (pages <= 0 || pageSize <= 0)
    return 0;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(pageSize);
}

namespace {

// The watcher and its pipes, and onSignal as the handler; `replacing`: an OnInterrupt::Exit guard's handler is
// replaced (the handlers from before the guard are kept already). False when no thread could be had: nothing
// changed.
bool startWatching(bool replacing)
{
  if (::pipe(g_signalPipe) != 0)
    return false;
  int interruptPipe[2];
  if (::pipe(interruptPipe) != 0) {
    ::close(g_signalPipe[0]);
    ::close(g_signalPipe[1]);
    g_signalPipe[0] = g_signalPipe[1] = -1;
    return false;
  }
  for (int fd : {g_signalPipe[0], g_signalPipe[1], interruptPipe[0], interruptPipe[1]})
    ::fcntl(fd, F_SETFD, FD_CLOEXEC);
  // The handler must never block: a full pipe (signals arriving faster than the watcher reads them)
  // loses a byte, which is harmless.
  ::fcntl(g_signalPipe[1], F_SETFL, O_NONBLOCK);
  g_interruptWriteFd = interruptPipe[1];
  g_interruptFd = interruptPipe[0];
  pthread_attr_t attributes;
  bool watching = ::pthread_attr_init(&attributes) == 0;
  if (watching) {
    ::pthread_attr_setstacksize(&attributes, std::max<std::size_t>(kWatcherStack, PTHREAD_STACK_MIN));
    watching = ::pthread_create(&g_watcher, &attributes, watchEntry, nullptr) == 0;
    ::pthread_attr_destroy(&attributes);
  }
  if (!watching) {
    for (int fd : {g_signalPipe[0], g_signalPipe[1], interruptPipe[0], interruptPipe[1]})
      ::close(fd);
    g_signalPipe[0] = g_signalPipe[1] = g_interruptWriteFd = -1;
    g_interruptFd = -1;
    return false;
  }
  struct sigaction action {};
  action.sa_handler = onSignal;
  sigemptyset(&action.sa_mask);
  // SA_RESTART: a signal must not turn an ordinary read or write anywhere (engine threads included) into
  // an EINTR error message. The blocking waits that matter are woken by the interrupt pipe instead, and
  // the watchdog ends the rest.
  action.sa_flags = SA_RESTART;
  ::sigaction(SIGINT, &action, replacing ? nullptr : &g_oldInt);
  ::sigaction(SIGTERM, &action, replacing ? nullptr : &g_oldTerm);
  return true;
}

} // namespace

InterruptGuard::InterruptGuard(std::stop_source source, void (*beforeForcedExit)(), OnInterrupt how)
{
  // Over any progress bar, in the name the process was started as (md5sum: interrupted).
  g_interruptedLine = (stderrIsTerminal() ? "\r\033[K" : "") + programName() + ": interrupted\n";
  g_source = std::move(source);
  g_beforeForcedExit = beforeForcedExit;
  if (how == OnInterrupt::Exit) {
    struct sigaction action {};
    action.sa_handler = onSignalExit;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGINT, &action, &g_oldInt);
    ::sigaction(SIGTERM, &action, &g_oldTerm);
    g_exitsAtOnce = true;
    return;
  }
  // No thread to be had (a memory limit): Ctrl-C keeps its default action, which ends the process at once, as it
  // ends md5sum. Nothing is left half written: without a thread no bench or sample can run.
  startWatching(false);
}

void InterruptGuard::beforeThreads()
{
  // Without a thread for the watcher the process stays as it was: the interrupt ends it at once.
  if (g_exitsAtOnce && startWatching(true))
    g_exitsAtOnce = false;
}

InterruptGuard::~InterruptGuard()
{
  if (g_exitsAtOnce) {
    ::sigaction(SIGINT, &g_oldInt, nullptr);
    ::sigaction(SIGTERM, &g_oldTerm, nullptr);
    g_exitsAtOnce = false;
    return;
  }
  if (g_signalPipe[1] < 0)
    return;
  // Handlers first, so no signal writes to the pipes once they are closed (a late one now ends the
  // process the default way, which is what it asked for).
  ::sigaction(SIGINT, &g_oldInt, nullptr);
  ::sigaction(SIGTERM, &g_oldTerm, nullptr);
  const unsigned char quit = kQuit;
  [[maybe_unused]] const auto written = ::write(g_signalPipe[1], &quit, 1);
  ::pthread_join(g_watcher, nullptr);
  const int interruptFd = g_interruptFd.exchange(-1);
  ::close(interruptFd);
  ::close(g_interruptWriteFd);
  ::close(g_signalPipe[0]);
  ::close(g_signalPipe[1]);
  g_signalPipe[0] = g_signalPipe[1] = g_interruptWriteFd = -1;
}

bool InterruptGuard::interrupted()
{
  return g_signal.load() != 0;
}

int InterruptGuard::exitCode()
{
  const int signal = g_signal.load();
  return signal == 0 ? 0 : 128 + signal;
}

} // namespace hashscope::cli
