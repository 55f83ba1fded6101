// hashscope-cli started as md5sum, sha*sum, b2sum, cksum, sum, b3sum or xxhsum (the links install-links
// makes): the same output, messages and exit statuses as the system's tools, plus -j N.
#include "catch.hpp"
#include "skip.hpp"
#include "cli_helpers.hpp"
#include "tool_links.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace clitest;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> with(std::vector<std::string> a, const std::vector<std::string>& b)
{
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

std::vector<std::string> someFiles(const TempDir& dir)
{
  std::vector<std::string> files;
  std::uint64_t seed = 3;
  for (const std::string name : {"empty", "small", "big file", "back\\slash", "new\nline"}) {
    writeRandomFile(dir / name, name == "empty" ? 0 : name == "big file" ? 3 * 1024 * 1024 + 5 : 777, seed++);
    files.push_back((dir / name).string());
  }
  return files;
}

// Runs the system's `tool` and the link of the same name with the same arguments; both must print the same
// and end the same. The link's messages start with its full path, the system tool's with its name: the
// link is run by name from a PATH that starts with the links' folder.
// Runs the link named argv[0] by name, from a PATH that starts with the links' folder (its messages then start
// with its name, as the system tool's do). The link must be there and lead to the CLI under test: otherwise
// PATH would find the system's tool.
ProcessResult runLinkByName(const ToolLinks& links, const std::vector<std::string>& argv,
                            const std::string& stdinData = {})
{
  links(argv.front());  // requires the link
  const std::string path = links.dir().string() + ":" + std::getenv("PATH");
  return run(with({"env", "PATH=" + path}, argv), stdinData);
}

// Runs the system's `tool` and the link of the same name with the same arguments; both must print the same
// and end the same.
void expectSame(const ToolLinks& links, const std::vector<std::string>& argv, const std::string& stdinData = {})
{
  INFO(argv.front() << (argv.size() > 1 ? " " + argv[1] : "") << (argv.size() > 2 ? " " + argv[2] : ""));
  const ProcessResult expected = run(argv, stdinData);
  const ProcessResult actual = runLinkByName(links, argv, stdinData);
  CHECK(actual.out == expected.out);
  CHECK(actual.err == expected.err);
  CHECK(actual.exitCode == expected.exitCode);
}

} // namespace

TEST_CASE("install-links makes a link per tool and never replaces an existing file", "[cli][multicall]")
{
  if (const std::string why = whyNoToolLinks(); !why.empty())
    HASHSCOPE_SKIP(why);
  TempDir dir;
  writeTextFile(dir / "sum", "mine");
  const ProcessResult r = runCli({"install-links", dir.path().string()});
  CHECK(r.exitCode == 1);
  CHECK(isOneErrorLine(r.err));
  CHECK(r.err.find("sum") != std::string::npos);
  CHECK(readTextFile(dir / "sum") == "mine");
  for (const std::string& tool : linkedTools()) {
    INFO(tool);
    if (tool == "sum")
      CHECK_FALSE(fs::is_symlink(dir / tool));
    else
      CHECK(isLinkToCli(dir / tool));
  }
  // Again: the links are there already, the foreign file still is not replaced.
  const ProcessResult again = runCli({"install-links", dir.path().string()});
  CHECK(again.exitCode == 1);
  CHECK(again.out.find("already there") != std::string::npos);
  CHECK(readTextFile(dir / "sum") == "mine");
  CHECK(runCli({"install-links", (dir / "missing").string()}).exitCode == 1);
  // In an empty folder: every tool's link, sum too, and nothing else.
  TempDir empty;
  const ProcessResult made = runCli({"install-links", empty.path().string()});
  CHECK(made.exitCode == 0);
  std::size_t entries = 0;
  for (const auto& entry : fs::directory_iterator(empty.path())) {
    INFO(entry.path().string());
    ++entries;
    CHECK(isLinkToCli(entry.path()));
  }
  CHECK(entries == linkedTools().size());
  CHECK(isLinkToCli(empty / "sum"));
}

