// Issue 37's hostile input, through the CLI and its drop-in links: a list line naming "-" is standard input,
// low memory gives a digest or a clear error (never an abort), deep trees hash every file with few descriptors
// and little memory, hash -r follows no link out of the tree, the xxhsum and b3sum links behave as xxhsum
// 0.8.1 and b3sum 1.2 (the installed tools, where present, print the same), and messages say the right thing.
#if !defined(_WIN32)

#include "catch.hpp"
#include "cli_helpers.hpp"
#include "skip.hpp"
#include "tool_links.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>

using namespace clitest;
namespace fs = std::filesystem;

namespace {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool kSanitized = true;  // a sanitizer reserves terabytes of address space: no ulimit -v fits
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

// `argv` run by sh after `limit` (a ulimit line such as "ulimit -v 16000").
ProcessResult runLimited(const std::string& limit, const std::vector<std::string>& argv, const std::string& stdinData = {})
{
  std::vector<std::string> command{"sh", "-c", limit + " && exec \"$0\" \"$@\""};
  command.insert(command.end(), argv.begin(), argv.end());
  return run(command, stdinData);
}

// A chain of `levels` folders "a/a/a/...", each holding a file "f" whose content is its depth; made with
// openat, since the paths outgrow PATH_MAX.
void makeChain(const fs::path& root, int levels)
{
  fs::create_directories(root);
  int fd = ::open(root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  REQUIRE(fd >= 0);
  for (int depth = 0; depth < levels; ++depth) {
    REQUIRE(::mkdirat(fd, "a", 0755) == 0);
    const int file = ::openat(fd, "f", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    REQUIRE(file >= 0);
    const std::string content = std::to_string(depth);
    REQUIRE(::write(file, content.data(), content.size()) == static_cast<ssize_t>(content.size()));
    ::close(file);
    const int next = ::openat(fd, "a", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    REQUIRE(next >= 0);
    ::close(fd);
    fd = next;
  }
  ::close(fd);
}

// Removes a chain too deep for paths: from the bottom up, each level through its parent's descriptor.
void removeChain(const fs::path& root, int levels)
{
  std::vector<int> fds{::open(root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)};
  for (int depth = 0; depth < levels && fds.back() >= 0; ++depth)
    fds.push_back(::openat(fds.back(), "a", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  for (std::size_t i = fds.size(); i-- > 0;) {
    if (fds[i] < 0)
      continue;
    ::unlinkat(fds[i], "f", 0);
    if (i + 1 < fds.size())
      ::unlinkat(fds[i], "a", AT_REMOVEDIR);
    ::close(fds[i]);
  }
}

std::string md5Hex(const std::string& text)
{
  const ProcessResult r = runCli({"hash", "-a", "md5"}, text);
  REQUIRE(r.exitCode == 0);
  return r.out.substr(0, 32);
}

} // namespace

TEST_CASE("a list line naming - is checked against standard input, never a file called -", "[cli][check][hostile]")
{
  TempDir dir;
  ToolLinks links;
  std::string data;
  for (int i = 1; i <= 1000; ++i)
    data += std::to_string(i) + "\n";
  const std::string digest = run({links("sha256sum")}, data).out.substr(0, 64);
  writeTextFile(dir / "list", digest + "  -\n");
  // A file named "-" beside the list, holding other data: it must not be what is checked.
  writeTextFile(dir / "-", "tampered\n");
  const std::string cwd = "cd '" + dir.path().string() + "' && exec \"$0\" \"$@\"";
  for (const std::vector<std::string>& command :
       {std::vector<std::string>{links("sha256sum"), "-c", "list"}, std::vector<std::string>{cliPath(), "check", "list"}}) {
    INFO(command.front());
    std::vector<std::string> argv{"sh", "-c", cwd};
    argv.insert(argv.end(), command.begin(), command.end());
    const ProcessResult ok = run(argv, data);
    INFO(ok.err);
    CHECK(ok.out == "-: OK\n");
    CHECK(ok.exitCode == 0);
    const ProcessResult tampered = run(argv, "tampered\n");  // what the file "-" holds: FAILED all the same
    CHECK(tampered.out == "-: FAILED\n");
    CHECK(tampered.exitCode == 1);
  }
  // md5sum's rule stays: a list read from stdin cannot name stdin.
  const ProcessResult fromStdin = links.run("sha256sum", {"-c"}, digest + "  -\n");
  CHECK(fromStdin.exitCode == 1);
  CHECK(fromStdin.err.find("no properly formatted checksum lines found") != std::string::npos);
}

TEST_CASE("md5sum of a small file needs no thread and no 1 MiB buffer: it runs under a low memory limit",
          "[cli][hostile]")
{
  if (kSanitized)
    HASHSCOPE_SKIP("a sanitizer build cannot run under ulimit -v");
  TempDir dir;
  ToolLinks links;
  writeTextFile(dir / "empty", "");
  writeTextFile(dir / "small", "hello\n");
  // 16 MB: the watcher's default 8 MiB thread stack did not fit (abort); 30 MB: the pool's threads; 40 MB: a
  // 1 MiB buffer for an empty file.
  for (const char* limit : {"ulimit -v 16000", "ulimit -v 30000", "ulimit -v 40000"}) {
    CAPTURE(limit);
    const ProcessResult r = runLimited(limit, {links("md5sum"), (dir / "empty").string(), (dir / "small").string()});
    INFO(r.err);
    if (r.err.find("error while loading shared libraries") != std::string::npos)
      HASHSCOPE_SKIP("this build's libraries alone do not fit in " << limit);
    CHECK(r.exitCode == 0);
    CHECK(r.out == "d41d8cd98f00b204e9800998ecf8427e  " + (dir / "empty").string() + "\n" +
                       "b1946ac92492d2347c6235b4d2611184  " + (dir / "small").string() + "\n");
    const ProcessResult fromStdin = runLimited(limit, {links("md5sum")}, "hello\n");
    CHECK(fromStdin.exitCode == 0);
    CHECK(fromStdin.out == "b1946ac92492d2347c6235b4d2611184  -\n");
  }
}

TEST_CASE("hash -r of a 3000-level tree hashes every file with few descriptors and little memory",
          "[cli][hash][hostile]")
{
  TempDir dir;
  const fs::path root = dir / "deep";
  constexpr int kLevels = 3000;
  makeChain(root, kLevels);
  struct Cleanup {
    fs::path root;
    ~Cleanup() { removeChain(root, kLevels); }
  } cleanup{root};
  // 64 descriptors for a tree of 3000 levels (the walk kept one per level: 1013 of 2000 files at 1024), and,
  // where no sanitizer reserves the address space, 600 MB of it (memory grew with the square of the depth: 388 MB
  // at 2000 levels, about 870 MB at 3000; the threads' stacks and malloc arenas take their share of the limit).
  const std::string limit = kSanitized ? "ulimit -n 64" : "ulimit -n 64 && ulimit -v 600000";
  for (const char* jobs : {"1", "3"}) {
    CAPTURE(jobs);
    const ProcessResult r = runLimited(limit, {cliPath(), "hash", "-r", "-j", jobs, "-a", "md5", root.string()});
    INFO(r.err.substr(0, 2000));
    CHECK(r.exitCode == 0);
    CHECK(r.err.empty());
    const std::vector<std::string> lines = splitLines(r.out);
    REQUIRE(lines.size() == kLevels);
    // Every file, sorted by path ("a/..." before "f": the deepest file first), each with its own digest.
    const std::string rootText = root.string();
    const auto rootSlashes = std::count(rootText.begin(), rootText.end(), '/');
    for (const int depth : {0, 1, 999, kLevels - 1}) {
      CAPTURE(depth);
      const std::string& line = lines[static_cast<std::size_t>(kLevels - 1 - depth)];
      CHECK(line.substr(0, 32) == md5Hex(std::to_string(depth)));
      CHECK(std::count(line.begin(), line.end(), '/') == rootSlashes + depth + 1);
    }
  }
}

TEST_CASE("hash -r follows no symbolic link by default, and --follow those that stay inside the tree",
          "[cli][hash][hostile]")
{
  TempDir dir;
  const fs::path tree = dir / "tree";
  fs::create_directories(tree / "in");
  writeTextFile(tree / "in" / "f", "inside\n");
  writeTextFile(dir / "outside", "outside\n");
  fs::create_directory_symlink("/", tree / "root");        // to / (md5sum would walk /proc)
  fs::create_directory_symlink("in", tree / "again");      // inside the tree
  fs::create_symlink(dir / "outside", tree / "out-file");  // a file out of the tree
  const std::string f = "  " + (tree / "in" / "f").string() + "\n";
  const std::string inside = md5Hex("inside\n");

  const ProcessResult plain = runCli({"hash", "-r", "-a", "md5", tree.string()});
  INFO(plain.err);
  CHECK(plain.exitCode == 0);
  CHECK(plain.out == inside + f);

  const ProcessResult follow = runCli({"hash", "-r", "--follow", "-a", "md5", tree.string()});
  INFO(follow.err);
  CHECK(follow.exitCode == 0);
  CHECK(follow.out == inside + "  " + (tree / "again" / "f").string() + "\n" + inside + f);

  CHECK(runCli({"hash", "--follow", "-a", "md5", (tree / "in" / "f").string()}).exitCode == 2);  // not without -r
  CHECK(runCli({"hash", "--help"}).out.find("--follow") != std::string::npos);
}

TEST_CASE("the xxhsum link reads lists and arguments as xxhsum 0.8.1 does", "[cli][multicall][hostile]")
{
  TempDir dir;
  ToolLinks links;
  writeTextFile(dir / "x (y) = z", "x");
  writeTextFile(dir / "-", "a file called dash\n");
  const std::string cd = "cd '" + dir.path().string() + "' && exec \"$0\" \"$@\"";
  auto inDir = [&](const std::string& tool, std::vector<std::string> args, const std::string& stdinData = {}) {
    std::vector<std::string> argv{"sh", "-c", cd, tool};
    argv.insert(argv.end(), args.begin(), args.end());
    return run(argv, stdinData);
  };
  // A name that looks like a tag's "(NAME) = " in an untagged line: checked, not refused.
  const ProcessResult line = inDir(links("xxhsum"), {"x (y) = z"});
  REQUIRE(line.exitCode == 0);
  CHECK(line.out == "5c80c09683041123  x (y) = z\n");
  writeTextFile(dir / "list", line.out);
  const ProcessResult check = inDir(links("xxhsum"), {"-c", "list"});
  CHECK(check.out == "x (y) = z: OK\n");
  CHECK(check.exitCode == 0);
  // After "--" (or after the first file name) "-" is the file called "-"; alone among the options it is stdin.
  const ProcessResult dash = inDir(links("xxhsum"), {"--", "-"}, "from stdin\n");
  CHECK(dash.out.substr(16) == "  -\n");
  const ProcessResult file = inDir(links("xxhsum"), {"-"}, "a file called dash\n");
  CHECK(file.out == dash.out.substr(0, 16) + "  stdin\n");
  if (toolExists("xxhsum")) {
    for (const std::vector<std::string>& args : {std::vector<std::string>{"x (y) = z"}, {"--", "-"}, {"-c", "list"},
                                                 {"x (y) = z", "-"}}) {
      INFO(args.front());
      const ProcessResult mine = inDir(links("xxhsum"), args, "from stdin\n");
      const ProcessResult theirs = inDir("xxhsum", args, "from stdin\n");
      CHECK(mine.out == theirs.out);
      CHECK(mine.exitCode == theirs.exitCode);
    }
  } else {
    HASHSCOPE_SKIP_PART("xxhsum is not installed: the link was checked against xxhsum 0.8.1's documented output only");
  }
}

TEST_CASE("the b3sum link prints names and refuses check lines as b3sum 1.2 does", "[cli][multicall][hostile]")
{
  TempDir dir;
  ToolLinks links;
  const std::string bad = "abc\xff" "def";
  writeTextFile(dir / bad, "");
  fs::create_directory(dir / "folder");
  const std::string cd = "cd '" + dir.path().string() + "' && exec \"$0\" \"$@\"";
  auto inDir = [&](const std::string& tool, std::vector<std::string> args, const std::string& stdinData = {}) {
    std::vector<std::string> argv{"sh", "-c", cd, tool};
    argv.insert(argv.end(), args.begin(), args.end());
    return run(argv, stdinData);
  };
  const std::string empty = "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262";
  // An invalid UTF-8 name is printed with U+FFFD (Rust's to_string_lossy), as b3sum's own test expects.
  const ProcessResult name = inDir(links("b3sum"), {bad});
  CHECK(name.out == empty + "  abc\xEF\xBF\xBD" "def\n");
  // Check lines: each refused with b3sum's reason, and the next still checked; a name as the line wrote it.
  writeTextFile(dir / "e", "");
  const ProcessResult lines = inDir(links("b3sum"), {"-c"}, "garbage\n\n" + empty + "  \\a\n" + empty + "  e\n");
  CHECK(lines.err == links("b3sum") + ": Short line\n" + links("b3sum") + ": Empty line\n");
  CHECK(lines.out == "\\a: FAILED (No such file or directory (os error 2))\ne: OK\n");
  CHECK(lines.exitCode == 1);
  // A line that is not UTF-8 ends the check there, as b3sum's read_line does.
  const ProcessResult notUtf8 = inDir(links("b3sum"), {"-c"}, empty + "  e\n" + empty + "  " + bad + "\n" + empty + "  e\n");
  CHECK(notUtf8.out == "e: OK\n");
  CHECK(notUtf8.err == "Error: stream did not contain valid UTF-8\n");
  CHECK(notUtf8.exitCode == 1);
  const ProcessResult invalid = inDir(links("b3sum"), {"-c"}, empty + "  \\a\n\\" + empty + "  \\a\n" +
                                                                  std::string(64, 'A') + "  x\n" + empty + "  \xEF\xBF\xBD\n");
  CHECK(invalid.err == links("b3sum") + ": Invalid backslash escape\n" + links("b3sum") + ": Invalid hex\n" +
                           links("b3sum") + ": Unicode replacement character in path\n");
  // A folder as the checkfile: b3sum's main returns the error, which anyhow prints; nothing more is checked.
  writeTextFile(dir / "list", empty + "  " + bad + "\n");
  const ProcessResult folder = inDir(links("b3sum"), {"-c", "folder", "list"});
  CHECK(folder.err == "Error: Is a directory (os error 21)\n");
  CHECK(folder.out.empty());
  CHECK(folder.exitCode == 1);
  if (toolExists("b3sum")) {
    for (const std::vector<std::string>& args : {std::vector<std::string>{bad}, {"-c", "folder", "list"}, {"-c"}}) {
      INFO(args.front());
      const std::string input = "garbage\n\n" + empty + "  \\a\n" + empty + "  e\n" + empty + "  " + bad + "\n";
      const ProcessResult mine = inDir(links("b3sum"), args, input);
      const ProcessResult theirs = inDir("b3sum", args, input);
      CHECK(mine.out == theirs.out);
      CHECK(mine.exitCode == theirs.exitCode);
    }
  } else {
    HASHSCOPE_SKIP_PART("b3sum is not installed: the link was checked against b3sum 1.2's documented output only");
  }
}

TEST_CASE("the b3sum link offers --length, --keyed and --derive-key as b3sum 1.2 does", "[cli][multicall][b3sum]")
{
  TempDir dir;
  ToolLinks links;
  writeTextFile(dir / "file1", "foo");
  writeTextFile(dir / "key", std::string(32, '*'));
  const std::string cd = "cd '" + dir.path().string() + "' && exec \"$0\" \"$@\"";
  auto inDir = [&](const std::string& tool, std::vector<std::string> args, const std::string& stdinData = {}) {
    std::vector<std::string> argv{"sh", "-c", cd, tool};
    argv.insert(argv.end(), args.begin(), args.end());
    return run(argv, stdinData);
  };
  const std::string key(32, '*');
  const std::string context = "BLAKE3 2019-12-28 10:28:41 example context"; // b3sum's own cli_tests.rs
  // Fixed values, computed once by b3sum 1.2.0 (Debian 12) for "foo": checked with or without b3sum here.
  const ProcessResult keyed = inDir(links("b3sum"), {"--keyed", "--no-names", "file1"}, key);
  CHECK(keyed.out == "eca649bc8f5a33b376ed81b687f99536b8f770d5dcd75673af7fd83062dd96c0\n");
  CHECK(keyed.exitCode == 0);
  const ProcessResult derived = inDir(links("b3sum"), {"--derive-key", context, "--no-names", "file1"});
  CHECK(derived.out == "cbf5558529b10ec986713cec9b96fedfa963bad07bdbfbbe027a63e4cdd76bba\n");
  const ProcessResult longer = inDir(links("b3sum"), {"-l", "40", "file1"});
  CHECK(longer.out == "04e0bb39f30b1a3feb89f536c93be15055482df748674b00d26e5a75777702e9791074b7511b59d3  file1\n");
  CHECK(inDir(links("b3sum"), {"--length=0"}, "foo").out == "  -\n");
  CHECK(inDir(links("b3sum"), {"--derive-key", "ctx", "-l", "8"}, "foo").out == "2cbc0052c20484b7  -\n");
  CHECK(inDir(links("b3sum"), {"-l", "5", "--raw", "file1"}).out == "\x04\xe0\xbb\x39\xf3");
  // The refusals: b3sum's words where the link can have them, exit status 1 and nothing on stdout.
  const std::vector<std::pair<std::vector<std::string>, std::string>> refused{
      {{"--keyed", "file1"}, std::string(5, '*')},
      {{"--keyed", "file1"}, std::string(40, '*')},
      {{"--keyed"}, key},
      {{"--keyed", "file1", "-"}, key},
      {{"--keyed", "--derive-key", "ctx", "file1"}, key},
      {{"--derive-key", "ctx", "--keyed", "file1"}, key},
      {{"-l", "8", "-c", "file1"}, ""},
      {{"--keyed", "-c", "file1"}, key},
      {{"--derive-key", "ctx", "-c", "file1"}, ""},
      {{"-l", "x", "file1"}, ""},
      {{"--derive-key"}, ""}};
  for (const auto& [args, input] : refused) {
    INFO(args.front() << " " << args.back() << " with " << input.size() << " bytes on stdin");
    const ProcessResult mine = inDir(links("b3sum"), args, input);
    CHECK(mine.out.empty());
    CHECK(mine.exitCode == 1);
  }
  CHECK(inDir(links("b3sum"), {"--keyed", "file1"}, std::string(5, '*')).err ==
        "Error: expected 32 key bytes from stdin, found 5\n");
  CHECK(inDir(links("b3sum"), {"--keyed", "file1"}, std::string(40, '*')).err ==
        "Error: read more than 32 key bytes from stdin\n");
  if (toolExists("b3sum")) {
    const std::vector<std::pair<std::vector<std::string>, std::string>> same{
        {{"--keyed", "file1"}, key},
        {{"--keyed", "--no-names", "file1", "file1"}, key},
        {{"--keyed", "--length", "5", "file1"}, key},
        {{"--derive-key", context, "file1"}, ""},
        {{"--derive-key", "", "file1"}, ""},
        {{"--derive-key", "ctx"}, "foo"},
        {{"--length=100"}, "foo"},
        {{"-l", "0", "--raw", "file1"}, ""},
        {{"-l", "64", "--raw", "file1"}, ""}};
    for (const auto& [args, input] : same) {
      INFO(args.front() << " " << args.back());
      const ProcessResult mine = inDir(links("b3sum"), args, input);
      const ProcessResult theirs = inDir("b3sum", args, input);
      CHECK(mine.out == theirs.out);
      CHECK(mine.exitCode == theirs.exitCode);
    }
    for (const auto& [args, input] : refused) {
      INFO(args.front() << " " << args.back() << " with " << input.size() << " bytes on stdin");
      CHECK(inDir("b3sum", args, input).exitCode == 1);
    }
    CHECK(inDir("b3sum", {"--keyed", "file1"}, std::string(5, '*')).err ==
          "Error: expected 32 key bytes from stdin, found 5\n");
  } else {
    HASHSCOPE_SKIP_PART("b3sum is not installed: --length, --keyed and --derive-key were checked against b3sum 1.2's "
                        "values written into this test only");
  }
}

TEST_CASE("history: a long imported CPU name is cut in tables, and no view prints ESC, BEL or a bidi override",
          "[cli][history][hostile]")
{
  TempDir dir;
  const fs::path db = dir / "h.sqlite";
  std::string json = readTextFile(fs::path(HASHSCOPE_TEST_DATA_DIR) / "runs" / "run_a.json");
  const auto replace = [&](const std::string& from, const std::string& to) {
    const auto at = json.find(from);
    REQUIRE(at != std::string::npos);
    json.replace(at, from.size(), to);
  };
  // The longest CPU name an import takes (4096 bytes; one of 50 MB made every row of the list 50 MB wide),
  // ESC and BEL in the OS, a right-to-left override in a location.
  replace("\"Example CPU 8C\"", "\"" + std::string(4096, 'X') + "\"");
  replace("\"Linux 6.1.0-13-amd64 x86_64\"", "\"Linux \\u001b]0;owned\\u0007\"");
  replace("\"/data\"", "\"/data \\u202e805 MB/s\"");
  writeTextFile(dir / "run.json", json);
  REQUIRE(runCli({"history", "import", (dir / "run.json").string(), "--history-db", db.string()}).exitCode == 0);
  const fs::path other = fs::path(HASHSCOPE_TEST_DATA_DIR) / "runs" / "run_b.json";
  REQUIRE(runCli({"history", "import", other.string(), "--history-db", db.string()}).exitCode == 0);
  for (const std::vector<std::string>& view :
       {std::vector<std::string>{"list"}, {"list", "-f", "csv"}, {"show", "1"}, {"show", "1", "-f", "csv"},
        {"compare", "2", "1", "-f", "csv"}, {"compare", "2", "1"}}) {
    std::vector<std::string> argv{"history"};
    argv.insert(argv.end(), view.begin(), view.end());
    argv.insert(argv.end(), {"--history-db", db.string()});
    const ProcessResult r = runCli(argv);
    INFO(view.front() << " " << (view.size() > 1 ? view[1] : "") << " " << (view.size() > 2 ? view[2] : ""));
    CHECK(r.exitCode == 0);
    CHECK(r.out.find('\x1b') == std::string::npos);
    CHECK(r.out.find('\x07') == std::string::npos);
    CHECK(r.out.find("\xE2\x80\xAE") == std::string::npos);
  }
  const ProcessResult list = runCli({"history", "list", "--history-db", db.string()});
  for (const std::string& line : splitLines(list.out)) {
    INFO(line.substr(0, 200));
    CHECK(line.size() < 400);
  }
  CHECK(list.out.find("XXXX\xE2\x80\xA6") != std::string::npos);  // cut, and marked as cut
}

TEST_CASE("messages: too short a duration is too short, not no number, and --data refuses /proc",
          "[cli][hostile]")
{
  const ProcessResult shortRun = runCli({"bench", "-d", "0.001"});
  CHECK(shortRun.exitCode == 2);
  CHECK(shortRun.err.find("'0.001' for --duration is too short: at least 0.01 seconds") != std::string::npos);
  CHECK(shortRun.err.find("invalid number") == std::string::npos);
  const ProcessResult proc = runCli({"bench", "--data", "/proc", "--no-save"});
  CHECK(proc.exitCode != 0);
  CHECK(proc.err.find("/proc is not data on a disk") != std::string::npos);
}

#endif // !_WIN32
