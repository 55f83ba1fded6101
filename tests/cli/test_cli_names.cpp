// Control characters in file names: digest lines exactly as md5sum writes them, and every line meant for
// a person ("NAME: OK", errors) escaped so no raw control character reaches the terminal.
#include "catch.hpp"
#include "skip.hpp"
#include "cli_helpers.hpp"
#include "hashscope/files.hpp"
#include "json_helpers.hpp"
#include "machine.hpp"
#include "names.hpp"
#include "shell_quoting.hpp"

#include <algorithm>
#include <cstdio>

using namespace clitest;
namespace fs = std::filesystem;

namespace {

bool isControl(char c)
{
  const auto u = static_cast<unsigned char>(c);
  return u < 0x20 || u == 0x7f;
}

// No control character but the newline ending each line.
bool printable(const std::string& text)
{
  return std::none_of(text.begin(), text.end(), [](char c) { return c != '\n' && isControl(c); });
}

// The documented display form: names with control characters start with '\' and have \\ \n \r \t \xHH.
std::string shown(const std::string& name)
{
  if (std::none_of(name.begin(), name.end(), isControl))
    return name;
  std::string out = "\\";
  for (char c : name) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else if (c == '\t')
      out += "\\t";
    else if (isControl(c)) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", u);
      out += hex;
    } else
      out += c;
  }
  return out;
}

const std::vector<std::string>& oddNames()
{
  static const std::vector<std::string> names{"tab\tname", "cr\rname",         "esc\x1b[31mred", "new\nline",
                                              "back\\slash", "both\\and\ttab", "plain"};
  return names;
}

// "" when the temp folder can hold every one of oddNames(), else why not (Windows holds none of them but
// "plain").
std::string whyOddNamesNotHeld()
{
  TempDir probe;
  for (const std::string& name : oddNames()) {
    if (std::string why = hashscope::test::whyNameNotHeld(probe.path(), name); !why.empty())
      return why;
  }
  return "";
}

struct OddFiles {
  TempDir dir;
  std::vector<std::string> paths;
  OddFiles()
  {
    std::uint64_t seed = 5;
    for (const auto& name : oddNames()) {
      paths.push_back((dir / name).string());
      writeRandomFile(paths.back(), 100 + seed, seed);
      ++seed;
    }
  }
};

} // namespace

TEST_CASE("hash writes names with control characters exactly as md5sum and sha256sum --tag do", "[cli][hash]")
{
  if (!toolExists("md5sum") && !toolExists("sha256sum"))
    HASHSCOPE_SKIP("neither md5sum nor sha256sum is installed: nothing to compare with");
  if (const std::string why = whyOddNamesNotHeld(); !why.empty())
    HASHSCOPE_SKIP(why);
  OddFiles files;
  for (const std::vector<std::string>& tool : {std::vector<std::string>{"md5sum"},
                                               std::vector<std::string>{"sha256sum", "--tag"}}) {
    if (!toolExists(tool.front())) {
      HASHSCOPE_SKIP_PART(tool.front() << " is not installed");
      continue;
    }
    std::vector<std::string> argv = tool;
    argv.insert(argv.end(), files.paths.begin(), files.paths.end());
    const ProcessResult expected = run(argv);
    std::vector<std::string> ours{"hash", "-a", tool.front() == "md5sum" ? "md5" : "sha256"};
    if (tool.size() > 1)
      ours.push_back("--tag");
    ours.insert(ours.end(), files.paths.begin(), files.paths.end());
    const ProcessResult actual = runCli(ours);
    CHECK(actual.exitCode == 0);
    CHECK(actual.out == expected.out);
  }
}

TEST_CASE("check shows names with control characters escaped, and reads them back", "[cli][check]")
{
  if (const std::string why = whyOddNamesNotHeld(); !why.empty())
    HASHSCOPE_SKIP(why);
  OddFiles files;
  if (!toolExists("md5sum"))
    HASHSCOPE_SKIP("md5sum is not installed");
  // md5sum cannot write a name with a newline or CR unescaped; tab and ESC it writes raw.
  std::vector<std::string> argv{"md5sum"};
  argv.insert(argv.end(), files.paths.begin(), files.paths.end());
  const ProcessResult list = run(argv);
  REQUIRE(list.exitCode == 0);
  writeTextFile(files.dir / "list", list.out);
  const ProcessResult r = runCli({"check", (files.dir / "list").string()});
  CHECK(r.exitCode == 0);
  // As coreutils 9.11's md5sum -c shows them: quoted the shell's way, $'\t' for a tab (9.1 printed a tab
  // raw and escaped only newlines: '\' first, then \n).
  std::string expected;
  for (const auto& path : files.paths)
    expected += shellQuoted(path) + ": OK\n";
  CHECK(r.out == expected);
  CHECK(printable(r.out));
  // Where nothing needs quoting, the lines are md5sum's own.
  const ProcessResult md5 = run({"md5sum", "-c", (files.dir / "list").string()});
  CHECK(md5.out.find(files.paths.back() + ": OK\n") != std::string::npos);
  CHECK(r.out.find(files.paths.back() + ": OK\n") != std::string::npos);

  // FAILED and unreadable lines and their error messages are quoted the same way.
  writeTextFile(files.paths[0], "changed");
  const std::string missing = (files.dir / "gone\tnow\x1b").string();
  writeTextFile(files.dir / "list2", list.out + "900150983cd24fb0d6963f7d28e17f72  " + missing + "\n");
  const ProcessResult failed = runCli({"check", (files.dir / "list2").string()});
  CHECK(failed.exitCode == 1);
  CHECK(failed.out.find(shellQuoted(files.paths[0]) + ": FAILED\n") != std::string::npos);
  CHECK(failed.out.find(shellQuoted(missing) + ": FAILED open or read\n") != std::string::npos);
  CHECK(failed.err.find(shellQuoted(missing) + ": no such file") != std::string::npos);
  CHECK(printable(failed.out));
  CHECK(printable(failed.err));
}

