// The platform's counter sources on this machine, on any OS.
#include <chrono>
#include <thread>

#include "catch.hpp"
#include "skip.hpp"
#include "hashscope/counters.hpp"

using namespace hashscope;

TEST_CASE("the platform CPU source reads twice with time moving forward", "[counters][real]")
{
  auto cpu = makeCpuCounterSource();
  REQUIRE(cpu);
  CpuSnapshot a, b;
  REQUIRE(cpu->read(a));
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(100);
  volatile unsigned spin = 0;
  while (std::chrono::steady_clock::now() < until)
    spin = spin + 1;  // keep a CPU busy so busy time moves too
  REQUIRE(cpu->read(b));
  CHECK(b.all.total() > a.all.total());
  CHECK(b.all.busy() >= a.all.busy());
  CHECK(!b.cores.empty());
}

TEST_CASE("the platform disk source reads the default location's device when it has counters", "[counters][real]")
{
  auto info = describeStorage(defaultLocation());
  auto disk = makeDiskCounterSource(info.device);
  if (!info.device.hasCounters) {
    CHECK(disk == nullptr);
    HASHSCOPE_SKIP(info.label << " has no device counters to read");
  }
  REQUIRE(disk);
  DiskSnapshot a, b;
  REQUIRE(disk->read(a));
  REQUIRE(disk->read(b));
  CHECK(b.readBytes >= a.readBytes);
  CHECK(b.readOps >= a.readOps);
}
