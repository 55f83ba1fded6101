// Waiting for a quiet machine: when a wait ends (QuietPolicy, fed made-up loads), and how a run stops waiting
// (skip, give up) and says so.
#include "catch.hpp"
#include "skip.hpp"
#include "test_engine_support.hpp"

#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <vector>

#include "hashscope/hash.hpp"
#include "hashscope/suite.hpp"

using namespace hashscope;
using hashscope::test::TempDir;

namespace {

// Feeds `policy` windows of QuietPolicy::kWindowSeconds with the load `others(t)` until it decides.
template <class Load>
std::pair<QuietOutcome, double> runPolicy(QuietPolicy& policy, Load others, double until = 120)
{
  const double w = QuietPolicy::kWindowSeconds;
  for (double t = w; t <= until; t += w) {
    if (const auto outcome = policy.add(t, w, others(t)))
      return {*outcome, t};
  }
  FAIL("the policy never decided");
  return {QuietOutcome::Stopped, until};
}

// A small suite in `dir` that waits for a quiet machine before each step.
SuiteSpec quietSpec(const TempDir& dir, std::vector<std::string> algorithms)
{
  SuiteSpec spec;
  spec.locations = {dir.path()};
  spec.algorithms = std::move(algorithms);
  spec.sampleSize = 4 * MiB;
  spec.hashMemorySeconds = 0.05;
  spec.waitQuiet = true;
  spec.quietTimeoutSeconds = 30;
  spec.removeSamplesAfter = true;
  return spec;
}

}  // namespace

TEST_CASE("a quiet machine ends the wait after one short window", "[suite][quiet]")
{
  QuietPolicy policy(kQuietOtherCores, 30);
  const auto [outcome, t] = runPolicy(policy, [](double) { return 0.05; });
  CHECK(outcome == QuietOutcome::Quiet);
  CHECK(t == Approx(QuietPolicy::kWindowSeconds));
}

TEST_CASE("a busy machine that does not let up is given up on early, not after the whole limit",
          "[suite][quiet]")
{
  QuietPolicy policy(kQuietOtherCores, 30);
  const auto [outcome, t] = runPolicy(policy, [](double s) { return 1.3 + 0.1 * std::sin(s); });
  CHECK(outcome == QuietOutcome::NotImproving);
  CHECK(t >= QuietPolicy::kGiveUpSeconds);
  CHECK(t < 10);
  CHECK(policy.recentOtherCores() == Approx(1.3).margin(0.15));
}

TEST_CASE("a load that is falling is waited for, up to the limit", "[suite][quiet]")
{
  SECTION("it reaches quiet: the wait ends then")
  {
    QuietPolicy policy(kQuietOtherCores, 30);
    const auto [outcome, t] = runPolicy(policy, [](double s) { return std::max(0.0, 1.6 - 0.12 * s); });
    CHECK(outcome == QuietOutcome::Quiet);
    CHECK(t > QuietPolicy::kGiveUpSeconds);  // past the point where a steady load is given up on
    CHECK(t < 30);
  }
  SECTION("it never gets there: the limit ends it")
  {
    QuietPolicy policy(kQuietOtherCores, 12);
    const auto [outcome, t] = runPolicy(policy, [](double s) { return 1.8 - 0.1 * s; });  // 0.6 at 12 s
    CHECK(outcome == QuietOutcome::TimedOut);
    CHECK(t == Approx(12).margin(QuietPolicy::kWindowSeconds));
  }
}

TEST_CASE("after the first window a quarter second of calm in a busy second is not quiet", "[suite][quiet]")
{
  QuietPolicy policy(kQuietOtherCores, 30);
  const double w = QuietPolicy::kWindowSeconds;
  CHECK_FALSE(policy.add(w, w, 1.5));
  CHECK_FALSE(policy.add(2 * w, w, 1.5));
  CHECK_FALSE(policy.add(3 * w, w, 1.5));
  CHECK_FALSE(policy.add(4 * w, w, 0.0));  // the last second is still 1.1 cores on average
  CHECK_FALSE(policy.add(5 * w, w, 0.0));
  CHECK_FALSE(policy.add(6 * w, w, 0.0));
  CHECK(policy.add(7 * w, w, 0.0) == QuietOutcome::Quiet);  // a whole quiet second
}

