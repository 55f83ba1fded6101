// Linux-only engine checks: cold reads really bypass the page cache, tmpfs is recognised, special files are
// refused, and permission errors are real even when the tests run as root (setfsuid on a helper thread).
#if defined(__linux__)

#include <fcntl.h>
#include <fstream>
#include <sys/fsuid.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

#include "catch.hpp"
#include "skip.hpp"
#include "machine.hpp"
#include "hashscope/workload.hpp"
#include "test_engine_support.hpp"

using namespace hashscope;
using hashscope::test::TempDir;
using hashscope::test::asNobody;

namespace {

// Bytes this process made the block layer read from storage (all threads, live and exited).
std::uint64_t processReadBytes() { return hashscope::test::processIoCounter("read_bytes:").value_or(0); }

// Fraction of the file's pages that are in the page cache right now.
double residentFraction(const std::filesystem::path& file)
{
  const int fd = ::open(file.c_str(), O_RDONLY);
  REQUIRE(fd >= 0);
  const auto size = static_cast<std::size_t>(std::filesystem::file_size(file));
  void* map = ::mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
  ::close(fd);
  REQUIRE(map != MAP_FAILED);
  const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  std::vector<unsigned char> pages((size + page - 1) / page);
  REQUIRE(::mincore(map, size, pages.data()) == 0);
  ::munmap(map, size);
  std::size_t resident = 0;
  for (unsigned char p : pages)
    resident += p & 1;
  return static_cast<double>(resident) / static_cast<double>(pages.size());
}

WorkloadSpec coldSpec(Workload w, const std::filesystem::path& file)
{
  WorkloadSpec spec;
  spec.workload = w;
  spec.algorithm = "md5";
  spec.target = file;
  spec.cache = CacheMode::Cold;
  spec.blockSize = 1 * MiB;
  return spec;
}

}  // namespace

TEST_CASE("cold reads in a temp folder on a disk use O_DIRECT and really read the device", "[engine][linux]")
{
  if (const std::string why = hashscope::test::whyNoDirectReadDisk("/tmp"); !why.empty())
    HASHSCOPE_SKIP(why);
  TempDir dir("/tmp");
  const auto file = dir / "cold.bin";
  const std::size_t size = 16 * MiB + 4097;
  hashscope::test::writeRandomFile(file, size, 11);
  for (Workload w : {Workload::Read, Workload::HashFile}) {
    for (int streams : {1, 3}) {
      CAPTURE(toString(w), streams);
      WorkloadSpec spec = coldSpec(w, file);
      spec.streams = streams;
      const std::uint64_t before = processReadBytes();
      RunResult r = runWorkload(spec, {});
      const std::uint64_t after = processReadBytes();
      REQUIRE(r.error == "");
      CHECK(r.bytes == size);
      CHECK(r.cacheMethod == CacheMethod::Direct);
      CHECK(r.cacheNote == "");
      // Every byte came from the device (direct reads round the tail up to the alignment).
      CHECK(after - before >= size);
      CHECK(after - before < size + 1 * MiB);
      // ... and nothing was left in the page cache.
      CHECK(residentFraction(file) < 0.05);
    }
  }
  // A warm run is served from RAM: the file is fully cached afterwards.
  WorkloadSpec warm = coldSpec(Workload::HashFile, file);
  warm.cache = CacheMode::Warm;
  RunResult w = runWorkload(warm, {});
  REQUIRE(w.error == "");
  CHECK(w.cacheMethod == CacheMethod::Warm);
  CHECK(residentFraction(file) > 0.95);
}

TEST_CASE("cold reads in /dev/shm are reported as memory-backed", "[engine][linux]")
{
  if (const std::string why = hashscope::test::whyNoTmpfsShm(); !why.empty())
    HASHSCOPE_SKIP(why);
  TempDir dir("/dev/shm");
  const auto file = dir / "shm.bin";
  hashscope::test::writeRandomFile(file, 3 * MiB + 1, 5);
  RunResult r = runWorkload(coldSpec(Workload::HashFile, file), {});
  REQUIRE(r.error == "");
  CHECK(r.bytes == 3 * MiB + 1);
  CHECK(r.cacheMethod == CacheMethod::MemoryBacked);
  CHECK_FALSE(r.cacheNote.empty());
}

TEST_CASE("FIFOs and devices are refused without blocking", "[engine][linux]")
{
  TempDir dir;
  const auto fifo = dir / "pipe";
  REQUIRE(::mkfifo(fifo.c_str(), 0644) == 0);
  for (CacheMode cache : {CacheMode::AsIs, CacheMode::Cold, CacheMode::Warm}) {
    WorkloadSpec spec = coldSpec(Workload::HashFile, fifo);
    spec.cache = cache;
    CHECK(runWorkload(spec, {}).error == fifo.string() + " is a FIFO, not a regular file");
  }
  CHECK(hashFile(fifo, {"md5"}, {}).error == fifo.string() + " is a FIFO, not a regular file");
  CHECK(runWorkload(coldSpec(Workload::Read, "/dev/null"), {}).error == "/dev/null is a device, not a regular file");
  CHECK(hashFile("/dev/zero", {"md5"}, {}).error == "/dev/zero is a device, not a regular file");
}