TEST_CASE("the links print what the system's md5sum, sha*sum, b2sum, cksum and sum print", "[cli][multicall]")
{
  if (const std::string why = whyNoToolLinks(); !why.empty())
    HASHSCOPE_SKIP(why);
  ToolLinks links;
  TempDir dir;
  const std::vector<std::string> files = someFiles(dir);
  const std::vector<std::vector<std::string>> commands{
      {"md5sum"},        {"md5sum", "-b"},   {"md5sum", "--tag"},  {"md5sum", "-z"},     {"sha1sum"},
      {"sha224sum"},     {"sha256sum"},      {"sha384sum"},        {"sha512sum", "--tag"},
      {"b2sum"},         {"b2sum", "-l", "128"}, {"b2sum", "--tag", "-l", "256"}, {"cksum"}, {"sum"},
      {"sum", "-s"},     {"cksum", "-a", "sha256"}, {"cksum", "-a", "md5", "--untagged"},
      {"cksum", "-a", "blake2b", "-l", "128"}, {"cksum", "-a", "sysv"}, {"cksum", "-a", "sm3"},
      {"md5sum", "-j", "3"}, {"sha256sum", "-j", "2", "--tag"}};
  for (const auto& command : commands) {
    if (!toolExists(command.front())) {
      HASHSCOPE_SKIP_PART(command.front() << " is not installed");
      continue;
    }
    if (std::find(command.begin(), command.end(), "-j") != command.end()) {
      // -j is HashScope's: the same output as one job.
      std::vector<std::string> serial;
      for (std::size_t i = 1; i < command.size(); ++i)
        if (command[i] == "-j")
          ++i;
        else
          serial.push_back(command[i]);
      const ProcessResult expected = run(with(with({command.front()}, serial), files));
      const ProcessResult actual = links.run(command.front(), with({command.begin() + 1, command.end()}, files));
      CHECK(actual.out == expected.out);
      CHECK(actual.exitCode == 0);
      continue;
    }
    expectSame(links, with(command, files));
    expectSame(links, command, "from stdin"); // stdin: md5sum names it "-", cksum and sum not at all
  }
}

TEST_CASE("the links word problems as the tools: their name, the system's error text, exit 1", "[cli][multicall]")
{
  if (const std::string why = whyNoToolLinks(); !why.empty())
    HASHSCOPE_SKIP(why);
  ToolLinks links;
  TempDir dir;
  writeTextFile(dir / "f", "abc");
  const std::string f = (dir / "f").string();
  const std::string missing = (dir / "missing").string();
  const std::vector<std::vector<std::string>> commands{
      {"md5sum", missing, f},                 // a missing file, and the other still hashed
      {"sha256sum", dir.path().string(), f},  // a folder
      {"cksum", missing},                     //
      {"md5sum", "--bogus"},                  // usage errors: getopt's words, then "Try ... --help", exit 1
      {"md5sum", "-x"},                       //
      {"md5sum", "--s", f},                   // an ambiguous abbreviation
      {"md5sum", "--tag=1", f},               //
      {"md5sum", "--tag", "--check", f},      //
      {"md5sum", "--tag", "--text", f},       //
      {"md5sum", "--status", f},              // check-only options without --check
      {"md5sum", "--ignore-missing", f},      //
      {"md5sum", "-z", "-c", f},              //
      {"b2sum", "-l", "12", f},               // not a multiple of 8
      {"b2sum", "-l", "1024", f},             // too long
      {"b2sum", "-l"},                        //
      {"sum", "--bogus"},                     //
      {"md5sum", "--chec", f},                // an abbreviation that works: f is no list
      {"md5sum", "--check", missing}};
  for (const auto& command : commands) {
    if (!toolExists(command.front())) {
      HASHSCOPE_SKIP_PART(command.front() << " is not installed");
      continue;
    }
    expectSame(links, command);
  }
  // Where coreutils 9.11 words it otherwise than 9.1, the links follow 9.11.
  const ProcessResult length = links.run("cksum", {"-l", "128", f});
  CHECK(length.exitCode == 1);
  CHECK(length.err == links("cksum") + ": --length is only supported with --algorithm blake2b, sha2, or sha3\n");
  const ProcessResult bsdCheck = links.run("cksum", {"-a", "bsd", "--check", f});
  CHECK(bsdCheck.exitCode == 1);
  CHECK(bsdCheck.err == links("cksum") + ": --check is not supported with --algorithm={bsd,sysv,crc,crc32b}\n");
  // Started by a path, the messages start with that path, as coreutils' do.
  const ProcessResult byPath = links.run("md5sum", {missing});
  CHECK(byPath.err == links("md5sum") + ": " + missing + ": No such file or directory\n");
  // cksum -a with a name it does not know lists the ones it does (coreutils 9.11's list), exit 1.
  const ProcessResult bad =
      run({"env", "LC_ALL=C", "PATH=" + links.dir().string() + ":/usr/bin:/bin", "cksum", "-a", "sha22"});
  CHECK(bad.exitCode == 1);
  CHECK(bad.err.rfind("cksum: invalid argument 'sha22' for '--algorithm'\nValid arguments are:\n  - 'bsd'\n", 0) == 0);
  CHECK(bad.err.find("  - 'sha3'\n") != std::string::npos);
  CHECK(bad.err.find("Try 'cksum --help' for more information.\n") != std::string::npos);
}

