// `hashscope-cli sample` never removes what HashScope did not write, is not blocked by a killed run,
// respects samples in use, and gives messages a user can act on (permission, /proc, several folders).
#include <csignal>

#include "catch.hpp"
#include "skip.hpp"
#include "cli_helpers.hpp"
#include "hashscope/samples.hpp"
#include "machine.hpp"
#include "sample_listing.hpp"

using namespace clitest;
namespace fs = std::filesystem;
using hashscope::SampleContent;
using hashscope::sampleFileName;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Runs hashscope-cli as the unprivileged user "nobody", so permission checks apply even when the tests run
// as root. False (and nothing run) when that is impossible here.
bool canRunAsNobody() { return isRoot() && toolExists("setpriv"); }

ProcessResult runCliAsNobody(const std::vector<std::string>& args)
{
  std::vector<std::string> argv{"setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", cliPath()};
  argv.insert(argv.end(), args.begin(), args.end());
  return run(argv);
}

// A ramfs mount: a filesystem without extended attributes, where HashScope falls back to a sidecar file.
class RamfsMount {
public:
  RamfsMount()
  {
    m_mounted = isRoot() && toolExists("mount") &&
                run({"mount", "-t", "ramfs", "hashscope-test-ramfs", m_dir.path().string()}, {}, 20).exitCode == 0;
  }
  ~RamfsMount()
  {
    if (m_mounted)
      run({"umount", m_dir.path().string()}, {}, 20);
  }
  RamfsMount(const RamfsMount&) = delete;
  RamfsMount& operator=(const RamfsMount&) = delete;
  bool ok() const { return m_mounted; }
  const fs::path& path() const { return m_dir.path(); }

private:
  TempDir m_dir;
  bool m_mounted = false;
};

}  // namespace

TEST_CASE("sample remove --all never removes a user file named like a sample, and list says what it is",
          "[cli][sample][safety]")
{
  TempDir dir;
  const fs::path user = dir / sampleFileName(4 * 1024 * 1024, SampleContent::Random);
  writeTextFile(user, "USER DATA\n");
  const ProcessResult removed = runCli({"sample", "remove", "--location", dir.path().string(), "--all"});
  CHECK(removed.exitCode == 0);
  CHECK(contains(removed.out, "kept " + user.string() + ": not a HashScope sample"));
  REQUIRE(fs::exists(user));
  CHECK(readTextFile(user) == "USER DATA\n");

  const ProcessResult byName = runCli({"sample", "remove", user.string()});
  CHECK(byName.exitCode == 1);
  CHECK(isOneErrorLine(byName.err));
  CHECK(readTextFile(user) == "USER DATA\n");

  const ProcessResult listed = runCli({"sample", "list", "-l", dir.path().string()});
  CHECK(listed.exitCode == 0);
  CHECK(contains(listed.out, "10 B"));
  CHECK_FALSE(contains(listed.out, "4 MiB"));
  CHECK(contains(listed.out, "not a HashScope sample"));
  CHECK(contains(listed.out, "delete it yourself"));
}

TEST_CASE("sample remove --all honours --size and --content", "[cli][sample]")
{
  TempDir dir;
  const std::string location = dir.path().string();
  REQUIRE(runCli({"sample", "create", "-l", location, "-s", "64K"}).exitCode == 0);
  REQUIRE(runCli({"sample", "create", "-l", location, "-s", "128K", "--content", "text"}).exitCode == 0);
  REQUIRE(runCli({"sample", "create", "-l", location, "-s", "128K", "--content", "zeros"}).exitCode == 0);

  const bool sidecars = hashscope::test::markedBySidecar(dir / sampleFileName(64 * 1024, SampleContent::Random));

  CHECK(runCli({"sample", "remove", "-l", location, "--all", "--size", "64K"}).exitCode == 0);
  CHECK(listFolder(dir.path()) == hashscope::test::sampleListing({sampleFileName(128 * 1024, SampleContent::Text),
                                                                  sampleFileName(128 * 1024, SampleContent::Zeros)},
                                                                 sidecars));
  CHECK(runCli({"sample", "remove", "-l", location, "--all", "--content", "text"}).exitCode == 0);
  CHECK(listFolder(dir.path()) ==
        hashscope::test::sampleListing({sampleFileName(128 * 1024, SampleContent::Zeros)}, sidecars));
}

