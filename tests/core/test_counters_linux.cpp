// The Linux counter sources: real /proc/stat and /sys/block, and recorded files in a temp folder
// where devices vanish and come back.
#if defined(__linux__)

#include <atomic>
#include <filesystem>
#include <fstream>
#include <random>

#include "catch.hpp"
#include "skip.hpp"
#include "counters/linux_sources.hpp"
#include "hashscope/counters.hpp"

using namespace hashscope;
using namespace hashscope::counters;
namespace fs = std::filesystem;

namespace {

struct TempDir {
  fs::path path;
  TempDir()
  {
    static std::atomic<int> n{0};
    path = fs::temp_directory_path() /
           ("hashscope-counters-" + std::to_string(std::random_device{}()) + "-" + std::to_string(n++));
    fs::create_directories(path);
  }
  ~TempDir()
  {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  void write(const fs::path& rel, const std::string& text) const
  {
    fs::create_directories((path / rel).parent_path());
    std::ofstream(path / rel) << text;
  }
};

}  // namespace

TEST_CASE("the real /proc/stat is readable", "[counters][linux][real]")
{
  auto cpu = makeCpuCounterSource();
  REQUIRE(cpu);
  CpuSnapshot a, b;
  REQUIRE(cpu->read(a));
  CHECK(a.all.total() > 0);
  CHECK(a.cores.size() >= 1);
  REQUIRE(cpu->read(b));
  CHECK(b.all.total() >= a.all.total());
}

TEST_CASE("the real disk behind /tmp has readable counters", "[counters][linux][real]")
{
  auto info = describeStorage(fs::temp_directory_path());
  if (!info.device.hasCounters)  // e.g. /tmp on tmpfs on some systems: nothing to read
    HASHSCOPE_SKIP(info.label << " has no device counters to read");
  auto disk = makeDiskCounterSource(info.device);
  REQUIRE(disk);
  DiskSnapshot s;
  REQUIRE(disk->read(s));
  CHECK(s.readBytes > 0);  // the system booted from somewhere
  CHECK(s.readOps > 0);
}

TEST_CASE("/sys/block/vda/stat reads directly when this machine has vda", "[counters][linux][real]")
{
  if (!fs::exists("/sys/block/vda/stat"))
    HASHSCOPE_SKIP("no /sys/block/vda/stat on this machine");
  SysfsDiskSource vda("/sys", {"vda"});
  DiskSnapshot s;
  REQUIRE(vda.read(s));
  CHECK(s.readBytes % 512 == 0);
  CHECK(s.readBytes > 0);
}

TEST_CASE("no disk source for locations without a device", "[counters][linux]")
{
  DeviceInfo none;
  CHECK(makeDiskCounterSource(none) == nullptr);
  DeviceInfo noCounters;
  noCounters.name = "sda";
  CHECK(makeDiskCounterSource(noCounters) == nullptr);
}

TEST_CASE("ProcStatCpuSource reads a recorded file", "[counters][linux]")
{
  TempDir dir;
  dir.write("stat", "cpu  100 0 100 800 0 0 0 0 0 0\ncpu0 100 0 100 800 0 0 0 0 0 0\nintr 5\n");
  ProcStatCpuSource source(dir.path / "stat");
  CpuSnapshot s;
  REQUIRE(source.read(s));
  CHECK(s.all.total() > 0);
  CHECK(s.cores.size() == 1);
  fs::remove(dir.path / "stat");
  CHECK_FALSE(source.read(s));
}

TEST_CASE("readSmallFile grows its buffer for files larger than it", "[counters][linux]")
{
  TempDir dir;
  std::string big(100000, 'x');
  dir.write("big", big);
  std::string buffer;
  REQUIRE(readSmallFile((dir.path / "big").c_str(), buffer));
  CHECK(buffer.size() == big.size());
  CHECK_FALSE(readSmallFile((dir.path / "missing").c_str(), buffer));
}

TEST_CASE("SysfsDiskSource sums slaves, falls back to diskstats, survives vanishing devices", "[counters][linux]")
{
  TempDir dir;
  const fs::path sys = dir.path / "sys";
  const fs::path diskstats = dir.path / "diskstats";
  dir.write("sys/block/sdb/stat", "10 0 2000 0 4 0 100 0 1 300 0 0 0 0 0 0 0\n");
  dir.write("sys/block/sdc/stat", "30 0 6000 0 6 0 300 0 0 700 0\n");
  dir.write("diskstats", "");

  SysfsDiskSource md(sys, {"sdb", "sdc"}, diskstats);
  DiskSnapshot s;
  REQUIRE(md.read(s));
  CHECK(s.readBytes == 8000 * 512ull);
  CHECK(s.writeBytes == 400 * 512ull);
  CHECK(s.readOps == 40);
  CHECK(s.writeOps == 10);
  CHECK(s.busySeconds == Approx(1.0));
  CHECK(s.inFlight == Approx(1.0));

  SECTION("a member vanishes: the read fails rather than report half the array")
  {
    fs::remove(sys / "block" / "sdc" / "stat");
    DiskSnapshot t;
    CHECK_FALSE(md.read(t));
    SECTION("and comes back")
    {
      dir.write("sys/block/sdc/stat", "1 0 8 0 0 0 0 0 0 1 0\n");
      REQUIRE(md.read(t));
      CHECK(t.readBytes == 2008 * 512ull);
    }
  }
  SECTION("diskstats stands in when sysfs lacks the device")
  {
    fs::remove(sys / "block" / "sdc" / "stat");
    dir.write("diskstats", "   8      32 sdc 3 0 16 0 0 0 0 0 0 0 0 0 0 0 0\n");
    DiskSnapshot t;
    REQUIRE(md.read(t));
    CHECK(t.readBytes == 2016 * 512ull);
  }
  SECTION("a garbled stat file counts as unreadable")
  {
    dir.write("sys/block/sdb/stat", "garbage\n");
    DiskSnapshot t;
    CHECK_FALSE(md.read(t));
  }
  SECTION("no disks at all")
  {
    SysfsDiskSource empty(sys, {}, diskstats);
    DiskSnapshot t;
    CHECK_FALSE(empty.read(t));
  }
}

#endif
