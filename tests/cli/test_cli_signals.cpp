// Ctrl-C and SIGTERM stop every command, whatever it is blocked on: the exit code follows the shell's
// convention (130 for SIGINT, 143 for SIGTERM), "interrupted" is said, and nothing it created stays.
// These are hang tests, not latency tests: the bound is a generous 10 s (the promise is a second, and
// tests/bench/stop_latency.sh measures it).
#include "catch.hpp"
#include "cli_helpers.hpp"
#include "platform/sanitizers.hpp"
#include "skip.hpp"
#include "tool_links.hpp"

#ifdef _WIN32
// Windows stops the CLI with console control events (app/cli/os_win.cpp), not signals; these tests use
// POSIX signals, FIFOs and pipes nobody reads.
TEST_CASE("Ctrl-C and SIGTERM stop every command (POSIX signals)", "[cli][signals]")
{
  HASHSCOPE_SKIP("POSIX signals and FIFOs: Windows stops the CLI by console control events");
}
#else
#include <algorithm>
#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <fstream>
#include <iterator>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif

using namespace clitest;
namespace fs = std::filesystem;

namespace {

constexpr double kHangBound = 10; // seconds: a stop that takes this long is a hang

// Polls `condition` until it holds or `seconds` pass; the tests wait for states, never for fixed times.
template <typename Condition>
bool waitFor(Condition condition, double seconds = 60)
{
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < deadline) {
    if (condition())
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return condition();
}

void checkInterrupted(const ProcessResult& r, int sig)
{
  INFO("exit " << r.exitCode << ", " << r.seconds << " s, stderr: " << r.err);
  CHECK_FALSE(r.timedOut);
  CHECK(r.exitCode == 128 + sig);
  // Said, not just died of the signal (a process killed by it would also show 128 + sig here).
  CHECK(r.err.find("interrupted") != std::string::npos);
}

std::string readSmallFile(const fs::path& path)
{
  std::ifstream in(path);
  std::string text;
  std::getline(in, text);
  return text;
}

} // namespace

namespace {
// ThreadSanitizer runs a signal handler only when the signalled thread next passes one of its interceptors;
// a thread blocked in open() of a FIFO or read() of a silent stdin never does, so under TSan these hang
// tests would measure TSan, not HashScope. They run in every other build (default, ASan).
constexpr bool kSignalsDeferredByTsan = hashscope::platform::kThreadSanitizer;
}  // namespace

TEST_CASE("hash -r stops on SIGINT and SIGTERM while nobody reads its output", "[cli][signals]")
{
  TempDir dir;
  const fs::path tree = dir / "tree";
  fs::create_directories(tree);
  for (int i = 0; i < 1500; ++i) // about 130 KB of digest lines: more than a pipe holds
    writeTextFile(tree / ("file-with-a-long-name-" + std::to_string(i) + ".txt"), std::to_string(i));
  for (const auto& [sig, jobs] : {std::pair{SIGINT, "1"}, std::pair{SIGTERM, "1"}, std::pair{SIGINT, "16"}}) {
    CAPTURE(sig, jobs);
    int out[2];
    REQUIRE(::pipe(out) == 0);
    ::fcntl(out[0], F_SETFD, FD_CLOEXEC);
    ::fcntl(out[1], F_SETFD, FD_CLOEXEC);
    int capacity = 65536;
#if defined(F_GETPIPE_SZ)
    capacity = ::fcntl(out[0], F_GETPIPE_SZ);
#endif
    {
      ChildProcess child({cliPath(), "hash", "-a", "md5", "-r", "-j", jobs, tree.string()}, {}, out[1]);
      // Blocked for good once the pipe is full: nearly all of it queued (a writer that polls for room
      // waits for a free page), and no more arriving.
      int last = -1;
      const bool full = waitFor([&] {
        int queued = 0;
        if (::ioctl(out[0], FIONREAD, &queued) != 0)
          return false;
        const bool stalled = queued == last && queued > capacity - 4096 - 200;
        last = queued;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        return stalled;
      });
      REQUIRE(full);
      child.signal(sig);
      checkInterrupted(child.wait(kHangBound), sig);
    }
    ::close(out[0]);
    ::close(out[1]);
  }
}

#if defined(__linux__)
TEST_CASE("bench stops on SIGINT while its --output FIFO has no reader", "[cli][signals]")
{
  if (kSignalsDeferredByTsan)
    HASHSCOPE_SKIP("ThreadSanitizer defers signal handlers while a thread is blocked in open() or read()");
  TempDir dir;
  const fs::path fifo = dir / "report.fifo";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  ChildProcess child({cliPath(), "bench", "-w", "hash-memory", "-a", "md5", "--duration", "0.05", "--format",
                      "json", "--output", fifo.string(), "--force"});
  // The benchmark is over and the main thread waits in open() for a reader of the FIFO.
  const std::string proc = "/proc/" + std::to_string(child.pid());
  const bool blocked = waitFor([&] {
    if (readSmallFile(proc + "/wchan") == "wait_for_partner")
      return true;
    const std::string call = readSmallFile(proc + "/syscall"); // when wchan is hidden
    return call.rfind(std::to_string(SYS_openat) + " ", 0) == 0 &&
           readSmallFile(proc + "/syscall") == call; // and still there a moment later
  });
  REQUIRE(blocked);
  child.signal(SIGINT);
  checkInterrupted(child.wait(kHangBound), SIGINT);
  struct stat info {};
  CHECK((::stat(fifo.c_str(), &info) == 0 && S_ISFIFO(info.st_mode))); // not ours: left in place
}
#endif