TEST_CASE("a sample create killed with SIGKILL leaves a partial file that list shows and remove clears",
          "[cli][sample][safety]")
{
  TempDir dir;
  const std::string location = dir.path().string();
  const fs::path partial = dir / ("." + sampleFileName(4ULL << 30, SampleContent::Random) + ".partial");
  const auto createAndKill = [&] {
    ChildProcess child({cliPath(), "sample", "create", "-l", location, "-s", "4G"});
    // Wait (generously) until the writer is at work, then kill it without a chance to clean up.
    bool writing = false;
    for (int i = 0; i < 600 && !writing; ++i) {
      child.pump(0.05);
      const auto files = hashscope::listSamples(dir.path());
      writing = files.size() == 1 && files[0].status == hashscope::SampleStatus::Writing;
    }
    REQUIRE(writing);
    child.signal(SIGKILL);
    CHECK(child.wait().exitCode == 128 + SIGKILL);
    REQUIRE(fs::exists(partial));
  };
  createAndKill();
  const ProcessResult listed = runCli({"sample", "list", "-l", location});
  CHECK(listed.exitCode == 0);
  CHECK(contains(listed.out, partial.string()));
  CHECK(contains(listed.out, "left by a stopped run"));
  const ProcessResult removed = runCli({"sample", "remove", "-l", location, "--all"});
  CHECK(removed.exitCode == 0);
  CHECK(contains(removed.out, "removed " + partial.string()));
  CHECK(listFolder(dir.path()).empty());

  // Removing "the 4G sample" clears what a stopped run left of it too.
  createAndKill();
  const ProcessResult bySize = runCli({"sample", "remove", "-l", location, "-s", "4G"});
  CHECK(bySize.exitCode == 0);
  CHECK(bySize.out == "removed " + partial.string() + "\n");
  CHECK(listFolder(dir.path()).empty());
}

TEST_CASE("a sample in use by another HashScope is not removed", "[cli][sample][safety]")
{
  TempDir dir;
  // This test process plays the benchmark using the sample; the CLI is another process.
  hashscope::SampleResult inUse = hashscope::createSample(dir.path(), 1024 * 1024, SampleContent::Zeros, {});
  REQUIRE(inUse.ok());
  const ProcessResult refused = runCli({"sample", "remove", "-l", dir.path().string(), "-s", "1M", "--content", "zeros"});
  CHECK(refused.exitCode == 1);
  CHECK(isOneErrorLine(refused.err));
  CHECK(contains(refused.err, "in use by another HashScope"));
  CHECK(fs::file_size(inUse.file.path) == 1024 * 1024);

  // A bench on the same location reuses it and, since it did not create it, leaves it.
  CHECK(runCli({"bench", "-l", dir.path().string(), "-s", "1M", "--content", "zeros", "--workload", "read"}).exitCode ==
        0);
  CHECK(fs::exists(inUse.file.path));

  inUse.hold.release();
  CHECK(runCli({"sample", "remove", "-l", dir.path().string(), "-s", "1M", "--content", "zeros"}).exitCode == 0);
  CHECK(listFolder(dir.path()).empty());
}

