// The data plan: runSuite on a file or folder the user already has. It plans read, hash-memory and hash-file
// (file) or hash-tree (folder) on the data itself, measures it where it is, writes nothing there (checked on
// a read-only tree, with the run's file identity dropped to "nobody" so even root could not write), and
// refuses what cannot be measured (empty, missing, FIFO, device, unreadable) with one sentence, at once.
#if defined(__linux__)

#include "catch.hpp"
#include "skip.hpp"
#include "test_engine_support.hpp"

#include <filesystem>
#include <map>
#include <mutex>
#include <sys/stat.h>
#include <unistd.h>

#include "hashscope/suite.hpp"

using namespace hashscope;
namespace fs = std::filesystem;
using hashscope::test::asNobody;
using hashscope::test::TempDir;

namespace {

// Everything under `root` that a write would change: names, types, sizes, modes, and the modification
// and change times of files and folders (a file created and removed again still moves its folder's mtime).
struct Entry {
  unsigned mode = 0;
  std::uint64_t size = 0;
  std::int64_t mtimeNs = 0, ctimeNs = 0;
  bool operator==(const Entry&) const = default;
};
std::map<std::string, Entry> snapshot(const fs::path& root)
{
  std::map<std::string, Entry> out;
  auto add = [&](const fs::path& p) {
    struct stat st {};
    REQUIRE(::lstat(p.c_str(), &st) == 0);
    out[p.string()] = Entry{static_cast<unsigned>(st.st_mode), static_cast<std::uint64_t>(st.st_size),
                            st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec,
                            st.st_ctim.tv_sec * 1000000000LL + st.st_ctim.tv_nsec};
  };
  add(root);
  for (const auto& e : fs::recursive_directory_iterator(root))
    add(e.path());
  return out;
}

// A small tree like a folder of disk images: files of different sizes in two levels, made read-only.
std::uint64_t makeReadOnlyTree(const fs::path& root)
{
  fs::create_directories(root / "sub");
  hashscope::test::writeRandomFile(root / "disk-a.img", 3 * MiB + 17, 1);
  hashscope::test::writeRandomFile(root / "sub" / "disk b.img", 1 * MiB, 2);
  hashscope::test::writeRandomFile(root / "sub" / "notes.txt", 1000, 3);
  for (const fs::path& f : {root / "disk-a.img", root / "sub" / "disk b.img", root / "sub" / "notes.txt"})
    fs::permissions(f, fs::perms(0444));
  fs::permissions(root / "sub", fs::perms(0555));
  fs::permissions(root, fs::perms(0555));
  return 3 * MiB + 17 + 1 * MiB + 1000;
}

SuiteSpec dataSpec(const fs::path& data)
{
  SuiteSpec spec;
  spec.data = data;
  spec.algorithms = {"md5", "crc32"};
  spec.hashMemorySeconds = 0.05;
  spec.sampleHz = 20;
  return spec;
}

struct Recorded {
  std::mutex mutex;
  std::vector<std::string> messages;
  std::vector<SuiteStep> started;
};
SuiteObserver recorder(Recorded& rec)
{
  SuiteObserver o;
  o.message = [&rec](const std::string& m) {
    std::lock_guard lock(rec.mutex);
    rec.messages.push_back(m);
  };
  o.stepStarted = [&rec](const SuiteStep& s, int) {
    std::lock_guard lock(rec.mutex);
    rec.started.push_back(s);
  };
  return o;
}

}  // namespace

TEST_CASE("a data plan for a file reads and hashes the file itself: read, then hash-memory and hash-file per "
          "algorithm, with peers, warm and ramp as asked",
          "[suite][data]")
{
  TempDir dir;
  const fs::path file = dir / "photo 1.raw";
  hashscope::test::writeRandomFile(file, 4096);
  SuiteSpec spec = dataSpec(file);
  spec.locations = {dir.path()};  // not used by a data plan
  spec.warm = true;
  spec.ramp = true;
  spec.maxStreams = 2;
  const auto steps = planSuite(spec);
  // read + per algorithm (hash-memory, hash-file, warm, ramp 2) = 1 + 2 * 4, peers not asked.
  REQUIRE(steps.size() == 9);
  CHECK(steps[0].spec.workload == Workload::Read);
  CHECK(steps[0].title == "read (cold), " + file.string());
  CHECK_FALSE(steps[0].spec.tree);
  CHECK(steps[1].spec.workload == Workload::HashMemory);
  CHECK(steps[2].spec.workload == Workload::HashFile);
  CHECK(steps[2].title == "md5 hash-file (cold), " + file.string());
  CHECK(steps[3].spec.cache == CacheMode::Warm);
  CHECK(steps[4].spec.streams == 2);
  for (const SuiteStep& s : steps) {
    CHECK(s.location == file);
    CHECK(s.spec.workload != Workload::Write);
    if (workloadTraits(s.spec.workload).usesCache)
      CHECK(s.spec.target == file);  // never a sample
  }
}

