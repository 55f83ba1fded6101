// The GUI's plumbing: the one job helper (stale results dropped, cancel, destruction mid-job), the results
// model following the controller by itself, and the views following the model.
#include <QSignalSpy>
#include <QTest>

#include <atomic>
#include <memory>
#include <vector>

#include "catch.hpp"
#include "logic/benchmark_controller.hpp"
#include "logic/job_tracker.hpp"
#include "logic/result_text.hpp"
#include "logic/results_model.hpp"
#include "widgets/results_view.hpp"

using namespace hashscope;
using namespace hashscope::gui;

namespace {
constexpr int kGenerousMs = 30000;  // a correctness bound on a shared machine, not a latency goal

// Records, on the GUI thread, what the jobs delivered.
struct Owner : QObject {
  std::vector<int> progress;
  std::vector<int> done;
  JobTracker jobs{this};
};

// A job that posts `value` as progress, then returns it.
auto postingJob(Owner& owner, int value)
{
  return [&owner, value](std::stop_token, JobTracker::JobId id) {
    owner.jobs.post(id, [&owner, value] { owner.progress.push_back(value); });
    return value;
  };
}
auto recordDone(Owner& owner)
{
  return [&owner](JobTracker::JobId, int value) { owner.done.push_back(value); };
}
}  // namespace

TEST_CASE("job tracker: a replaced job's progress and result are dropped, the new job's arrive", "[gui][jobs]")
{
  Owner owner;
  const auto first = owner.jobs.start(postingJob(owner, 1), recordDone(owner));
  // Replacing joins the first job: everything it posted is already queued when the second starts.
  const auto second = owner.jobs.start(postingJob(owner, 2), recordDone(owner));
  CHECK(first != second);
  CHECK(owner.jobs.isCurrent(second));
  CHECK_FALSE(owner.jobs.isCurrent(first));
  REQUIRE(QTest::qWaitFor([&] { return !owner.done.empty(); }, kGenerousMs));
  QCoreApplication::processEvents();  // anything else still queued
  CHECK(owner.done == std::vector<int>{2});
  CHECK(owner.progress == std::vector<int>{2});
  CHECK_FALSE(owner.jobs.isRunning());  // the result arrives once the job is over
}

TEST_CASE("job tracker: cancel drops what the job posted, a stop request still delivers its result", "[gui][jobs]")
{
  Owner owner;
  owner.jobs.start(postingJob(owner, 7), recordDone(owner));
  owner.jobs.cancel();  // joins: the job's posts are queued, and must not be delivered
  CHECK_FALSE(owner.jobs.isRunning());
  QCoreApplication::processEvents();
  QTest::qWait(50);
  QCoreApplication::processEvents();
  CHECK(owner.progress.empty());
  CHECK(owner.done.empty());

  // A job that runs until asked to stop: requestStop() keeps it current, so its (stopped) result arrives.
  std::atomic<bool> started{false};
  owner.jobs.start(
      [&started](std::stop_token stop, JobTracker::JobId) {
        started = true;
        while (!stop.stop_requested())
          std::this_thread::sleep_for(std::chrono::milliseconds(1));
        return -1;
      },
      recordDone(owner));
  REQUIRE(QTest::qWaitFor([&] { return started.load(); }, kGenerousMs));
  CHECK(owner.jobs.isRunning());
  owner.jobs.requestStop();
  CHECK(owner.jobs.stopRequested());
  REQUIRE(QTest::qWaitFor([&] { return !owner.done.empty(); }, kGenerousMs));
  CHECK(owner.done == std::vector<int>{-1});
  CHECK_FALSE(owner.jobs.isRunning());
}

TEST_CASE("job tracker: destroying the owner mid-job stops and joins the thread", "[gui][jobs]")
{
  std::atomic<bool> started{false}, finished{false};
  {
    auto owner = std::make_unique<Owner>();
    owner->jobs.start(
        [&](std::stop_token stop, JobTracker::JobId) {
          started = true;
          while (!stop.stop_requested())
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
          finished = true;
          return 0;
        },
        [](JobTracker::JobId, int) { FAIL("a destroyed owner must not receive results"); });
    REQUIRE(QTest::qWaitFor([&] { return started.load(); }, kGenerousMs));
  }
  CHECK(finished);  // joined before the owner went away
  QCoreApplication::processEvents();
}

TEST_CASE("the results model follows the controller by itself, and the results view follows the model",
          "[gui][jobs]")
{
  BenchmarkController controller;
  ResultsModel model;
  model.follow(&controller);
  ResultsView view(&model);
  const QString emptyText = view.verdictText();
  QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
  QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
  QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
  QSignalSpy finished(&controller, &BenchmarkController::finished);

  SuiteSpec spec;
  spec.locations = {std::filesystem::temp_directory_path()};
  spec.algorithms = {"crc32", "md5"};
  spec.workloads = {Workload::HashMemory};  // no sample: quick
  spec.hashMemorySeconds = 0.05;
  REQUIRE(controller.start(spec) != 0);
  CHECK(reset.count() == 1);  // the new run empties the model
  REQUIRE(finished.wait(kGenerousMs));
  CHECK_FALSE(finished.at(0).at(1).toBool());
  REQUIRE(controller.results().size() == 2);
  // One insertion per step as it finished, then the final analysis of the same rows (no second reset).
  CHECK(inserted.count() == 2);
  CHECK(reset.count() == 1);
  CHECK(changed.count() >= 1);
  REQUIRE(model.rowCount() == 2);
  CHECK(model.results()[0].algorithm == controller.results()[0].algorithm);
  CHECK(model.results()[1].mbPerSec() == controller.results()[1].mbPerSec());
  // The view refreshed from the model's signals: nobody called refresh().
  CHECK(view.verdictText() != emptyText);
  CHECK(view.verdictText().contains(QStringLiteral("md5")));

  // A second run starts from an empty table again.
  REQUIRE(controller.start(spec) != 0);
  CHECK(model.rowCount() == 0);
  REQUIRE(finished.wait(kGenerousMs));
  CHECK(model.rowCount() == 2);
}

TEST_CASE("peer tools get their own column: the tool's name, its command line as the tooltip", "[gui][jobs]")
{
  RunResult own;
  own.workload = Workload::HashFile;
  own.algorithm = "md5";
  own.location = "/tmp";
  RunResult peer = own;
  peer.workload = Workload::PeerTool;
  peer.tool = "md5sum /tmp/hashscope-sample-random-1GiB.bin";
  ResultsModel model;
  model.setResults({own, peer});
  CHECK(model.headerData(ResultsModel::ToolColumn, Qt::Horizontal).toString() == QStringLiteral("Tool"));
  CHECK(model.index(0, ResultsModel::ToolColumn).data().toString().isEmpty());  // HashScope's own row
  CHECK(model.index(1, ResultsModel::ToolColumn).data().toString() == QStringLiteral("md5sum"));
  CHECK(model.index(1, ResultsModel::ToolColumn).data(Qt::ToolTipRole).toString().contains(qs(peer.tool)));
  // The algorithm column names the algorithm, not the whole command line (which pushed the verdict off screen).
  CHECK(model.index(1, ResultsModel::AlgorithmColumn).data().toString() == QStringLiteral("md5"));
  // Jargon explained where it shows.
  CHECK(model.index(0, ResultsModel::WorkloadColumn).data(Qt::ToolTipRole).toString().contains(QStringLiteral("end to end")));
}
