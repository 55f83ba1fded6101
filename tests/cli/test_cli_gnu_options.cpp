// `hashscope-cli hash` and `check` with the options of GNU md5sum, sha*sum, b2sum and cksum (coreutils
// 9.x): the same lines, warnings and exit statuses as those tools.
#include "catch.hpp"
#include "skip.hpp"
#include "cli_helpers.hpp"
#include "machine.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace clitest;
namespace fs = std::filesystem;

namespace {

const std::string kEmptyMd5 = "d41d8cd98f00b204e9800998ecf8427e";

std::vector<std::string> with(std::vector<std::string> a, const std::vector<std::string>& b)
{
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// Files with the names that show every form: plain, a blank, an escape, a newline.
struct NamedFiles {
  TempDir dir;
  std::vector<std::string> paths;
  NamedFiles()
  {
    std::uint64_t seed = 21;
    for (const std::string name : {"plain", "two words", "back\\slash", "new\nline"}) {
      writeRandomFile(dir / name, 1000 + seed, seed);
      paths.push_back((dir / name).string());
      ++seed;
    }
  }
};

} // namespace

TEST_CASE("hash -b, -t, --tag, --untagged and -z print what md5sum prints with them", "[cli][hash][gnu]")
{
  if (!toolExists("md5sum"))
    HASHSCOPE_SKIP("md5sum is not installed");
  NamedFiles files;
  const std::vector<std::vector<std::string>> optionSets{
      {"-b"}, {"--binary"}, {"-t"}, {"--tag"}, {"-z"}, {"-z", "-b"}, {"--tag", "-z"}, {"-b", "-t"}, {"-t", "-b"}};
  for (const auto& options : optionSets) {
    INFO(options.front() << (options.size() > 1 ? " " + options[1] : ""));
    const ProcessResult expected = run(with(with({"md5sum"}, options), files.paths));
    REQUIRE(expected.exitCode == 0);
    const ProcessResult actual = runCli(with(with({"hash", "-a", "md5"}, options), files.paths));
    CHECK(actual.exitCode == 0);
    CHECK(actual.out == expected.out);
  }
  // --untagged undoes --tag (cksum's rule; md5sum has no --untagged): the last one holds.
  CHECK(runCli(with({"hash", "-a", "md5", "--tag", "--untagged"}, files.paths)).out ==
        run(with({"md5sum"}, files.paths)).out);
  // Like md5sum: --tag lines have no mode character, so --text (as the last word) is refused.
  const ProcessResult tagText = runCli({"hash", "-a", "md5", "--tag", "--text", files.paths.front()});
  CHECK(tagText.exitCode == 2);
  CHECK(isOneErrorLine(tagText.err));
}

TEST_CASE("hash -a blake2b -l BITS is b2sum -l BITS, and sha2 and sha3 take -l too", "[cli][hash][gnu]")
{
  TempDir dir;
  const fs::path file = dir / "data";
  writeRandomFile(file, 300000, 5);
  if (toolExists("b2sum")) {
    for (const char* bits : {"8", "128", "256", "504", "512"}) {
      INFO("-l " << bits);
      const ProcessResult expected = run({"b2sum", "-l", bits, file.string()});
      REQUIRE(expected.exitCode == 0);
      CHECK(runCli({"hash", "-a", "blake2b", "-l", bits, file.string()}).out == expected.out);
      CHECK(runCli({"hash", "-a", "blake2b", "--length", bits, "--tag", file.string()}).out ==
            run({"b2sum", "-l", bits, "--tag", file.string()}).out);
    }
    // blake2b-N by id, as -a takes any algorithm.
    CHECK(runCli({"hash", "-a", "blake2b-256", file.string()}).out == run({"b2sum", "-l", "256", file.string()}).out);
  } else {
    HASHSCOPE_SKIP_PART("b2sum is not installed: BLAKE2b lengths checked against RFC 7693 vectors only");
  }
  // RFC 7693 appendix A: BLAKE2b-512("abc"); and the 256-bit digest of "abc" (a different parameter block,
  // not the 512-bit one cut short).
  CHECK(runCli({"hash", "-a", "blake2b", "-l", "256"}, "abc").out ==
        "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319  -\n");
  CHECK(runCli({"hash", "-a", "sha2", "-l", "256"}, "abc").out ==
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  -\n");
  CHECK(runCli({"hash", "-a", "sha3", "-l", "224"}, "").out ==
        "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7  -\n");
  for (const std::vector<std::string>& bad : {std::vector<std::string>{"-a", "blake2b", "-l", "12"},
                                             {"-a", "blake2b", "-l", "520"},
                                             {"-a", "sha2"},
                                             {"-a", "sha3", "-l", "248"},
                                             {"-a", "md5", "-l", "128"}}) {
    INFO(bad[1] << " " << (bad.size() > 3 ? bad[3] : ""));
    const ProcessResult r = runCli(with(with({"hash"}, bad), {file.string()}));
    CHECK(r.exitCode == 2);
    CHECK(isOneErrorLine(r.err));
  }
}

TEST_CASE("hash --base64 and --raw write the digest as cksum does", "[cli][hash][gnu]")
{
  // The digests of the empty file in base64, from coreutils' tests/cksum/cksum-base64.pl.
  CHECK(runCli({"hash", "-a", "md5", "--base64", "--tag"}, "").out == "MD5 (-) = 1B2M2Y8AsgTpgAmY7PhCfg==\n");
  CHECK(runCli({"hash", "-a", "sha1", "--base64"}, "").out == "2jmj7l5rSw0yVb/vlWAYkK/YBwk=  -\n");
  CHECK(runCli({"hash", "-a", "sm3", "--base64", "--tag"}, "").out ==
        "SM3 (-) = GrIdg1XPoX+OYRlIMegajyK+yMco/vt0ftA161CCqis=\n");
  // cksum and sum lines have no digest text: --base64 leaves them as they are.
  CHECK(runCli({"hash", "-a", "cksum", "--base64"}, "").out == "4294967295 0\n");
  const ProcessResult raw = runCli({"hash", "-a", "md5", "--raw"}, "");
  CHECK(raw.exitCode == 0);
  CHECK(raw.out == std::string("\xd4\x1d\x8c\xd9\x8f\x00\xb2\x04\xe9\x80\x09\x98\xec\xf8\x42\x7e", 16));
  CHECK(runCli({"hash", "-a", "sum-bsd", "--raw"}, "a").out == std::string("\x00\x61", 2));
  CHECK(runCli({"hash", "-a", "md5", "--raw", "--base64"}, "").exitCode == 2);
  CHECK(runCli({"hash", "-a", "md5", "--raw", "/dev/null", "/dev/null"}).exitCode == 2);
}

TEST_CASE("hash reads devices and FIFOs given by name to their end, like md5sum", "[cli][hash][gnu]")
{
#ifdef _WIN32
  HASHSCOPE_SKIP("no /dev/null device file and no FIFOs on Windows");
#else
  CHECK(runCli({"hash", "-a", "md5", "/dev/null"}).out == kEmptyMd5 + "  /dev/null\n");
  TempDir dir;
  const fs::path fifo = dir / "fifo";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  std::thread writer([&] { writeTextFile(fifo, "abc"); }); // blocks until the CLI opens the FIFO
  const ProcessResult r = runCli({"hash", "-a", "md5", fifo.string()}, {}, 20);
  // A CLI that never opened the FIFO leaves the writer waiting in open(): a reader releases it.
  const int release = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  writer.join();
  if (release >= 0)
    ::close(release);
  CHECK(r.exitCode == 0);
  CHECK(r.out == "900150983cd24fb0d6963f7d28e17f72  " + fifo.string() + "\n");
#endif
}

TEST_CASE("hash -a cksum and sum name nothing when they read stdin without file operands", "[cli][hash][gnu]")
{
  CHECK(runCli({"hash", "-a", "cksum"}, "abc").out == "1219131554 3\n");
  CHECK(runCli({"hash", "-a", "sum-bsd"}, "abc").out == "16556     1\n");
  CHECK(runCli({"hash", "-a", "sum-sysv"}, "abc").out == "294 1\n");
  // Named on the command line, "-" is printed, as cksum - prints it; md5sum always names stdin "-".
  CHECK(runCli({"hash", "-a", "cksum", "-"}, "abc").out == "1219131554 3 -\n");
  CHECK(runCli({"hash", "-a", "md5"}, "abc").out == "900150983cd24fb0d6963f7d28e17f72  -\n");
  if (toolExists("cksum") && toolExists("sum")) {
    CHECK(runCli({"hash", "-a", "cksum"}, "abc").out == run({"cksum"}, "abc").out);
    CHECK(runCli({"hash", "-a", "sum-bsd"}, "abc").out == run({"sum"}, "abc").out);
  }
}

TEST_CASE("hash writes whole lines, each write a block of whole lines no bigger than PIPE_BUF", "[cli][hash][gnu]")
{
  if (!toolExists("strace"))
    HASHSCOPE_SKIP("strace is not installed (it shows each write the CLI makes)");
  if (run({"strace", "-o", "/dev/null", "true"}).exitCode != 0)
    HASHSCOPE_SKIP("strace cannot trace here (no ptrace in this container)");
  TempDir dir;
  // 400 files with long names: 100 lines make about 24 KiB, so blocks must be cut between lines.
  std::vector<std::string> args{"strace", "-f", "-qq", "-e", "trace=write", "-e", "signal=none", "-s", "8192",
                                "-o", (dir / "trace").string(), cliPath(), "hash", "-a", "md5", "-j", "2"};
  for (int i = 0; i < 400; ++i) {
    const fs::path file = dir / (std::string(180, 'n') + std::to_string(i));
    writeTextFile(file, std::to_string(i));
    args.push_back(file.string());
  }
  const ProcessResult r = run(args);
  REQUIRE(r.exitCode == 0);
  REQUIRE(splitLines(r.out).size() == 400);
  int writes = 0;
  for (const auto& line : splitLines(readTextFile(dir / "trace"))) {
    const auto at = line.find("write(1, \"");
    if (at == std::string::npos)
      continue;
    ++writes;
    INFO(line.substr(0, 200));
    const auto end = line.rfind("\", ");
    REQUIRE(end != std::string::npos);
    CHECK(line.substr(end - 2, 2) == "\\n"); // every block ends with a whole line
    const long size = std::stol(line.substr(end + 3));
    CHECK(size <= 4096);
  }
  CHECK(writes >= 25); // 400 lines of about 240 bytes: at least 24 blocks
}

TEST_CASE("check --strict, --warn, --quiet, --status and --ignore-missing as md5sum -c", "[cli][check][gnu]")
{
  TempDir dir;
  writeTextFile(dir / "f", "");
  const std::string list = (dir / "list").string();
  auto check = [&](const std::string& content, std::vector<std::string> options) {
    writeTextFile(list, content);
    options.insert(options.begin(), "check");
    options.push_back(list);
    return runCli(options);
  };
  const std::string f = (dir / "f").string();
  const std::string ok = kEmptyMd5 + "  " + f + "\n";
  const std::string bad = "00000000000000000000000000000000  " + f + "\n";

  // An improperly formatted line warns but passes; --strict fails it.
  ProcessResult r = check("junk\n" + ok, {});
  CHECK(r.exitCode == 0);
  CHECK(r.out == f + ": OK\n");
  CHECK(r.err == "hashscope-cli: WARNING: 1 line is improperly formatted\n");
  CHECK(check("junk\n" + ok, {"--strict"}).exitCode == 1);
  // --warn names each such line by its number.
  r = check(ok + "junk\n" + ok, {"--warn"});
  CHECK(r.err == "hashscope-cli: " + list + ": 2: improperly formatted checksum line\n"
                 "hashscope-cli: WARNING: 1 line is improperly formatted\n");
  // --quiet drops OK lines only, --status everything; the last of --status, --warn, --quiet holds.
  r = check(ok + bad, {"--quiet"});
  CHECK(r.out == f + ": FAILED\n");
  CHECK(r.exitCode == 1);
  r = check(ok + bad, {"--status"});
  CHECK(r.out.empty());
  CHECK(r.err.empty());
  CHECK(r.exitCode == 1);
  r = check(ok + bad, {"--status", "--quiet"});
  CHECK(r.out == f + ": FAILED\n");
  r = check(ok + "junk\n", {"--quiet", "--warn"});
  CHECK(r.out == f + ": OK\n");
  CHECK(r.err.find(": 2: improperly formatted") != std::string::npos);
  // --ignore-missing skips missing files, but a list that verified nothing fails.
  const std::string missing = kEmptyMd5 + "  " + (dir / "missing").string() + "\n";
  r = check(ok + missing, {"--ignore-missing"});
  CHECK(r.exitCode == 0);
  CHECK(r.out == f + ": OK\n");
  CHECK(r.err.empty());
  r = check(missing, {"--ignore-missing"});
  CHECK(r.exitCode == 1);
  CHECK(r.err == "hashscope-cli: " + list + ": no file was verified\n");
  r = check(missing, {});
  CHECK(r.exitCode == 1);
  CHECK(r.out == (dir / "missing").string() + ": FAILED open or read\n");
}

TEST_CASE("check names files as coreutils 9.11 does: quoted the shell's way where needed", "[cli][check][gnu]")
{
  TempDir dir;
  struct Name {
    std::string name, line, shown; // the file, its list line (escaped as md5sum writes it), the OK line's name
  };
  const std::vector<Name> names{{"plain", kEmptyMd5 + "  plain", "plain"},
                                {"two words", kEmptyMd5 + "  two words", "'two words'"},
                                {"a:b", kEmptyMd5 + "  a:b", "'a:b'"},
                                {"it's", kEmptyMd5 + "  it's", "\"it's\""},
                                {"back\\slash", "\\" + kEmptyMd5 + "  back\\\\slash", "'back\\slash'"},
                                {"new\nline", "\\" + kEmptyMd5 + "  new\\nline", "'new'$'\\n''line'"},
                                {"tab\there", kEmptyMd5 + "  tab\there", "'tab'$'\\t''here'"}};
  if (!toolExists("sh"))
    HASHSCOPE_SKIP("needs sh to start the CLI inside the folder of the listed names");
  std::string list, expected;
  for (const auto& n : names) {
    if (const std::string why = hashscope::test::whyNameNotHeld(dir.path(), n.name); !why.empty()) {
      HASHSCOPE_SKIP_PART(why);
      continue;
    }
    writeTextFile(dir / n.name, "");
    list += n.line + "\n";
    expected += n.shown + ": OK\n";
  }
  writeTextFile(dir / "list", list);
  ChildProcess child({"sh", "-c", "cd \"$1\" && exec \"$2\" check list", "sh", dir.path().string(), cliPath()});
  const ProcessResult r = child.wait(60);
  CHECK(r.exitCode == 0);
  CHECK(r.out == expected);
}

TEST_CASE("check reads devices in a list, and cksum --base64 and tagged b2sum -l lists", "[cli][check][gnu]")
{
  if (const std::string why = hashscope::test::whyNoPosixFile("/dev/null"); !why.empty())
    HASHSCOPE_SKIP(why);
  TempDir dir;
  writeTextFile(dir / "list", "MD5 (/dev/null) = 1B2M2Y8AsgTpgAmY7PhCfg==\n" + kEmptyMd5 + "  /dev/null\n" +
                                  "BLAKE2b-128 (/dev/null) = cae66941d9efbd404e4d88758ea67670\n");
  const ProcessResult r = runCli({"check", (dir / "list").string()});
  INFO(r.err);
  CHECK(r.exitCode == 0);
  CHECK(r.out == "/dev/null: OK\n/dev/null: OK\n/dev/null: OK\n");
}