TEST_CASE("the links check lists like md5sum -c and cksum -c", "[cli][multicall]")
{
  if (const std::string why = whyNoToolLinks(); !why.empty())
    HASHSCOPE_SKIP(why);
  ToolLinks links;
  TempDir dir;
  writeTextFile(dir / "a", "abc");
  writeTextFile(dir / "b", "");
  const std::string a = (dir / "a").string(), b = (dir / "b").string(), gone = dir.path().string() + "/gone";
  const std::string md5a = "900150983cd24fb0d6963f7d28e17f72", md5b = "d41d8cd98f00b204e9800998ecf8427e";
  // Each list with what md5sum -c (coreutils 9.1) prints for it: the link must print that with or without a
  // system md5sum, which (where installed) is compared with the link too. LIST stands for the list's path.
  struct List {
    std::string content;
    std::vector<std::string> options;
    std::string out, err;
    int exitCode;
  };
  const std::string junkList = md5b + "  " + a + "\n" + "junk\n" + md5b + "  " + b + "\n";
  const std::string twoWarnings =
      "md5sum: WARNING: 1 line is improperly formatted\nmd5sum: WARNING: 1 computed checksum did NOT match\n";
  const std::vector<List> lists{
      {md5a + "  " + a + "\n" + md5b + "  " + b + "\n", {}, a + ": OK\n" + b + ": OK\n", "", 0},
      {junkList, {}, a + ": FAILED\n" + b + ": OK\n", twoWarnings, 1},
      {junkList, {"--warn"}, a + ": FAILED\n" + b + ": OK\n",
       "md5sum: LIST: 2: improperly formatted MD5 checksum line\n" + twoWarnings, 1},
      {junkList, {"--strict", "--quiet"}, a + ": FAILED\n", twoWarnings, 1},
      {md5a + "  " + a + "\n" + md5b + "  " + gone + "\n", {}, a + ": OK\n" + gone + ": FAILED open or read\n",
       "md5sum: " + gone + ": No such file or directory\nmd5sum: WARNING: 1 listed file could not be read\n", 1},
      {md5a + "  " + a + "\n" + md5b + "  " + gone + "\n", {"--ignore-missing"}, a + ": OK\n", "", 0},
      {md5b + "  " + gone + "\n", {"--ignore-missing"}, "", "md5sum: LIST: no file was verified\n", 1},
      {"MD5 (" + a + ") = " + md5a + "\n" + "SHA1 (" + a + ") = " + md5a + "\n", {}, a + ": OK\n",
       "md5sum: WARNING: 1 line is improperly formatted\n", 0},
      {"junk\n", {}, "", "md5sum: LIST: no properly formatted checksum lines found\n", 1},
      {md5a + "  " + a + "\r\n", {"--status"}, "", "", 0}};
  const bool peer = toolExists("md5sum");
  if (!peer)
    HASHSCOPE_SKIP_PART("md5sum (coreutils) is not installed: the link's md5sum -c output is checked against the "
                        "lines coreutils 9.1 prints, not against a system md5sum");
  int n = 0;
  for (const auto& list : lists) {
    const std::string name = (dir / ("list" + std::to_string(n++))).string();
    INFO("md5sum -c of list " << n - 1);
    writeTextFile(name, list.content);
    const std::vector<std::string> argv = with(with({"md5sum", "-c"}, list.options), {name});
    const ProcessResult r = runLinkByName(links, argv);
    std::string err = list.err;
    for (std::size_t at; (at = err.find("LIST")) != std::string::npos;)
      err.replace(at, 4, name);
    CHECK(r.out == list.out);
    CHECK(r.err == err);
    CHECK(r.exitCode == list.exitCode);
    if (peer)
      expectSame(links, argv);
  }
  // cksum -c: tagged lines of any digest, untagged ones with -a.
  const std::string tagged = (dir / "tagged").string();
  writeTextFile(tagged, "SHA256 (" + a + ") = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad\n" +
                            "BLAKE2b-128 (" + b + ") = cae66941d9efbd404e4d88758ea67670\n" + "MD5 (" + b + ") = " + md5a +
                            "\n");
  if (toolExists("cksum"))
    expectSame(links, {"cksum", "-c", tagged});
  else
    HASHSCOPE_SKIP_PART("cksum (coreutils) is not installed: the link's cksum -c is checked against fixed lines only");
  const ProcessResult r = runLinkByName(links, {"cksum", "-c", tagged});
  CHECK(r.out == a + ": OK\n" + b + ": OK\n" + b + ": FAILED\n");
  CHECK(r.err == "cksum: WARNING: 1 computed checksum did NOT match\n");
  CHECK(r.exitCode == 1);
}