TEST_CASE("an unreadable file is reported, even to root", "[engine][linux]")
{
  TempDir dir;
  const auto file = dir / "secret.bin";
  hashscope::test::writeRandomFile(file, 1000);
  std::filesystem::permissions(file, std::filesystem::perms::none);
  std::string workloadError, hashError;
  const bool ran = asNobody([&] {
    workloadError = runWorkload(coldSpec(Workload::HashFile, file), {}).error;
    hashError = hashFile(file, {"md5"}, {}).error;
  });
  if (!ran)
    HASHSCOPE_SKIP("cannot drop file permissions for a thread here (setfsuid refused)");
  CHECK(workloadError == file.string() + ": permission denied");
  CHECK(hashError == file.string() + ": permission denied");
}

TEST_CASE("a folder this user may not write to is refused as such (not called read-only), and nothing is left "
          "there", "[engine][linux]")
{
  TempDir dir;
  const auto folder = dir / "ro";
  std::filesystem::create_directory(folder);
  std::filesystem::permissions(folder, std::filesystem::perms(0555));
  RunResult r;
  const bool ran = asNobody([&] {
    WorkloadSpec spec;
    spec.workload = Workload::Write;
    spec.target = folder;
    spec.bytes = 1 * MiB;
    r = runWorkload(spec, {});
  });
  if (!ran)
    HASHSCOPE_SKIP("cannot drop file permissions for a thread here (setfsuid refused)");
  const std::string denied =
      folder.string() + ": permission denied (you cannot create files here): choose another location";
  CHECK(r.error == denied);
  CHECK(std::filesystem::is_empty(folder));

  SampleResult sample;
  REQUIRE(asNobody([&] { sample = createSample(folder, 1 * MiB, SampleContent::Zeros, {}); }));
  CHECK(sample.error == denied);
  CHECK(std::filesystem::is_empty(folder));
}

TEST_CASE("listFiles reports loops, FIFOs, dangling links and unreadable folders, and sorts the rest",
          "[engine][linux]")
{
  TempDir dir;
  const auto root = dir / "tree";
  std::filesystem::create_directories(root / "b/inner");
  std::filesystem::create_directories(root / "a");
  hashscope::test::writeRandomFile(root / "b/inner/z.bin", 10);
  hashscope::test::writeRandomFile(root / "b/y.bin", 20);
  hashscope::test::writeRandomFile(root / "a/x.bin", 30);
  hashscope::test::writeRandomFile(dir / "outside.bin", 40);
  std::filesystem::create_directory_symlink("../..", root / "b/inner/up");           // loop back to root
  std::filesystem::create_symlink(root / "b/missing", root / "b/dangling");          // dangling
  std::filesystem::create_symlink(dir / "outside.bin", root / "a/link-to-file");     // followed
  std::filesystem::create_symlink(root / "a/self", root / "a/self");                 // ELOOP
  REQUIRE(::mkfifo((root / "a/pipe").c_str(), 0644) == 0);

  const int listers = GENERATE(0, 2);  // the walk alone, and with folders made ready ahead on other threads
  INFO(listers << " listers");
  const auto listTree = [listers](const std::filesystem::path& from) {
    return engine::listFilesWithListers(static_cast<unsigned>(listers), from);
  };
  TreeListing list = listTree(root);
  const std::vector<std::filesystem::path> expected{root / "a/link-to-file", root / "a/x.bin",
                                                    root / "b/inner/z.bin", root / "b/y.bin"};
  CHECK(list.files == expected);
  CHECK(list.totalBytes == 40 + 30 + 10 + 20);
  auto has = [&](const std::string& sentence) {
    return std::find(list.errors.begin(), list.errors.end(), sentence) != list.errors.end();
  };
  CHECK(has((root / "b/inner/up").string() + ": symbolic link loop, skipped"));
  CHECK(has((root / "a/self").string() + ": symbolic link loop, skipped"));
  CHECK(has((root / "b/dangling").string() + ": dangling symbolic link, skipped"));
  CHECK(has((root / "a/pipe").string() + " is a FIFO, not a regular file: skipped"));
  CHECK(list.errors.size() == 4);

  // hash-tree over the same folder: the good files are hashed, the rest become per-file errors.
  WorkloadSpec spec;
  spec.workload = Workload::HashTree;
  spec.algorithm = "sha1";
  spec.target = root;
  spec.streams = 2;
  RunResult r = runWorkload(spec, {});
  CHECK(r.error == "");
  CHECK(r.files == 4);
  CHECK(r.bytes == 100);
  CHECK(r.fileErrors.size() == 4);

  // An unreadable folder is reported and the walk goes on (the listers, started by the walk's thread, have
  // its file permissions).
  std::filesystem::permissions(root / "b", std::filesystem::perms::none);
  TreeListing restricted;
  if (!asNobody([&] { restricted = listTree(root); })) {
    HASHSCOPE_SKIP_PART("cannot drop file permissions for a thread here: unreadable-folder case not checked");
    return;
  }
  CHECK(restricted.files == std::vector<std::filesystem::path>{root / "a/link-to-file", root / "a/x.bin"});
  CHECK(std::find(restricted.errors.begin(), restricted.errors.end(),
                  (root / "b").string() + ": cannot open the folder (permission denied), skipped") !=
        restricted.errors.end());
}

#endif
