#include "cli_helpers.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <stdexcept>

// Windows: the processes, tools on PATH, temp folders and mounts are in cli_helpers_win.cpp.
#ifndef _WIN32
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;
#endif

namespace clitest {

namespace fs = std::filesystem;

#ifndef _WIN32
namespace {

double now()
{
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void check(int rc, const char* what)
{
  if (rc != 0)
    throw std::runtime_error(std::string(what) + ": " + std::strerror(rc));
}

} // namespace

ChildProcess::ChildProcess(const std::vector<std::string>& argv, const fs::path& stdinFile, int stdoutFd)
{
  int outPipe[2], errPipe[2];
  if (::pipe(outPipe) != 0 || ::pipe(errPipe) != 0)
    throw std::runtime_error("pipe failed");
  for (int fd : {outPipe[0], outPipe[1], errPipe[0], errPipe[1]})
    ::fcntl(fd, F_SETFD, FD_CLOEXEC); // the child gets them only through dup2
  posix_spawn_file_actions_t actions;
  check(posix_spawn_file_actions_init(&actions), "posix_spawn_file_actions_init");
  const std::string input = stdinFile.empty() ? "/dev/null" : stdinFile.string();
  posix_spawn_file_actions_addopen(&actions, 0, input.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, stdoutFd >= 0 ? stdoutFd : outPipe[1], 1);
  posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2);
  std::vector<char*> args;
  for (const auto& arg : argv)
    args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  m_started = now();
  const int rc = posix_spawnp(&m_pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(outPipe[1]);
  ::close(errPipe[1]);
  m_outFd = outPipe[0];
  m_errFd = errPipe[0];
  if (stdoutFd >= 0) { // nothing will arrive on our end
    ::close(m_outFd);
    m_outFd = -1;
  }
  if (rc != 0) {
    ::close(m_outFd);
    ::close(m_errFd);
    throw std::runtime_error("cannot start " + argv[0] + ": " + std::strerror(rc));
  }
}

ChildProcess::~ChildProcess()
{
  if (!m_reaped && m_pid > 0) {
    ::kill(m_pid, SIGKILL);
    int status = 0;
    ::waitpid(m_pid, &status, 0);
  }
  if (m_outFd >= 0)
    ::close(m_outFd);
  if (m_errFd >= 0)
    ::close(m_errFd);
}

void ChildProcess::signal(int sig)
{
  if (!m_reaped)
    ::kill(m_pid, sig);
}

const std::string& ChildProcess::pump(double seconds)
{
  const double deadline = now() + seconds;
  while (m_outFd >= 0 || m_errFd >= 0) {
    const double left = deadline - now();
    if (left <= 0)
      break;
    pollfd fds[2];
    int n = 0;
    if (m_outFd >= 0)
      fds[n++] = {m_outFd, POLLIN, 0};
    if (m_errFd >= 0)
      fds[n++] = {m_errFd, POLLIN, 0};
    const int ready = ::poll(fds, static_cast<nfds_t>(n), static_cast<int>(left * 1000) + 1);
    if (ready < 0 && errno == EINTR)
      continue;
    if (ready <= 0)
      break;
    for (int i = 0; i < n; ++i) {
      if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      char buffer[65536];
      const auto got = ::read(fds[i].fd, buffer, sizeof buffer);
      std::string& sink = fds[i].fd == m_outFd ? m_result.out : m_result.err;
      if (got > 0) {
        sink.append(buffer, static_cast<std::size_t>(got));
      } else if (got == 0 || errno != EINTR) {
        int& fd = fds[i].fd == m_outFd ? m_outFd : m_errFd;
        ::close(fd);
        fd = -1;
      }
    }
  }
  return m_result.err;
}

ProcessResult ChildProcess::wait(double timeoutSeconds)
{
  pump(timeoutSeconds - (now() - m_started));
  if (m_outFd >= 0 || m_errFd >= 0) {
    // Still running at the deadline: kill it, then collect the rest.
    m_result.timedOut = true;
    ::kill(m_pid, SIGKILL);
    pump(5);
  }
  int status = 0;
  while (::waitpid(m_pid, &status, 0) < 0 && errno == EINTR) {
  }
  m_reaped = true;
  m_result.seconds = now() - m_started;
  if (WIFEXITED(status))
    m_result.exitCode = WEXITSTATUS(status);
  else if (WIFSIGNALED(status))
    m_result.exitCode = 128 + WTERMSIG(status);
  return m_result;
}

#endif  // !_WIN32

ProcessResult run(const std::vector<std::string>& argv, const std::string& stdinData, double timeoutSeconds)
{
  if (stdinData.empty()) {
    ChildProcess child(argv);
    return child.wait(timeoutSeconds);
  }
  TempDir dir;
  const fs::path input = dir / "stdin";
  writeTextFile(input, stdinData);
  ChildProcess child(argv, input);
  return child.wait(timeoutSeconds);
}

std::string cliPath()
{
#ifdef _WIN32
  return std::string(HASHSCOPE_BIN_DIR) + "/hashscope-cli.exe";
#else
  return std::string(HASHSCOPE_BIN_DIR) + "/hashscope-cli";
#endif
}

ProcessResult runCli(const std::vector<std::string>& args, const std::string& stdinData,
                     double timeoutSeconds)
{
  std::vector<std::string> argv{cliPath()};
  argv.insert(argv.end(), args.begin(), args.end());
  return run(argv, stdinData, timeoutSeconds);
}

#ifndef _WIN32
bool isRoot() { return ::geteuid() == 0; }

bool toolExists(const std::string& name)
{
  const char* path = std::getenv("PATH");
  std::string paths = path ? path : "/usr/bin:/bin";
  std::size_t start = 0;
  while (start <= paths.size()) {
    const auto colon = paths.find(':', start);
    const std::string dir =
        paths.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
    if (!dir.empty() && ::access((dir + "/" + name).c_str(), X_OK) == 0)
      return true;
    if (colon == std::string::npos)
      break;
    start = colon + 1;
  }
  return false;
}

TempDir::TempDir(const fs::path& parent)
{
  const fs::path base = parent.empty() ? fs::temp_directory_path() : parent;
  std::string pattern = (base / "hashscope-clitest-XXXXXX").string();
  if (!::mkdtemp(pattern.data()))
    throw std::runtime_error("mkdtemp failed in " + base.string());
  m_path = pattern;
}

TempDir::~TempDir()
{
  std::error_code ignored;
  // Tests may leave read-only entries behind; make sure the cleanup can descend.
  fs::permissions(m_path, fs::perms::owner_all, fs::perm_options::add, ignored);
  fs::remove_all(m_path, ignored);
}

ReadOnlyMount::ReadOnlyMount(const std::function<void(const fs::path&)>& fill)
{
  if (!isRoot() || !toolExists("mount") || !toolExists("umount"))
    return;
  const std::string where = m_dir.path().string();
  if (!fill) {
    m_mounted = run({"mount", "-t", "tmpfs", "-o", "ro,size=1m", "hashscope-test-ro", where}, {}, 20).exitCode == 0;
    return;
  }
  if (run({"mount", "-t", "tmpfs", "-o", "size=16m", "hashscope-test-ro", where}, {}, 20).exitCode != 0)
    return;
  m_mounted = true;  // unmounted by the destructor from here on, whatever happens next
  fill(m_dir.path());
  if (run({"mount", "-o", "remount,ro", where}, {}, 20).exitCode != 0) {
    run({"umount", where}, {}, 20);
    m_mounted = false;
  }
}

ReadOnlyMount::~ReadOnlyMount()
{
  if (m_mounted)
    run({"umount", m_dir.path().string()}, {}, 20);
}

#endif  // !_WIN32

void writeRandomFile(const fs::path& path, std::uint64_t size, std::uint64_t seed)
{
  std::mt19937_64 generator(seed);
  std::string data(static_cast<std::size_t>(size), '\0');
  for (std::size_t i = 0; i < data.size(); i += 8) {
    const std::uint64_t value = generator();
    std::memcpy(&data[i], &value, std::min<std::size_t>(8, data.size() - i));
  }
  writeTextFile(path, data);
}

void writeTextFile(const fs::path& path, const std::string& text)
{
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (!out)
    throw std::runtime_error("cannot write " + path.string());
}

std::string readTextFile(const fs::path& path)
{
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::vector<std::string> listFolder(const fs::path& folder)
{
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder, ec))
    names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

bool isOneErrorLine(const std::string& text)
{
  return text.rfind("hashscope-cli: ", 0) == 0 && text.size() > 16 && text.back() == '\n' &&
         text.find('\n') == text.size() - 1;
}

std::vector<std::string> splitLines(const std::string& text)
{
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const auto nl = text.find('\n', start);
    lines.push_back(text.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
    if (nl == std::string::npos)
      break;
    start = nl + 1;
  }
  return lines;
}

} // namespace clitest