TEST_CASE("the b3sum and xxhsum links print what b3sum and xxhsum print", "[cli][multicall]")
{
  if (const std::string why = whyNoToolLinks(); !why.empty())
    HASHSCOPE_SKIP(why);
  ToolLinks links;
  TempDir dir;
  const std::vector<std::string> files = someFiles(dir);
  const std::vector<std::string> plain(files.begin(), files.begin() + 3); // xxhsum does not escape names
  if (toolExists("b3sum")) {
    for (const std::vector<std::string>& options : {std::vector<std::string>{}, {"--no-names"}, {"--num-threads", "1"}}) {
      const ProcessResult expected = run(with(with({"b3sum"}, options), files));
      CHECK(links.run("b3sum", with(options, files)).out == expected.out);
    }
    writeTextFile(dir / "list", run(with({"b3sum"}, files)).out);
    CHECK(links.run("b3sum", {"-c", (dir / "list").string()}).out == run({"b3sum", "-c", (dir / "list").string()}).out);
  } else {
    HASHSCOPE_SKIP_PART("b3sum is not installed");
  }
  if (toolExists("xxhsum")) {
    for (const std::vector<std::string>& options :
         {std::vector<std::string>{}, {"-H0"}, {"-H1"}, {"-H2"}, {"-H3"}, {"-H32", "--tag"}, {"--tag", "-H2"},
          {"--little-endian", "-H1"}, {"--little-endian", "--tag", "-H3"}}) {
      INFO(options.size());
      const ProcessResult expected = run(with(with({"xxhsum"}, options), plain));
      CHECK(links.run("xxhsum", with(options, plain)).out == expected.out);
    }
    CHECK(links.run("xxhsum", {}, "abc").out == run({"xxhsum"}, "abc").out); // stdin is named "stdin"
    writeTextFile(dir / "list", run(with({"xxhsum", "-H0"}, plain)).out + run(with({"xxhsum", "-H3"}, plain)).out);
    const ProcessResult checked = links.run("xxhsum", {"-c", (dir / "list").string()});
    CHECK(checked.out == run({"xxhsum", "-c", (dir / "list").string()}).out);
    CHECK(checked.exitCode == 0);
  } else {
    HASHSCOPE_SKIP_PART("xxhsum is not installed");
  }
}

