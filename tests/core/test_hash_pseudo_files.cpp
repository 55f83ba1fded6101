// hashFile on kernel pseudo files, whose size in stat is not their length (sysfs: 4096, procfs: 0): read
// to their end like md5sum. Regular files keep being read by their size.
#include "catch.hpp"
#include "skip.hpp"
#include "machine.hpp"
#include "test_engine_support.hpp"

#include "hashscope/hash.hpp"
#include "hashscope/workload.hpp"
#include "platform/file_io.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>

using namespace hashscope;
using namespace hashscope::test;
namespace fs = std::filesystem;

namespace {

std::string md5Hex(const std::string& data)
{
  auto hasher = makeHasher("md5");
  hasher->update(data.data(), data.size());
  return toHex(hasher->finish());
}

std::string readAll(const fs::path& path)
{
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

TEST_CASE("hashFile reads sysfs files to their end, whatever their size in stat says", "[engine][hash]")
{
  if (const std::string why = whyNoPosixFile("/sys/block"); !why.empty())
    HASHSCOPE_SKIP(why);
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator("/sys/block", ec))
    if (fs::exists(entry.path() / "size"))
      files.push_back(entry.path() / "size");
  if (files.empty())
    HASHSCOPE_SKIP("no /sys/block here");
  for (const auto& file : files) {
    INFO(file);
    CHECK(platform::isPseudoFilesystem(file));
    const std::string content = readAll(file);  // what md5sum hashes: everything up to end of file
    REQUIRE_FALSE(content.empty());
    REQUIRE(fs::file_size(file) != content.size());  // the premise: sysfs reports 4096
    for (const std::uint64_t blockSize : {std::uint64_t{1}, std::uint64_t{MiB}}) {
      const FileDigests d = hashFile(file, {"md5"}, {}, nullptr, 0, blockSize);
      INFO(d.error);
      REQUIRE(d.error.empty());
      REQUIRE(d.digests.size() == 1);
      CHECK(toHex(d.digests[0]) == md5Hex(content));
      CHECK(d.size == content.size());
    }
  }
}

TEST_CASE("ordinary files are not taken for pseudo files", "[engine][hash]")
{
  TempDir dir;
  const auto data = writeRandomFile(dir / "f", 3000, 9);
  CHECK_FALSE(platform::isPseudoFilesystem(dir / "f"));
  const FileDigests d = hashFile(dir / "f", {"md5"}, {});
  REQUIRE(d.error.empty());
  CHECK(toHex(d.digests[0]) == md5Hex(std::string(data.begin(), data.end())));
}
