// The shipped platform::mappingCosts() (core/src/platform/mapping_costs.cpp). The core tests link their own
// definition in its place (tests/core/mapping_costs_helpers.cpp) to pin the costs Auto's read choice sees, so
// the library's own is tested here, in a binary that links the library as hashscope-cli and the app do. Its
// answer decides how every cached file is read: unmeasured costs would make Auto map everywhere
// (platform::mappingPays takes mapping to pay when nothing was measured), and every other test would pass.
#include "catch.hpp"
#include "platform/mapped_file.hpp"

#include <cmath>
#include <thread>
#include <vector>

using hashscope::platform::MappingCosts;

TEST_CASE("the library measures what mapping and copying cost on this machine, once per process", "[platform][mapped]")
{
  // The first calls of the process, from several threads at once: one measurement, the same answer to all.
  constexpr int kThreads = 4;
  std::vector<const MappingCosts*> seen(kThreads, nullptr);
  {
    std::vector<std::jthread> threads;
    for (int i = 0; i < kThreads; ++i)
      threads.emplace_back([&seen, i] { seen[static_cast<std::size_t>(i)] = &hashscope::platform::mappingCosts(); });
  }
  const MappingCosts& here = hashscope::platform::mappingCosts();
  const MappingCosts first = here;
  for (const MappingCosts* costs : seen)
    CHECK(costs == &here);
  INFO("copy " << here.copy << " s/GiB, faults " << here.fault << ", populated " << here.populatedTouch);
#ifndef _WIN32
  // Measured here (POSIX: mapped_file_posix.cpp), in CPU seconds per GiB: each a real, finite cost.
  REQUIRE(here.measured);
  CHECK(here.copy > 0);
  CHECK(here.fault > 0);
  CHECK(here.populatedTouch >= 0);
  CHECK(std::isfinite(here.copy));
  CHECK(std::isfinite(here.fault));
  CHECK(std::isfinite(here.populatedTouch));
#else
  CHECK_FALSE(here.measured);  // Windows measures nothing: mapping is taken to pay, as before the probe
#endif
  // Kept: later calls give the same object, unchanged (a second measurement would differ in its timings).
  const MappingCosts& again = hashscope::platform::mappingCosts();
  CHECK(&again == &here);
  CHECK(again.measured == first.measured);
  CHECK(again.copy == first.copy);
  CHECK(again.fault == first.fault);
  CHECK(again.populatedTouch == first.populatedTouch);
}