TEST_CASE("check -j N prints what md5sum -c prints, in list order", "[cli][multicall][check]")
{
  if (!toolExists("md5sum"))
    HASHSCOPE_SKIP("md5sum (coreutils) is not installed");
  ToolLinks links;
  TempDir dir;
  // 400 entries: a big file first (read in several blocks while the small ones after it are done), files
  // that match, that do not, that are missing, a folder, and improperly formatted lines. (Names stay plain:
  // coreutils 9.1 and 9.11 quote names differently, see "check names files as coreutils 9.11 does".)
  std::vector<std::string> files;
  for (int i = 0; i < 400; ++i) {
    const fs::path path = dir / (i == 0 ? "big" : "f" + std::to_string(i));
    writeRandomFile(path, i == 0 ? 5 * 1024 * 1024 + 3 : 100 + i * 7, 50 + i);
    files.push_back(path.string());
  }
  const ProcessResult sums = run(with({"md5sum"}, files));
  REQUIRE(sums.exitCode == 0);
  std::string list;
  std::size_t at = 0;
  for (int i = 0; i < 400; ++i) {
    const std::size_t end = sums.out.find('\n', at);
    std::string line = sums.out.substr(at, end + 1 - at);
    at = end + 1;
    if (i % 29 == 3)
      line[0] = line[0] == '0' ? '1' : '0'; // FAILED
    if (i % 53 == 7)
      line = "d41d8cd98f00b204e9800998ecf8427e  " + (dir / ("gone" + std::to_string(i))).string() + "\n";
    if (i == 123)
      line = "d41d8cd98f00b204e9800998ecf8427e  " + dir.path().string() + "\n"; // a folder
    if (i % 61 == 9)
      list += "not a checksum line " + std::to_string(i) + "\n";
    list += line;
  }
  const std::string listPath = (dir / "list.md5").string();
  writeTextFile(listPath, list);
  const std::string path = links.dir().string() + ":" + std::getenv("PATH");
  for (const std::vector<std::string>& options : {std::vector<std::string>{}, {"--warn"}, {"--quiet"}, {"--status"}}) {
    INFO("md5sum -c " << (options.empty() ? "" : options.front()));
    const ProcessResult expected = run(with(with({"md5sum", "-c"}, options), {listPath}));
    for (const char* jobs : {"1", "2", "4", "8"}) {
      INFO("-j " << jobs);
      const ProcessResult actual =
          run(with(with({"env", "PATH=" + path, "md5sum", "-c", "-j", jobs}, options), {listPath}));
      CHECK(actual.out == expected.out);
      CHECK(actual.err == expected.err);
      CHECK(actual.exitCode == expected.exitCode);
      CHECK(actual.exitCode == 1);
    }
  }
  // hashscope-cli check -j: the same result lines (its messages are its own).
  const ProcessResult expected = run({"md5sum", "-c", listPath});
  const ProcessResult actual = runCli({"check", "-j", "4", listPath});
  CHECK(actual.out == expected.out);
  CHECK(actual.exitCode == 1);
}

#if defined(__linux__)
TEST_CASE("md5sum FILE loads no checksum library: ISA-L is opened by the checksums that use it", "[cli][multicall]")
{
#if !defined(HASHSCOPE_TEST_ISAL_SONAME)
  HASHSCOPE_SKIP("this build links no ISA-L opened when needed (none found, or linked)");
#else
  // The loader names each library it starts (LD_DEBUG=libs, "calling init: PATH"): one call per file pays for
  // the libraries it loads (issue 41), so a tool that needs no ISA-L must not load it, and a checksum opens it
  // only for a file past its first 64 KiB (below, opening it costs more than it saves).
  const ToolLinks links;
  TempDir dir;
  writeRandomFile(dir / "small", 4096, 5);
  writeRandomFile(dir / "big", 1024 * 1024, 6);
  const auto loads = [&](const std::string& tool, const char* file) {
    const ProcessResult r = run({"env", "LD_DEBUG=libs", links(tool), (dir / file).string()});
    REQUIRE(r.exitCode == 0);
    CHECK(r.err.find("calling init: ") != std::string::npos);  // the loader did say what it started
    return r.err.find(HASHSCOPE_TEST_ISAL_SONAME) != std::string::npos;
  };
  CHECK_FALSE(loads("md5sum", "big"));
  CHECK_FALSE(loads("sha256sum", "big"));
  CHECK_FALSE(loads("xxhsum", "big"));
  CHECK_FALSE(loads("cksum", "small"));
  CHECK(loads("cksum", "big"));  // cksum's CRC is ISA-L's, from the stream's first 64 KiB on
  const ProcessResult listed = runCli({"algorithms"});
  CHECK(listed.out.find("ISA-L") != std::string::npos);  // opened to name what runs crc32
#endif
}

