// Opening listed files relative to their folder (issue 12's tree pipeline): the listing keeps its folders
// open, FileHasher opens each file by its name in that folder. Same digests as by path; a folder
// renamed or swapped for a link after the listing is never followed out of the tree; a file that cannot be
// opened is an error of its own and the others are still hashed.
#include "catch.hpp"
#include "hashscope/workload.hpp"
#include "platform/file_io.hpp"
#include "test_engine_support.hpp"

#include <algorithm>

#ifndef _WIN32
#include <sys/resource.h>
#endif

using namespace hashscope;
using hashscope::test::TempDir;
namespace fs = std::filesystem;

TEST_CASE("FileHasher gives every listed file, opened in its folder, the digests it gives its path", "[engine][tree]")
{
  TempDir dir;
  const auto root = dir / "tree";
  // Empty, small (one read), and bigger than the 64 KiB block (pipelined or mapped), in nested folders.
  const std::vector<std::pair<fs::path, std::size_t>> made{
      {root / "empty.bin", 0},         {root / "a" / "small.bin", 1000},  {root / "a" / "b" / "one-block.bin", 64 * KiB},
      {root / "a" / "big.bin", 200 * KiB + 3}, {root / "c" / "small2.bin", 1}};
  for (std::size_t i = 0; i < made.size(); ++i) {
    fs::create_directories(made[i].first.parent_path());
    hashscope::test::writeRandomFile(made[i].first, made[i].second, i + 1);
  }
  for (const bool sizes : {true, false}) {
    INFO("sizes " << sizes);
    const TreeListing listing = listFiles(root, {}, sizes);
    REQUIRE(listing.files.size() == made.size());
    REQUIRE(listing.folders.size() == made.size());
    for (const char* algo : {"md5", "xxh3-64"}) {
      INFO(algo);
      FileHasher listed({algo}, {}, nullptr, 0, 64 * KiB);
      FileHasher byPath({algo}, {}, nullptr, 0, 64 * KiB);
      for (std::size_t i = 0; i < listing.files.size(); ++i) {
        INFO(listing.files[i]);
        CHECK(listing.folders[i] != nullptr);  // a folder's files are opened relative to it
        const FileDigests got = listed.hash(listing, i);
        const FileDigests want = byPath.hash(listing.files[i]);
        REQUIRE(got.error == "");
        CHECK(got.size == want.size);
        CHECK(got.digests == want.digests);
      }
    }
  }
  // A file given as the root has no folder: it is opened by its path.
  const TreeListing one = listFiles(made[1].first);
  REQUIRE(one.folders.size() == 1);
  CHECK(one.folders[0] == nullptr);
  FileHasher listed({"md5"}, {});
  CHECK(listed.hash(one, 0).digests == FileHasher({"md5"}, {}).hash(made[1].first).digests);
}

TEST_CASE("FileHasher reports a listed file gone since the listing and hashes the others", "[engine][tree]")
{
  TempDir dir;
  const auto root = dir / "tree";
  fs::create_directories(root);
  for (int i = 0; i < 3; ++i)
    hashscope::test::writeRandomFile(root / ("f" + std::to_string(i)), 100, static_cast<std::uint64_t>(i) + 1);
  const TreeListing listing = listFiles(root, {}, false);
  REQUIRE(listing.files.size() == 3);
  fs::remove(root / "f1");
  FileHasher hasher({"md5"}, {});
  CHECK(hasher.hash(listing, 0).error == "");
  CHECK(hasher.hash(listing, 1).error == (root / "f1").string() + ": no such file");
  const FileDigests last = hasher.hash(listing, 2);
  CHECK(last.error == "");
  CHECK(last.digests == FileHasher({"md5"}, {}).hash(root / "f2").digests);
}

