// Issue 9 in the GUI: location errors by identity, the preset selector, flags and unreliable efficiency.
#include <QComboBox>
#include <QCoreApplication>
#include <QTextDocumentFragment>
#include <QSignalSpy>
#include <QTemporaryDir>

#include "catch.hpp"
#include "logic/benchmark_controller.hpp"
#include "logic/progress_estimate.hpp"
#include "logic/result_text.hpp"
#include "logic/results_model.hpp"
#include "logic/run_options.hpp"
#include "words.hpp"
#include "widgets/options_panel.hpp"

using namespace hashscope;
using namespace hashscope::gui;

TEST_CASE("a failing location marks itself only, not a location whose path it contains", "[gui][trust]")
{
  QTemporaryDir dir;
  REQUIRE(dir.isValid());
  const std::filesystem::path good = toPath(dir.path());
  const std::filesystem::path missing = good / "missing";  // its error text contains `good`'s path
  SuiteSpec spec;
  spec.locations = {good, missing};
  spec.algorithms = {"crc32"};
  spec.workloads = {Workload::HashMemory};  // no sample needed: quick
  spec.hashMemorySeconds = 0.05;
  BenchmarkController controller;
  QSignalSpy errors(&controller, &BenchmarkController::locationError);
  QSignalSpy finished(&controller, &BenchmarkController::finished);
  REQUIRE(controller.start(spec) != 0);
  REQUIRE(finished.wait(60000));
  QStringList marked;
  for (const QList<QVariant>& e : errors)
    marked << e.at(0).toString();
  CHECK(marked.contains(qs(missing)));
  CHECK_FALSE(marked.contains(qs(good)));
}

TEST_CASE("the options panel offers quick, standard and thorough, standard by default", "[gui][trust]")
{
  OptionsPanel panel;
  RunOptions o;
  panel.readInto(o);
  CHECK(o.preset == Preset::Standard);
  CHECK(o.waitQuiet);
  CHECK(makeSuiteSpec(o, {"/tmp"}, {"md5"}).passes == 3);
  auto* combo = panel.findChild<QComboBox*>();
  REQUIRE(combo);
  CHECK(combo->count() == 3);
  o.preset = Preset::Thorough;
  o.waitQuiet = false;
  panel.setFrom(o);
  RunOptions back;
  panel.readInto(back);
  CHECK(back.preset == Preset::Thorough);
  CHECK_FALSE(back.waitQuiet);
  CHECK(makeSuiteSpec(back, {"/tmp"}, {"md5"}).passes == 5);
}

TEST_CASE("an efficiency above the limit estimate is shown as unreliable, with the reason", "[gui][trust]")
{
  RunResult r;
  r.workload = Workload::HashFile;
  r.algorithm = "md5";
  r.location = "/data";
  r.bytes = 280'000'000;
  r.seconds = 1;
  Analysis a;
  a.limit.read = CeilingAt{Ceiling{}, 255};
  a.efficiency = 280.0 / 255;
  a.flags.push_back({FlagCode::LimitUnreliable, 196e6, 280e6, LimitReason::PartlyFromCache});
  a.flags.push_back({FlagCode::MachineBusy, 0.6, 2});
  r.analysis = a;
  ResultsModel model;
  model.setResults({r});
  const QString efficiency = model.index(0, ResultsModel::EfficiencyColumn).data().toString();
  CHECK_FALSE(efficiency.contains(QLatin1Char('%')));
  const QString verdict = model.index(0, ResultsModel::VerdictColumn).data().toString();
  CHECK(verdict.contains(QStringLiteral("machine busy")));
  const QString html = verdictSentenceHtml(r);
  CHECK(html.contains(QStringLiteral("0.6 of the 2 cores")));
  CHECK(html.contains(QStringLiteral("page cache")));
}

