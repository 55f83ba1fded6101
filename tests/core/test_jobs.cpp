// The job pool (issue 19): jobs run on any worker, results come back in the order the jobs were added, memory
// stays within the window, and a stop ends everything promptly, producer, workers and consumer alike.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <random>
#include <stdexcept>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#if defined(__linux__)
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

#include "catch.hpp"
#include "hashscope/jobs.hpp"
#include "hashscope/workload.hpp"
#include "platform/sanitizers.hpp"
#include "skip.hpp"
#include "test_engine_support.hpp"

using namespace hashscope;
using namespace std::chrono_literals;

TEST_CASE("runOrdered hands every result over in job order, whatever the workers and their speeds", "[jobs]")
{
  for (int workers : {1, 2, 16}) {
    for (std::size_t window : {std::size_t{1}, std::size_t{7}, std::size_t{1024}}) {
      CAPTURE(workers, window);
      const std::size_t count = 3000;
      std::atomic<int> inFlight{0}, most{0}, refused{0}, badWorker{0};
      std::vector<std::size_t> seen;
      runOrdered<std::size_t, std::string>(
          workers, window, {},
          [&](JobRing<std::size_t, std::string>& ring) {
            for (std::size_t i = 0; i < count; ++i) {
              if (!ring.add(i))  // Catch's assertions are for the test's own thread: counted, checked below
                ++refused;
              const int now = ++inFlight;  // added and not yet consumed
              int was = most.load();
              while (now > was && !most.compare_exchange_weak(was, now)) {
              }
              if (i % 500 == 0)
                ring.flush();
            }
          },
          [&](int worker, std::size_t& job) {
            if (worker < 0 || worker >= workers)
              ++badWorker;
            if (job % 97 == 0)  // some jobs take much longer than their neighbours
              std::this_thread::sleep_for(200us);
            return "job " + std::to_string(job);
          },
          [&](std::size_t& job, std::string& result) {
            --inFlight;
            CHECK(result == "job " + std::to_string(job));
            seen.push_back(job);
          });
      CHECK(refused.load() == 0);
      CHECK(badWorker.load() == 0);
      REQUIRE(seen.size() == count);
      for (std::size_t i = 0; i < count; ++i)
        REQUIRE(seen[i] == i);
      // The producer counts a job before the consumer can have taken it, so one more than the window at most.
      CHECK(most.load() <= static_cast<int>(window) + 1);
    }
  }
}

TEST_CASE("runOrdered with no jobs, or a producer that adds nothing, returns at once", "[jobs]")
{
  int consumed = 0;
  runOrdered<int, int>(
      4, 16, {}, [](JobRing<int, int>&) {}, [](int, int& job) { return job; }, [&](int&, int&) { ++consumed; });
  CHECK(consumed == 0);
}

TEST_CASE("runOrdered without a consumer adds the jobs on the calling thread and runs each once", "[jobs]")
{
  for (int workers : {1, 3}) {
    CAPTURE(workers);
    std::vector<std::atomic<int>> runs(500);
    std::thread::id producer;
    runOrdered<int, char>(
        workers, 32, {},
        [&](JobRing<int, char>& ring) {
          producer = std::this_thread::get_id();
          for (int i = 0; i < 500; ++i)
            ring.add(i);
        },
        [&](int, int& job) {
          ++runs[static_cast<std::size_t>(job)];
          return char{};
        },
        {});
    CHECK(producer == std::this_thread::get_id());
    CHECK(std::all_of(runs.begin(), runs.end(), [](const std::atomic<int>& n) { return n == 1; }));
  }
}

TEST_CASE("a stop ends a pool whose producer, workers and consumer are all waiting", "[jobs]")
{
  using hashscope::test::cancelBudgetSeconds;
  using hashscope::test::secondsSince;
  for (const char* where : {"producer", "workers", "consumer"}) {
    CAPTURE(where);
    std::stop_source stop;
    std::atomic<int> done{0};
    std::thread stopper([&] {
      std::this_thread::sleep_for(100ms);
      stop.request_stop();
    });
    const auto t0 = std::chrono::steady_clock::now();
    runOrdered<int, int>(
        16, 8, stop.get_token(),
        [&](JobRing<int, int>& ring) {
          for (int i = 0;; ++i) {
            if (std::string(where) == "producer" && i == 20) {  // a walk that stalls: the workers wait for it
              ring.flush();
              while (!stop.stop_requested())
                std::this_thread::sleep_for(1ms);
            }
            if (!ring.add(i))
              return;  // stopped while waiting for room
          }
        },
        [&](int, int& job) {
          if (std::string(where) == "workers" && job == 3) {  // one job that runs until the stop
            while (!stop.stop_requested())
              std::this_thread::sleep_for(1ms);
          }
          ++done;
          return job;
        },
        [&](int&, int&) {
          if (std::string(where) == "consumer")  // a printer nobody reads: never takes the next one
            while (!stop.stop_requested())
              std::this_thread::sleep_for(1ms);
        });
    CHECK(secondsSince(t0) < cancelBudgetSeconds());
    CHECK(stop.stop_requested());
    stopper.join();
  }
}

