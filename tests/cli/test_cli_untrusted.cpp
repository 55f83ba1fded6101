// Untrusted runs and hostile trees through the CLI: the run library and exports lose nothing (a failed
// write says so and exits 1, a killed bench leaves no empty -o file, remove is all or nothing, imports go
// file by file), stored strings reach neither the terminal as control characters nor a spreadsheet as a
// formula, reading commands create nothing and take no write lock, a read-only or full history is called
// what it is, and no test hook is read from the environment.
#include "catch.hpp"
#include "cli_helpers.hpp"
#include "json_helpers.hpp"
#include "machine.hpp"
#include "skip.hpp"

#include <cctype>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <set>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace clitest;
namespace fs = std::filesystem;

namespace {

const fs::path kRuns = fs::path(HASHSCOPE_TEST_DATA_DIR) / "runs";

ProcessResult history(const fs::path& db, std::vector<std::string> args, double timeout = 120)
{
  args.insert(args.begin(), "history");
  args.push_back("--history-db");
  args.push_back(db.string());
  return runCli(args, {}, timeout);
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// run_a.json with `from` replaced by `to` (once), written to `file`.
fs::path hostileRun(const fs::path& file, const std::string& from, const std::string& to)
{
  std::string json = readTextFile(kRuns / "run_a.json");
  const auto at = json.find(from);
  REQUIRE(at != std::string::npos);
  writeTextFile(file, json.replace(at, from.size(), to));
  return file;
}

bool hasControl(const std::string& text)
{
  for (const char c : text)
    if ((static_cast<unsigned char>(c) < 0x20 && c != '\n') || c == 0x7f)
      return true;
  return false;
}

// Runs `argv` in a private mount namespace where `folder` is a small tmpfs (`size`), where `before` runs
// first, and which is then filled to the last byte (one file can still be created there, not filled).
// What is left there afterwards comes back on stderr.
ProcessResult runOnFullDisk(const fs::path& folder, const std::vector<std::string>& argv, const std::string& before = {},
                            const std::string& size = "64k")
{
  const std::string script = "mount -t tmpfs -o size=" + size + " hashscope-full \"$0\" || exit 99; " + before +
                             "cat /dev/zero > \"$0/filler\" 2>/dev/null; \"$@\"; rc=$?; "
                             "echo \"left: $(ls -A \"$0\" | tr '\\n' ' ')\" >&2; exit $rc";
  std::vector<std::string> full{"unshare", isRoot() ? "-m" : "-rm", "sh", "-c", script, folder.string()};
  full.insert(full.end(), argv.begin(), argv.end());
  return run(full);
}

} // namespace

TEST_CASE("history export says when the file could not be written and exits 1", "[cli][history][untrusted]")
{
  TempDir dir;
  const fs::path db = dir / "h.sqlite";
  REQUIRE(history(db, {"import", (kRuns / "run_a.json").string()}).exitCode == 0);
  if (const std::string why = hashscope::test::whyNoPosixFile("/dev/full"); !why.empty())
    HASHSCOPE_SKIP(why);
  // Before: the error commit() returned was ignored, and export exited 0.
  ProcessResult r = history(db, {"export", "1", "-o", "/dev/full", "--force"});
  INFO(r.err);
  CHECK(r.exitCode == 1);
  CHECK(isOneErrorLine(r.err));
  CHECK(contains(r.err, "cannot write /dev/full"));

  if (!toolExists("unshare") || !toolExists("mount"))
    HASHSCOPE_SKIP_PART("needs unshare and mount: the full-disk export is not tried");
  const fs::path full = dir / "full";
  fs::create_directories(full);
  r = runOnFullDisk(full, {cliPath(), "history", "export", "1", "-o", (full / "run.json").string(), "--history-db",
                           db.string()});
  if (r.exitCode == 99 || contains(r.err, "unshare:"))
    HASHSCOPE_SKIP_PART("cannot mount a tmpfs here (" << r.err << ")");
  else {
    CHECK(r.exitCode == 1);
    CHECK(contains(r.err, "No space left on device"));
    CHECK(contains(r.err, "left: filler \n"));  // no run.json, empty or partial, and no temporary file
  }
}

TEST_CASE("a bench killed with SIGKILL leaves no empty -o file, and the next run can write it",
          "[cli][bench][untrusted]")
{
  TempDir dir;
  const fs::path out = dir / "run.json";
  const std::vector<std::string> bench = {"bench", "-w", "hash-memory", "-a", "md5", "--duration", "30",
                                          "--sample-hz", "0", "--no-save", "-f", "json", "-o", out.string()};
  {
    ChildProcess child([&] {
      std::vector<std::string> argv{cliPath()};
      argv.insert(argv.end(), bench.begin(), bench.end());
      return argv;
    }());
    // The output file is reserved (beside its name) before the benchmark starts.
    for (int i = 0; i < 200 && listFolder(dir.path()).empty(); ++i)
      child.pump(0.05);
    REQUIRE_FALSE(listFolder(dir.path()).empty());
    child.signal(SIGKILL);
    child.wait(30);
  }
  CHECK_FALSE(fs::exists(out));  // before: an empty run.json, and "already exists" for the next run
  auto quick = bench;
  quick[6] = "0.1";
  const ProcessResult r = runCli(quick);
  INFO(r.err);
  CHECK(r.exitCode == 0);
  CHECK(parseJson(readTextFile(out))["results"].array.size() == 1);
}

TEST_CASE("history remove is all or nothing, import goes file by file and stores a file once",
          "[cli][history][untrusted]")
{
  TempDir dir;
  const fs::path db = dir / "h.sqlite";
  writeTextFile(dir / "bad.json", "{\"schema\": \"hashscope.run/3\", \"results\": [1,]}");
  ProcessResult r = history(db, {"import", (kRuns / "run_a.json").string(), (dir / "bad.json").string(),
                                 (kRuns / "run_b.json").string()});
  INFO(r.err);
  CHECK(r.exitCode == 1);
  CHECK(isOneErrorLine(r.err));
  CHECK(contains(r.err, "bad.json"));
  CHECK(contains(r.out, "run_a.json as run 1"));
  CHECK(contains(r.out, "run_b.json as run 2"));  // before: import stopped at the bad file

  r = history(db, {"import", (kRuns / "run_a.json").string()});
  CHECK(r.exitCode == 0);
  CHECK(contains(r.out, "already in the history as run 1: not imported again"));
  CHECK(parseJson(history(db, {"list", "-f", "json"}).out)["runs"].array.size() == 2);
  r = history(db, {"import", "--allow-duplicate", (kRuns / "run_a.json").string()});
  CHECK(contains(r.out, "as run 3"));

  r = history(db, {"remove", "1", "999"});
  CHECK(r.exitCode == 1);
  CHECK(isOneErrorLine(r.err));
  CHECK(contains(r.err, "no run 999 in the history: nothing was removed"));
  CHECK(parseJson(history(db, {"list", "-f", "json"}).out)["runs"].array.size() == 3);  // run 1 is still there
}

TEST_CASE("reading commands never create a history file or its folder", "[cli][history][untrusted]")
{
  TempDir dir;
  const fs::path db = dir / "typo" / "h.sqlite";
  ProcessResult r = history(db, {"list"});
  CHECK(r.exitCode == 0);
  CHECK(contains(r.out, "There is no history at"));
  for (const std::vector<std::string>& args : {std::vector<std::string>{"show", "1"}, {"compare", "1", "2"},
                                               {"export", "1"}, {"remove", "1"}, {"rename", "1", "x"}}) {
    r = history(db, args);
    CHECK(r.exitCode == 1);
    CHECK(isOneErrorLine(r.err));
  }
  r = history(db, {"baseline"});
  CHECK(r.exitCode == 0);
  CHECK(r.out == "no baseline set\n");
  r = runCli({"plan", "--data", "1T", "--time", "1m", "--history-db", db.string()});
  CHECK(r.exitCode == 1);
  CHECK_FALSE(fs::exists(dir / "typo"));
  r = runCli({"history", "list", "--history-db", ":memory:"});
  CHECK(r.exitCode == 2);  // SQLite's name for a database that keeps nothing
  CHECK(contains(r.err, "would keep nothing"));
}

TEST_CASE("stored strings reach the terminal with their control characters escaped", "[cli][history][untrusted]")
{
  TempDir dir;
  const fs::path db = dir / "h.sqlite";
  // An OSC 52 clipboard write and a screen clear as the CPU's name; a C1 CSI as the OS.
  const fs::path run = hostileRun(dir / "hostile.json", "\"Example CPU 8C\"", "\"\\u001b]52;c;cHduZWQ=\\u0007\\u001b[2J\"");
  std::string json = readTextFile(run);
  json.replace(json.find("\"Linux 6.1.0-13-amd64 x86_64\""), 29, "\"Linux\\u009b31m\"");
  writeTextFile(run, json);
  REQUIRE(history(db, {"import", run.string(), "--name", "n\x1b[1mame"}).exitCode == 0);
  REQUIRE(history(db, {"import", (kRuns / "run_b.json").string()}).exitCode == 0);
  for (const std::vector<std::string>& args : {std::vector<std::string>{"list"}, {"show", "1"}, {"compare", "1", "2"},
                                               {"baseline", "1"}, {"baseline"}}) {
    const ProcessResult r = history(db, args);
    INFO(args.front() << ": " << r.out << r.err);
    CHECK(r.exitCode == 0);
    CHECK_FALSE(hasControl(r.out + r.err));
    CHECK_FALSE(contains(r.out, "\xc2\x9b"));
  }
  CHECK(contains(history(db, {"show", "1"}).out, "\\x1b]52;c;"));
  const ProcessResult plan = runCli({"plan", "--data", "1T", "--time", "1m", "--run", "1", "--history-db", db.string()});
  CHECK_FALSE(hasControl(plan.out + plan.err));

  // A location named with an escape, measured here, then listed.
  if (const std::string why = hashscope::test::whyNameNotHeld(dir.path(), "loc\x1b]0;T\x07"); !why.empty()) {
    HASHSCOPE_SKIP_PART(why << ": no location is named with an escape");
    return;
  }
  const fs::path location = dir / "loc\x1b]0;T\x07";
  fs::create_directories(location);
  const ProcessResult bench = runCli({"bench", "--location", location.string(), "-w", "hash-memory", "-a", "md5",
                                      "--duration", "0.1", "--sample-hz", "0", "--history-db", db.string()});
  INFO(bench.err);
  CHECK(bench.exitCode == 0);
  const ProcessResult list = history(db, {"list"});
  CHECK_FALSE(hasControl(list.out));
}

TEST_CASE("bench --data shows a FIFO named with an escape escaped in its Skipped lines", "[cli][bench][untrusted]")
{
  TempDir dir;
  const fs::path tree = dir / "tree";
  fs::create_directories(tree);
  writeRandomFile(tree / "a.bin", 64 * 1024, 1);
#ifdef _WIN32
  HASHSCOPE_SKIP("no FIFOs on Windows");
#else
  REQUIRE(::mkfifo((tree / "\x1b]0;X\x07").c_str(), 0600) == 0);
#endif
  const ProcessResult r = runCli({"bench", "--data", tree.string(), "-a", "md5", "--duration", "0.1", "--sample-hz",
                                  "0", "--no-save"});
  INFO(r.out << r.err);
  CHECK(contains(r.out, "Skipped: "));
  CHECK_FALSE(hasControl(r.out + r.err));
}

TEST_CASE("CSV cells that a spreadsheet would run as a formula start with a quote", "[cli][history][untrusted]")
{
  TempDir dir;
  const fs::path db = dir / "h.sqlite";
  const fs::path run = hostileRun(dir / "formula.json", "\"Linux 6.1.0-13-amd64 x86_64\"", "\"=cmd|' /C calc'!A0\"");
  REQUIRE(history(db, {"import", run.string()}).exitCode == 0);
  REQUIRE(history(db, {"import", (kRuns / "run_b.json").string()}).exitCode == 0);
  ProcessResult r = history(db, {"list", "-f", "csv"});
  INFO(r.out);
  CHECK(contains(r.out, ",'=cmd|' /C calc'!A0,"));
  CHECK_FALSE(contains(r.out, ",=cmd"));
  r = history(db, {"compare", "1", "2", "-f", "csv"});
  CHECK(contains(r.out, ",-10,"));  // numbers stay numbers
}

TEST_CASE("history import refuses invalid JSON, a folder and a file of any size beyond a run's, and takes a BOM",
          "[cli][history][untrusted]")
{
  TempDir dir;
  const fs::path db = dir / "h.sqlite";
  ProcessResult r = history(db, {"import", hostileRun(dir / "bytes.json", "\"Example CPU 8C\"", "\"\xff\xfe\"").string()});
  CHECK(r.exitCode == 1);
  CHECK(contains(r.err, "invalid UTF-8"));
  r = history(db, {"import", hostileRun(dir / "num.json", "\"logical_cores\": 8", "\"logical_cores\": +02.").string()});
  CHECK(r.exitCode == 1);
  CHECK(contains(r.err, "malformed number"));
  r = history(db, {"import", dir.path().string()});
  CHECK(r.exitCode == 1);
  CHECK(contains(r.err, "is a folder"));  // before: "invalid JSON at byte 0"
  if (const std::string why = hashscope::test::whyNoPosixFile("/dev/zero"); !why.empty()) {
    HASHSCOPE_SKIP_PART(why << ": no import of a device");
  } else {
    r = history(db, {"import", "/dev/zero"});
    CHECK(r.exitCode == 1);
    CHECK(contains(r.err, "not a regular file"));
  }
  const fs::path huge = dir / "huge.json";
  writeTextFile(huge, "");
  fs::resize_file(huge, (257ull << 20));
  r = history(db, {"import", huge.string()});
  CHECK(r.exitCode == 1);
  CHECK(contains(r.err, "larger than 256 MiB"));

  writeTextFile(dir / "bom.json", "\xEF\xBB\xBF" + readTextFile(kRuns / "run_a.json"));
  r = history(db, {"import", (dir / "bom.json").string()});
  INFO(r.err);
  CHECK(r.exitCode == 0);
  CHECK(history(db, {"export", "1"}).out == readTextFile(kRuns / "run_a.json"));
  r = history(db, {"import", hostileRun(dir / "inf.json", "\"mb_per_s\": 610", "\"mb_per_s\": 1e309").string()});
  CHECK(r.exitCode == 1);
  CHECK(contains(r.err, "results[0].mb_per_s is infinite"));
}

TEST_CASE("plan: no wrapped core count, and a size too big for a number is a usage error", "[cli][plan][untrusted]")
{
  ProcessResult r = runCli({"plan", "--data", "10E", "--time", "1s", "-a", "md5", "--file", (kRuns / "run_a.json").string()});
  INFO(r.out << r.err);
  REQUIRE(r.exitCode == 0);
  CHECK(contains(r.out, "about 16393442623 cores"));
  r = runCli({"plan", "--data", std::string(400, '9'), "--time", "1s", "--file", (kRuns / "run_a.json").string()});
  CHECK(r.exitCode == 2);
  CHECK(contains(r.err, "is not a size"));
}

TEST_CASE("a history on a read-only disk is read, and changes to it are refused as read-only",
          "[cli][history][untrusted]")
{
  ReadOnlyMount mount([](const fs::path& root) {
    const ProcessResult r = runCli({"history", "import", (kRuns / "run_a.json").string(), "--history-db",
                                    (root / "h.sqlite").string()});
    REQUIRE(r.exitCode == 0);
  });
  if (!mount.ok())
    HASHSCOPE_SKIP("no read-only mount here (needs root and mount rights)");
  const fs::path db = mount.path() / "h.sqlite";
  ProcessResult r = history(db, {"list"});
  INFO(r.err);
  CHECK(r.exitCode == 0);  // before: "not a HashScope history database ... choose another file"
  CHECK(contains(r.out, "Example CPU 8C"));
  CHECK(history(db, {"show", "1", "-f", "json"}).out == readTextFile(kRuns / "run_a.json"));
  r = history(db, {"import", (kRuns / "run_b.json").string()});
  CHECK(r.exitCode == 1);
  CHECK(contains(r.err, "read-only here"));
  CHECK_FALSE(contains(r.err, "not a HashScope history database"));
}

TEST_CASE("an import into a history on a full disk says the disk is full", "[cli][history][untrusted]")
{
  if (!toolExists("unshare") || !toolExists("mount"))
    HASHSCOPE_SKIP("needs unshare and mount (util-linux)");
  TempDir dir;
  const fs::path full = dir / "full";
  fs::create_directories(full);
  const fs::path db = full / "h.sqlite";
  // The history exists (one run) before the disk fills up.
  const std::string before = "\"" + cliPath() + "\" history import \"" + (kRuns / "run_a.json").string() +
                             "\" --history-db \"" + db.string() + "\" >/dev/null || exit 98; ";
  const ProcessResult r = runOnFullDisk(full, {cliPath(), "history", "import", (kRuns / "board_suite.json").string(),
                                               "--history-db", db.string()}, before, "1m");
  if (r.exitCode == 99 || contains(r.err, "unshare:"))
    HASHSCOPE_SKIP("cannot mount a tmpfs here (" << r.err << ")");
  INFO(r.err);
  CHECK(r.exitCode == 1);
  CHECK(contains(r.err, "is full"));
  CHECK_FALSE(contains(r.err, "not a HashScope history database"));
}

TEST_CASE("no test hook is read from the environment", "[cli][history][untrusted]")
{
  if (!toolExists("env"))
    HASHSCOPE_SKIP("needs env to start the CLI with the old hook's variable set");
  TempDir dir;
  const fs::path victim = dir / "victim.txt";
  writeTextFile(victim, "precious\n");
  // Before: HASHSCOPE_TEST_PAUSE_IN_SAVE truncated this file and hung inside the write transaction.
  const ProcessResult r = run({"env", "HASHSCOPE_TEST_PAUSE_IN_SAVE=" + victim.string(), cliPath(), "history", "import",
                               (kRuns / "run_a.json").string(), "--history-db", (dir / "h.sqlite").string()},
                              {}, 60);
  INFO(r.err);
  CHECK_FALSE(r.timedOut);
  CHECK(r.exitCode == 0);
  CHECK(readTextFile(victim) == "precious\n");
  // bench saves its run another way (RunLibrary::save, where the hook once was).
  const ProcessResult saved =
      run({"env", "HASHSCOPE_TEST_PAUSE_IN_SAVE=" + victim.string(), cliPath(), "bench", "-w", "hash-memory", "-a",
           "md5", "--duration", "0.05", "--sample-hz", "0", "--history-db", (dir / "h.sqlite").string()},
          {}, 60);
  INFO(saved.err);
  CHECK_FALSE(saved.timedOut);
  CHECK(saved.exitCode == 0);
  CHECK(readTextFile(victim) == "precious\n");

  // And under any name: every environment variable the product's sources read is one it documents for users,
  // named where it is read (a read of a name made elsewhere could be any name). A new one belongs in this list
  // (and in the README) only if it is meant for them.
  const std::set<std::string> documented = {"\"HOME\"", "\"TMPDIR\"", "\"PATH\"", "\"XDG_DATA_HOME\"",
                                            "\"HASHSCOPE_HISTORY_DB\"", "L\"HASHSCOPE_HISTORY_DB\"", "L\"PATH\"", "L\"USERPROFILE\"",
                                            "\"LC_ALL\"", "\"LC_CTYPE\"", "\"LANG\"" /* names.cpp: is the locale UTF-8 */};
  // The whole environment, by name of the file that may use it, and why.
  const std::set<std::pair<std::string, std::string>> wholeEnvironment = {
      {"core/src/peer/process_posix.cpp", "environ"}};  // handed on to the peer tools it starts, unread
  const fs::path top = fs::path(HASHSCOPE_TEST_DATA_DIR).parent_path().parent_path();
  const auto isIdentifier = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  int reads = 0;
  for (const char* part : {"core", "app"}) {
    for (const auto& entry : fs::recursive_directory_iterator(top / part)) {
      const std::string ext = entry.path().extension().string();
      if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".hpp" && ext != ".h" && ext != ".mm"))
        continue;
      const std::string file = fs::relative(entry.path(), top).generic_string();
      std::ifstream in(entry.path());
      std::string line;
      for (int number = 1; std::getline(in, line); ++number) {
        // Reads of one variable: the name must be a documented literal.
        for (const char* call : {"getenv(", "_wgetenv(", "GetEnvironmentVariableW(", "GetEnvironmentVariableA(",
                                 "GetEnvironmentVariable(", "qEnvironmentVariable(", "qgetenv(",
                                 "qEnvironmentVariableIsSet(", "qEnvironmentVariableIsEmpty(",
                                 "qEnvironmentVariableIntValue(", "getenv_s(", "_wgetenv_s(", "_dupenv_s("}) {
          for (std::size_t at = line.find(call); at != std::string::npos; at = line.find(call, at + 1)) {
            if (at > 0 && std::isalnum(static_cast<unsigned char>(line[at - 1])))
              continue;  // part of another name (secure_getenv is a getenv: '_' does not end the match)
            const std::size_t from = at + std::strlen(call);
            const std::string argument = line.substr(from, line.find_first_of(",)", from) - from);
            ++reads;
            INFO(file << ":" << number << ": " << line);
            CHECK(documented.count(argument) == 1);
          }
        }
        // The whole environment (every name in it): only where listed above.
        for (const char* whole : {"environ", "_wenviron", "__environ", "QProcessEnvironment", "GetEnvironmentStrings",
                                  "GetEnvironmentStringsW", "_NSGetEnviron"}) {
          const std::size_t length = std::strlen(whole);
          for (std::size_t at = line.find(whole); at != std::string::npos; at = line.find(whole, at + 1)) {
            if ((at > 0 && isIdentifier(line[at - 1])) ||
                (at + length < line.size() && isIdentifier(line[at + length])))
              continue;  // part of a longer name ("environment")
            ++reads;
            INFO(file << ":" << number << ": " << line);
            CHECK(wholeEnvironment.count({file, whole}) == 1);
          }
        }
      }
    }
  }
  CHECK(reads >= 12);  // the scan found the reads there are
}

