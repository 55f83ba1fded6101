// Many jobs in one process (issue 19): hash-tree and FileHasher on threads with descriptor tables of their
// own give the digests and byte counts of one thread; every file is opened once and closed; nothing is left
// open; a folder replaced after the walk is not followed.
#include <atomic>
#include <thread>

#include "catch.hpp"
#include "hashscope/jobs.hpp"
#include "hashscope/workload.hpp"
#include "inotify_support.hpp"
#include "platform/sanitizers.hpp"
#include "skip.hpp"
#include "test_engine_support.hpp"

using namespace hashscope;
using hashscope::test::TempDir;
namespace fs = std::filesystem;

namespace {

// A tree of small files (one read each) and medium ones (mapped with one stream, read block by block with
// several), in 6 folders.
struct Tree {
  std::vector<fs::path> files, folders;
  std::uint64_t bytes = 0;
};
Tree makeTree(const fs::path& root, int count)
{
  Tree t;
  for (int d = 0; d < 6; ++d)
    t.folders.push_back(root / ("d" + std::to_string(d)));
  t.folders.push_back(root);
  for (const auto& f : t.folders)
    fs::create_directories(f);
  for (int i = 0; i < count; ++i) {
    const std::size_t size = i % 50 == 0 ? 3 * MiB + static_cast<std::size_t>(i) : static_cast<std::size_t>(i * 37 % 5000);
    t.files.push_back(t.folders[static_cast<std::size_t>(i) % 6] / ("f" + std::to_string(i)));
    hashscope::test::writeRandomFile(t.files.back(), size, static_cast<std::uint64_t>(i) + 1);
    t.bytes += size;
  }
  std::sort(t.files.begin(), t.files.end());
  return t;
}

#if defined(__linux__)
int openDescriptors()
{
  int n = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator("/proc/self/fd"))
    ++n;
  return n;
}
#endif

}  // namespace

#if defined(__linux__)
TEST_CASE("hash-tree on 1, 2 and 16 streams reads every file once and leaves nothing open", "[engine][tree][jobs]")
{
  const hashscope::test::MappingCostsAs mapping(true);  // Auto maps where mapping pays
  TempDir dir;
  const Tree tree = makeTree(dir / "t", 300);
  for (int streams : {1, 2, 16}) {
    CAPTURE(streams);
    hashscope::test::OpenCounter counter(tree.folders);
    REQUIRE(counter.ok());
    const int before = openDescriptors();
    WorkloadSpec spec;
    spec.workload = Workload::HashTree;
    spec.algorithm = "md5";
    spec.target = dir / "t";
    spec.streams = streams;
    spec.cache = CacheMode::AsIs;
    LiveCounters counters(streams);
    const RunResult r = runWorkload(spec, {}, &counters);
    REQUIRE(r.error == "");
    CHECK(r.fileErrors.empty());
    CHECK(r.files == tree.files.size());
    CHECK(r.bytes == tree.bytes);
    CHECK(openDescriptors() == before);  // the streams' own tables went with their threads
    REQUIRE(counter.collect());
    for (const auto& f : tree.files) {
      CAPTURE(f);
      CHECK(counter.opens[f.string()] == 1);
      CHECK(counter.closes[f.string()] == 1);
    }
    // One stream maps what is over a block; several read every file below 64 MiB with read().
    CHECK(toString(r.readMethods) == (streams == 1 ? "read+mmap" : "read"));
  }
}
#endif

TEST_CASE("FileHasher on threads with their own descriptor tables gives the digests of one thread", "[engine][tree][jobs]")
{
  TempDir dir;
  const Tree tree = makeTree(dir / "t", 120);
  const TreeListing listing = listFiles(dir / "t", {}, false);
  REQUIRE(listing.files == tree.files);
  std::vector<FileDigests> alone;
  FileHasher one({"sha256", "xxh3-64"}, {});
  for (std::size_t i = 0; i < listing.files.size(); ++i)
    alone.push_back(one.hash(listing, i));
  for (int jobs : {2, 16}) {
    CAPTURE(jobs);
    std::vector<FileDigests> got(listing.files.size());
    std::atomic<std::size_t> next{0};
    std::atomic<int> own{0};
    std::vector<std::thread> threads;
    for (int w = 0; w < jobs; ++w) {
      threads.emplace_back([&] {
        own += useOwnDescriptorTable() ? 1 : 0;
        FileHasher hasher({"sha256", "xxh3-64"}, {}, nullptr, 0, 1 * MiB, jobs);
        for (std::size_t i; (i = next++) < listing.files.size();)
          got[i] = hasher.hash(listing, i);
      });
    }
    for (auto& t : threads)
      t.join();
#if defined(__linux__)
    constexpr bool ownTables = true;  // Linux 5.9 and later (close_range with CLOSE_RANGE_UNSHARE)
#else
    constexpr bool ownTables = false;
#endif
    if (hashscope::platform::kThreadSanitizer)
      CHECK(own.load() == 0);  // ThreadSanitizer builds keep one table (see useOwnDescriptorTable)
    else if (ownTables)
      CHECK(own.load() == jobs);
    for (std::size_t i = 0; i < got.size(); ++i) {
      CAPTURE(listing.files[i]);
      REQUIRE(got[i].error == "");
      CHECK(got[i].digests == alone[i].digests);
      CHECK(got[i].size == alone[i].size);
    }
  }
}

#if defined(__linux__)
TEST_CASE("a thread with its own descriptor table does not follow a folder replaced after the walk", "[engine][tree][jobs]")
{
  if (hashscope::platform::kThreadSanitizer)
    HASHSCOPE_SKIP("ThreadSanitizer builds give no thread a descriptor table of its own (see useOwnDescriptorTable)");
  TempDir dir;
  fs::create_directories(dir / "t" / "sub");
  hashscope::test::writeRandomFile(dir / "t" / "sub" / "f", 100, 1);
  fs::create_directories(dir / "elsewhere");
  hashscope::test::writeRandomFile(dir / "elsewhere" / "f", 200, 2);
  const TreeListing listing = listFiles(dir / "t", {}, false);
  REQUIRE(listing.files.size() == 1);
  // After the walk, the folder is swapped for a link to another one holding a file of the same name.
  fs::rename(dir / "t" / "sub", dir / "t" / "old");
  fs::create_directory_symlink(dir / "elsewhere", dir / "t" / "sub");
  FileDigests own, shared;
  bool ownTable = false;
  std::thread([&] {
    ownTable = useOwnDescriptorTable();
    own = FileHasher({"md5"}, {}).hash(listing, 0);
  }).join();
  REQUIRE(ownTable);
  shared = FileHasher({"md5"}, {}).hash(listing, 0);
  // Sharing the table, the file is opened in the folder that was walked (now named "old"); on its own table
  // the thread opens the folder again by its path, finds another folder there, and says so.
  REQUIRE(shared.error == "");
  CHECK(shared.size == 100);
  CHECK(own.error == (dir / "t" / "sub").string() + ": cannot open the folder again (it is no longer the folder that was listed)");
}
#endif
