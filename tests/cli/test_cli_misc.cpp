// The rest of the CLI surface: --version, --help, algorithms, locations, unknown commands, progress bar,
// where --output goes when it cannot be written, and the limits on --duration and on read buffers.
#include "catch.hpp"
#include "skip.hpp"
#include "cli_helpers.hpp"
#include "hashscope/hash.hpp"
#include "hashscope/storage.hpp"
#include "hashscope/types.hpp"
#include "machine.hpp"

#include <fstream>
#ifdef _WIN32
#include <windows.h>
#else
#include <unistd.h>
#endif

using namespace clitest;
namespace fs = std::filesystem;

TEST_CASE("version and help output", "[cli][misc]")
{
  const ProcessResult version = runCli({"--version"});
  CHECK(version.exitCode == 0);
  CHECK(version.out == "hashscope-cli (HashScope) " + std::string(hashscope::version()) + "\n");

  const ProcessResult help = runCli({"--help"});
  CHECK(help.exitCode == 0);
  for (const char* command : {"hash", "check", "bench", "sample", "algorithms", "locations"})
    CHECK(help.out.find(command) != std::string::npos);

  for (const char* command : {"hash", "check", "bench", "sample", "algorithms", "locations"}) {
    INFO(command);
    const ProcessResult r = runCli({command, "--help"});
    CHECK(r.exitCode == 0);
    CHECK(r.out.rfind(std::string("Usage: hashscope-cli ") + command, 0) == 0);
    CHECK(runCli({"help", command}).out == r.out);
  }
}

TEST_CASE("unknown commands and options exit 2 with one line", "[cli][misc][errors]")
{
  for (const auto& args :
       std::vector<std::vector<std::string>>{{}, {"frobnicate"}, {"--frobnicate"}, {"help", "nope"}}) {
    const ProcessResult r = runCli(args);
    CHECK(r.exitCode == 2);
    CHECK(isOneErrorLine(r.err));
  }
}

TEST_CASE("algorithms lists every algorithm with its implementation", "[cli][misc]")
{
  const ProcessResult r = runCli({"algorithms"});
  REQUIRE(r.exitCode == 0);
  const auto lines = splitLines(r.out);
  REQUIRE(lines.size() == hashscope::allAlgorithms().size() + 2); // header + rule
  for (const char* column : {"id", "family", "bits", "implementation", "peer tool"})
    CHECK(lines[0].find(column) != std::string::npos);
  for (const auto& info : hashscope::allAlgorithms()) {
    INFO(info.id);
    // With the implementation this process names: for OpenSSL's digests, the path its CPU probe chose, read
    // from OpenSSL's own capability words (the static libcrypto in hashscope-cli, the shared one here; a
    // probe that never ran would show as the plain x86-64 path).
    INFO(info.implementation);
    const bool listed = std::any_of(lines.begin() + 2, lines.end(), [&](const std::string& line) {
      return line.rfind(info.id + " ", 0) == 0 &&
             line.find(std::to_string(info.digestBytes * 8)) != std::string::npos &&
             line.find(info.implementation) != std::string::npos;
    });
    CHECK(listed);
  }
  const ProcessResult csv = runCli({"algorithms", "--format", "csv"});
  CHECK(csv.exitCode == 0);
  CHECK(splitLines(csv.out).size() == hashscope::allAlgorithms().size() + 1);
}

TEST_CASE("locations lists the temp folder and describes given paths", "[cli][misc]")
{
  const ProcessResult r = runCli({"locations"});
  REQUIRE(r.exitCode == 0);
  const auto header = splitLines(r.out).front();
  for (const char* column : {"path", "mount point", "fs", "device", "kind", "free", "total", "writable"})
    CHECK(header.find(column) != std::string::npos);
  CHECK(r.out.find(hashscope::defaultLocation().string()) != std::string::npos);

  if (const std::string why = hashscope::test::whyNoTmpfsShm(); why.empty()) {
    const ProcessResult shm = runCli({"locations", "/dev/shm"});
    CHECK(shm.exitCode == 0);
    CHECK(shm.out.find("tmpfs") != std::string::npos);
  } else {
    HASHSCOPE_SKIP_PART(why << ": a tmpfs location not described");
  }
  const ProcessResult missing = runCli({"locations", "/no/such/folder/here"});
  CHECK(missing.exitCode == 1);
  CHECK(isOneErrorLine(missing.err));
}