TEST_CASE("an exception in a job stops the pool and reaches the caller", "[jobs]")
{
  std::atomic<int> after{0};
  CHECK_THROWS_WITH((runOrdered<int, int>(
                        4, 64, {},
                        [](JobRing<int, int>& ring) {
                          for (int i = 0; i < 1000000 && ring.add(i); ++i) {
                          }
                        },
                        [&](int, int& job) {
                          if (job == 500)
                            throw std::runtime_error("job 500 failed");
                          return job;
                        },
                        [&](int& job, int&) {
                          if (job > 600)
                            ++after;
                        })),
                    "job 500 failed");
  CHECK(after.load() == 0);  // nothing after the failed job was handed over
}

TEST_CASE("a ring without a consumer frees each slot when its job is finished", "[jobs]")
{
  JobRing<int, int> ring(4, {}, JobRing<int, int>::Delivery::None);
  std::atomic<int> sum{0};
  std::thread worker([&] {
    while (auto taken = ring.take()) {
      sum += *taken->job;
      ring.finish(taken->index, 0);
    }
  });
  for (int i = 1; i <= 1000; ++i)
    REQUIRE(ring.add(i));  // more jobs than slots: each add waits for a finished one
  ring.close();
  worker.join();
  CHECK(sum.load() == 500500);
}

TEST_CASE("a stop during a parallel walk ends the walk, the workers and the printer together", "[jobs][tree]")
{
  using hashscope::test::cancelBudgetSeconds;
  using hashscope::test::secondsSince;
  hashscope::test::TempDir dir;
  for (int d = 0; d < 40; ++d) {
    std::filesystem::create_directories(dir / ("d" + std::to_string(d)));
    for (int f = 0; f < 25; ++f)
      hashscope::test::writeRandomFile(dir / ("d" + std::to_string(d)) / ("f" + std::to_string(f)), 2000, 7);
  }
  struct Item {
    std::filesystem::path path;
    std::shared_ptr<const platform::Folder> folder;
  };
  for (int workers : {2, 16}) {
    CAPTURE(workers);
    std::stop_source stop;
    std::atomic<int> walked{0}, hashed{0}, printed{0};
    std::vector<std::unique_ptr<FileHasher>> hashers;
    for (int w = 0; w < workers; ++w)
      hashers.push_back(std::make_unique<FileHasher>(std::vector<std::string>{"md5"}, stop.get_token()));
    const auto t0 = std::chrono::steady_clock::now();
    runOrdered<Item, FileDigests>(
        workers, 64, stop.get_token(),
        [&](JobRing<Item, FileDigests>& ring) {
          TreeSink sink;
          sink.file = [&](std::filesystem::path path, const std::shared_ptr<const platform::Folder>& folder, std::uint64_t) {
            if (++walked == 300)
              stop.request_stop();  // Ctrl-C while the walk is a third of the way through
            ring.add(Item{std::move(path), folder});
          };
          sink.problem = [](std::string) {};
          sink.folderDone = [&] { ring.flush(); };
          walkTree(dir.path(), ring.stopToken(), false, LinkPolicy::Follow, sink);
        },
        [&](int worker, Item& item) {
          ++hashed;
          return hashers[static_cast<std::size_t>(worker)]->hash(item.path, *item.folder);
        },
        [&](Item&, FileDigests&) { ++printed; });
    CHECK(secondsSince(t0) < cancelBudgetSeconds());
    CHECK(walked.load() < 400);  // the walk stopped soon after: the rest of its 1000 files were never listed
    CHECK(printed.load() <= hashed.load());
  }
}

TEST_CASE("one announcement of many jobs wakes as many sleeping workers as there are jobs", "[jobs]")
{
  // The producer wakes one sleeping worker per announcement and each woken worker that leaves announced jobs
  // behind wakes the next: all 16 workers, asleep before the jobs come, must end up running 16 jobs at once.
  // Each job waits (up to 10 s) until all 16 run; a chain that stopped early would leave them waiting.
  constexpr int kWorkers = 16;
  std::atomic<int> running{0}, together{0}, consumed{0};
  runOrdered<int, int>(
      kWorkers, 64, {},
      [&](JobRing<int, int>& ring) {
        std::this_thread::sleep_for(50ms);  // every worker found nothing and sleeps
        for (int i = 0; i < kWorkers; ++i)
          ring.add(i);  // the 16th add announces the 16 jobs
        // No close() before they are done: closing wakes every worker, which is not what is tested.
        const auto until = std::chrono::steady_clock::now() + 30s;
        while (consumed.load() < kWorkers && std::chrono::steady_clock::now() < until)
          std::this_thread::sleep_for(1ms);
      },
      [&](int, int& job) {
        ++running;
        const auto until = std::chrono::steady_clock::now() + 10s;
        while (running.load() < kWorkers && std::chrono::steady_clock::now() < until)
          std::this_thread::sleep_for(1ms);
        if (running.load() >= kWorkers)
          ++together;
        return job;
      },
      [&](int&, int&) { ++consumed; });
  CHECK(consumed.load() == kWorkers);
  CHECK(together.load() == kWorkers);
}

