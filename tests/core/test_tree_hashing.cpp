// The parts of hash -r's file-tree path that make many small files cheap (issue 12): a listing without a look
// per file, opening listed files without a second look.
#include "catch.hpp"
#include "hashscope/workload.hpp"
#include "test_engine_support.hpp"

#include <algorithm>

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
