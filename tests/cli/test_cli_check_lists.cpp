// `hashscope-cli check` on the lists real tools write (b2sum, openssl dgst, xxhsum, md5sum in all the
// forms md5sum -c accepts), compared with what md5sum -c itself prints where it can read the list too.
#include "catch.hpp"
#include "skip.hpp"
#include "cli_helpers.hpp"
#include "shell_quoting.hpp"

#include <sys/stat.h>

using namespace clitest;
namespace fs = std::filesystem;

namespace {

const std::string kAbcMd5 = "900150983cd24fb0d6963f7d28e17f72";

// A few files with random content, listed by the tool in `writer` (nullopt when it is not installed).
struct Listed {
  TempDir dir;
  std::vector<std::string> paths;
  Listed()
  {
    for (std::uint64_t i = 0; i < 3; ++i) {
      paths.push_back((dir / ("f" + std::to_string(i))).string());
      writeRandomFile(paths.back(), 1000 + 4000 * i, 70 + i);
    }
  }
  std::string okLines() const
  {
    std::string out;
    for (const auto& path : paths)
      out += path + ": OK\n";
    return out;
  }
  // Writes the list the command prints for our files; false (a partial skip) when the tool is missing.
  bool writeList(std::vector<std::string> argv, const std::string& name)
  {
    if (!toolExists(argv.front())) {
      HASHSCOPE_SKIP_PART(argv.front() << " is not installed");
      return false;
    }
    argv.insert(argv.end(), paths.begin(), paths.end());
    const ProcessResult list = run(argv);
    REQUIRE(list.exitCode == 0);
    writeTextFile(dir / name, list.out);
    return true;
  }
};

} // namespace

TEST_CASE("check: untagged b2sum, openssl and xxhsum lists are checked with the algorithm that wrote them",
          "[cli][check]")
{
  Listed files;
  // The digest length alone does not tell: 128 hex digits are sha512, blake2b-512 or sha3-512; 64 are
  // sha256, sha512-256, sha3-256 or blake2s-256; 32 are md5 or xxh3-128.
  const std::vector<std::pair<std::vector<std::string>, std::string>> writers{
      {{"b2sum"}, "blake2b-512"},
      {{"openssl", "dgst", "-sha3-512", "-r"}, "sha3-512"},
      {{"openssl", "dgst", "-blake2s256", "-r"}, "blake2s-256"},
      {{"openssl", "dgst", "-sha3-256", "-r"}, "sha3-256"},
      {{"xxhsum", "-H2"}, "xxh3-128"},
      {{"xxhsum", "-H3"}, ""}, // tagged: no note expected
      {{"sha512sum"}, ""},     // the first candidate: no note
      {{"sha256sum"}, ""}};
  int checked = 0;
  for (const auto& [writer, algorithm] : writers) {
    INFO("list written by " << writer.front() << " " << (writer.size() > 2 ? writer[2] : ""));
    if (!files.writeList(writer, "list"))
      continue;
    const ProcessResult r = runCli({"check", (files.dir / "list").string()});
    INFO(r.err);
    CHECK(r.exitCode == 0);
    CHECK(r.out == files.okLines());
    if (algorithm.empty()) {
      CHECK(r.err.empty());
    } else {
      CHECK(r.err.find("checked as " + algorithm + " ") != std::string::npos);
      CHECK(splitLines(r.err).size() == 1);
    }
    // --status and --quiet print nothing for a good list.
    const ProcessResult quiet = runCli({"check", "--quiet", (files.dir / "list").string()});
    CHECK(quiet.exitCode == 0);
    CHECK(quiet.out.empty());
    CHECK(quiet.err.empty());
    ++checked;
  }
  if (checked == 0)
    HASHSCOPE_SKIP("none of the tools that write the lists is installed: no list checked");
}

TEST_CASE("check: a changed file in a b2sum list is FAILED, with the candidates named", "[cli][check]")
{
  Listed files;
  if (!files.writeList({"b2sum"}, "list"))
    HASHSCOPE_SKIP("b2sum is not installed");
  writeTextFile(files.paths[1], "changed");
  const ProcessResult r = runCli({"check", (files.dir / "list").string()});
  CHECK(r.exitCode == 1);
  CHECK(r.out == files.paths[0] + ": OK\n" + files.paths[1] + ": FAILED\n" + files.paths[2] + ": OK\n");
  CHECK(r.err.find("WARNING: 1 computed checksum did NOT match\n") != std::string::npos);
  CHECK(r.err.find("match none of sha512, blake2b-512, sha3-512") != std::string::npos);

  // -a decides: a b2sum list checked as sha512 fails everywhere, as blake2b-512 only where it should.
  const ProcessResult asSha512 = runCli({"check", "-a", "sha512", (files.dir / "list").string()});
  CHECK(asSha512.exitCode == 1);
  CHECK(splitLines(asSha512.out).size() == 3);
  CHECK(asSha512.out.find(": OK") == std::string::npos);
  const ProcessResult asBlake = runCli({"check", "-a", "blake2b-512", (files.dir / "list").string()});
  CHECK(asBlake.out == r.out);
  CHECK(asBlake.err.find("checked as") == std::string::npos);
}

namespace {

// The result lines of this machine's md5sum -c (coreutils 9.1) with their names quoted as coreutils 9.11
// quotes them, which check follows (" a: OK" became "' a': OK").
std::string requoted(const std::string& out)
{
  std::string result;
  for (const auto& line : splitLines(out)) {
    std::string name = line, status;
    for (const char* suffix : {": FAILED open or read", ": FAILED", ": OK"}) {
      const std::string end(suffix);
      if (line.size() > end.size() && line.compare(line.size() - end.size(), end.size(), end) == 0) {
        name = line.substr(0, line.size() - end.size());
        status = end;
        break;
      }
    }
    result += shellQuoted(name) + status + "\n";
  }
  return result;
}

} // namespace

