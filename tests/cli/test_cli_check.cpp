// `hashscope-cli check` reads the lists the reference tools write, and reports like `md5sum -c`.
#include <algorithm>

#include "catch.hpp"
#include "skip.hpp"
#include "cli_helpers.hpp"
#include "machine.hpp"
#include "shell_quoting.hpp"

#include <sys/stat.h>

using namespace clitest;
namespace fs = std::filesystem;

namespace {

struct Files {
  TempDir dir;
  std::vector<std::string> paths;
  Files()
  {
    const std::string names[] = {"one", "two words", "back\\slash", "new\nline"};
    std::uint64_t seed = 11;
    for (const auto& name : names) {
      const std::uint64_t fileSeed = seed++;
      if (const std::string why = hashscope::test::whyNameNotHeld(dir.path(), name); !why.empty()) {
        HASHSCOPE_SKIP_PART(why);
        continue;
      }
      writeRandomFile(dir / name, 4096 + fileSeed, fileSeed);
      paths.push_back((dir / name).string());
    }
  }
};

// What check prints for files that match: their names as coreutils 9.11's md5sum -c shows them.
std::string okLines(const std::vector<std::string>& paths)
{
  std::string out;
  for (const auto& path : paths)
    out += shellQuoted(path) + ": OK\n";
  return out;
}

} // namespace

TEST_CASE("check verifies lists written by the coreutils tools", "[cli][check]")
{
  Files files;
  const std::vector<std::vector<std::string>> writers{{"md5sum"},
                                                      {"sha1sum"},
                                                      {"sha256sum"},
                                                      {"sha512sum"},
                                                      {"sha256sum", "--tag"},
                                                      {"md5sum", "--binary"},
                                                      {"b2sum", "--tag"},
                                                      {"xxhsum", "-H1"},
                                                      {"xxhsum", "-H3"}};
  int checked = 0;
  for (const auto& writer : writers) {
    if (!toolExists(writer.front())) {
      HASHSCOPE_SKIP_PART(writer.front() << " is not installed");
      continue;
    }
    INFO("list written by " << writer.front() << (writer.size() > 1 ? " " + writer[1] : ""));
    std::vector<std::string> argv = writer;
    std::vector<std::string> paths = files.paths;
    if (writer.front() == "xxhsum") // xxhsum 0.8 does not escape names, so a newline in a name breaks its own list
      paths.erase(std::remove_if(paths.begin(), paths.end(),
                                 [](const std::string& p) { return p.find('\n') != std::string::npos; }),
                  paths.end());
    argv.insert(argv.end(), paths.begin(), paths.end());
    const ProcessResult list = run(argv);
    REQUIRE(list.exitCode == 0);
    writeTextFile(files.dir / "list", list.out);
    const ProcessResult r = runCli({"check", (files.dir / "list").string()});
    CHECK(r.exitCode == 0);
    CHECK(r.err.empty());
    CHECK(r.out == okLines(paths));
    ++checked;
  }
  if (checked == 0)
    HASHSCOPE_SKIP("none of the tools that write the lists is installed: no list checked");
}

TEST_CASE("check verifies the lists hashscope-cli hash writes", "[cli][check]")
{
  Files files;
  std::vector<std::string> args{"hash", "-a", "md5", "-a", "sha3-256", "-a", "blake2b-512"};
  args.insert(args.end(), files.paths.begin(), files.paths.end());
  const ProcessResult list = runCli(args);
  REQUIRE(list.exitCode == 0);
  writeTextFile(files.dir / "list", list.out);
  const ProcessResult r = runCli({"check", (files.dir / "list").string()});
  CHECK(r.exitCode == 0);
  CHECK(splitLines(r.out).size() == files.paths.size() * 3);
  CHECK(r.out.find("FAILED") == std::string::npos);
}

// One rule for files of size 0 in stat, in hash and in check: the engine reads them to their end (an empty file,
// and a kernel pseudo file whose size says nothing of its content).
TEST_CASE("check reads files of size 0 to their end, as hash does", "[cli][check]")
{
  TempDir dir;
  const fs::path empty = dir / "empty";
  writeTextFile(empty, "");
  std::vector<std::string> args{"hash", "-a", "md5", empty.string()};
  if (fs::exists("/proc/version") && fs::file_size("/proc/version") == 0)
    args.push_back("/proc/version");
  const ProcessResult list = runCli(args);
  REQUIRE(list.exitCode == 0);
  CHECK(list.out.find("d41d8cd98f00b204e9800998ecf8427e") != std::string::npos);
  if (args.size() > 4)  // /proc/version has content: not the digest of nothing
    CHECK(splitLines(list.out).back().find("d41d8cd98f00b204e9800998ecf8427e") == std::string::npos);
  writeTextFile(dir / "list", list.out);
  const ProcessResult r = runCli({"check", (dir / "list").string()});
  CHECK(r.exitCode == 0);
  CHECK(splitLines(r.out).size() == args.size() - 3);
  CHECK(r.out.find("FAILED") == std::string::npos);
}

