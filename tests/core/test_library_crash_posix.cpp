// kill -9 during a save: a child process opens the history, is stopped inside its save transaction and killed
// with SIGKILL. The database must open, pass integrity_check, hold every earlier run and not the partial one.
// POSIX only (fork). The library has no hook for this: the child stops inside SQLite, through a VFS of its own
// over the default one (PauseBeforeCommit below), as it is about to write the frame that commits the save.
#if !defined(_WIN32)

#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch.hpp>
#include <chrono>
#include <cstring>
#include <fstream>
#include <thread>

#include "hashscope/library.hpp"
#include "test_engine_support.hpp"
#include "test_library_support.hpp"

using namespace hashscope;

namespace {

// The default VFS, but every file opened as a WAL file watches its writes: once armed, the write of a frame
// header that commits a transaction (WAL format: a 24-byte header whose bytes 4-7, the database size after
// the commit, are not 0; other frames have 0 there) calls onCommit() first. The rows of the transaction are
// then in the WAL, uncommitted. For a child process that never returns (fork, then _exit).
class PauseBeforeCommit {
public:
  // Registers itself as the default VFS of this process.
  explicit PauseBeforeCommit(void (*onCommit)())
  {
    s_onCommit = onCommit;
    s_base = sqlite3_vfs_find(nullptr);
    s_vfs = *s_base;  // its functions, called with this VFS, see the same settings (pAppData, mxPathname)
    s_vfs.zName = "hashscope-pause-before-commit";
    s_vfs.pNext = nullptr;
    s_vfs.szOsFile = static_cast<int>(sizeof(File)) + s_base->szOsFile;
    s_vfs.xOpen = &open;
    sqlite3_vfs_register(&s_vfs, 1);
  }
  static void arm() { s_armed = true; }

private:
  struct File {
    sqlite3_file base;  // methods: s_methods
    bool wal;
    sqlite3_file* real() { return reinterpret_cast<sqlite3_file*>(this + 1); }  // the default VFS's file
  };
  static sqlite3_file* real(sqlite3_file* f) { return reinterpret_cast<File*>(f)->real(); }

  static int open(sqlite3_vfs*, const char* name, sqlite3_file* file, int flags, int* outFlags)
  {
    auto* f = reinterpret_cast<File*>(file);
    f->base.pMethods = nullptr;
    f->wal = (flags & SQLITE_OPEN_WAL) != 0;
    const int rc = s_base->xOpen(s_base, name, f->real(), flags, outFlags);
    if (rc == SQLITE_OK && f->real()->pMethods)
      f->base.pMethods = &s_methods;
    return rc;
  }
  static int write(sqlite3_file* file, const void* data, int amount, sqlite3_int64 offset)
  {
    const auto* bytes = static_cast<const unsigned char*>(data);
    if (s_armed && reinterpret_cast<File*>(file)->wal && amount == 24 && offset >= 32 &&
        (bytes[4] | bytes[5] | bytes[6] | bytes[7]) != 0)
      s_onCommit();
    return real(file)->pMethods->xWrite(real(file), data, amount, offset);
  }

  static inline sqlite3_vfs* s_base = nullptr;
  static inline sqlite3_vfs s_vfs{};
  static inline void (*s_onCommit)() = nullptr;
  static inline bool s_armed = false;
  static inline const sqlite3_io_methods s_methods = {
      3,
      [](sqlite3_file* f) { return real(f)->pMethods->xClose(real(f)); },
      [](sqlite3_file* f, void* b, int n, sqlite3_int64 o) { return real(f)->pMethods->xRead(real(f), b, n, o); },
      &write,
      [](sqlite3_file* f, sqlite3_int64 size) { return real(f)->pMethods->xTruncate(real(f), size); },
      [](sqlite3_file* f, int flags) { return real(f)->pMethods->xSync(real(f), flags); },
      [](sqlite3_file* f, sqlite3_int64* size) { return real(f)->pMethods->xFileSize(real(f), size); },
      [](sqlite3_file* f, int lock) { return real(f)->pMethods->xLock(real(f), lock); },
      [](sqlite3_file* f, int lock) { return real(f)->pMethods->xUnlock(real(f), lock); },
      [](sqlite3_file* f, int* out) { return real(f)->pMethods->xCheckReservedLock(real(f), out); },
      [](sqlite3_file* f, int op, void* arg) { return real(f)->pMethods->xFileControl(real(f), op, arg); },
      [](sqlite3_file* f) { return real(f)->pMethods->xSectorSize(real(f)); },
      [](sqlite3_file* f) { return real(f)->pMethods->xDeviceCharacteristics(real(f)); },
      [](sqlite3_file* f, int page, int size, int extend, void volatile** out) {
        return real(f)->pMethods->xShmMap(real(f), page, size, extend, out);
      },
      [](sqlite3_file* f, int offset, int n, int flags) { return real(f)->pMethods->xShmLock(real(f), offset, n, flags); },
      [](sqlite3_file* f) { real(f)->pMethods->xShmBarrier(real(f)); },
      [](sqlite3_file* f, int remove) { return real(f)->pMethods->xShmUnmap(real(f), remove); },
      [](sqlite3_file* f, sqlite3_int64 o, int n, void** out) { return real(f)->pMethods->xFetch(real(f), o, n, out); },
      [](sqlite3_file* f, sqlite3_int64 o, void* p) { return real(f)->pMethods->xUnfetch(real(f), o, p); },
  };
};

}  // namespace

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
    static std::filesystem::path inTransaction;
    inTransaction = marker;
    const PauseBeforeCommit vfs([] {
      std::ofstream(inTransaction) << "in transaction\n";
      for (;;)
        pause();  // until SIGKILL
    });
    try {
      RunLibrary library(path);
      PauseBeforeCommit::arm();  // the save's commit, not one of opening the file
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
