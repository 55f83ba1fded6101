// The first run: defaults that answer within a minute, a time-left estimate from measured speeds (checked on a
// simulated run whose every duration is known), and a status line that names each phase as it happens.
#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <map>

#include "catch.hpp"
#include "logic/progress_estimate.hpp"
#include "logic/run_options.hpp"
#include "logic/run_phase.hpp"

using namespace hashscope;
using namespace hashscope::gui;

TEST_CASE("the default run is short: a 256 MiB sample, 3 passes, half-second references, no warm pass or ramp",
          "[gui][first-run]")
{
  const RunOptions o;
  CHECK(o.sampleSize == 256 * MiB);
  CHECK(o.preset == Preset::Standard);
  CHECK(o.hashSeconds == 0.5);
  CHECK_FALSE(o.warm);
  CHECK_FALSE(o.ramp);
  CHECK_FALSE(o.peers);
  CHECK(o.waitQuiet);
  CHECK(o.quietTimeout == 20);
  std::vector<std::string> algorithms = defaultAlgorithms();
  const SuiteSpec spec = makeSuiteSpec(o, {"/tmp"}, algorithms);
  CHECK(spec.passes == 3);
  // read, then per algorithm its reference in RAM and its file: 9 steps of 3 passes on one location.
  CHECK(planSuite(spec).size() == 1 + 2 * algorithms.size());
  // The default size shrinks on a nearly full location, never grows past the default.
  CHECK(defaultSampleSize(1000 * GiB) == 256 * MiB);
  CHECK(defaultSampleSize(512 * MiB) == 128 * MiB);
  CHECK(defaultSampleSize(10 * MiB) == 16 * MiB);
}

namespace {

PassResult passOf(std::uint64_t bytes, double seconds)
{
  PassResult p;
  p.bytes = bytes;
  p.seconds = seconds;
  return p;
}

// A run of `plan` with known speeds and costs, fed to a ProgressEstimate event by event as the controller does;
// checks the estimate against the run's true end at every event from the end of the first step on.
struct SimulatedRun {
  double read = 1100, write = 450;  // MB/s
  std::map<std::string, double> hash{{"md5", 700}, {"sha256", 1700}, {"xxh3-64", 9000}, {"crc32", 8000}};
  double overhead = 0.04, gap = 0.27, sampleInterval = 0.1;

  struct Check {
    double t, estimatedEnd, estimatedLeft;
  };
  std::vector<Check> checks;
  double end = 0;

  double passSeconds(const SuiteStep& step, std::uint64_t bytes) const
  {
    const double mb = double(bytes) / 1e6;
    switch (step.spec.workload) {
    case Workload::HashMemory: return step.spec.seconds;
    case Workload::Read: return mb / read;
    default: return mb / std::min(read, hash.at(step.spec.algorithm)) / 0.97;  // a little below the limit
    }
  }

  void run(ProgressEstimate& p, const std::vector<SuiteStep>& plan, const SuiteSpec& spec)
  {
    double t = 0;
    const auto check = [&] {
      const double left = p.secondsLeft(t);
      checks.push_back({t, left >= 0 ? t + left : -1, left});
    };
    // The sample, then every step.
    for (double f = 0.1; f <= 1.0001; f += 0.1) {
      t += 0.1 * double(spec.sampleSize) / 1e6 / write;
      p.sampleWriting(plan.front().location, f, write, t);
    }
    for (const SuiteStep& step : plan) {
      t += gap;
      p.stepStarted(step, t);
      RunResult r;
      r.workload = step.spec.workload;
      r.algorithm = step.spec.algorithm;
      r.location = step.location;
      r.cache = step.spec.cache;
      r.streams = step.spec.streams;
      const std::uint64_t bytes = step.spec.workload == Workload::HashMemory
                                      ? std::uint64_t(hash.at(step.spec.algorithm) * 1e6 * step.spec.seconds)
                                      : spec.sampleSize;
      for (int pass = 1; pass <= spec.passes; ++pass) {
        p.passStarted(pass, t);
        t += overhead;
        const double seconds = passSeconds(step, bytes);
        for (double s = sampleInterval; s < seconds; s += sampleInterval) {
          Sample sample;
          sample.t = s;
          sample.interval = sampleInterval;
          sample.totalBytes = std::uint64_t(double(bytes) * s / seconds);
          p.sample(sample, t + s);
          check();
        }
        t += seconds;
        r.passes.push_back(passOf(bytes, seconds));
      }
      r.bytes = bytes;
      r.seconds = r.passes.front().seconds;
      p.stepFinished(r, t);
      check();
    }
    end = t;
  }
};

}  // namespace