TEST_CASE("the functions a one-file call runs lie together in hashscope-cli", "[cli][multicall]")
{
#if !defined(HASHSCOPE_TEST_START_ORDER)
  HASHSCOPE_SKIP("this hashscope-cli is linked without start_order.txt (no gold, or a sanitizer's build)");
#else
  if (!toolExists("nm"))
    HASHSCOPE_SKIP("nm (binutils) is not installed");
  // start_order.txt names the sections of the functions a one-file call runs (tests/bench/start_order.sh);
  // linked in that order they share a few pages instead of faulting in pages all over the program's code. (The
  // C libraries' functions, OpenSSL's and xxHash's, come in whole objects and stay where they are.)
  std::set<std::string> listed;
  std::istringstream order(readTextFile(HASHSCOPE_TEST_START_ORDER));
  for (std::string line; std::getline(order, line);)
    if (line.rfind(".text._Z", 0) == 0)  // C++ functions: ours and libstdc++'s, each in a section of its own
      listed.insert(line.substr(6));
  REQUIRE(listed.size() > 100);
  const ProcessResult symbols = run({"nm", "--defined-only", cliPath()});
  REQUIRE(symbols.exitCode == 0);
  std::vector<std::uint64_t> at;  // where the listed functions are
  std::istringstream lines(symbols.out);
  for (std::string address, type, name; lines >> address >> type >> name;)
    if ((type == "T" || type == "t" || type == "W") && listed.count(name))
      at.push_back(std::stoull(address, nullptr, 16));
  INFO(at.size() << " of " << listed.size() << " listed functions found");
  REQUIRE(at.size() * 2 > listed.size());  // most names still exist (else: run start_order.sh again)
  std::sort(at.begin(), at.end());
  // Nine tenths of them within 1 MiB (in the order the archives came they spread over 6 MB).
  const std::uint64_t span = at[at.size() * 95 / 100] - at[at.size() * 5 / 100];
  CHECK(span < 1024 * 1024);
#endif
}

TEST_CASE("a one-file call loads no math library: libm is opened by the first math function", "[cli][multicall]")
{
#if !defined(HASHSCOPE_TEST_MATH_WHEN_NEEDED)
  HASHSCOPE_SKIP("this hashscope-cli loads libm at start (a build without static dependencies, or a sanitizer's)");
#else
  // app/cli/math_when_needed.cpp: loading libm.so cost every call 75 us, and hashing uses no math.
  const ToolLinks links;
  TempDir dir;
  writeRandomFile(dir / "file", 1024 * 1024, 7);
  const std::string file = (dir / "file").string();
  writeTextFile(dir / "list", "00000000000000000000000000000000  " + file + "\n");
  const auto loadsLibm = [](const ProcessResult& r) {
    INFO(r.err.substr(0, 2000));
    CHECK(r.err.find("calling init: ") != std::string::npos);  // the loader did say what it started
    return r.err.find("/libm.so") != std::string::npos;
  };
  for (const char* tool : {"md5sum", "sha256sum", "b2sum", "b3sum", "xxhsum", "cksum", "sum"}) {
    INFO(tool);
    const ProcessResult r = run({"env", "LD_DEBUG=libs", links(tool), file});
    CHECK(r.exitCode == 0);
    CHECK_FALSE(loadsLibm(r));
  }
  const ProcessResult hashed = run({"env", "LD_DEBUG=libs", cliPath(), "hash", "-a", "sha512", file});
  CHECK(hashed.exitCode == 0);
  CHECK_FALSE(loadsLibm(hashed));
  const ProcessResult checked = run({"env", "LD_DEBUG=libs", cliPath(), "check", (dir / "list").string()});
  CHECK(checked.exitCode == 1);  // a wrong digest, said so
  CHECK(checked.out.find("FAILED") != std::string::npos);
  CHECK_FALSE(loadsLibm(checked));
  // A command that does use it opens it, and its figures come out right: the plan's 1 TiB is 1024^4 bytes
  // (std::pow).
  const std::string recorded = (std::filesystem::path(HASHSCOPE_TEST_DATA_DIR) / "runs" / "run_a.json").string();
  const ProcessResult plan = run({"env", "LD_DEBUG=libs", cliPath(), "plan", "--data", "1TiB", "--time", "1m",
                                  "--file", recorded, "-f", "json"});
  INFO(plan.out);
  CHECK(plan.exitCode == 0);
  CHECK(loadsLibm(plan));
  CHECK(plan.out.find("\"bytes\": 1099511627776,") != std::string::npos);
#endif
}
#endif
