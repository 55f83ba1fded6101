// POSIX (Linux, macOS): posix_spawn with pipes for stdout/stderr, poll() for output and stop, wait4() for
// the child's own rusage.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

#include "peer/child_io.hpp"
#include "peer/process.hpp"

extern char** environ;

namespace hashscope::peer {

namespace {

constexpr std::size_t kMaxCapture = 4u << 20;  // digests are tiny; this only guards against runaway output
constexpr int kPollMillis = 50;
// With a progress reader: the sampler turns byte counts into MB/s every 100 ms, so counts that move in
// 50 ms steps would make a steady tool look like it jumps between half and one and a half its speed.
// Reading /proc/<pid>/io 100 times a second costs well under 1% of a core.
constexpr int kProgressPollMillis = 10;

double seconds(const timeval& tv) { return static_cast<double>(tv.tv_sec) + static_cast<double>(tv.tv_usec) / 1e6; }

bool makePipe(int fds[2])
{
  if (pipe(fds) != 0)
    return false;
  fcntl(fds[0], F_SETFD, FD_CLOEXEC);
  fcntl(fds[1], F_SETFD, FD_CLOEXEC);
  return true;
}

void closeFd(int& fd)
{
  if (fd >= 0)
    close(fd);
  fd = -1;
}

}  // namespace

char pathListSeparator() { return ':'; }
std::vector<std::string> executableSuffixes() { return {""}; }

bool isExecutableFile(const std::filesystem::path& file)
{
  struct stat st {};
  return stat(file.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(file.c_str(), X_OK) == 0;
}

ProcessOutcome runProcess(const std::filesystem::path& executable, const std::vector<std::string>& arguments,
                          std::stop_token stop, const ReadProgress& onRead)
{
  ProcessOutcome result;
  int outPipe[2] = {-1, -1}, errPipe[2] = {-1, -1};
  if (!makePipe(outPipe) || !makePipe(errPipe)) {
    result.error = std::string("Could not create a pipe: ") + std::strerror(errno);
    closeFd(outPipe[0]);
    closeFd(outPipe[1]);
    return result;
  }

  std::vector<std::string> argvStrings;
  argvStrings.push_back(executable.filename().string());
  argvStrings.insert(argvStrings.end(), arguments.begin(), arguments.end());
  std::vector<char*> argv;
  for (std::string& s : argvStrings)
    argv.push_back(s.data());
  argv.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1);
  posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2);

  const auto start = std::chrono::steady_clock::now();
  pid_t pid = -1;
  const int spawnError = posix_spawn(&pid, executable.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  closeFd(outPipe[1]);
  closeFd(errPipe[1]);
  if (spawnError != 0) {
    result.error = "Could not start " + executable.string() + ": " + std::strerror(spawnError);
    closeFd(outPipe[0]);
    closeFd(errPipe[0]);
    return result;
  }
  result.started = true;

  // Drain both pipes until the child closes them (it exits), checking stop between polls.
  pollfd fds[2] = {{outPipe[0], POLLIN, 0}, {errPipe[0], POLLIN, 0}};
  std::string* sinks[2] = {&result.out, &result.err};
  int open = 2;
  char buffer[16384];
  auto report = [&] {
    std::uint64_t bytes = 0;
    if (onRead && childReadBytes(pid, bytes))
      onRead(bytes);
  };
  while (open > 0) {
    if (stop.stop_requested()) {
      kill(pid, SIGKILL);
      result.killed = true;
      break;
    }
    report();
    const int ready = poll(fds, 2, onRead ? kProgressPollMillis : kPollMillis);
    if (ready < 0 && errno != EINTR)
      break;
    for (int i = 0; i < 2 && ready > 0; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      const ssize_t n = read(fds[i].fd, buffer, sizeof buffer);
      if (n > 0) {
        if (sinks[i]->size() < kMaxCapture)
          sinks[i]->append(buffer, static_cast<std::size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        closeFd(i == 0 ? outPipe[0] : errPipe[0]);
        fds[i].fd = -1;
        --open;
      }
    }
  }
  closeFd(outPipe[0]);
  closeFd(errPipe[0]);
  // Not reaped yet: a child that has exited keeps its /proc entry, with its final count, until wait4.
  if (!result.killed)
    report();

  int status = 0;
  rusage usage{};
  pid_t waited = -1;
  do {
    waited = wait4(pid, &status, 0, &usage);
  } while (waited < 0 && errno == EINTR);
  result.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (waited == pid) {
    result.userSeconds = seconds(usage.ru_utime);
    result.systemSeconds = seconds(usage.ru_stime);
    if (WIFEXITED(status)) {
      result.exited = true;
      result.exitCode = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
      result.signal = WTERMSIG(status);
    }
  } else {
    result.error = std::string("Could not wait for the child process: ") + std::strerror(errno);
  }
  return result;
}

}  // namespace hashscope::peer
