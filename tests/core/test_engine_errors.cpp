// Bad inputs each give one clear sentence: missing paths, folders given as files, empty files, no space.
#include "catch.hpp"
#include "hashscope/workload.hpp"
#include "test_engine_support.hpp"

using namespace hashscope;
using hashscope::test::TempDir;

namespace {

RunResult runOn(Workload w, const std::filesystem::path& target, std::uint64_t bytes = 0)
{
  WorkloadSpec spec;
  spec.workload = w;
  spec.algorithm = "md5";
  spec.target = target;
  spec.bytes = bytes;
  return runWorkload(spec, {});
}

}  // namespace

TEST_CASE("a missing file is named in the error", "[engine][errors]")
{
  TempDir dir;
  const auto missing = dir / "missing.bin";
  for (Workload w : {Workload::Read, Workload::HashFile}) {
    for (CacheMode cache : {CacheMode::AsIs, CacheMode::Cold, CacheMode::Warm}) {
      WorkloadSpec spec;
      spec.workload = w;
      spec.algorithm = "md5";
      spec.target = missing;
      spec.cache = cache;
      RunResult r = runWorkload(spec, {});
      CHECK(r.error == missing.string() + ": no such file");
      CHECK_FALSE(r.cancelled);
      CHECK(r.bytes == 0);
    }
  }
  CHECK(runOn(Workload::HashTree, missing).error == missing.string() + ": no such file or folder");
  CHECK(runOn(Workload::Write, missing, 1).error == missing.string() + ": no such folder");
  CHECK(warmFile(missing, {}) == missing.string() + ": no such file");
}

TEST_CASE("a folder given as a file is refused", "[engine][errors]")
{
  TempDir dir;
  CHECK(runOn(Workload::HashFile, dir.path()).error == dir.path().string() + " is a folder, not a regular file");
  CHECK(runOn(Workload::Read, dir.path()).error == dir.path().string() + " is a folder, not a regular file");
  CHECK(hashFile(dir.path(), {"md5"}, {}).error == dir.path().string() + " is a folder, not a regular file");
}

TEST_CASE("a file given as a folder is refused", "[engine][errors]")
{
  TempDir dir;
  const auto file = dir / "file.bin";
  hashscope::test::writeRandomFile(file, 10);
  CHECK(runOn(Workload::Write, file, 1).error == file.string() + " is not a folder");
}

TEST_CASE("a zero-length file has nothing to read or benchmark", "[engine][errors]")
{
  TempDir dir;
  const auto empty = dir / "empty.bin";
  hashscope::test::writeBytes(empty, {});
  CHECK(runOn(Workload::HashFile, empty).error == empty.string() + " is empty: nothing to read");
  CHECK(runOn(Workload::Read, empty).error == empty.string() + " is empty: nothing to read");
}

TEST_CASE("write refuses clearly when the space is not there", "[engine][errors]")
{
  TempDir dir;
  RunResult r = runOn(Workload::Write, dir.path(), 1000 * 1024 * GiB);
  CHECK(r.error.starts_with("Not enough free space in " + dir.path().string() + ": 1000 TiB needed, "));
  CHECK(r.error.ends_with(" free"));
  CHECK(dir.entries().empty());
}