TEST_CASE("hash error messages show names with control characters escaped", "[cli][hash][errors]")
{
  TempDir dir;
  const std::string missing = (dir / "no\x1b]0;title\x07here").string();
  const ProcessResult r = runCli({"hash", "-a", "md5", missing});
  CHECK(r.exitCode == 1);
  CHECK(isOneErrorLine(r.err));
  CHECK(printable(r.err));
  CHECK(r.err.find(shown(missing)) != std::string::npos);

  if (const std::string why = hashscope::test::whyNameNotHeld(dir.path(), "fold\ter"); !why.empty()) {
    HASHSCOPE_SKIP_PART(why << ": the folder case is not tried");
  } else {
    fs::create_directory(dir / "fold\ter");
    const ProcessResult folder = runCli({"hash", "-a", "md5", (dir / "fold\ter").string()});
    CHECK(folder.exitCode == 1);
    CHECK(isOneErrorLine(folder.err));
    CHECK(printable(folder.err));
  }
}

TEST_CASE("non-ASCII names go in and come out as UTF-8: hash, check, bench --location and --data, the history",
          "[cli][names]")
{
  // A user named José: a temp folder, a data folder and a history file with names outside ASCII (Latin,
  // Greek, Japanese: outside any one ANSI code page of Windows).
  TempDir dir;
  const fs::path folder = dir.path() / fs::path(u8"José-Ωμέγα-日本");
  fs::create_directories(folder);
  const fs::path file = folder / fs::path(u8"données.bin");
  writeRandomFile(file, 64 * 1024, 7);
  writeRandomFile(dir / "plain.bin", 64 * 1024, 7);  // the same bytes under an ASCII name
  const std::string fileText = hashscope::utf8Text(file);
  // Names in digest lines use '/' on every system (Windows too, as b3sum there).
  const std::u8string generic = file.generic_u8string();
  const std::string fileLine(generic.begin(), generic.end());

  ProcessResult r = runCli({"hash", "-a", "sha256", fileText});
  INFO(r.out << r.err);
  REQUIRE(r.exitCode == 0);
  const ProcessResult plain = runCli({"hash", "-a", "sha256", hashscope::utf8Text(dir / "plain.bin")});
  REQUIRE(plain.exitCode == 0);
  CHECK(r.out == plain.out.substr(0, 64) + "  " + fileLine + "\n");

  const fs::path list = folder / fs::path(u8"liste-é.sha256");
  writeTextFile(list, r.out);
  r = runCli({"check", hashscope::utf8Text(list)});
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);
  CHECK(r.out == fileLine + ": OK\n");

  const fs::path history = folder / fs::path(u8"historique-é.sqlite");
  r = runCli({"bench", "--location", hashscope::utf8Text(folder), "-s", "1M", "--content", "zeros", "--workload",
              "read", "--history-db", hashscope::utf8Text(history), "--format", "json"});
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);
  // The location's name as UTF-8 in the JSON (its separators are escaped there on Windows).
  CHECK(r.out.find(hashscope::utf8Text(folder.filename())) != std::string::npos);
  CHECK(fs::exists(history));
  r = runCli({"bench", "--data", hashscope::utf8Text(folder), "-a", "md5", "--duration", "0.1", "--sample-hz", "0",
              "--history-db", hashscope::utf8Text(history)});
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);
  r = runCli({"history", "list", "--history-db", hashscope::utf8Text(history), "--format", "json"});
  INFO(r.out << r.err);
  REQUIRE(r.exitCode == 0);
  CHECK(parseJson(r.out)["runs"].array.size() == 2);
  CHECK(r.out.find(hashscope::utf8Text(folder.filename())) != std::string::npos);  // both runs' location
}

TEST_CASE("digest lines name files with '/' on Windows, and a Windows path needs no shell quotes", "[cli][names]")
{
  using hashscope::cli::portableName;
  using hashscope::cli::shellQuoted;
  // Windows' rules (a backslash is a separator, never part of a name), tested on every system.
  CHECK(portableName("C:\\data\\sub\\f.bin", '\\') == "C:/data/sub/f.bin");
  CHECK(portableName("sub\\f.bin", '\\') == "sub/f.bin");
  CHECK(shellQuoted("C:\\data\\f.bin", true) == "C:\\data\\f.bin");
  CHECK(shellQuoted("C:/data/f.bin", true) == "C:/data/f.bin");
  CHECK(shellQuoted("sub\\f.bin", true) == "sub\\f.bin");
  CHECK(shellQuoted("a b", true) == "'a b'");  // a space still needs quotes there
  CHECK(shellQuoted("ab:c", true) == "'ab:c'");  // a colon that is no drive's (x:y is drive X's y there)
  // POSIX rules: a backslash is part of a name, kept and quoted.
  CHECK(portableName("back\\slash", '/') == "back\\slash");
  CHECK(shellQuoted("back\\slash", false) == "'back\\slash'");
  CHECK(shellQuoted("C:/data", false) == "'C:/data'");
}