TEST_CASE("a consumer waiting for a batch still hands over each result in order, the slow first one included", "[jobs]")
{
  // The consumer waits for the last of the next jobs first: a slow job at the start of a batch, or a batch
  // that never fills (the producer pauses), must neither reorder nor hold back what is done.
  for (int workers : {1, 4}) {
    CAPTURE(workers);
    std::vector<int> seen;
    std::atomic<int> flushes{0};
    runOrdered<int, int>(
        workers, 256, {},
        [&](JobRing<int, int>& ring) {
          for (int i = 0; i < 300; ++i) {
            ring.add(i);
            if (i == 100) {  // a pause of the walk: 101 jobs added, the batch of 64 after 64 is not full
              ring.flush();
              std::this_thread::sleep_for(60ms);
            }
          }
        },
        [&](int, int& job) {
          if (job == 0 || job == 130)
            std::this_thread::sleep_for(150ms);  // far slower than the consumer's patience (20 ms)
          return job * 2;
        },
        [&](int& job, int& result) {
          CHECK(result == job * 2);
          seen.push_back(job);
        },
        [&] { ++flushes; });
    REQUIRE(seen.size() == 300);
    for (int i = 0; i < 300; ++i)
      REQUIRE(seen[static_cast<std::size_t>(i)] == i);
    CHECK(flushes.load() >= 1);  // waited longer than its patience at least once (job 0), and said so
  }
}

TEST_CASE("runOrdered starts each worker on its own thread before its first job", "[jobs]")
{
  for (int workers : {1, 3}) {
    CAPTURE(workers);
    std::mutex mutex;
    std::vector<std::thread::id> started;
    int startedTwice = 0, workedUnstarted = 0, startedHere = 0;
    const std::thread::id here = std::this_thread::get_id();
    runOrdered<int, int>(
        workers, 8, {},
        [](JobRing<int, int>& ring) {
          for (int i = 0; i < 200; ++i)
            ring.add(i);
        },
        [&](int, int& job) {
          std::lock_guard lock(mutex);
          if (std::find(started.begin(), started.end(), std::this_thread::get_id()) == started.end())
            ++workedUnstarted;
          return job;
        },
        [](int&, int&) {}, {},
        [&](int, const std::function<void()>& loop) {
          {
            std::lock_guard lock(mutex);
            if (std::find(started.begin(), started.end(), std::this_thread::get_id()) != started.end())
              ++startedTwice;
            if (std::this_thread::get_id() == here)
              ++startedHere;
            started.push_back(std::this_thread::get_id());
          }
          loop();
        });
    CHECK(started.size() == static_cast<std::size_t>(workers));
    CHECK(startedTwice == 0);
    CHECK(startedHere == 0);
    CHECK(workedUnstarted == 0);
  }
}

#if defined(__linux__)
TEST_CASE("runFileJobs gives several workers a descriptor table each, and one worker the process's", "[jobs]")
{
  if (hashscope::platform::kThreadSanitizer)
    HASHSCOPE_SKIP("ThreadSanitizer builds give no thread a descriptor table of its own (see useOwnDescriptorTable)");
  bool kernelHasThem = false;  // asked on a thread of its own: this one keeps the process's table
  std::thread([&] { kernelHasThem = useOwnDescriptorTable(); }).join();
  if (!kernelHasThem)
    HASHSCOPE_SKIP("this kernel gives no thread a descriptor table of its own (Linux 5.9+)");
  hashscope::test::TempDir dir;
  const std::filesystem::path probe = dir / "probe";
  hashscope::test::writeRandomFile(probe, 10, 1);
  struct stat probeStat {};
  REQUIRE(::stat(probe.c_str(), &probeStat) == 0);
  for (int workers : {1, 4}) {
    CAPTURE(workers);
    std::mutex mutex;
    std::vector<int> opened;  // left open by the workers, looked at from this thread afterwards
    runFileJobs<int, int>(
        workers, 8, {},
        [](JobRing<int, int>& ring) {
          for (int i = 0; i < 8; ++i)
            ring.add(i);
        },
        [&](int, int& job) {
          const int fd = ::open(probe.c_str(), O_RDONLY | O_CLOEXEC);
          std::lock_guard lock(mutex);
          opened.push_back(fd);
          return job;
        },
        [](int&, int&) {});
    REQUIRE(opened.size() == 8);
    // A number this thread's table holds for the probe was opened in that table: shared. (The same number may
    // hold something else here: the test's own descriptors.)
    int visibleHere = 0;
    for (int fd : opened) {
      REQUIRE(fd >= 0);
      struct stat st {};
      if (::fstat(fd, &st) == 0 && st.st_dev == probeStat.st_dev && st.st_ino == probeStat.st_ino) {
        ++visibleHere;
        ::close(fd);
      }
    }
    // One worker shares this thread's table (no table per file for `hash FILE`); several each had their own,
    // closed with their threads.
    CHECK(visibleHere == (workers == 1 ? 8 : 0));
  }
}
#endif
