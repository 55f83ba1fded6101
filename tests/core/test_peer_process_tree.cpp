// A peer tool may start processes of its own (a wrapper script, a tool that forks helpers). Those inherit
// its stdout and stderr. HashScope must not wait for them to close the pipes, and must leave none of them
// running: on stop (Ctrl-C, cancel) and when the tool itself ends. POSIX only (process_posix.cpp); the
// Windows side (job objects) is checked under wine by installer/cross/test_windows_platform.cpp.
#include "catch.hpp"
#include "skip.hpp"

#ifndef _WIN32
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <memory>
#include <sstream>
#include <string>
#include <thread>

#include "peer/process.hpp"
#include "wait_for.hpp"

namespace fs = std::filesystem;
using hashscope::peer::ProcessOutcome;
using hashscope::peer::runProcess;
using hashscope::test::waitFor;

namespace {

// A generous correctness bound: the fixed code returns in milliseconds, the broken one only when the
// grandchild's sleep (kSleep) ends, or never.
constexpr auto kBound = std::chrono::seconds(10);
const std::string kSleep = "67";  // unusual, so the grandchild can be told from a process that reused its pid

struct ScriptDir {
  fs::path dir;
  ScriptDir()
  {
    dir = fs::temp_directory_path() /
          ("hashscope-peer-tree-" + std::to_string(::getpid()) + "-" +
           std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
    fs::create_directories(dir);
  }
  ~ScriptDir()
  {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  // A /bin/sh script that starts a background `sleep` (which inherits stdout and stderr), writes that
  // grandchild's pid to the file named by its first argument, then runs `tail`.
  fs::path script(const std::string& name, const std::string& tail) const
  {
    const fs::path path = dir / name;
    std::ofstream(path) << "#!/bin/sh\nsleep " << kSleep << " &\necho $! > \"$1.tmp\"\nmv \"$1.tmp\" \"$1\"\n"
                        << tail << "\n";
    fs::permissions(path, fs::perms::owner_all);
    return path;
  }
};

pid_t readPid(const fs::path& file)
{
  std::ifstream in(file);
  long pid = 0;
  in >> pid;
  return static_cast<pid_t>(pid);
}

// Gone: no such process, or a zombie waiting for its new parent (a container's pid 1 may never reap it),
// or the pid now belongs to some other program.
bool processGone(pid_t pid)
{
  if (::kill(pid, 0) != 0 && errno == ESRCH)
    return true;
#ifdef __linux__
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  const auto close = text.rfind(')');
  if (close == std::string::npos || close + 2 >= text.size())
    return true;
  if (text[close + 2] == 'Z')
    return true;
  std::ifstream cmd("/proc/" + std::to_string(pid) + "/cmdline");
  std::string args((std::istreambuf_iterator<char>(cmd)), std::istreambuf_iterator<char>());
  return args.find(kSleep) == std::string::npos;
#else
  return false;
#endif
}

// Runs the script on its own thread, so a run that hangs fails the test instead of hanging it. A hung
// run is left behind (detached): the test binary ends anyway.
struct BackgroundRun {
  std::stop_source stop;
  std::future<ProcessOutcome> done;
  BackgroundRun(const fs::path& script, const fs::path& pidFile)
  {
    auto task = std::make_shared<std::packaged_task<ProcessOutcome()>>(
        [script, pidFile, token = stop.get_token()] { return runProcess(script, {pidFile.string()}, token); });
    done = task->get_future();
    std::thread([task] { (*task)(); }).detach();
  }
  bool returned() { return done.wait_for(kBound) == std::future_status::ready; }
};

}  // namespace

TEST_CASE("stopping a peer tool also kills the processes it started, without waiting for their output",
          "[peer][process]")
{
  ScriptDir d;
  // `exec sleep`: the tool itself runs on (only the stop can end it), its child holds stdout too.
  const fs::path pidFile = d.dir / "grandchild.pid";
  BackgroundRun run(d.script("tool.sh", "exec sleep " + kSleep), pidFile);
  REQUIRE(waitFor([&] { return fs::exists(pidFile); }));
  const pid_t grandchild = readPid(pidFile);
  REQUIRE(grandchild > 0);
  // $! is known as soon as the shell forks: the child may not have become `sleep 67` yet.
  REQUIRE(waitFor([&] { return !processGone(grandchild); }));

  run.stop.request_stop();
  REQUIRE(run.returned());
  const ProcessOutcome p = run.done.get();
  CHECK(p.started);
  CHECK(p.killed);
  CHECK(waitFor([&] { return processGone(grandchild); }));
  if (!processGone(grandchild))
    ::kill(grandchild, SIGKILL);  // do not leave it behind when the test fails
}

TEST_CASE("a peer tool that ends while its own child holds its output returns at once, and the child is ended",
          "[peer][process]")
{
  ScriptDir d;
  // The tool prints and exits 0; its background child would keep stdout open for another kSleep seconds.
  const fs::path pidFile = d.dir / "grandchild.pid";
  BackgroundRun run(d.script("tool.sh", "echo digest-line\necho note >&2\nexit 0"), pidFile);
  REQUIRE(run.returned());
  const ProcessOutcome p = run.done.get();
  CHECK(p.started);
  CHECK_FALSE(p.killed);
  CHECK(p.exited);
  CHECK(p.exitCode == 0);
  CHECK(p.out == "digest-line\n");  // everything the tool wrote before it ended is kept
  CHECK(p.err == "note\n");
  REQUIRE(fs::exists(pidFile));
  const pid_t grandchild = readPid(pidFile);
  REQUIRE(grandchild > 0);
  CHECK(waitFor([&] { return processGone(grandchild); }));
  if (!processGone(grandchild))
    ::kill(grandchild, SIGKILL);
}

TEST_CASE("a peer tool's large output is read whole", "[peer][process]")
{
  ScriptDir d;
  // More than a pipe holds (64 KiB on Linux): the reader must keep draining while the tool writes.
  const fs::path pidFile = d.dir / "unused.pid";
  const fs::path tool = d.dir / "lines.sh";
  std::ofstream(tool) << "#!/bin/sh\ni=0\nwhile [ $i -lt 20000 ]; do echo \"line $i of the output\"; i=$((i+1)); "
                         "done\n";
  fs::permissions(tool, fs::perms::owner_all);
  BackgroundRun run(tool, pidFile);
  REQUIRE(run.returned());
  const ProcessOutcome p = run.done.get();
  CHECK(p.exited);
  CHECK(p.exitCode == 0);
  std::ostringstream expected;
  for (int i = 0; i < 20000; ++i)
    expected << "line " << i << " of the output\n";
  CHECK(p.out == expected.str());
}
#endif