TEST_CASE("the progress bar appears on a terminal only", "[cli][misc][progress]")
{
  TempDir dir;
  const std::string command = cliPath() + " bench --location " + dir.path().string() +
                              " --workload hash-memory -a md5 --duration 2.5 --sample-hz 0";
  // Not a terminal: stderr stays empty.
  const ProcessResult plain = runCli({"bench", "--location", dir.path().string(), "--workload", "hash-memory",
                                      "-a", "md5", "--duration", "1.5", "--sample-hz", "0"});
  CHECK(plain.exitCode == 0);
  CHECK(plain.err.empty());
  if (!toolExists("script"))
    HASHSCOPE_SKIP("util-linux `script` is not installed: the terminal half not checked");
  // `script` gives the CLI a pseudo-terminal; everything it wrote (stdout and stderr) comes back.
  const ProcessResult tty = run({"script", "-qec", command, "/dev/null"});
  CHECK(tty.exitCode == 0);
  CHECK(tty.out.find("MB/s") != std::string::npos);
  CHECK(tty.out.find("ETA") != std::string::npos);
  CHECK(tty.out.find("\r\033[K") != std::string::npos); // redrawn in place, then erased
}

namespace {

// A quick bench that needs no sample: its report is what the --output tests look for.
std::vector<std::string> quickBench(std::vector<std::string> more)
{
  std::vector<std::string> args{"bench", "-w", "hash-memory", "-a", "md5", "--duration", "0.05",
                                "--sample-hz", "0", "--format", "csv"};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

bool hasReport(const std::string& out)
{
  return out.rfind("workload,", 0) == 0 && out.find("hash-memory") != std::string::npos;
}

} // namespace

TEST_CASE("bench --output - writes the report on standard output", "[cli][misc][output]")
{
  if (!toolExists("sh"))
    HASHSCOPE_SKIP("needs sh to start the CLI inside an empty folder");
  TempDir dir;
  // Run inside an empty folder: a file named "-" would appear there.
  std::vector<std::string> argv{"sh", "-c", "cd \"$1\" && shift && exec \"$@\"", "sh", dir.path().string(),
                                cliPath()};
  for (const auto& arg : quickBench({"--output", "-"}))
    argv.push_back(arg);
  const ProcessResult r = run(argv);
  INFO(r.err);
  CHECK(r.exitCode == 0);
  CHECK(hasReport(r.out));
  CHECK(listFolder(dir.path()).empty());
}

TEST_CASE("bench results are printed on stdout when --output cannot be written", "[cli][misc][output]")
{
  SECTION("a device that is always full")
  {
    if (!fs::exists("/dev/full"))
      HASHSCOPE_SKIP("no /dev/full on this system");
    const ProcessResult r = runCli(quickBench({"--output", "/dev/full", "--force"}));
    INFO(r.err);
    CHECK(r.exitCode == 1);
    CHECK(hasReport(r.out));
    CHECK(r.err.find("cannot write /dev/full (No space left on device)") != std::string::npos);
    CHECK(r.err.find("the results follow on standard output instead") != std::string::npos);
  }
  SECTION("a full filesystem: a new file, and one replaced with --force")
  {
#ifdef _WIN32
    HASHSCOPE_SKIP("needs unshare and mount (util-linux): a tmpfs small enough to fill");
#else
    if (!toolExists("unshare") || !toolExists("mount"))
      HASHSCOPE_SKIP("needs unshare and mount (util-linux)");
    TempDir dir;
    const std::string full = dir.path().string();
    // A private mount namespace: the tiny tmpfs vanishes with the shell, whatever happens. A filler
    // file takes all its space; files can still be created there (tmpfs counts inodes apart), not filled.
    // The shell gets the folder as $0 and the command line as "$@", and reports what is left on stderr.
    const std::string script = "mount -t tmpfs -o size=64k hashscope-full \"$0\" || exit 99; "
                               "echo old > \"$0/old.csv\"; cat /dev/zero > \"$0/filler\" 2>/dev/null; "
                               "\"$@\"; rc=$?; echo \"left: $(ls -A \"$0\" | tr '\\n' ' ')\" >&2; "
                               "echo \"old: $(cat \"$0/old.csv\")\" >&2; exit $rc";
    for (const bool replace : {false, true}) {
      CAPTURE(replace);
      const std::string target = full + (replace ? "/old.csv" : "/new.csv");
      std::vector<std::string> argv{"unshare", ::geteuid() == 0 ? "-m" : "-rm", "sh", "-c", script, full,
                                    cliPath()};
      for (const auto& arg : quickBench({"--output", target}))
        argv.push_back(arg);
      if (replace)
        argv.push_back("--force");
      const ProcessResult r = run(argv);
      if (r.exitCode == 99 || r.err.find("unshare:") != std::string::npos)
        HASHSCOPE_SKIP("cannot mount a tmpfs here (" << r.err << ")");
      INFO(r.err);
      CHECK(r.exitCode == 1);
      CHECK(hasReport(r.out));
      CHECK(r.err.find("No space left on device") != std::string::npos);
      CHECK(r.err.find("the results follow on standard output instead") != std::string::npos);
      CHECK(r.err.find("left: filler old.csv \n") != std::string::npos); // nothing partial stays
      CHECK(r.err.find("old: old\n") != std::string::npos);                // the replaced file is intact
    }
#endif
  }
}

TEST_CASE("a --duration over a day is refused", "[cli][misc][errors]")
{
  for (const char* duration : {"1e9", "86401"}) {
    const ProcessResult r = runCli({"bench", "-w", "hash-memory", "-a", "md5", "--duration", duration}, {}, 30);
    INFO(r.err);
    CHECK_FALSE(r.timedOut);
    CHECK(r.exitCode == 2);
    CHECK(isOneErrorLine(r.err));
    CHECK(r.err.find("at most 86400 seconds (24 hours)") != std::string::npos);
  }
}

TEST_CASE("read buffers over half of the RAM are refused before anything runs", "[cli][misc][errors]")
{
#ifdef _WIN32
  MEMORYSTATUSEX memory{};
  memory.dwLength = sizeof memory;
  REQUIRE(GlobalMemoryStatusEx(&memory));
  const std::uint64_t ram = memory.ullTotalPhys;
#else
  const auto ram = static_cast<std::uint64_t>(::sysconf(_SC_PHYS_PAGES)) *
                   static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
#endif
  if (ram >= 2048 * hashscope::GiB)
    HASHSCOPE_SKIP("this machine has 2 TiB of RAM or more");
  TempDir dir;
  writeTextFile(dir / "small.txt", "abc");
  // 256 jobs x 4 blocks x 1 GiB = 1 TiB.
  const ProcessResult hash = runCli({"hash", "-a", "md5", "-j", "256", "--block-size", "1G", (dir / "small.txt").string()});
  INFO(hash.err);
  CHECK(hash.exitCode == 2);
  CHECK(isOneErrorLine(hash.err));
  CHECK(hash.err.find("--jobs 256 x --block-size 1 GiB needs about 1024.0 GiB of read buffers") != std::string::npos);
  CHECK(hash.err.find("of RAM") != std::string::npos);
  CHECK(hash.out.empty());
  // The same for bench's streams, checked before the location is even looked at.
  const ProcessResult bench = runCli({"bench", "-w", "read", "--streams", "256", "--block-size", "1G",
                                      "--location", (dir / "missing").string()});
  INFO(bench.err);
  CHECK(bench.exitCode == 2);
  CHECK(bench.err.find("--streams 256 x --block-size 1 GiB") != std::string::npos);
}

TEST_CASE("running out of memory says so and names the options to change", "[cli][misc][errors]")
{
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  HASHSCOPE_SKIP("a sanitizer's shadow memory does not fit under the address-space limit this test sets");
#endif
  if (!toolExists("prlimit"))
    HASHSCOPE_SKIP("needs prlimit (util-linux)");
  TempDir dir;
  const fs::path sparse = dir / "sparse.bin";
  { std::ofstream create(sparse); }
  fs::resize_file(sparse, 900 * hashscope::MiB); // one 1 GiB block would hold it
  // 800 MB of address space: the program runs, a 1 GiB block does not fit.
  const std::vector<std::vector<std::string>> commands{
      // The CLI's own buffer for a stream: it grows while reads fill it (an empty stdin needs no 1 GiB), so
      // an endless one takes it to the block size, which does not fit.
      {"hash", "-a", "md5", "--block-size", "1G", "/dev/zero"},
      {"bench", "-w", "hash-memory", "-a", "md5", "--block-size", "1G", "--duration", "0.1", "--sample-hz", "0"}};
  {
    // A cached file is copied on the hashing thread in pieces of at most 64 KiB whatever the block size (it once
    // took one 900 MiB allocation here and failed): it is hashed within the limit, with the digest it has.
    const ProcessResult limited = run({"prlimit", "--as=800000000", cliPath(), "hash", "-a", "md5", "--block-size", "1G",
                                       sparse.string()});
    const ProcessResult unlimited = run({cliPath(), "hash", "-a", "md5", sparse.string()});
    INFO(limited.err);
    CHECK(limited.exitCode == 0);
    CHECK(unlimited.exitCode == 0);
    CHECK(limited.out == unlimited.out);
  }
  for (const auto& command : commands) {
    std::vector<std::string> argv{"prlimit", "--as=800000000", cliPath()};
    argv.insert(argv.end(), command.begin(), command.end());
    const ProcessResult r = run(argv);
    INFO(command[0] << " " << command.back() << ": " << r.err);
    CHECK(r.exitCode == 1);
    CHECK(r.err.find("bad_alloc") == std::string::npos);
    const bool named = r.err.find("not enough memory") != std::string::npos ||
                       r.err.find("Not enough memory") != std::string::npos;
    CHECK(named);
    const bool knob = r.err.find("block size") != std::string::npos || r.err.find("--block-size") != std::string::npos;
    CHECK(knob);
  }
}