TEST_CASE("bench stops on SIGINT and SIGTERM mid-sample and removes what it created", "[cli][signals]")
{
  // A sample far too big to finish before the signal: 8 GiB, or half of what the temp folder has free (a
  // small disk, a tmpfs /tmp), but never less than 1 GiB.
  constexpr std::uintmax_t kMiB = std::uintmax_t{1} << 20;
  std::error_code ec;
  const std::uintmax_t available = fs::space(fs::temp_directory_path(), ec).available;
  if (!ec && available < 2048 * kMiB)
    HASHSCOPE_SKIP("needs 2 GiB free in the temp folder for a sample that takes a while to write ("
                   << available / kMiB << " MiB free)");
  const std::string size = std::to_string(ec ? 8192 : std::min<std::uintmax_t>(8192, available / 2 / kMiB)) + "M";
  for (int sig : {SIGINT, SIGTERM}) {
    CAPTURE(sig);
    TempDir dir;
    const fs::path location = dir / "location";
    fs::create_directories(location);
    const fs::path report = dir / "report.json";
    // The run is stopped while writing the sample.
    ChildProcess child({cliPath(), "bench", "-w", "hash-file", "-a", "md5", "--size", size, "--location",
                        location.string(), "--format", "json", "--output", report.string()});
    const bool writing = waitFor([&] { return !listFolder(location).empty(); });
    REQUIRE(writing);
    // The report is reserved up front, as a temporary file beside its name (renamed into place at the end).
    const auto reserved = [&] {
      int n = 0;
      for (const std::string& name : listFolder(dir.path()))
        n += name.rfind(".report.json.hashscope-", 0) == 0;
      return n;
    };
    CHECK(reserved() == 1);
    child.signal(sig);
    checkInterrupted(child.wait(kHangBound), sig);
    CHECK(listFolder(location).empty()); // the partial sample is gone
    CHECK_FALSE(fs::exists(report));     // and so is the reserved report
    CHECK(reserved() == 0);
  }
}

#if defined(__linux__)
namespace {

// Runs `argv` with a stdin nobody writes, waits until it reads it, sends SIGINT, and returns how it ended;
// `threads`: how many threads the process had while it waited.
ProcessResult interruptedWhileReadingStdin(const std::vector<std::string>& argv, std::size_t* threads = nullptr)
{
  int in[2];
  REQUIRE(::pipe(in) == 0);
  ::fcntl(in[0], F_SETFD, FD_CLOEXEC);
  ::fcntl(in[1], F_SETFD, FD_CLOEXEC);
  ProcessResult result;
  {
    ChildProcess child(argv, "/dev/fd/" + std::to_string(in[0]));
    const std::string proc = "/proc/" + std::to_string(child.pid());
    // Waiting in read() of its stdin, our pipe.
    const bool reading = waitFor(
        [&] { return readSmallFile(proc + "/syscall").rfind(std::to_string(SYS_read) + " 0x0 ", 0) == 0; });
    CHECK(reading);
    if (threads)
      *threads = static_cast<std::size_t>(std::distance(fs::directory_iterator(proc + "/task"), fs::directory_iterator()));
    child.signal(SIGINT);
    result = child.wait(kHangBound);
  }
  ::close(in[0]);
  ::close(in[1]);
  return result;
}

}  // namespace

TEST_CASE("hash and check of a stdin nobody writes stop on SIGINT", "[cli][signals]")
{
  if (kSignalsDeferredByTsan)
    HASHSCOPE_SKIP("ThreadSanitizer defers signal handlers while a thread is blocked in open() or read()");
  // Blocked in a read of stdin that no stop request can wake. hash and check create nothing, so the interrupt's
  // handler ends them at once (OnInterrupt::Exit): one call per file starts no watcher thread, nor any other.
  for (const auto& command : std::vector<std::vector<std::string>>{{"hash", "-a", "sha256"}, {"check"}}) {
    CAPTURE(command.front());
    std::vector<std::string> argv{cliPath()};
    argv.insert(argv.end(), command.begin(), command.end());
    std::size_t threads = 0;
    checkInterrupted(interruptedWhileReadingStdin(argv, &threads), SIGINT);
    CHECK(threads == 1);
  }
}

TEST_CASE("a link stopped by SIGINT says so in its own name, not hashscope-cli's", "[cli][signals][multicall]")
{
  if (kSignalsDeferredByTsan)
    HASHSCOPE_SKIP("ThreadSanitizer defers signal handlers while a thread is blocked in open() or read()");
  const ToolLinks links;
  // md5sum blocked in a read of a stdin nobody writes: the watchdog ends it, and its last words name it.
  for (const std::vector<std::string>& argv : {std::vector<std::string>{links("md5sum")},
                                               std::vector<std::string>{links("sha256sum"), "-c"}}) {
    CAPTURE(argv.front());
    const ProcessResult r = interruptedWhileReadingStdin(argv);
    checkInterrupted(r, SIGINT);
    CHECK(r.err.find(argv.front() + ": interrupted") != std::string::npos);
    CHECK(r.err.find("hashscope-cli: interrupted") == std::string::npos);
  }
}
#endif
#endif  // _WIN32