TEST_CASE("progress counts every pass of a step, not the first pass as the whole step", "[gui][trust]")
{
  SuiteSpec spec;
  spec.locations = {"/loc"};
  spec.algorithms = {"md5"};
  spec.workloads = {Workload::HashFile};
  spec.sampleSize = 100'000'000;
  spec.passes = 2;
  const std::vector<SuiteStep> plan = planSuite(spec);
  REQUIRE(plan.size() == 1);
  ProgressEstimate p;
  p.start(plan, spec);
  p.sampleWriting("/loc", 1.0, 100, 1.0);  // written at 100 MB/s: a pass should take about a second
  p.stepStarted(plan[0], 1.0);
  p.passStarted(1, 1.0);
  Sample s;
  s.t = 0.5;
  s.totalBytes = 50'000'000;  // half of the first pass
  p.sample(s, 1.5);
  const double firstHalf = p.secondsLeft(1.5);
  CHECK(firstHalf == Approx(1.5).epsilon(0.1));  // half a pass, and the whole second pass
  p.passStarted(2, 2.0);
  s.t = 0.5;                  // the second pass's sampler starts again
  s.totalBytes = 50'000'000;
  p.sample(s, 2.5);
  CHECK(p.secondsLeft(2.5) == Approx(0.5).epsilon(0.1));
  CHECK(p.fraction(2.5) == Approx(2.5 / 3.0).epsilon(0.05));
}

TEST_CASE("progress counts the reads a hash-file from RAM makes beside its passes", "[gui][trust]")
{
  SuiteSpec spec;
  spec.locations = {"/loc"};
  spec.algorithms = {"xxh3-64"};
  spec.workloads = {Workload::Read, Workload::HashFile};
  spec.sampleSize = 100'000'000;
  spec.passes = 2;
  const std::vector<SuiteStep> plan = planSuite(spec);
  REQUIRE(plan.size() == 2);
  REQUIRE(plan[1].spec.workload == Workload::HashFile);
  const auto leftAfterRead = [&](CacheMethod method) {
    ProgressEstimate p;
    p.start(plan, spec);
    p.sampleWriting("/loc", 1.0, 1000, 0.0);
    p.stepStarted(plan[0], 0.0);
    RunResult read;
    read.workload = Workload::Read;
    read.location = "/loc";
    read.cache = CacheMode::Cold;
    read.cacheMethod = method;
    read.bytes = 100'000'000;
    read.seconds = 0.1;  // 1000 MB/s; no hash speed known: the hash-file is taken to keep up with the reads
    p.stepFinished(read, 0.1);
    return p.secondsLeft(0.1);
  };
  const double disk = leftAfterRead(CacheMethod::Direct);
  const double ram = leftAfterRead(CacheMethod::MemoryBacked);
  // Two passes of 0.1 s each on the disk; in RAM also three reads of 0.1 s beside them (one before each pass and
  // one after the last). Both include the same small overhead per pass.
  CHECK(ram - disk == Approx(0.3).epsilon(0.01));
}


TEST_CASE("the GUI shows the evidence the CLI prints, written once from the reason code and the numbers", "[gui][trust]")
{
  RunResult r;
  r.workload = Workload::HashFile;
  r.algorithm = "md5";
  r.streams = 1;
  r.bytes = 660'000'000;
  r.seconds = 1;
  Analysis a;
  a.verdict = Verdict::CpuBound;
  a.workerBusyPct = 99;
  a.hashCallPct = 99;
  a.waitPct = 1;
  a.diskValid = true;
  a.diskBusyPct = 21;
  a.deviceReadBytes = 660'000'000;
  a.cpuBusyPct = 55;
  a.limit.hash = CeilingAt{Ceiling{}, 680};
  a.efficiency = 660.0 / 680.0;
  a.reason = VerdictReason::WorkerSaturated;
  r.analysis = a;
  const QString plain = evidenceText(r);
  CHECK(plain.startsWith(QStringLiteral("CPU-bound: the thread was busy nearly all the time and hardly waited for "
                                        "data. The md5 thread was busy 99% of the time")));
  CHECK(plain.contains(QStringLiteral("680 MB/s is the limit and this run reached 97% of it")));
  CHECK(plain == QString::fromStdString(words::evidence(r)));  // one set of sentences: app/words
  const QString html = verdictSentenceHtml(r);
  CHECK(QTextDocumentFragment::fromHtml(html).toPlainText().contains(plain));
  CHECK_FALSE(html.contains(QStringLiteral("CPU-bound</b>. ")));  // the verdict's name once, not "CPU-bound. CPU-bound:"
}
