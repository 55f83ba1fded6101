// The parts of hash -r's file-tree path that make many small files cheap (issue 12): a listing without a look
// per file, opening listed files without a second look.
#include "catch.hpp"
#include "hashscope/workload.hpp"
#include "test_engine_support.hpp"

#include <algorithm>
#include <chrono>
#include <fstream>

using namespace hashscope;
using hashscope::test::TempDir;
namespace fs = std::filesystem;

TEST_CASE("listFiles lists a tree sorted by path, with or without sizes", "[engine][tree]")
{
  TempDir dir;
  const auto root = dir / "tree";
  // Names around '/' (0x2f) in byte order: "a b", "a-b" and "a.b" sort before "a/x" as strings but after it
  // as paths; "a0" after both. The walk's order must be the path order.
  std::vector<fs::path> files{root / "a b", root / "a-b", root / "a.b", root / "a" / "x", root / "a" / "y" / "z",
                              root / "a0", root / "B", root / "a" / "x0"};
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < files.size(); ++i) {
    fs::create_directories(files[i].parent_path());
    hashscope::test::writeRandomFile(files[i], 100 + i, i + 1);
    total += 100 + i;
  }
  std::sort(files.begin(), files.end());

  const TreeListing sized = listFiles(root);
  CHECK(sized.files == files);
  REQUIRE(sized.sizes.size() == files.size());
  for (std::size_t i = 0; i < files.size(); ++i)
    CHECK(sized.sizes[i] == fs::file_size(files[i]));
  CHECK(sized.totalBytes == total);
  CHECK(sized.errors.empty());

  const TreeListing unsized = listFiles(root, {}, false);
  CHECK(unsized.files == files);
  CHECK(unsized.sizes.empty());
  CHECK(unsized.totalBytes == 0);
  CHECK(unsized.errors.empty());

  // A single file given as the root is listed as itself.
  const TreeListing one = listFiles(files.front(), {}, false);
  CHECK(one.files == std::vector<fs::path>{files.front()});
}

#ifndef _WIN32
TEST_CASE("listFiles without sizes reports links, loops and special files like with sizes", "[engine][tree]")
{
  TempDir dir;
  const auto root = dir / "tree";
  fs::create_directories(root / "sub");
  hashscope::test::writeRandomFile(root / "sub" / "f.bin", 10, 1);
  hashscope::test::writeRandomFile(dir / "outside.bin", 40, 2);
  fs::create_symlink(dir / "outside.bin", root / "link-to-file");
  fs::create_symlink(root / "missing", root / "dangling");
  fs::create_directory_symlink("..", root / "sub" / "up");
  const TreeListing sized = listFiles(root);
  const TreeListing unsized = listFiles(root, {}, false);
  CHECK(unsized.files == sized.files);
  CHECK(unsized.errors == sized.errors);
  CHECK(sized.files == std::vector<fs::path>{root / "link-to-file", root / "sub" / "f.bin"});
  CHECK(sized.totalBytes == 50);
  CHECK(sized.errors.size() == 2);
}
#endif

TEST_CASE("FileHasher opens checked files without a second look", "[engine][tree]")
{
  TempDir dir;
  const auto small = dir / "small.bin";
  const auto big = dir / "big.bin";
  const auto smallData = hashscope::test::writeRandomFile(small, 4000, 1);
  const auto bigData = hashscope::test::writeRandomFile(big, 3 * 64 * KiB + 5, 2);
  for (const char* algo : {"md5", "xxh3-64"}) {
    INFO(algo);
    FileHasher hasher({algo}, {}, nullptr, 0, 64 * KiB);
    const FileDigests s = hasher.hash(small, FileHasher::Seen::Regular);
    REQUIRE(s.error == "");
    CHECK(std::string(hasher.lastReadMethod()) == "read");  // one block: one read() on this thread
    CHECK(toHex(s.digests[0]) == hashscope::test::oneShotHex(algo, smallData.data(), smallData.size()));
    const FileDigests b = hasher.hash(big, FileHasher::Seen::Regular);
    REQUIRE(b.error == "");
    CHECK(b.size == bigData.size());
    CHECK(toHex(b.digests[0]) == hashscope::test::oneShotHex(algo, bigData.data(), bigData.size()));
    // What is not there is still an error with a checked path (it may have gone since it was listed).
    CHECK(hasher.hash(dir / "gone.bin", FileHasher::Seen::Regular).error != "");
    CHECK(hasher.hash(dir.path(), FileHasher::Seen::Regular).error ==
          dir.path().string() + " is a folder, not a regular file");
  }
}