TEST_CASE("small things: --sample-hz is a rate, not seconds", "[cli][bench][untrusted]")
{
  const ProcessResult r = runCli({"bench", "-w", "hash-memory", "--sample-hz", "1e9"});
  CHECK(r.exitCode == 2);
  CHECK(isOneErrorLine(r.err));
  CHECK(contains(r.err, "--sample-hz (expected 0..1000)"));
  CHECK_FALSE(contains(r.err, "seconds"));
}

TEST_CASE("bench --data does not follow links, and with --follow never out of the folder", "[cli][bench][untrusted]")
{
  TempDir dir;
  const fs::path tree = dir / "tree";
  fs::create_directories(tree / "sub");
  fs::create_directories(dir / "outside");
  writeRandomFile(tree / "a.bin", 100 * 1024, 1);
  writeRandomFile(tree / "sub" / "b.bin", 50 * 1024, 2);
  writeRandomFile(dir / "outside" / "secret.bin", 70 * 1024, 3);
  if (const std::string why = hashscope::test::whyNoSymlinks(tree); !why.empty())
    HASHSCOPE_SKIP(why);
  fs::create_directory_symlink("/", tree / "backup");
  fs::create_directory_symlink("../outside", tree / "up");
  fs::create_directory_symlink("sub", tree / "inside");
  const std::vector<std::string> bench = {"bench", "--data", tree.string(), "-a", "md5", "-w", "hash-tree",
                                          "--sample-hz", "0", "--no-save", "-f", "json"};
  ProcessResult r = runCli(bench, {}, 120);
  INFO(r.err);
  REQUIRE(r.exitCode == 0);  // before: the walk went through the whole filesystem
  Json result = parseJson(r.out)["results"].array.at(0);
  CHECK(result["files"].number == 2);
  CHECK(result["bytes"].number == 150 * 1024);
  CHECK(contains(r.err, "3 symbolic links were not followed"));

  auto follow = bench;
  follow.push_back("--follow");
  r = runCli(follow, {}, 120);
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  result = parseJson(r.out)["results"].array.at(0);
  CHECK(result["files"].number == 3);  // a.bin, sub/b.bin and inside/b.bin; never / or ../outside
  CHECK(result["bytes"].number == 200 * 1024);
  CHECK(contains(r.err, "2 symbolic links were not followed"));
  CHECK(runCli({"bench", "--follow", "-w", "hash-memory"}).exitCode == 2);
}

