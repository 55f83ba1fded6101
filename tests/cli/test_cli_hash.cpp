// `hashscope-cli hash` against the system tools: byte-identical output on random files of several sizes
// and awkward names, recursion with parallel jobs, stdin, and every bad input with its exit code.
#include "catch.hpp"
#include "skip.hpp"
#include "cli_helpers.hpp"
#include "machine.hpp"
#include "hashscope/hash.hpp"

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <memory>
#ifdef _WIN32
#include <windows.h>
#else
#include <sys/stat.h>
#include <unistd.h>
#endif

using namespace clitest;
namespace fs = std::filesystem;

namespace {

// Our algorithm id, and the reference command that must print the same bytes.
struct Reference {
  std::string algorithm;
  std::vector<std::string> tool;
};

const std::vector<Reference>& references()
{
  static const std::vector<Reference> list{{"md5", {"md5sum"}},
                                           {"sha1", {"sha1sum"}},
                                           {"sha224", {"sha224sum"}},
                                           {"sha256", {"sha256sum"}},
                                           {"sha384", {"sha384sum"}},
                                           {"sha512", {"sha512sum"}},
                                           {"blake2b-512", {"b2sum"}},
                                           {"blake3", {"b3sum"}},
                                           {"xxh32", {"xxhsum", "-H0"}},
                                           {"xxh64", {"xxhsum", "-H1"}},
                                           {"xxh3-128", {"xxhsum", "-H2"}},
                                           {"xxh3-64", {"xxhsum", "-H3"}},
                                           {"cksum", {"cksum"}},
                                           {"sum-bsd", {"sum", "-r"}},
                                           {"sum-sysv", {"sum", "-s"}}};
  return list;
}

// Files of the sizes the brief asks for: empty, one byte, odd, just over a 64 KiB block, ~5 MiB.
std::vector<std::string> makeSizedFiles(const TempDir& dir)
{
  std::vector<std::string> files;
  const std::uint64_t sizes[] = {0, 1, 1000, 65536 + 7, 5 * 1024 * 1024 + 3};
  std::uint64_t seed = 1;
  for (auto size : sizes) {
    const fs::path path = dir / ("file-" + std::to_string(size) + ".bin");
    writeRandomFile(path, size, seed++);
    files.push_back(path.string());
  }
  return files;
}

std::vector<std::string> makeAwkwardFiles(const TempDir& dir)
{
  std::vector<std::string> files;
  const std::string names[] = {"with space.txt", "back\\slash", "new\nline", "carriage\rreturn",
                               "star*and (paren)"};
  std::uint64_t seed = 100;
  for (const auto& name : names) {
    const std::uint64_t fileSeed = seed++;
    if (const std::string why = hashscope::test::whyNameNotHeld(dir.path(), name); !why.empty()) {
      HASHSCOPE_SKIP_PART(why);
      continue;
    }
    writeRandomFile(dir / name, 333, fileSeed);
    files.push_back((dir / name).string());
  }
  return files;
}

std::vector<std::string> concat(std::vector<std::string> a, const std::vector<std::string>& b)
{
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

bool toolAvailable(const Reference& ref)
{
  if (!toolExists(ref.tool.front())) {
    HASHSCOPE_SKIP_PART(ref.algorithm << ": " << ref.tool.front() << " is not installed");
    return false;
  }
  if (!hashscope::findAlgorithm(ref.algorithm)) {
    HASHSCOPE_SKIP_PART(ref.algorithm << ": not an algorithm of this build");
    return false;
  }
  return true;
}

} // namespace

TEST_CASE("hash prints exactly what the reference tools print", "[cli][hash]")
{
  TempDir dir;
  const auto files = concat(makeSizedFiles(dir), makeAwkwardFiles(dir));
  int compared = 0;
  for (const auto& ref : references()) {
    if (!toolAvailable(ref))
      continue;
    INFO("algorithm " << ref.algorithm);
    const ProcessResult expected = run(concat(ref.tool, files));
    REQUIRE(expected.exitCode == 0);
    const ProcessResult actual = runCli(concat({"hash", "-a", ref.algorithm}, files));
    CHECK(actual.exitCode == 0);
    CHECK(actual.err.empty());
    CHECK(actual.out == expected.out);
    ++compared;
  }
  if (compared == 0)
    HASHSCOPE_SKIP("none of the peer tools is installed: nothing compared");
}

TEST_CASE("hash -a blake3 prints b3sum's lines on all cores and with --threads-per-file 1", "[cli][hash]")
{
  if (!toolExists("b3sum"))
    HASHSCOPE_SKIP("b3sum is not installed");
  TempDir dir;
  const auto files = concat(makeSizedFiles(dir), makeAwkwardFiles(dir));
  const ProcessResult expected = run(concat({"b3sum"}, files));
  REQUIRE(expected.exitCode == 0);
  for (const char* threads : {"1", "2", "3"}) {
    INFO("--threads-per-file " << threads);
    const ProcessResult actual = runCli(concat({"hash", "-a", "blake3", "--threads-per-file", threads}, files));
    CHECK(actual.exitCode == 0);
    CHECK(actual.out == expected.out);
  }
  const ProcessResult bad = runCli({"hash", "-a", "blake3", "--threads-per-file", "0", files.front()});
  CHECK(bad.exitCode == 2);
  CHECK(bad.err.find("--threads-per-file") != std::string::npos);
}

TEST_CASE("hash --tag prints the BSD form of the coreutils tools", "[cli][hash]")
{
  TempDir dir;
  const auto files = concat(makeSizedFiles(dir), makeAwkwardFiles(dir));
  int compared = 0;
  for (const auto& ref : references()) {
    const std::string& tool = ref.tool.front();
    if (tool == "cksum" || tool == "sum" || tool == "b3sum") // no --tag
      continue;
    if (!toolAvailable(ref)) {
      HASHSCOPE_SKIP_PART(tool << " is not installed: " << ref.algorithm << " --tag not compared");
      continue;
    }
    ++compared;
    INFO("algorithm " << ref.algorithm);
    const ProcessResult expected = run(concat(concat(ref.tool, {"--tag"}), files));
    REQUIRE(expected.exitCode == 0);
    const ProcessResult actual = runCli(concat({"hash", "--tag", "-a", ref.algorithm}, files));
    CHECK(actual.exitCode == 0);
    CHECK(actual.out == expected.out);
  }
  if (compared == 0)
    HASHSCOPE_SKIP("none of the coreutils tools with --tag is installed: nothing compared");
}

TEST_CASE("hash with several algorithms prints BSD lines, file by file", "[cli][hash]")
{
  if (!toolExists("md5sum") || !toolExists("sha256sum"))
    HASHSCOPE_SKIP("md5sum or sha256sum missing");
  TempDir dir;
  const auto files = makeSizedFiles(dir);
  std::string expected;
  for (const auto& file : files)
    expected += run({"md5sum", "--tag", file}).out + run({"sha256sum", "--tag", file}).out;
  const ProcessResult actual = runCli(concat({"hash", "-a", "md5", "-a", "sha256"}, files));
  CHECK(actual.exitCode == 0);
  CHECK(actual.out == expected);
  CHECK(runCli(concat({"hash", "-a", "md5,sha256"}, files)).out == expected);
}

TEST_CASE("hash reads stdin for - and for no path", "[cli][hash]")
{
  const std::string data = "The quick brown fox jumps over the lazy dog";
  const ProcessResult dash = runCli({"hash", "-a", "md5", "-"}, data);
  CHECK(dash.exitCode == 0);
  CHECK(dash.out == "9e107d9d372bb6826bd81d3542a419d6  -\n");
  const ProcessResult none = runCli({"hash", "-a", "sha1"}, data);
  CHECK(none.out == "2fd4e1c67a2d28fced849ee1bb76e7391b93eb12  -\n");
}

TEST_CASE("hash -r -j 3 equals the per-file output in sorted order", "[cli][hash]")
{
  TempDir dir;
  const fs::path root = dir / "tree";
  // Names whose order is the same whether sorted as strings or as paths.
  const std::vector<std::string> relative{"a/x", "a/y/z", "b", "c/d/e/f", "c/g", "h"};
  std::uint64_t seed = 7;
  for (const auto& name : relative) {
    fs::create_directories((root / name).parent_path());
    writeRandomFile(root / name, 1000 * seed, seed);
    ++seed;
  }
  fs::create_directories(root / "empty-folder");
  std::vector<std::string> files;
  for (const auto& name : relative)
    files.push_back((root / name).string());

  const ProcessResult sequential = runCli({"hash", "-r", "-a", "sha256", root.string()});
  const ProcessResult parallel = runCli({"hash", "-r", "-j", "3", "-a", "sha256", root.string()});
  CHECK(sequential.exitCode == 0);
  CHECK(parallel.exitCode == 0);
  CHECK(parallel.out == sequential.out);
  if (toolExists("sha256sum")) {
    CHECK(parallel.out == run(concat({"sha256sum"}, files)).out);
  } else {
    HASHSCOPE_SKIP_PART("sha256sum missing: compared -j 3 with -j 1 only");
  }
  // A file given with -r is hashed as a file.
  CHECK(runCli({"hash", "-r", "-a", "sha256", files.front()}).out == splitLines(parallel.out).front() + "\n");
}

TEST_CASE("hash errors: one line each, exit 1, and the other files still hashed", "[cli][hash][errors]")
{
  TempDir dir;
  const fs::path good = dir / "good";
  writeTextFile(good, "abc");
  // Names in digest lines use '/' (Windows too: portable lists, no escapes).
  const std::string goodLine = "900150983cd24fb0d6963f7d28e17f72  " + good.generic_string() + "\n";

  SECTION("missing path")
  {
    const ProcessResult r = runCli({"hash", "-a", "md5", (dir / "missing").string(), good.string()});
    CHECK(r.exitCode == 1);
    CHECK(isOneErrorLine(r.err));
    CHECK(r.err.find("no such file") != std::string::npos);
    CHECK(r.out == goodLine);
  }
  SECTION("dangling symbolic link")
  {
    if (const std::string why = hashscope::test::whyNoSymlinks(dir.path()); !why.empty())
      HASHSCOPE_SKIP(why);
    fs::create_symlink(dir / "nowhere", dir / "dangling");
    const ProcessResult r = runCli({"hash", "-a", "md5", (dir / "dangling").string()});
    CHECK(r.exitCode == 1);
    CHECK(isOneErrorLine(r.err));
  }
  SECTION("folder without -r")
  {
    const ProcessResult r = runCli({"hash", "-a", "md5", dir.path().string()});
    CHECK(r.exitCode == 1);
    CHECK(isOneErrorLine(r.err));
    CHECK(r.err.find("-r") != std::string::npos);
  }
  SECTION("a device that never ends (/dev/zero) is read like md5sum reads it, until Ctrl-C stops it at once")
  {
    if (const std::string why = hashscope::test::whyNoPosixFile("/dev/zero"); !why.empty())
      HASHSCOPE_SKIP(why);
    if (const std::string why = hashscope::test::whyNoConsoleControlEvents(); !why.empty())
      HASHSCOPE_SKIP(why);
    ChildProcess child({cliPath(), "hash", "-a", "md5", "/dev/zero"});
    child.pump(0.5);
    child.signal(SIGINT);
    const ProcessResult r = child.wait(20);
    CHECK_FALSE(r.timedOut);
    CHECK(r.exitCode == 130);
    CHECK(r.seconds < 5);
    CHECK(r.out.empty());
  }
  SECTION("a FIFO and a device inside a -r tree are skipped with an error, not read")
  {
    const fs::path tree = dir / "tree";
    fs::create_directories(tree);
#ifdef _WIN32
    HASHSCOPE_SKIP("no FIFOs on Windows");
#else
    REQUIRE(::mkfifo((tree / "fifo").c_str(), 0600) == 0);
#endif
    writeTextFile(tree / "file", "abc");
    const ProcessResult r = runCli({"hash", "-r", "-a", "md5", tree.string()}, {}, 20);
    CHECK_FALSE(r.timedOut);
    CHECK(r.exitCode == 1);
    CHECK(isOneErrorLine(r.err));
    CHECK(r.out == "900150983cd24fb0d6963f7d28e17f72  " + (tree / "file").string() + "\n");
  }
  SECTION("unreadable file")
  {
    std::vector<fs::path> unreadable;
#ifdef _WIN32
    // Permission bits cannot make a file unreadable on Windows; a file another program holds open
    // without sharing cannot be opened (a sharing violation), which is what users meet.
    unreadable.push_back(dir / "locked");
    writeTextFile(unreadable.back(), "secret");
    const HANDLE held = CreateFileW(unreadable.back().c_str(), GENERIC_READ, 0, nullptr, OPEN_EXISTING, 0, nullptr);
    REQUIRE(held != INVALID_HANDLE_VALUE);
    const std::unique_ptr<void, decltype(&CloseHandle)> closeHeld(held, &CloseHandle);
#else
    if (!isRoot()) {
      unreadable.push_back(dir / "locked");
      writeTextFile(unreadable.back(), "secret");
      fs::permissions(unreadable.back(), fs::perms::none);
    } else {
      // Root reads through permission bits, but not these: write-only sysctl and sysfs attributes refuse
      // to open for reading (EACCES), and /proc/self/mem fails on read (EIO: its first page is unmapped).
      for (const fs::path candidate :
           {"/proc/sys/vm/compact_memory", "/sys/bus/pci/rescan", "/proc/self/mem"}) {
        std::error_code ec;
        if (fs::exists(candidate, ec))
          unreadable.push_back(candidate);
      }
      if (unreadable.empty())
        HASHSCOPE_SKIP("running as root and no file that fails to read for root was found");
    }
#endif
    for (const auto& path : unreadable) {
      INFO(path);
      const ProcessResult r = runCli({"hash", "-a", "md5", path.string(), good.string()}, {}, 20);
      CHECK(r.exitCode == 1);
      CHECK(isOneErrorLine(r.err));
      CHECK(r.err.find(path.string()) != std::string::npos);
      CHECK(r.out == goodLine);
    }
  }
  SECTION("pseudo-files that report size 0 are read to the end, as md5sum does")
  {
    if (!toolExists("md5sum") || !fs::exists("/proc/self/stat"))
      HASHSCOPE_SKIP("needs md5sum and /proc");
    // /proc/version is stable while we compare (unlike /proc/self/*).
    const ProcessResult r = runCli({"hash", "-a", "md5", "/proc/version"});
    CHECK(r.exitCode == 0);
    CHECK(r.out == run({"md5sum", "/proc/version"}).out);
    CHECK(r.out.rfind("d41d8cd98f00b204e9800998ecf8427e", 0) != 0);
  }
  SECTION("zero-length file has the empty digest")
  {
    writeTextFile(dir / "empty", "");
    const ProcessResult r = runCli({"hash", "-a", "md5", (dir / "empty").string()});
    CHECK(r.exitCode == 0);
    CHECK(r.out == "d41d8cd98f00b204e9800998ecf8427e  " + (dir / "empty").generic_string() + "\n");
  }
  SECTION("symbolic link loop in -r mode")
  {
    if (const std::string why = hashscope::test::whyNoSymlinks(dir.path()); !why.empty())
      HASHSCOPE_SKIP(why);
    const fs::path tree = dir / "looped";
    fs::create_directories(tree / "sub");
    writeTextFile(tree / "sub" / "file", "abc");
    fs::create_directory_symlink("..", tree / "sub" / "back-up"); // sub/back-up -> looped
    // Followed only with --follow (a link that stays inside the tree): without it, no link is followed at all.
    CHECK(runCli({"hash", "-r", "-a", "md5", tree.string()}, {}, 30).exitCode == 0);
    const ProcessResult r = runCli({"hash", "-r", "--follow", "-a", "md5", tree.string()}, {}, 30);
    CHECK_FALSE(r.timedOut);
    CHECK(r.exitCode == 1);
    CHECK(isOneErrorLine(r.err));
    CHECK(r.err.find("loop") != std::string::npos);
    CHECK(r.out.find("900150983cd24fb0d6963f7d28e17f72  ") != std::string::npos);
  }
  SECTION("symbolic link pointing at itself, given as a file")
  {
    if (const std::string why = hashscope::test::whyNoSymlinks(dir.path()); !why.empty())
      HASHSCOPE_SKIP(why);
    fs::create_symlink(dir / "self", dir / "self");
    const ProcessResult r = runCli({"hash", "-a", "md5", (dir / "self").string()});
    CHECK(r.exitCode == 1);
    CHECK(isOneErrorLine(r.err));
    CHECK(r.err.find("loop") != std::string::npos);
  }
}

TEST_CASE("hash usage errors exit 2 with one line", "[cli][hash][errors]")
{
  const std::vector<std::vector<std::string>> cases{{"hash", "-a", "nosuchalgo", "x"},
                                                    {"hash", "x"},
                                                    {"hash", "--bogus", "-a", "md5"},
                                                    {"hash", "-a"},
                                                    {"hash", "-a", "md5", "-j", "0"},
                                                    {"hash", "-a", "md5", "-j", "x"},
                                                    {"hash", "-a", "md5", "--block-size", "lots"},
                                                    {"hash", "-a", "md5", "--tag=yes"}};
  for (const auto& args : cases) {
    INFO(args[1] << " " << (args.size() > 2 ? args[2] : ""));
    const ProcessResult r = runCli(args);
    CHECK(r.exitCode == 2);
    CHECK(isOneErrorLine(r.err));
    CHECK(r.out.empty());
  }
}

TEST_CASE("Ctrl-C stops hash: exit 130 within a moment", "[cli][hash][signal]")
{
  if (const std::string why = hashscope::test::whyNoConsoleControlEvents(); !why.empty())
    HASHSCOPE_SKIP(why);
  TempDir dir;
  // A sparse 16 GiB file: no disk space used, and far too much to hash before the signal arrives.
  const fs::path big = dir / "sparse";
  writeTextFile(big, "");
  fs::resize_file(big, 16ull * 1024 * 1024 * 1024);
  ChildProcess child({cliPath(), "hash", "-a", "sha512", "-j", "2", big.string(), big.string()});
  child.pump(1.0);
  child.signal(SIGINT);
  const ProcessResult r = child.wait(20);
  CHECK_FALSE(r.timedOut);
  CHECK(r.exitCode == 130);
  CHECK(r.seconds < 5);
  CHECK(r.out.empty());
  CHECK(isOneErrorLine(r.err));
}

TEST_CASE("hash and check read sysfs and procfs files to their end, like md5sum", "[cli][hash]")
{
  // sysfs says 4096 bytes and procfs 0 whatever a file holds: reading only the stat size fails ("got
  // shorter") or misses data.
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator("/sys/block", ec))
    if (fs::exists(entry.path() / "size"))
      files.push_back((entry.path() / "size").string());
  if (fs::exists("/proc/version"))
    files.push_back("/proc/version");
  if (files.empty() || !toolExists("md5sum"))
    HASHSCOPE_SKIP("no /sys/block or /proc here, or no md5sum");
  const ProcessResult expected = run(concat({"md5sum"}, files));
  REQUIRE(expected.exitCode == 0);
  const ProcessResult actual = runCli(concat({"hash", "-a", "md5"}, files));
  INFO(actual.err);
  CHECK(actual.exitCode == 0);
  CHECK(actual.out == expected.out);

  TempDir dir;
  writeTextFile(dir / "list", expected.out);
  const ProcessResult checked = runCli({"check", (dir / "list").string()});
  CHECK(checked.exitCode == 0);
  CHECK(checked.out.find("FAILED") == std::string::npos);
}
