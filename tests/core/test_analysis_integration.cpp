// The analyser on real runs on this machine: md5 from RAM (/dev/shm) is cpu-bound and memory-backed, a warm
// file on the disk is served from the page cache, and a cold read of a file on the disk makes the device
// deliver (within 5%) exactly the file's bytes.
#include "catch.hpp"
#include "skip.hpp"
#include "machine.hpp"
#include "test_engine_support.hpp"

#include <cmath>
#include <filesystem>
#include <unistd.h>

#include "ceiling_helpers.hpp"
#include "hashscope/analysis.hpp"
#include "hashscope/counters.hpp"
#include "hashscope/samples.hpp"
#include "hashscope/storage.hpp"
#include "hashscope/suite.hpp"
#include "hashscope/workload.hpp"

using namespace hashscope;
namespace fs = std::filesystem;
using hashscope::test::TempDir;

namespace {

// One workload through core's runSampled at 10 Hz, as the suite runs it, with the storage described.
RunResult runAt(const WorkloadSpec& spec, const fs::path& location)
{
  const StorageInfo storage = describeStorage(location);
  LiveCounters counters(spec.streams);
  RunResult r = runSampled(spec, storage, StepContext{}, 10.0, counters, {},
                           [&](const WorkloadSpec& run) { return runWorkload(run, {}, &counters); });
  r.location = location;
  r.storage = storage;
  return r;
}

double hashMemoryMBps(const std::string& algorithm)
{
  WorkloadSpec spec;
  spec.workload = Workload::HashMemory;
  spec.algorithm = algorithm;
  spec.seconds = 0.5;
  const RunResult r = runWorkload(spec, {});
  REQUIRE(r.ok());
  return r.mbPerSec();
}

fs::path makeSample(const fs::path& folder, std::uint64_t size)
{
  const SampleResult s = createSample(folder, size, SampleContent::Random, {});
  INFO(s.error);
  REQUIRE(s.ok());
  return s.file.path;
}

bool onBlockDevice(const fs::path& folder)
{
  const StorageInfo info = describeStorage(folder);
  return info.error.empty() && !info.device.name.empty() && info.kind != MediaKind::Ram;
}

}  // namespace

TEST_CASE("md5 of a file in /dev/shm is memory-backed and held back by the hash or by getting its pages but never a disk",
          "[analysis][integration]")
{
  if (const std::string why = hashscope::test::whyNoTmpfsShm(); !why.empty())
    HASHSCOPE_SKIP(why);
  TempDir folder("/dev/shm");
  WorkloadSpec spec;
  spec.workload = Workload::HashFile;
  spec.algorithm = "md5";
  spec.target = makeSample(folder.path(), 128 * MiB);
  spec.cache = CacheMode::Cold;
  const double md5 = hashMemoryMBps("md5");
  RunResult r = runAt(spec, folder.path());
  REQUIRE(r.ok());
  const Analysis a = analyse(r, test::given(r, test::Given{.hash = md5}));
  INFO(toString(a.verdict) << " (" << toString(a.reason) << "), " << r.mbPerSec() << " MB/s, md5 in memory " << md5
                           << " MB/s, read by " << toString(r.readMethods));
  CHECK(a.memoryBacked);
  CHECK_FALSE(a.servedFromCache);
  // Whether mapped pages reach the hash at its speed depends on the machine: on the 16-core Xeon mapped and
  // in-memory md5 were equal (547-556 MB/s against 554), on the 2-core VM on 26 Nov 2026 mapped md5 ran at
  // 411-430 MB/s per CPU second against 665-668 with copies and 681 in memory, and the analysis then says the
  // hash was held back by getting its pages. Either way the hash's own ceiling is the limit, and nothing here
  // is a disk or unexplained.
  const bool hash = a.verdict == Verdict::CpuBound;
  const bool pages = a.verdict == Verdict::MemoryBound && a.reason == VerdictReason::BelowHashSpeed;
  CHECK((hash || pages));
  CHECK(a.limitMBps() == Approx(md5));
}