TEST_CASE("a data plan for a folder reads the whole tree, then hash-memory and hash-tree per algorithm, with "
          "warm and ramp for the tree and no peers (they hash single files)",
          "[suite][data]")
{
  TempDir dir;
  hashscope::test::writeRandomFile(dir / "a.bin", 4096);
  SuiteSpec spec = dataSpec(dir.path());
  spec.peers = true;
  spec.warm = true;
  const auto steps = planSuite(spec);
  REQUIRE(steps.size() == 7);  // read + 2 x (hash-memory, hash-tree, hash-tree warm)
  CHECK(steps[0].spec.workload == Workload::Read);
  CHECK(steps[0].spec.target == dir.path());
  CHECK(steps[0].spec.tree);  // the read reads every file under the folder
  CHECK(steps[2].spec.workload == Workload::HashTree);
  CHECK(steps[2].spec.target == dir.path());
  CHECK(steps[2].title == "md5 hash-tree (cold), " + dir.path().string());
  CHECK(steps[3].spec.workload == Workload::HashTree);
  CHECK(steps[3].spec.cache == CacheMode::Warm);
  CHECK(steps[3].title == "md5 hash-tree (warm), " + dir.path().string());
  for (const SuiteStep& s : steps)
    CHECK(s.spec.workload != Workload::PeerTool);

  // A sample plan keeps its steps: warm and ramp stay hash-file's there.
  SuiteSpec samples;
  samples.locations = {dir.path()};
  samples.algorithms = {"md5"};
  samples.workloads = {Workload::HashTree};
  samples.warm = true;
  CHECK(planSuite(samples).size() == 1);
}

TEST_CASE("a data run on a read-only folder measures every file, writes nothing and leaves it unchanged",
          "[suite][data][integration]")
{
  TempDir dir;
  const fs::path root = dir / "images";
  const std::uint64_t total = makeReadOnlyTree(root);
  const auto before = snapshot(root);

  SuiteSpec spec = dataSpec(root);
  spec.passes = 2;
  spec.warm = true;
  Recorded rec;
  SuiteResult result;
  // As "nobody": the tree's modes forbid any write, even for the root user running the tests.
  const bool asOther = asNobody([&] { result = runSuite(spec, recorder(rec), {}); });
  if (!asOther) {
    HASHSCOPE_SKIP_PART("cannot drop file permissions for a thread here: run as this user, checked by snapshot");
    result = runSuite(spec, recorder(rec), {});
  }

  CHECK(snapshot(root) == before);
  INFO((rec.messages.empty() ? std::string() : rec.messages.front()));
  REQUIRE(result.errors.empty());
  // read, then per algorithm hash-memory, hash-tree (cold) and hash-tree (warm).
  REQUIRE(result.results.size() == 7);
  for (const RunResult& r : result.results) {
    CAPTURE(toString(r.workload), r.algorithm, r.error);
    CHECK(r.ok());
    CHECK(r.location == root);
    CHECK(r.passes.size() == 2);
    CHECK(r.analysis.has_value());
    if (r.workload == Workload::HashMemory)
      continue;
    CHECK(r.target == root);
    CHECK(r.files == 3);
    CHECK(r.bytes == total);
    CHECK(r.fileErrors.empty());
  }
  CHECK(result.results[0].workload == Workload::Read);
  CHECK(result.results[2].workload == Workload::HashTree);
  CHECK(result.results[2].cache == CacheMode::Cold);
  CHECK(result.results[3].cache == CacheMode::Warm);
  // The tree read is the hash-tree's read reference: the analysis knows the ceiling of this data. In a RAM-backed
  // folder (the restricted run's /tmp is a tmpfs) a read ceiling holds only for the access it measured: a
  // hash-tree through mapped pages says its read side was not measured that way instead.
  const RunResult& tree = result.results[2];
  const bool mappedInRam = tree.analysis->memoryBacked && tree.readMethods.has(ReadMethod::Mapped);
  CAPTURE(toString(tree.readMethods), tree.analysis->memoryBacked);
  CHECK(tree.analysis->limit.read.has_value() == !mappedInRam);
  CHECK(tree.analysis->limit.readMissing == mappedInRam);
  std::lock_guard lock(rec.mutex);
  for (const SuiteStep& s : rec.started) {
    if (workloadTraits(s.spec.workload).usesCache)
      CHECK(s.expectedBytes == total);  // progress knows how much data there is
  }
  REQUIRE_FALSE(rec.messages.empty());
  CHECK(rec.messages.front() == "Measuring " + root.string() + " (3 files, " + formatBytes(total) +
                                    ") where it is: nothing is written.");
}

