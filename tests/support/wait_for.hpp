// Tests wait for the state they need, never for a fixed time (machines are shared and noisy): waitFor
// polls a condition within a generous correctness bound.
#pragma once

#include <chrono>
#include <thread>

namespace hashscope::test {

// Polls `condition` every 5 ms until it holds (true) or `bound` has passed (false).
template <typename F>
bool waitFor(F condition, std::chrono::seconds bound = std::chrono::seconds(10))
{
  const auto end = std::chrono::steady_clock::now() + bound;
  while (!condition()) {
    if (std::chrono::steady_clock::now() > end)
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

}  // namespace hashscope::test