#ifndef _WIN32
TEST_CASE("A folder renamed or swapped for a link after the listing is not followed out of the tree",
          "[engine][tree]")
{
  TempDir dir;
  const auto root = dir / "tree";
  const auto outside = dir / "outside";
  fs::create_directories(root / "sub");
  fs::create_directories(outside);
  const auto inTree = hashscope::test::writeRandomFile(root / "sub" / "f.bin", 3000, 1);
  const auto outsideData = hashscope::test::writeRandomFile(outside / "f.bin", 3000, 2);  // same name, other bytes
  const TreeListing listing = listFiles(root, {}, false);
  REQUIRE(listing.files == std::vector<fs::path>{root / "sub" / "f.bin"});

  // The listed folder moves away and a link to a folder outside the tree takes its name: the path now
  // leads outside, the listed folder still holds the listed file.
  fs::rename(root / "sub", root / "moved");
  fs::create_directory_symlink(outside, root / "sub");
  const FileDigests byPath = FileHasher({"md5"}, {}).hash(root / "sub" / "f.bin");
  REQUIRE(byPath.digests.size() == 1);
  CHECK(toHex(byPath.digests[0]) == hashscope::test::oneShotHex("md5", outsideData.data(), outsideData.size()));

  const FileDigests got = FileHasher({"md5"}, {}).hash(listing, 0);
  REQUIRE(got.error == "");
  CHECK(toHex(got.digests[0]) == hashscope::test::oneShotHex("md5", inTree.data(), inTree.size()));

  // The walk opens a folder it listed as a folder without following links: one swapped for a link in
  // between is refused, not entered.
  std::error_code ec;
  const platform::Folder top = platform::Folder::open(root, ec);
  REQUIRE(top.isOpen());
  CHECK_FALSE(top.openChild("sub", false, ec).isOpen());
  CHECK(ec);
  CHECK(top.openChild("sub", true, ec).isOpen());  // a link listed as a link is followed, as before
  CHECK(top.openChild("moved", false, ec).isOpen());
}

TEST_CASE("Folder lists entries with their kinds and looks through links", "[engine][tree]")
{
  TempDir dir;
  fs::create_directories(dir / "f" / "sub");
  hashscope::test::writeRandomFile(dir / "f" / "file", 123, 1);
  fs::create_symlink(dir / "f" / "file", dir / "f" / "link");
  std::error_code ec;
  const platform::Folder folder = platform::Folder::open(dir / "f", ec);
  REQUIRE(folder.isOpen());
  std::vector<platform::FolderEntry> entries = folder.list(ec);
  CHECK_FALSE(ec);
  std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  REQUIRE(entries.size() == 3);  // no "." or ".."
  CHECK(entries[0].name == "file");
  CHECK(entries[1].name == "link");
  CHECK(entries[2].name == "sub");
  // Kinds as listed (Unknown where the filesystem does not say), then as looked at through links.
  CHECK((entries[1].kind == platform::EntryKind::Link || entries[1].kind == platform::EntryKind::Unknown));
  std::uint64_t size = 0;
  CHECK(folder.look("link", size, ec) == platform::EntryKind::Regular);
  CHECK(size == 123);
  CHECK(folder.look("sub", size, ec) == platform::EntryKind::Folder);
  CHECK(folder.look("missing", size, ec) == platform::EntryKind::Unknown);
  CHECK(ec == std::errc::no_such_file_or_directory);
  CHECK(folder.id() == platform::fileId(dir / "f"));
}

TEST_CASE("A listing keeps at most a share of the descriptor limit open and opens the rest by path",
          "[engine][tree]")
{
  TempDir dir;
  const auto root = dir / "tree";
  for (int i = 0; i < 40; ++i) {
    const fs::path folder = root / ("d" + std::to_string(100 + i));
    fs::create_directories(folder);
    hashscope::test::writeRandomFile(folder / "f", 10, static_cast<std::uint64_t>(i) + 1);
  }
  const int listers = GENERATE(0, 2);  // listers beside the walk hold the folders they made ready open too
  INFO(listers << " listers");
  struct rlimit saved {};
  REQUIRE(::getrlimit(RLIMIT_NOFILE, &saved) == 0);
  struct rlimit low = saved;
  low.rlim_cur = std::min<rlim_t>(saved.rlim_cur, 128);
  REQUIRE(::setrlimit(RLIMIT_NOFILE, &low) == 0);
  const std::size_t limit = platform::Folder::keepLimit();
  const TreeListing listing = engine::listFilesWithListers(static_cast<unsigned>(listers), root, {}, false);
  ::setrlimit(RLIMIT_NOFILE, &saved);
  CHECK(limit == low.rlim_cur / 4);
  REQUIRE(listing.files.size() == 40);
  const std::size_t kept =
      static_cast<std::size_t>(std::count_if(listing.folders.begin(), listing.folders.end(), [](const auto& f) { return f != nullptr; }));
  REQUIRE(limit < 40);
  // Files hold at most half the share (the walk's own open levels and the listers' jobs take the rest); the root
  // holds no file, so it is not one of them.
  CHECK(kept == limit / 2);
  CHECK(listing.folders.front() != nullptr);
  CHECK(listing.folders.back() == nullptr);
  FileHasher hasher({"md5"}, {});
  FileHasher byPath({"md5"}, {});
  for (std::size_t i = 0; i < listing.files.size(); ++i) {
    const FileDigests got = hasher.hash(listing, i);
    REQUIRE(got.error == "");
    CHECK(got.digests == byPath.hash(listing.files[i]).digests);
  }
}
#endif
