// Smoke tests on this machine's real /proc and /sys (Linux only; skipped elsewhere).
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "catch.hpp"
#include "skip.hpp"
#include "machine.hpp"
#include "hashscope/storage.hpp"

using namespace hashscope;

// On every OS: the temp folder is a real, writable place with a label and sizes.
TEST_CASE("describeStorage on the default location works on any OS", "[storage][real]")
{
  auto info = describeStorage(defaultLocation());
  INFO(info.label << " / " << info.error);
  REQUIRE(info.error.empty());
  CHECK(!info.mountPoint.empty());
  CHECK(!info.label.empty());
  CHECK(info.totalBytes > 0);
  CHECK(info.freeBytes <= info.totalBytes);
  CHECK(info.writable);
  CHECK_FALSE(info.readOnly);
  auto locations = candidateLocations();
  REQUIRE(!locations.empty());
  CHECK(locations.front().path == defaultLocation());
}

#if defined(__linux__)

TEST_CASE("describeStorage on the temp folder finds a real block device", "[storage][real]")
{
  auto info = describeStorage(std::filesystem::temp_directory_path());
  INFO(info.label << " / " << info.error);
  std::cout << "describeStorage(/tmp): " << info.label << "\n";
  REQUIRE(info.error.empty());
  CHECK(info.totalBytes > 0);
  CHECK(info.freeBytes <= info.totalBytes);
  CHECK(info.writable);
  if (info.filesystem == "ext4" || info.filesystem == "xfs") {
    CHECK(!info.device.name.empty());
    CHECK(info.device.logicalBlockSize >= 512);
    CHECK(info.device.sizeBytes > 0);
    CHECK(info.device.hasCounters);
    CHECK((info.kind == MediaKind::Hdd || info.kind == MediaKind::Ssd || info.kind == MediaKind::Removable));
    // The disk is one the kernel lists, and a single disk's kind is what the kernel says of it (a RAID or
    // volume group over several disks combines its members' flags).
    const std::filesystem::path disk = std::filesystem::path("/sys/block") / info.device.name;
    std::ifstream rotationalFile(disk / "queue" / "rotational"), removableFile(disk / "removable");
    std::string rotational, removable;
    std::getline(rotationalFile, rotational);
    std::getline(removableFile, removable);
    REQUIRE(!rotational.empty());
    if (info.device.slaves.size() <= 1) {
      const MediaKind expected = removable == "1"   ? MediaKind::Removable
                                 : rotational == "1" ? MediaKind::Hdd
                                                     : MediaKind::Ssd;
      CHECK(info.kind == expected);
      const char* word = expected == MediaKind::Removable ? "removable" : expected == MediaKind::Hdd ? "HDD" : "SSD";
      CHECK(info.label.ends_with(std::string(" (") + word + ", " + info.filesystem + ") mounted at " +
                                 info.mountPoint.string()));
    } else {
      HASHSCOPE_SKIP_PART("the temp folder is on " << info.device.slaves.size()
                                                    << " disks: its kind not compared with one disk's flags");
    }
  } else {
    HASHSCOPE_SKIP_PART("the temp folder is on " << info.filesystem << ", not ext4 or xfs: its device not checked");
  }
}

TEST_CASE("describeStorage on /dev/shm is RAM without a device", "[storage][real]")
{
  if (const std::string why = hashscope::test::whyNoTmpfsShm(); !why.empty())
    HASHSCOPE_SKIP(why);
  auto info = describeStorage("/dev/shm");
  std::cout << "describeStorage(/dev/shm): " << info.label << "\n";
  REQUIRE(info.error.empty());
  CHECK(info.filesystem == "tmpfs");
  CHECK(info.kind == MediaKind::Ram);
  CHECK(info.device.name.empty());
  CHECK(!info.device.hasCounters);
  CHECK(info.mountPoint == "/dev/shm");
  CHECK(info.label.starts_with("RAM, no disk device (tmpfs)"));
}

TEST_CASE("describeStorage on the home folder and on a missing path", "[storage][real]")
{
  if (const char* home = std::getenv("HOME")) {
    auto info = describeStorage(home);
    std::cout << "describeStorage($HOME=" << home << "): " << info.label << "\n";
    CHECK(info.error.empty());
    CHECK(!info.mountPoint.empty());
  }
  auto missing = describeStorage("/definitely/not/here/hashscope");
  CHECK(!missing.error.empty());
  CHECK(missing.error.find("/definitely/not/here/hashscope") != std::string::npos);
}

TEST_CASE("candidateLocations lists temp and home first, no kernel filesystems", "[storage][real]")
{
  auto locations = candidateLocations();
  REQUIRE(!locations.empty());
  CHECK(locations.front().path == defaultLocation());
  for (const auto& l : locations) {
    std::cout << "candidate: " << l.path.string() << "  " << l.label << "\n";
    CHECK(l.error.empty());
    CHECK(l.filesystem != "proc");
    CHECK(l.filesystem != "sysfs");
    CHECK(l.filesystem != "cgroup");
    CHECK(!l.path.string().starts_with("/proc"));
    CHECK(!l.path.string().starts_with("/sys"));
  }
  for (std::size_t i = 0; i < locations.size(); ++i) {
    for (std::size_t j = i + 1; j < locations.size(); ++j)
      CHECK(locations[i].path != locations[j].path);
  }
}

#endif