TEST_CASE("a warm file on the disk is flagged as served from the page cache", "[analysis][integration]")
{
  const fs::path tmp = fs::temp_directory_path();
  if (!onBlockDevice(tmp))
    HASHSCOPE_SKIP(tmp << " is not on a block device");
  TempDir folder(tmp);
  WorkloadSpec spec;
  spec.workload = Workload::HashFile;
  spec.algorithm = "md5";
  spec.target = makeSample(folder.path(), 64 * MiB);
  spec.cache = CacheMode::Warm;
  const double md5 = hashMemoryMBps("md5");
  REQUIRE(warmFile(spec.target, {}).empty());  // before sampling, as the suite does
  RunResult r = runAt(spec, folder.path());
  REQUIRE(r.ok());
  const Analysis a = analyse(r, test::given(r, test::Given{.hash = md5}));
  // One try: the analysis judges by this process's own reads, which other processes cannot inflate.
  INFO("own reads " << (r.ownReadBytes ? std::to_string(*r.ownReadBytes) : "unknown") << " of " << r.bytes
                    << " bytes, reason " << toString(a.reason) << ", cache method " << toString(r.cacheMethod));
  CHECK(a.servedFromCache);
  CHECK_FALSE(a.memoryBacked);
  CHECK(a.has(FlagCode::ServedFromCache));
}

TEST_CASE("a cold xxh3-64 hash of a file on the disk reads the file's bytes from the device",
          "[analysis][integration]")
{
  const fs::path tmp = fs::temp_directory_path();
  if (!onBlockDevice(tmp))
    HASHSCOPE_SKIP(tmp << " is not on a block device");
  const StorageInfo storage = describeStorage(tmp);
  if (!makeDiskCounterSource(storage.device))
    HASHSCOPE_SKIP("no device counters for " << storage.device.name);
  TempDir folder(tmp);
  constexpr std::uint64_t kSize = 128 * MiB;
  WorkloadSpec spec;
  spec.workload = Workload::HashFile;
  spec.algorithm = "xxh3-64";
  spec.target = makeSample(folder.path(), kSize);
  spec.cache = CacheMode::Cold;
  RunResult r = runAt(spec, folder.path());
  REQUIRE(r.ok());
  CHECK(r.bytes == kSize);
  const Analysis a = analyse(r, {});
  WARN(toString(a.reason));
  // The device counters count every process's reads: other processes on a shared machine can only add to
  // them, so they bound the file's bytes from below. What this process itself fetched must be the file.
  CHECK(static_cast<double>(a.deviceReadBytes) >= 0.95 * kSize);
  REQUIRE(r.ownReadBytes.has_value());
  CHECK(static_cast<double>(*r.ownReadBytes) >= 0.95 * kSize);
  CHECK(static_cast<double>(*r.ownReadBytes) <= 1.05 * kSize);
  CHECK_FALSE(a.servedFromCache);
  CHECK_FALSE(a.memoryBacked);
}

TEST_CASE("the process's own I/O accounting: a cold run fetched every byte, a warm one none",
          "[analysis][integration]")
{
  const fs::path tmp = fs::temp_directory_path();
  if (!onBlockDevice(tmp))
    HASHSCOPE_SKIP(tmp << " is not on a block device");
  ProcessIo probe;
  if (!readProcessIo(probe))
    HASHSCOPE_SKIP("no per-process I/O accounting here");
  TempDir folder(tmp);
  constexpr std::uint64_t kSize = 64 * MiB;
  WorkloadSpec spec;
  spec.workload = Workload::HashFile;
  spec.algorithm = "xxh3-64";
  spec.target = makeSample(folder.path(), kSize);
  spec.cache = CacheMode::Cold;
  // No retries: unlike the device counters, nobody else's reads land in this account.
  RunResult cold = runAt(spec, folder.path());
  REQUIRE(cold.ok());
  REQUIRE(cold.ownReadBytes);
  CHECK(static_cast<double>(*cold.ownReadBytes) >= 0.95 * kSize);
  CHECK(static_cast<double>(*cold.ownReadBytes) <= 1.05 * kSize);

  spec.cache = CacheMode::Warm;
  RunResult warm = runAt(spec, folder.path());  // runSampled warms it first, outside the account
  REQUIRE(warm.ok());
  REQUIRE(warm.ownReadBytes);
  CHECK(static_cast<double>(*warm.ownReadBytes) < 0.05 * kSize);
  CHECK(analyse(warm, {}).servedFromCache);
}