TEST_CASE("bench --data names and counts the files it could not read, and exits 1", "[cli][bench][untrusted]")
{
#ifdef _WIN32
  HASHSCOPE_SKIP("Windows has no owner read bit to take away: std::filesystem::permissions sets the read-only attribute");
#endif
  if (isRoot() && !toolExists("setpriv"))
    HASHSCOPE_SKIP("running as root without setpriv: every file is readable");
  TempDir dir;
  const fs::path tree = dir / "tree";
  fs::create_directories(tree);
  writeRandomFile(tree / "ok.bin", 2 * 1024 * 1024, 1);
  writeRandomFile(tree / "secret.bin", 1024 * 1024, 2);
  fs::permissions(tree / "secret.bin", fs::perms::owner_write);
  fs::permissions(dir.path(), fs::perms::all);
  fs::permissions(tree, fs::perms::all);
  std::vector<std::string> argv{"bench", "--data", tree.string(), "-a", "md5", "-w", "hash-tree",
                                "--sample-hz", "0", "--no-save", "-f", "json"};
  if (isRoot()) {  // as the unprivileged user "nobody": permissions apply
    argv.insert(argv.begin(), cliPath());
    for (const char* arg : {"--clear-groups", "--regid=65534", "--reuid=65534", "setpriv"})
      argv.insert(argv.begin(), arg);
  } else {
    argv.insert(argv.begin(), cliPath());
  }
  const ProcessResult r = run(argv);
  INFO(r.err);
  CHECK(r.exitCode == 1);  // before: 0, and one file fewer measured than announced
  CHECK(contains(r.err, "not read: " + (tree / "secret.bin").string()));
  CHECK(contains(r.err, "1 file or folder of the data could not be read"));
  CHECK(parseJson(r.out)["results"].array.at(0)["files"].number == 1);
}