TEST_CASE("check reports FAILED, unreadable files and bad lines like md5sum -c", "[cli][check]")
{
  if (!toolExists("md5sum"))
    HASHSCOPE_SKIP("md5sum is not installed: its list and md5sum -c's messages are the reference");
  Files files;
  const ProcessResult list = run({"md5sum", files.paths[0], files.paths[1]});
  if (list.exitCode != 0)
    HASHSCOPE_SKIP("md5sum not available");
  writeTextFile(files.paths[1], "changed");
  const fs::path fifo = files.dir / "fifo";
#ifdef _WIN32
  HASHSCOPE_SKIP("no FIFOs on Windows");
#else
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
#endif
  const std::string text = list.out + "d41d8cd98f00b204e9800998ecf8427e  " +
                           (files.dir / "missing").string() + "\nthis line is not a checksum\n" +
                           "d41d8cd98f00b204e9800998ecf8427e  " + fifo.string() + "\n";
  writeTextFile(files.dir / "list", text);
  const ProcessResult r = runCli({"check", (files.dir / "list").string()}, {}, 30);
  CHECK_FALSE(r.timedOut);
  CHECK(r.exitCode == 1);
  CHECK(r.out == files.paths[0] + ": OK\n" + shellQuoted(files.paths[1]) + ": FAILED\n" +
                     (files.dir / "missing").string() + ": FAILED open or read\n" + fifo.string() +
                     ": FAILED open or read\n");
  CHECK(r.err.find("hashscope-cli: WARNING: 1 line is improperly formatted\n") != std::string::npos);
  CHECK(r.err.find("hashscope-cli: WARNING: 2 listed files could not be read\n") != std::string::npos);
  CHECK(r.err.find("hashscope-cli: WARNING: 1 computed checksum did NOT match\n") != std::string::npos);

  const ProcessResult quiet = runCli({"check", "--quiet", (files.dir / "list").string()}, {}, 30);
  CHECK(quiet.out.find(": OK") == std::string::npos);
  // --status prints no result and no summary; like md5sum -c, files that cannot be read are still named.
  const ProcessResult status = runCli({"check", "--status", (files.dir / "list").string()}, {}, 30);
  CHECK(status.exitCode == 1);
  CHECK(status.out.empty());
  CHECK(splitLines(status.err).size() == 2);
  CHECK(status.err.find("WARNING") == std::string::npos);
}

TEST_CASE("check: -a for untagged lines, stdin lists, and no valid line", "[cli][check]")
{
  TempDir dir;
  writeTextFile(dir / "abc", "abc");
  // An xxh3-128 digest is 32 hex digits like md5: without -a both are tried, with -a md5 only md5.
  const std::string xxh128Line = "06b05ab6733a618578af5f94892f3950  " + (dir / "abc").string() + "\n";
  writeTextFile(dir / "list", xxh128Line);
  const ProcessResult guessed = runCli({"check", (dir / "list").string()});
  CHECK(guessed.exitCode == 0);
  CHECK(guessed.out == (dir / "abc").string() + ": OK\n");
  CHECK(guessed.err.find("checked as xxh3-128") != std::string::npos);
  CHECK(runCli({"check", "-a", "md5", (dir / "list").string()}).exitCode == 1);
  const ProcessResult forced = runCli({"check", "-a", "xxh3-128", (dir / "list").string()});
  CHECK(forced.exitCode == 0);
  CHECK(forced.out == (dir / "abc").string() + ": OK\n");

  const ProcessResult fromStdin =
      runCli({"check", "-"}, "900150983cd24fb0d6963f7d28e17f72 *" + (dir / "abc").string() + "\n");
  CHECK(fromStdin.exitCode == 0);
  CHECK(fromStdin.out == (dir / "abc").string() + ": OK\n");

  writeTextFile(dir / "junk", "nothing here\n");
  const ProcessResult junk = runCli({"check", (dir / "junk").string()});
  CHECK(junk.exitCode == 1);
  CHECK(isOneErrorLine(junk.err));
  CHECK(junk.err.find("no properly formatted") != std::string::npos);

  const ProcessResult missing = runCli({"check", (dir / "no-list").string()});
  CHECK(missing.exitCode == 1);
  CHECK(isOneErrorLine(missing.err));

  const ProcessResult badAlgo = runCli({"check", "-a", "nope", (dir / "list").string()});
  CHECK(badAlgo.exitCode == 2);
  CHECK(isOneErrorLine(badAlgo.err));
}