TEST_CASE("the time left comes from measured speeds: within 25% of the run's true end from the first step on",
          "[gui][first-run][estimate]")
{
  SuiteSpec spec = makeSuiteSpec(RunOptions(), {"/loc"}, defaultAlgorithms());
  const std::vector<SuiteStep> plan = planSuite(spec);
  ProgressEstimate p;
  p.start(plan, spec);
  CHECK(p.secondsLeft(0) < 0);  // nothing measured yet: no guess
  SimulatedRun sim;
  sim.run(p, plan, spec);
  REQUIRE(sim.end > 10);
  int checked = 0;
  for (const auto& c : sim.checks) {
    INFO("at " << c.t << " s of " << sim.end << " s: estimated end " << c.estimatedEnd);
    REQUIRE(c.estimatedEnd > 0);  // known from the first step on
    CHECK(std::abs(c.estimatedEnd - sim.end) <= 0.25 * sim.end);
    ++checked;
  }
  CHECK(checked > 20);
  // The time left itself at 10%, 50% and 90% of the run.
  for (const double share : {0.1, 0.5, 0.9}) {
    const auto it = std::find_if(sim.checks.begin(), sim.checks.end(),
                                 [&](const SimulatedRun::Check& c) { return c.t >= share * sim.end; });
    REQUIRE(it != sim.checks.end());
    const double trueLeft = sim.end - it->t;
    INFO(share * 100 << "%: " << it->estimatedLeft << " s left estimated, " << trueLeft << " s true");
    CHECK(std::abs(it->estimatedLeft - trueLeft) <= 0.25 * trueLeft + 0.5);
  }
  CHECK(p.fraction(sim.end) == Approx(1.0).margin(0.01));
}

TEST_CASE("a wait for a quiet machine is not taken for the run's pace", "[gui][first-run][estimate]")
{
  SuiteSpec spec = makeSuiteSpec(RunOptions(), {"/loc"}, {"md5"});
  const std::vector<SuiteStep> plan = planSuite(spec);
  ProgressEstimate p;
  p.start(plan, spec);
  p.sampleWriting("/loc", 1.0, 400, 0.7);
  RunResult read;
  read.workload = Workload::Read;
  read.location = "/loc";
  read.cache = CacheMode::Cold;
  read.bytes = spec.sampleSize;
  read.seconds = 0.25;
  read.passes = {passOf(read.bytes, 0.25), passOf(read.bytes, 0.25), passOf(read.bytes, 0.25)};
  p.stepStarted(plan[0], 1.0);
  p.stepFinished(read, 1.8);
  const double before = p.secondsLeft(1.8);
  // 15 s of waiting before the next step: the time left after the wait is what it was, not 15 s more.
  for (double w = 0.25; w <= 15; w += 0.25)
    p.waiting(w, 1.8 + w);
  p.stepStarted(plan[1], 16.8);
  CHECK(p.secondsLeft(16.8) == Approx(before).epsilon(0.15));
}

TEST_CASE("the status line names each phase while it happens", "[gui][first-run][phases]")
{
  RunPhase p;
  p.kind = RunPhase::Kind::Writing;
  p.location = QStringLiteral("/tmp");
  p.fraction = 0.45;
  p.mbps = 812;
  CHECK(phaseText(p) == QStringLiteral("Writing the sample in /tmp: 45%, 812 MB/s"));

  p.kind = RunPhase::Kind::Waiting;
  p.step = 3;
  p.total = 9;
  p.wait.otherCores = 1.31;
  p.wait.cores = 2;
  p.wait.waited = 12.2;
  p.wait.limit = 20;
  CHECK(phaseText(p) == QStringLiteral("Waiting for a quiet machine before step 3 of 9: other processes use 1.3 of 2 "
                                       "cores (12 of 20 s)"));

  p.kind = RunPhase::Kind::Step;
  p.title = QStringLiteral("md5 hash-file (warm), /tmp");
  p.workload = Workload::HashFile;
  p.cache = CacheMode::Warm;
  p.pass = 2;
  p.passes = 3;
  p.measuring = false;
  CHECK(phaseText(p) == QStringLiteral("Step 3 of 9: md5 hash-file (warm), /tmp: pass 2 of 3, reading the file into "
                                       "the page cache first"));
  p.measuring = true;
  CHECK(phaseText(p) == QStringLiteral("Step 3 of 9: md5 hash-file (warm), /tmp: pass 2 of 3"));
  p.quietGivenUp = true;
  p.quietOutcome = QuietOutcome::NotImproving;
  CHECK(phaseText(p).endsWith(QStringLiteral("(not waiting for a quiet machine: it stays busy, so busy steps are "
                                             "flagged)")));
  p.kind = RunPhase::Kind::Stopping;
  CHECK(phaseText(p) == QStringLiteral("Stopping..."));
}