TEST_CASE("a skipped wait ends at once, and no later step of the run waits", "[suite][quiet][integration]")
{
  TempDir dir;
  const SuiteSpec spec = quietSpec(dir, {"md5", "xxh3-64"});
  std::stop_source skip;
  std::mutex mutex;
  std::vector<int> waitedBefore;                 // the steps that waited
  std::vector<QuietOutcome> outcomes;
  std::vector<std::string> messages;
  SuiteObserver observer;
  observer.waiting = [&](const QuietWait& w) {
    {
      std::lock_guard lock(mutex);
      if (waitedBefore.empty() || waitedBefore.back() != w.beforeStep)
        waitedBefore.push_back(w.beforeStep);
    }
    skip.request_stop();  // the user clicks Skip during the first wait
  };
  observer.waitEnded = [&](const QuietWait&, QuietOutcome outcome) {
    std::lock_guard lock(mutex);
    outcomes.push_back(outcome);
  };
  observer.message = [&](const std::string& m) {
    std::lock_guard lock(mutex);
    messages.push_back(m);
  };
  const auto start = std::chrono::steady_clock::now();
  const SuiteResult result = runSuite(spec, observer, {}, SuiteControl{skip.get_token()});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK_FALSE(result.cancelled);
  CHECK(result.results.size() == planSuite(spec).size());
  // The first step waited; if that first window happened to be quiet, the second step's wait saw the skip at
  // once. Either way the run waited at most twice and then never again.
  REQUIRE_FALSE(outcomes.empty());
  CHECK(outcomes.size() <= 2);
  CHECK(outcomes.back() == QuietOutcome::Skipped);
  CHECK(waitedBefore.size() <= 1);  // a skip seen before its first window reports no window
  bool said = false;
  for (const std::string& m : messages)
    said = said || m.find("No more waiting for a quiet machine") != std::string::npos;
  CHECK(said);
  CHECK(seconds < 20);  // a generous hang bound: 5 steps x a 30 s limit without the skip
}

TEST_CASE("a run that was told to skip before it started never waits", "[suite][quiet][integration]")
{
  TempDir dir;
  const SuiteSpec spec = quietSpec(dir, {"xxh3-64"});
  std::stop_source skip;
  skip.request_stop();
  std::atomic<int> waits{0};
  SuiteObserver observer;
  observer.waiting = [&](const QuietWait&) { ++waits; };
  observer.waitEnded = [&](const QuietWait&, QuietOutcome) { ++waits; };
  const SuiteResult result = runSuite(spec, observer, {}, SuiteControl{skip.get_token()});
  CHECK(result.results.size() == planSuite(spec).size());
  CHECK(waits == 0);
}

TEST_CASE("every pass of every step is announced before it runs", "[suite][phases][integration]")
{
  TempDir dir;
  SuiteSpec spec = quietSpec(dir, {"xxh3-64"});
  spec.waitQuiet = false;
  spec.passes = 3;
  std::mutex mutex;
  std::vector<std::pair<int, int>> passes;  // step index, pass
  SuiteObserver observer;
  observer.passStarted = [&](const SuiteStep& step, int pass, int of) {
    std::lock_guard lock(mutex);
    CHECK(of == 3);
    passes.emplace_back(step.index, pass);
  };
  const SuiteResult result = runSuite(spec, observer, {});
  const std::size_t steps = planSuite(spec).size();
  REQUIRE(result.results.size() == steps);
  REQUIRE(passes.size() == 3 * steps);
  for (std::size_t i = 0; i < passes.size(); ++i) {
    CHECK(passes[i].first == int(i / 3));
    CHECK(passes[i].second == int(i % 3) + 1);
  }
}