TEST_CASE("check reads every line form md5sum -c reads, and prints what md5sum -c prints", "[cli][check]")
{
  if (!toolExists("md5sum"))
    HASHSCOPE_SKIP("md5sum is not installed");
  TempDir dir;
  const std::string a = (dir / "a").string();
  writeTextFile(a, "abc");
  const std::string& h = kAbcMd5;
  const std::vector<std::string> lists{
      h + " " + a + "\n",                       // BSD md5 -r: one space
      h + "\t" + a + "\n",                      // a tab
      "  " + h + "  " + a + "\n",               // leading blanks
      "\t" + h + " *" + a + "\n",               // leading tab, binary mark
      "MD5(" + a + ")= " + h + "\n",            // OpenSSL
      "MD5 (" + a + ")=" + h + "\n",            //
      "MD5(" + a + ")=" + h + "\n",             //
      " MD5 (" + a + ") = " + h + "\n",         //
      h + "  " + a + "\n" + h + " " + a + "\n", // md5 -r after a two-column line: improper
      h + " " + a + "\n" + h + "  " + a + "\n", // after md5 -r lines, "  a" is the name " a"
  };
  for (const auto& list : lists) {
    INFO("list: " << list);
    writeTextFile(dir / "list", list);
    const ProcessResult expected = run({"md5sum", "-c", (dir / "list").string()});
    const ProcessResult actual = runCli({"check", (dir / "list").string()});
    CHECK(actual.exitCode == expected.exitCode);
    CHECK(actual.out == requoted(expected.out));
    // The summary warnings read the same (error lines about missing files are worded differently).
    for (const auto& line : splitLines(expected.err))
      if (line.find("WARNING") != std::string::npos)
        CHECK(actual.err.find(line.substr(line.find("WARNING"))) != std::string::npos);
  }
  // openssl dgst's own output, as written.
  if (toolExists("openssl")) {
    const ProcessResult list = run({"openssl", "dgst", "-md5", a});
    writeTextFile(dir / "list", list.out);
    const ProcessResult r = runCli({"check", (dir / "list").string()});
    CHECK(r.exitCode == 0);
    CHECK(r.out == a + ": OK\n");
    for (const char* algorithm : {"-sha256", "-sha512", "-sha512-256", "-blake2b512"}) {
      INFO("openssl dgst " << algorithm);
      const ProcessResult tagged = run({"openssl", "dgst", algorithm, a});
      writeTextFile(dir / "list", tagged.out);
      CHECK(runCli({"check", (dir / "list").string()}).out == a + ": OK\n");
    }
  } else {
    HASHSCOPE_SKIP_PART("openssl is not on PATH: lists written by openssl dgst not checked");
  }
}

TEST_CASE("check reads a list from a pipe: check <(cat list)", "[cli][check]")
{
  if (!toolExists("bash"))
    HASHSCOPE_SKIP("bash is not installed");
  TempDir dir;
  writeTextFile(dir / "a", "abc");
  writeTextFile(dir / "list", kAbcMd5 + "  " + (dir / "a").string() + "\n");
  const ProcessResult r =
      run({"bash", "-c", "\"$0\" check <(cat \"$1\")", cliPath(), (dir / "list").string()}, {}, 30);
  CHECK_FALSE(r.timedOut);
  INFO(r.err);
  CHECK(r.exitCode == 0);
  CHECK(r.out == (dir / "a").string() + ": OK\n");

  // A FIFO as a file to check stays refused (reading it might never end).
  const fs::path fifo = dir / "fifo";
#ifdef _WIN32
  HASHSCOPE_SKIP("no FIFOs on Windows");
#else
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
#endif
  writeTextFile(dir / "list", kAbcMd5 + "  " + fifo.string() + "\n");
  const ProcessResult refused = runCli({"check", (dir / "list").string()}, {}, 30);
  CHECK_FALSE(refused.timedOut);
  CHECK(refused.exitCode == 1);
  CHECK(refused.out == fifo.string() + ": FAILED open or read\n");
}

TEST_CASE("check: a name with a NUL byte ends there, and the shown name is the checked one", "[cli][check]")
{
  TempDir dir;
  const std::string a = (dir / "a").string();
  writeTextFile(a, "abc");
  const std::vector<std::string> lists{kAbcMd5 + "  " + a + std::string(1, '\0') + "zzz\n",
                                       "MD5 (" + a + std::string(1, '\0') + "zzz) = " + kAbcMd5 + "\n"};
  for (const auto& list : lists) {
    writeTextFile(dir / "list", list);
    const ProcessResult r = runCli({"check", (dir / "list").string()});
    CHECK(r.exitCode == 0);
    CHECK(r.out == a + ": OK\n"); // what md5sum -c prints too: it reads the name as a C string
    if (toolExists("md5sum"))
      CHECK(run({"md5sum", "-c", (dir / "list").string()}).out == r.out);
    else
      HASHSCOPE_SKIP_PART("md5sum is not on PATH: not compared with md5sum -c");
  }
  // The name is "a", so a wrong digest is a FAILED of "a", not of a name nobody can open.
  writeTextFile(dir / "list", std::string(32, '0') + "  " + a + std::string(1, '\0') + "zzz\n");
  const ProcessResult wrong = runCli({"check", (dir / "list").string()});
  CHECK(wrong.exitCode == 1);
  CHECK(wrong.out == a + ": FAILED\n");
}