// The walk makes folders ready on other threads ahead of it (the listers): a tree of many folders, some
// nested, some links (to a folder in the tree, back up to an ancestor, out of it), comes out in path order
// and with the same problems whatever the link policy, as a walk of one folder at a time would give it.
TEST_CASE("the walk lists many folders ahead on other threads and keeps the path order", "[engine][tree]")
{
  TempDir dir;
  const auto root = dir / "tree";
  std::vector<fs::path> files;
  for (int a = 0; a < 30; ++a) {
    const fs::path top = root / ("d" + std::to_string(a));
    for (int b = 0; b < (a % 4 == 0 ? 12 : 2); ++b) {
      const fs::path sub = top / ("s" + std::to_string(b)) / (b % 3 == 0 ? "deep" : "");
      fs::create_directories(sub);
      for (int f = 0; f < 3; ++f) {
        files.push_back(sub / ("f" + std::to_string(f)));
        hashscope::test::writeRandomFile(files.back(), 10 + static_cast<std::size_t>(f), static_cast<std::uint64_t>(a * 100 + b * 10 + f));
      }
    }
    if (a % 7 == 0)
      fs::create_directory(top / "empty");
  }
  for (fs::path& f : files)
    f = f.lexically_normal();
  std::sort(files.begin(), files.end());
  const int threads = GENERATE(0, 1, 3);
  INFO(threads << " listers");
  const auto listTree = [threads](const fs::path& from, std::stop_token stop, bool sizes, LinkPolicy links) {
    return engine::listFilesWithListers(static_cast<unsigned>(threads), from, std::move(stop), sizes, links);
  };
  for (LinkPolicy links : {LinkPolicy::Follow, LinkPolicy::Skip, LinkPolicy::FollowWithinTree}) {
    INFO("link policy " << static_cast<int>(links));
    const TreeListing listing = listTree(root, {}, true, links);
    CHECK(listing.files == files);
    CHECK(listing.errors.empty());
    CHECK(listing.notFollowed.empty());
  }
#ifndef _WIN32
  // Links to folders among them: followed, skipped or kept within the tree; a loop is reported, not entered.
  fs::create_directory_symlink(root / "d4", root / "d10" / "to-d4");
  fs::create_directory_symlink(root, root / "d20" / "up");
  fs::create_directory_symlink(dir.path(), root / "d21" / "out");
  hashscope::test::writeRandomFile(dir / "outside.bin", 5, 99);
  std::vector<fs::path> viaLink;
  for (const fs::path& f : files) {
    const auto rel = f.lexically_relative(root / "d4");
    if (!rel.empty() && *rel.begin() != "..")
      viaLink.push_back(root / "d10" / "to-d4" / rel);
  }
  REQUIRE_FALSE(viaLink.empty());
  std::vector<fs::path> within = files;
  within.insert(within.end(), viaLink.begin(), viaLink.end());
  std::sort(within.begin(), within.end());

  const TreeListing skipped = listTree(root, {}, true, LinkPolicy::Skip);
  CHECK(skipped.files == files);
  CHECK(skipped.errors.empty());
  CHECK(skipped.notFollowed.size() == 3);

  const TreeListing inside = listTree(root, {}, true, LinkPolicy::FollowWithinTree);
  CHECK(inside.files == within);  // d20/up leads to the root: a loop, reported
  REQUIRE(inside.errors.size() == 1);
  CHECK(inside.errors[0] == (root / "d20" / "up").string() + ": symbolic link loop, skipped");
  CHECK(inside.notFollowed.size() == 1);  // d21/out leaves the tree
#endif
}

// A stop while the listers are ahead of the walk ends it at once, with every folder they opened closed.
TEST_CASE("a stop during a walk with listers ahead ends it soon after and closes every folder",
          "[engine][tree]")
{
  TempDir dir;
  const auto root = dir / "tree";
  for (int a = 0; a < 200; ++a) {
    const fs::path sub = root / ("d" + std::to_string(1000 + a));
    fs::create_directories(sub / "inner");
    hashscope::test::writeRandomFile(sub / "inner" / "f", 4, static_cast<std::uint64_t>(a) + 1);
  }
#ifdef __linux__
  const auto openFolders = [] {
    std::size_t n = 0;
    for (const auto& fd : fs::directory_iterator("/proc/self/fd")) {
      std::error_code ec;
      n += fs::is_directory(fs::read_symlink(fd.path(), ec)) ? 1 : 0;
    }
    return n;
  };
  const std::size_t before = openFolders();
#endif
  std::stop_source stop;
  std::size_t seen = 0;
  std::chrono::steady_clock::time_point stopped;
  TreeSink sink;
  sink.file = [&](fs::path, const std::shared_ptr<const platform::Folder>&, std::uint64_t) {
    if (++seen == 20) {
      stopped = std::chrono::steady_clock::now();
      stop.request_stop();
    }
  };
  sink.problem = [](std::string sentence) { FAIL(sentence); };
  engine::walkTreeWithListers(2, root, stop.get_token(), true, LinkPolicy::Follow, sink);
  CHECK(seen == 20);  // nothing handed on after the stop
  // From the stop to the walk's return, listers joined: within the engine's cancel budget (a correctness bound;
  // the walk before the stop is not counted, however slow a loaded machine makes it).
  CHECK(hashscope::test::secondsSince(stopped) < hashscope::test::cancelBudgetSeconds());
#ifdef __linux__
  CHECK(openFolders() == before);
#endif
}

// A folder too big for the listers to build its paths ahead (over 4096 entries: the walk builds them as it
// goes) comes out whole and in order beside small ones, with and without listers.
TEST_CASE("the walk builds the paths of a very big folder itself, in order", "[engine][tree]")
{
  TempDir dir;
  const auto root = dir / "tree";
  std::vector<fs::path> files;
  for (const char* folder : {"a", "big", "c"}) {
    fs::create_directories(root / folder);
    const int count = std::string(folder) == "big" ? 4100 : 5;
    for (int i = 0; i < count; ++i) {
      files.push_back(root / folder / ("f" + std::to_string(i)));
      std::ofstream(files.back()) << i;
    }
  }
  std::sort(files.begin(), files.end());
  const int threads = GENERATE(0, 2);
  INFO(threads << " listers");
  const TreeListing listing = engine::listFilesWithListers(static_cast<unsigned>(threads), root, {}, true);
  CHECK(listing.files == files);
  CHECK(listing.errors.empty());
}