TEST_CASE("a step that failed stays in the results with its error, and the run's status says so",
          "[cli][bench][untrusted]")
{
  // A peer tool that fails: a fake md5sum first on PATH.
  if (!toolExists("env") || !toolExists("sh"))
    HASHSCOPE_SKIP("needs env and sh: the failing peer tool is a shell script put first on PATH");
  TempDir dir;
  fs::create_directories(dir / "bin");
  writeTextFile(dir / "bin" / "md5sum", "#!/bin/sh\nexit 3\n");
  fs::permissions(dir / "bin" / "md5sum", fs::perms::owner_all);
  writeRandomFile(dir / "data.bin", 256 * 1024, 1);
  const fs::path db = dir / "h.sqlite";
  const char* path = std::getenv("PATH");
  const std::string fakePath = "PATH=" + (dir / "bin").string() + ":" + (path ? path : "/usr/bin:/bin");
  auto bench = [&](const std::string& format, const fs::path& out) {
    return run({"env", fakePath, cliPath(), "bench", "--data", (dir / "data.bin").string(), "-a", "md5", "-w",
                "hash-file", "--peers", "--sample-hz", "0", "--history-db", db.string(), "-f", format, "-o",
                out.string()});
  };
  ProcessResult r = bench("json", dir / "run.json");
  INFO(r.err);
  CHECK(r.exitCode == 1);
  CHECK(contains(r.err, "md5sum failed with exit status 3"));
  const Json doc = parseJson(readTextFile(dir / "run.json"));
  CHECK(doc["status"].string == "failed");  // before: "finished", and the md5sum step was not there
  bool found = false;
  for (const Json& result : doc["results"].array)
    found = found || contains(result["error"].string, "md5sum failed with exit status 3");
  CHECK(found);
  r = bench("csv", dir / "run.csv");
  CHECK(contains(readTextFile(dir / "run.csv"), "md5sum failed with exit status 3."));
  // The history keeps it too.
  const Json list = parseJson(history(db, {"list", "-f", "json"}).out);
  REQUIRE(list["runs"].array.size() == 2);
  CHECK(list["runs"].array[0]["status"].string == "failed");
  r = history(db, {"show", "1"});
  CHECK(contains(r.out, "failed"));
}
