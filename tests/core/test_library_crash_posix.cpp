// kill -9 during a save: a child process opens the history, is stopped inside its save transaction (the
// library's LibraryOptions::beforeCommit seam, which only this test sets) and killed with SIGKILL. The database must open, pass
// integrity_check, hold every earlier run and not the partial one. POSIX only (fork).
#if !defined(_WIN32)

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch.hpp>
#include <chrono>
#include <fstream>
#include <thread>

#include "hashscope/library.hpp"
#include "test_engine_support.hpp"
#include "test_library_support.hpp"

using namespace hashscope;

TEST_CASE("library: kill -9 during a save loses only that run and never corrupts the database", "[library][crash]")
{
  test::TempDir dir;
  const auto path = dir / "h.sqlite";
  const auto marker = dir / "in-transaction";
  std::vector<std::int64_t> earlier;
  {
    RunLibrary library(path);
    for (int i = 0; i < 3; ++i)
      earlier.push_back(library.save(test::recordedRun(i % 2 ? "run_b.json" : "run_a.json"), "run " + std::to_string(i)));
  }

  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    // The child: only the library and the pause, then _exit (never back into Catch2).
    LibraryOptions options;
    options.beforeCommit = [&marker] {
      std::ofstream(marker) << "in transaction\n";
      for (;;)
        pause();  // until SIGKILL
    };
    try {
      RunLibrary library(path, options);
      // A run with a long sample series: more pages than SQLite's cache holds, so the uncommitted
      // pages spill into the WAL file before the kill (a small save would die in memory only).
      std::string big = test::recordedRun("run_b.json");
      big.insert(big.find('{') + 1, "\"padding\": \"" + std::string(8 << 20, 'x') + "\",");
      library.save(big, "partial");
    } catch (...) {
    }
    _exit(3);  // reached only if the save did not pause
  }
  // Wait (generously) until the child is inside its transaction with its rows written.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!std::filesystem::exists(marker) && std::chrono::steady_clock::now() < deadline) {
    int status = 0;
    if (waitpid(child, &status, WNOHANG) == child)
      FAIL("the child ended before pausing in its save (status " << status << ")");
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  REQUIRE(std::filesystem::exists(marker));
  // The partial run really is in the WAL file, uncommitted, when the process dies.
  CHECK(std::filesystem::file_size(dir / "h.sqlite-wal") > (4u << 20));
  REQUIRE(kill(child, SIGKILL) == 0);
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  REQUIRE(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGKILL);

  {
    test::RawDb raw(path);
    CHECK(raw.scalar("PRAGMA integrity_check") == "ok");
  }
  RunLibrary library(path);
  const auto runs = library.list();
  std::vector<std::int64_t> ids;
  for (const auto& r : runs) {
    ids.push_back(r.id);
    CHECK(r.name != "partial");
  }
  std::sort(ids.begin(), ids.end());
  CHECK(ids == earlier);
  for (const auto id : earlier)
    CHECK(readRunDocument(library.document(id)).tiles.size() >= 5);
  // And it still takes new runs.
  CHECK(library.save(test::recordedRun("run_a.json")) > earlier.back());
}

#endif