TEST_CASE("a data run on one read-only file hashes that file (its digest) and leaves it unchanged",
          "[suite][data][integration]")
{
  TempDir dir;
  const fs::path file = dir / "archive\nwith newline.tar";
  const auto bytes = hashscope::test::writeRandomFile(file, 2 * MiB + 5, 9);
  fs::permissions(file, fs::perms(0444));
  fs::permissions(dir.path(), fs::perms(0555));
  const auto before = snapshot(dir.path());

  SuiteSpec spec = dataSpec(file);
  spec.algorithms = {"sha256"};
  SuiteResult result;
  Recorded rec;
  if (!asNobody([&] { result = runSuite(spec, recorder(rec), {}); })) {
    HASHSCOPE_SKIP_PART("cannot drop file permissions for a thread here: run as this user, checked by snapshot");
    result = runSuite(spec, recorder(rec), {});
  }
  CHECK(snapshot(dir.path()) == before);
  REQUIRE(result.errors.empty());
  REQUIRE(result.results.size() == 3);  // read, hash-memory, hash-file
  const RunResult& hashed = result.results[2];
  REQUIRE(hashed.workload == Workload::HashFile);
  CHECK(hashed.ok());
  CHECK(hashed.target == file);
  CHECK(hashed.files == 1);
  CHECK(hashed.bytes == bytes.size());
  CHECK(hashed.digest == hashscope::test::oneShotHex("sha256", bytes.data(), bytes.size()));
  CHECK(result.results[0].bytes == bytes.size());
}

TEST_CASE("a data run refuses what it cannot measure with one clear sentence, at once, and writes nothing",
          "[suite][data]")
{
  TempDir dir;
  fs::create_directory(dir / "empty");
  const fs::path fifo = dir / "pipe";
  REQUIRE(::mkfifo(fifo.c_str(), 0644) == 0);
  hashscope::test::writeRandomFile(dir / "zero.bin", 0);
  fs::create_directory(dir / "only-fifo");
  REQUIRE(::mkfifo((dir / "only-fifo" / "p").c_str(), 0644) == 0);
  hashscope::test::writeRandomFile(dir / "data.bin", 100);
  const auto before = snapshot(dir.path());

  const std::vector<std::pair<fs::path, std::string>> cases{
      {dir / "missing", (dir / "missing").string() + ": no such file or folder"},
      {dir / "empty", (dir / "empty").string() + " is an empty folder: there is nothing to measure"},
      {fifo, fifo.string() + " is a FIFO, not a file or folder: choose a file or a folder of files to benchmark"},
      {"/dev/zero", "/dev/zero is a device, not a file or folder: choose a file or a folder of files to benchmark"},
      {dir / "zero.bin", (dir / "zero.bin").string() + " is empty: there is nothing to measure"},
      {dir / "only-fifo", (dir / "only-fifo").string() + " holds no file that can be read (" +
                              (dir / "only-fifo" / "p").string() + " is a FIFO, not a regular file: skipped)"},
  };
  for (const auto& [path, text] : cases) {
    CAPTURE(path);
    std::vector<fs::path> errorsAt;
    SuiteObserver observer;
    observer.locationError = [&](const fs::path& where, const std::string&) { errorsAt.push_back(where); };
    const SuiteResult r = runSuite(dataSpec(path), observer, {});
    CHECK(r.results.empty());
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].text == text);
    CHECK(errorsAt == std::vector<fs::path>{path});
  }

  // Steps that do not fit the data: write (it would write), hash-file on a folder.
  SuiteSpec write = dataSpec(dir / "data.bin");
  write.workloads = {Workload::Write};
  SuiteResult w = runSuite(write, {}, {});
  REQUIRE(w.errors.size() == 1);
  CHECK(w.errors[0].text ==
        "write would create a file in " + (dir / "data.bin").string() + ": a benchmark of existing data writes nothing");
  SuiteSpec fileOnFolder = dataSpec(dir.path());
  fileOnFolder.workloads = {Workload::HashFile};
  SuiteResult f = runSuite(fileOnFolder, {}, {});
  REQUIRE(f.errors.size() == 1);
  CHECK(f.errors[0].text == dir.path().string() + " is a folder: hash-file measures one file, hash-tree a folder");
  CHECK(snapshot(dir.path()) == before);

  // A file this user may not read (root reads anything: checked as "nobody").
  const fs::path secret = dir / "secret.bin";
  hashscope::test::writeRandomFile(secret, 1000);
  fs::permissions(secret, fs::perms::none);
  SuiteResult s;
  if (!asNobody([&] { s = runSuite(dataSpec(secret), {}, {}); }))
    HASHSCOPE_SKIP("cannot drop file permissions for a thread here (setfsuid refused)");
  REQUIRE(s.errors.size() == 1);
  CHECK(s.errors[0].text == secret.string() + ": permission denied");
  CHECK(s.results.empty());
}

#endif
