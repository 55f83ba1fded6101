// POSIX (Linux, macOS): posix_spawn with pipes for stdout/stderr, poll() for output and stop, wait4() for
// the child's own rusage.
// The tool runs in a process group of its own, so whatever it starts (which inherits its pipes and would keep
// them open) is killed with it: once the tool has ended, the pipes are read without blocking and the rest of
// its group is killed, never waited for. A terminal's Ctrl-C reaches HashScope alone, which kills the group.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <mutex>
#include <stop_token>

#include "peer/child_io.hpp"
#include "peer/process.hpp"

extern char** environ;

namespace hashscope::peer {

namespace {

constexpr int kPollMillis = 50;
// With a progress reader: the sampler makes MB/s every 100 ms, and counts moving in 50 ms steps would make a
// steady tool jump between half and 1.5 times its speed. 100 reads a second cost well under 1% of a core.
constexpr int kProgressPollMillis = 10;

double seconds(const timeval& tv) { return static_cast<double>(tv.tv_sec) + static_cast<double>(tv.tv_usec) / 1e6; }

bool makePipe(int fds[2])
{
  if (pipe(fds) != 0)
    return false;
  fcntl(fds[0], F_SETFD, FD_CLOEXEC);
  fcntl(fds[1], F_SETFD, FD_CLOEXEC);
  // Our end never blocks: after the tool has ended, reading stops where the pipe runs dry.
  fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);
  return true;
}

enum class ReadState { More, Dry, End };

// Where one pipe's output goes: captured up to `cap` bytes (the rest read and dropped), and told as it comes.
struct Sink {
  std::string* text = nullptr;
  std::size_t cap = 0;
  bool* truncated = nullptr;
  const std::function<void(std::string_view)>* tell = nullptr;
};

// One read() from a pipe into `sink`.
ReadState readSome(int fd, const Sink& sink)
{
  char buffer[16384];
  const ssize_t n = read(fd, buffer, sizeof buffer);
  if (n > 0) {
    const auto got = static_cast<std::size_t>(n);
    const std::size_t room = sink.cap - std::min(sink.cap, sink.text->size());
    sink.text->append(buffer, std::min(room, got));
    if (got > room && sink.truncated)
      *sink.truncated = true;
    if (sink.tell && *sink.tell)
      (*sink.tell)(std::string_view(buffer, got));
    return ReadState::More;
  }
  if (n < 0 && errno == EINTR)
    return ReadState::More;
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
    return ReadState::Dry;
  return ReadState::End;  // end-of-file, or an error that another read would only repeat
}

// macOS's waitid reports a stopped child under WEXITED too: only these codes mean it has ended.
bool endedCode(const siginfo_t& info)
{
  return info.si_code == CLD_EXITED || info.si_code == CLD_KILLED || info.si_code == CLD_DUMPED;
}

// Whether the child has ended, without reaping it (its pid, and so its group id, stay ours).
bool toolEnded(pid_t pid)
{
  siginfo_t info{};
  return waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid &&
         endedCode(info);
}

// Waits until the child has ended, without reaping it.
void waitUntilEnded(pid_t pid)
{
  for (;;) {
    siginfo_t info{};
    if (waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOWAIT) < 0) {
      if (errno == EINTR)
        continue;
      return;  // not our child any more: wait4 below says so
    }
    if (endedCode(info))
      return;
    usleep(10000);  // macOS: stopped, and reported again at once
  }
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
                          std::stop_token stop, const ReadProgress& onRead, const ProcessIo& io)
{
  ProcessOutcome result;
  int outPipe[2] = {-1, -1}, errPipe[2] = {-1, -1}, inPipe[2] = {-1, -1};
  // A held stdin stays blocking on the child's side: only our write end is ours to close.
  const bool inOk = !io.holdStdin || (pipe(inPipe) == 0 && fcntl(inPipe[1], F_SETFD, FD_CLOEXEC) == 0 &&
                                      fcntl(inPipe[0], F_SETFD, FD_CLOEXEC) == 0);
  if (!inOk || !makePipe(outPipe) || !makePipe(errPipe)) {
    result.error = std::string("Could not create a pipe: ") + std::strerror(errno);
    for (int* fd : {&outPipe[0], &outPipe[1], &inPipe[0], &inPipe[1]})
      closeFd(*fd);
    return result;
  }

  std::vector<std::string> argvStrings{executable.filename().string()};
  argvStrings.insert(argvStrings.end(), arguments.begin(), arguments.end());
  std::vector<char*> argv;
  for (std::string& s : argvStrings)
    argv.push_back(s.data());
  argv.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (io.holdStdin)
    posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0);
  else
    posix_spawn_file_actions_addopen(&actions, 0, io.stdinFile.empty() ? "/dev/null" : io.stdinFile.c_str(),
                                     O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1);
  posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2);
  // A process group of its own, led by the tool (group id = its pid): killpg reaches all it starts.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);

  const auto start = std::chrono::steady_clock::now();
  pid_t pid = -1;
  const int spawnError = posix_spawn(&pid, executable.c_str(), &actions, &attributes, argv.data(), environ);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  closeFd(outPipe[1]);
  closeFd(errPipe[1]);
  closeFd(inPipe[0]);
  if (spawnError != 0) {
    result.error = "Could not start " + executable.string() + ": " + std::strerror(spawnError);
    closeFd(outPipe[0]);
    closeFd(errPipe[0]);
    closeFd(inPipe[1]);
    return result;
  }
  result.started = true;

  // The group id stays ours while the tool is unreaped (a zombie at worst), so the group is killed only
  // until it is reaped, under `groupMutex`. A stop request kills it at once, from the requesting thread:
  // also while we wait for a tool that closed its pipes but runs on.
  std::mutex groupMutex;
  bool reaping = false;
  bool stopKilled = false;
  auto killGroup = [&](bool forStop) {
    std::lock_guard lock(groupMutex);
    closeFd(inPipe[1]);  // a held stdin ends with the run
    if (!reaping) {
      killpg(pid, SIGKILL);
      stopKilled = stopKilled || forStop;
    }
  };
  std::stop_callback onStop(stop, [&] { killGroup(true); });

  // Drain both pipes until they close (the tool has ended), the tool ends while something it started still
  // holds them, or stop is requested.
  pollfd fds[2] = {{outPipe[0], POLLIN, 0}, {errPipe[0], POLLIN, 0}};
  const Sink sinks[2] = {{&result.out, io.maxCapture, &result.outTruncated, nullptr},
                         {&result.err, io.maxCapture, nullptr, &io.onErr}};
  int open = 2;
  auto closePipe = [&](int i) {
    closeFd(i == 0 ? outPipe[0] : errPipe[0]);
    fds[i].fd = -1;
    --open;
  };
  auto report = [&] {
    std::uint64_t bytes = 0;
    if (onRead && childReadBytes(pid, bytes))
      onRead(bytes);
  };
  while (open > 0 && !stop.stop_requested()) {
    report();
    const int ready = poll(fds, 2, onRead ? kProgressPollMillis : kPollMillis);
    if (ready < 0 && errno != EINTR) {
      killGroup(false);  // nothing is left running on pipes we cannot watch
      break;
    }
    for (int i = 0; i < 2 && ready > 0; ++i) {
      if (fds[i].fd >= 0 && (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) &&
          readSome(fds[i].fd, sinks[i]) == ReadState::End)
        closePipe(i);
    }
    if (open > 0 && toolEnded(pid)) {
      // What it wrote is in the pipes already; whatever holds them open is left over: kill it, then read
      // what is there (bounded: something outside the group could keep writing).
      killGroup(false);
      for (int i = 0; i < 2; ++i) {
        for (int reads = 0; fds[i].fd >= 0 && reads < 1024; ++reads) {
          const ReadState state = readSome(fds[i].fd, sinks[i]);
          if (state == ReadState::Dry)
            break;
          if (state == ReadState::End)
            closePipe(i);
        }
      }
      break;
    }
  }
  closeFd(outPipe[0]);
  closeFd(errPipe[0]);
  if (stop.stop_requested())
    killGroup(true);  // the callback has, unless it is still running on the stopping thread
  else
    report();  // not reaped yet: an ended child keeps its /proc entry, with its final count, until wait4

  // Wait for the tool to end without reaping it, kill what is left of its group, then reap it.
  waitUntilEnded(pid);
  killGroup(false);
  {
    std::lock_guard lock(groupMutex);
    reaping = true;
    result.killed = stopKilled;
  }
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