TEST_CASE("sample messages: permission denied is not read-only, /proc is no storage, one folder only",
          "[cli][sample][errors]")
{
  if (const std::string why = hashscope::test::whyNoPosixFile("/proc"); !why.empty()) {
    HASHSCOPE_SKIP_PART(why << ": the /proc case is not tried");
  } else {
    const ProcessResult proc = runCli({"sample", "create", "-l", "/proc", "-s", "1M"});
    CHECK(proc.exitCode == 1);
    CHECK(isOneErrorLine(proc.err));
    CHECK(contains(proc.err, "/proc is not a storage location"));
    CHECK_FALSE(contains(proc.err, "free"));
  }

  TempDir a, b;
  const ProcessResult two = runCli({"sample", "create", "-l", a.path().string(), "-l", b.path().string(), "-s", "4K"});
  CHECK(two.exitCode == 2);
  CHECK(isOneErrorLine(two.err));
  CHECK(contains(two.err, "--location once"));
  CHECK(listFolder(a.path()).empty());
  CHECK(listFolder(b.path()).empty());

  if (!canRunAsNobody()) {
    HASHSCOPE_SKIP_PART("permission cases need root and setpriv to run the CLI as nobody");
    return;
  }
  TempDir dir;
  fs::permissions(dir.path(), fs::perms(0755));
  const fs::path locked = dir / "locked", readOnly = dir / "no-write";
  fs::create_directory(locked);
  fs::create_directory(readOnly);
  writeTextFile(locked / sampleFileName(4096, SampleContent::Random), "x");
  fs::permissions(locked, fs::perms::none);
  fs::permissions(readOnly, fs::perms(0555));

  const ProcessResult list = runCliAsNobody({"sample", "list", "-l", locked.string()});
  CHECK(list.exitCode == 1);
  CHECK(isOneErrorLine(list.err));
  CHECK(contains(list.err, "permission denied"));
  CHECK_FALSE(contains(list.out, "no HashScope samples"));

  const ProcessResult create = runCliAsNobody({"sample", "create", "-l", readOnly.string(), "-s", "4K"});
  CHECK(create.exitCode == 1);
  CHECK(isOneErrorLine(create.err));
  CHECK(contains(create.err, "permission denied"));
  CHECK_FALSE(contains(create.err, "read-only"));
  fs::permissions(locked, fs::perms(0755));
}

TEST_CASE("without extended attributes a sidecar file marks the sample", "[cli][sample][safety]")
{
  RamfsMount ramfs;
  if (!ramfs.ok())
    HASHSCOPE_SKIP("mounting a ramfs (no extended attributes) needs root and mount rights");
  const std::string location = ramfs.path().string();
  const std::string name = sampleFileName(64 * 1024, SampleContent::Random);
  REQUIRE(runCli({"sample", "create", "-l", location, "-s", "64K"}).exitCode == 0);
  CHECK(listFolder(ramfs.path()) == std::vector<std::string>{"." + name + ".hashscope", name});
  CHECK(runCli({"sample", "create", "-l", location, "-s", "64K"}).out.rfind("reused ", 0) == 0);

  // A user's file of the exact size and name, without a sidecar, is still not a sample.
  const std::string userName = sampleFileName(4, SampleContent::Text);
  writeTextFile(ramfs.path() / userName, "abcd");
  const ProcessResult listed = runCli({"sample", "list", "-l", location});
  CHECK(contains(listed.out, "not a HashScope sample"));
  CHECK(runCli({"sample", "remove", "-l", location, "--all"}).exitCode == 0);
  CHECK(listFolder(ramfs.path()) == std::vector<std::string>{userName});
}

TEST_CASE("a bench does not remove the sample it created while another run is using it", "[cli][sample][safety]")
{
  TempDir dir;
  // Bench A creates the sample, then spends a few seconds on hash-memory before removing what it created.
  ChildProcess benchA({cliPath(), "bench", "-l", dir.path().string(), "-s", "1M", "-w", "read", "-w", "hash-memory",
                       "-a", "crc32", "-d", "5"});
  const fs::path sample = dir / sampleFileName(1024 * 1024, SampleContent::Random);
  bool ready = false;
  for (int i = 0; i < 600 && !ready; ++i) {
    benchA.pump(0.05);
    const auto files = hashscope::listSamples(dir.path());
    ready = files.size() == 1 && files[0].isSample();
  }
  REQUIRE(ready);
  // Run B (this process) reuses it meanwhile.
  hashscope::SampleResult runB = hashscope::createSample(dir.path(), 1024 * 1024, SampleContent::Random, {});
  REQUIRE(runB.ok());
  REQUIRE(runB.reused);
  const ProcessResult a = benchA.wait();
  CHECK(a.exitCode == 0);
  CHECK(contains(a.err, sample.string() + " is in use by another HashScope: it was left untouched"));
  REQUIRE(fs::exists(sample));
  CHECK(fs::file_size(sample) == 1024 * 1024);
  runB.hold.release();
  CHECK(hashscope::removeSample(sample) == "");
}
