// `hashscope-cli bench --data PATH`: existing data measured where it is. A read-only folder (a real
// read-only mount where possible) is measured with --passes and --format json and left unchanged; a file
// with spaces gets a table that says what was measured; hostile paths (missing, FIFO, device, empty,
// a newline in the name) and options that do not fit give one clear error line, never a hang.
#include "catch.hpp"
#include "skip.hpp"
#include "cli_helpers.hpp"
#include "machine.hpp"
#include "json_helpers.hpp"

#include <map>
#include <sstream>
#include <tuple>
#ifndef _WIN32
#include <sys/stat.h>
#endif

using namespace clitest;
namespace fs = std::filesystem;

namespace {

// Names, sizes and modification times of everything under `root` (folders included: a file created and
// removed again moves its folder's time).
std::map<std::string, std::tuple<std::uintmax_t, std::int64_t>> snapshot(const fs::path& root)
{
  std::map<std::string, std::tuple<std::uintmax_t, std::int64_t>> out;
  auto add = [&](const fs::path& p) {
#ifdef _WIN32  // no lstat: the same facts from std::filesystem (Windows keeps times in 100 ns steps)
    const auto status = fs::symlink_status(p);
    out[p.string()] = {fs::is_regular_file(status) ? fs::file_size(p) : 0,
                       static_cast<std::int64_t>(fs::last_write_time(p).time_since_epoch().count())};
#else
    struct stat st {};
    REQUIRE(::lstat(p.c_str(), &st) == 0);
    out[p.string()] = {static_cast<std::uintmax_t>(st.st_size), st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec};
#endif
  };
  add(root);
  for (const auto& e : fs::recursive_directory_iterator(root))
    add(e.path());
  return out;
}

using Snapshot = std::map<std::string, std::tuple<std::uintmax_t, std::int64_t>>;

// What differs between two snapshots, one line per name: shown when a check of "nothing changed" fails.
std::string changes(const Snapshot& before, const Snapshot& after)
{
  std::ostringstream out;
  auto show = [&](const char* what, const std::string& name, const Snapshot::mapped_type* was,
                  const Snapshot::mapped_type* now) {
    out << what << " " << name;
    if (was)
      out << " (was " << std::get<0>(*was) << " bytes, time " << std::get<1>(*was) << ")";
    if (now)
      out << " (now " << std::get<0>(*now) << " bytes, time " << std::get<1>(*now) << ")";
    out << "\n";
  };
  for (const auto& [name, facts] : before) {
    const auto it = after.find(name);
    if (it == after.end())
      show("gone:", name, &facts, nullptr);
    else if (it->second != facts)
      show("changed:", name, &facts, &it->second);
  }
  for (const auto& [name, facts] : after)
    if (!before.count(name))
      show("new:", name, nullptr, &facts);
  return out.str();
}

constexpr std::uint64_t kTreeBytes = 2 * 1024 * 1024 + 300 * 1024 + 10;

void fillTree(const fs::path& root)
{
  fs::create_directories(root / "old disks");
  writeRandomFile(root / "a.img", 2 * 1024 * 1024, 1);
  writeRandomFile(root / "old disks" / "b.img", 300 * 1024, 2);
  writeRandomFile(root / "old disks" / "c.txt", 10, 3);
}

std::vector<std::string> dataBench(const fs::path& data, std::vector<std::string> extra = {})
{
  std::vector<std::string> args{"bench", "--data", data.string(), "-a", "md5", "--duration", "0.2",
                                "--sample-hz", "20", "--no-save"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

} // namespace

TEST_CASE("bench --data on a read-only folder measures every file with --passes as JSON and writes nothing",
          "[cli][bench][data]")
{
  ReadOnlyMount mount(fillTree);
  TempDir fallback;
  fs::path root = mount.path();
  if (!mount.ok()) {
    HASHSCOPE_SKIP_PART("no read-only mount possible here (needs root and mount rights): a chmod 0555 folder "
                        "instead, checked by its unchanged listing");
    root = fallback / "tree";
    fillTree(root);
    fs::permissions(root / "old disks", fs::perms(0555));
    fs::permissions(root, fs::perms(0555));
  }
  const auto before = snapshot(root);
  const ProcessResult r = runCli(dataBench(root, {"--passes", "2", "--format", "json"}));
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  const Snapshot after = snapshot(root);
  INFO(changes(before, after));
  CHECK(after == before);
  const Json doc = parseJson(r.out);
  const auto& results = doc["results"].array;
  REQUIRE(results.size() == 3);  // read of the tree, md5 hash-memory, md5 hash-tree
  CHECK(results[0]["workload"].string == "read");
  CHECK(results[1]["workload"].string == "hash-memory");
  CHECK(results[2]["workload"].string == "hash-tree");
  for (const Json* res : {&results[0], &results[2]}) {
    CHECK((*res)["target"].string == root.string());
    CHECK((*res)["location"].string == root.string());
    CHECK((*res)["files"].number == 3);
    CHECK((*res)["bytes"].number == double(kTreeBytes));
    CHECK((*res)["passes"].array.size() == 2);
  }
  if (!mount.ok())
    fs::permissions(root, fs::perms(0755));  // the fallback's TempDir must be able to remove it
}

TEST_CASE("bench --data FILE (a name with spaces) with --preset quick says which data it measured",
          "[cli][bench][data]")
{
  TempDir dir;
  const fs::path file = dir / "my photos 2024.tar";
  writeRandomFile(file, 1024 * 1024, 4);
  const auto before = snapshot(dir.path());
  const ProcessResult r = runCli(dataBench(file, {"--preset", "quick"}));
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  const Snapshot after = snapshot(dir.path());
  INFO(changes(before, after));
  CHECK(after == before);
  const auto lines = splitLines(r.out);
  REQUIRE_FALSE(lines.empty());
  CHECK(lines[0] == "Data " + file.string() + ": 1 file, 1 MiB, measured where it is (nothing was written there)");
  CHECK(r.out.find(" hash-file ") != std::string::npos);
  CHECK(r.out.find(" hash-tree ") == std::string::npos);
  CHECK(r.err.find("nothing is written") != std::string::npos);
}

TEST_CASE("bench --data refuses hostile paths and unfit options with one error line, and never hangs",
          "[cli][bench][data]")
{
  TempDir dir;
  fs::create_directory(dir / "empty");
  writeTextFile(dir / "data.bin", "some data");
#ifdef _WIN32
  HASHSCOPE_SKIP_PART("no FIFOs, and no /dev/zero, on Windows");
  const std::vector<std::pair<fs::path, std::string>> refused{
      {dir / "no such thing", ": no such file or folder"},
      {dir / "empty", " is an empty folder"},
  };
#else
  REQUIRE(::mkfifo((dir / "pipe").c_str(), 0644) == 0);
  const std::vector<std::pair<fs::path, std::string>> refused{
      {dir / "no such thing", ": no such file or folder"},
      {dir / "pipe", " is a FIFO, not a file or folder"},
      {"/dev/zero", " is a device, not a file or folder"},
      {dir / "empty", " is an empty folder"},
  };
#endif
  const auto before = snapshot(dir.path());
  for (const auto& [path, text] : refused) {
    CAPTURE(path);
    const ProcessResult r = runCli(dataBench(path), {}, 30);
    CHECK_FALSE(r.timedOut);
    CHECK(r.exitCode == 1);
    CHECK(isOneErrorLine(r.err));
    CHECK(r.err.find(path.string() + text) != std::string::npos);
    CHECK(r.out.empty());
  }
  const std::vector<std::vector<std::string>> usage{
      {"--location", dir.path().string()}, {"--size", "4M"},           {"--keep-sample"},
      {"-w", "write"},                     {"--data", dir.path().string()},
  };
  for (const auto& extra : usage) {
    CAPTURE(extra);
    const ProcessResult r = runCli(dataBench(dir / "data.bin", extra));
    CHECK(r.exitCode == 2);
    CHECK(isOneErrorLine(r.err));
  }
  const Snapshot after = snapshot(dir.path());
  INFO(changes(before, after));
  CHECK(after == before);
}

TEST_CASE("bench --data on a file with a newline in its name measures it and shows the name escaped",
          "[cli][bench][data]")
{
  TempDir dir;
  if (const std::string why = hashscope::test::whyNameNotHeld(dir.path(), "two\nlines.bin"); !why.empty())
    HASHSCOPE_SKIP(why);
  const fs::path file = dir / "two\nlines.bin";
  writeRandomFile(file, 64 * 1024, 5);
  const ProcessResult r = runCli(dataBench(file, {"-w", "hash-file"}));
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  // Every message is one line: the newline in the name is shown as \n, never printed raw.
  for (const std::string& line : splitLines(r.err))
    CHECK(line.rfind("hashscope-cli: ", 0) == 0);
  CHECK(r.err.find("two\\nlines.bin") != std::string::npos);
  CHECK(r.out.find("two\\nlines.bin") != std::string::npos);
  CHECK(r.out.find(" hash-file ") != std::string::npos);
}
