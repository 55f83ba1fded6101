// Mapped-window reads on Linux and macOS: mmap windows with sequential advice, unmapped behind the reader.
// A file truncated by someone else while mapped raises SIGBUS on the next access past its new end; a
// process-wide handler jumps back to the window's reader when the fault lies in the window that thread is
// consuming (a thread-local guard, as LMDB/git-style readers do) and passes every other SIGBUS on.
#include "platform/mapped_file.hpp"

#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstdlib>
#include <limits>
#include <ctime>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "platform/posix_errors.hpp"

namespace hashscope::platform {

namespace {

struct FaultGuard {
  sigjmp_buf jump;
  const std::byte* begin;
  const std::byte* end;
};
thread_local FaultGuard* t_guard = nullptr;
struct sigaction g_previous {};

void onSigbus(int sig, siginfo_t* info, void* context)
{
  FaultGuard* guard = t_guard;
  const auto* at = info ? static_cast<const std::byte*>(info->si_addr) : nullptr;
  if (guard && at >= guard->begin && at < guard->end) {
    t_guard = nullptr;
    siglongjmp(guard->jump, 1);
  }
  // Not a fault of ours: what would have happened without us.
  if ((g_previous.sa_flags & SA_SIGINFO) && g_previous.sa_sigaction) {
    g_previous.sa_sigaction(sig, info, context);
    return;
  }
  if (!(g_previous.sa_flags & SA_SIGINFO) && g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
    g_previous.sa_handler(sig);
    return;
  }
  ::signal(SIGBUS, SIG_DFL);
  ::raise(SIGBUS);
}

void installHandler()
{
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction action {};
    action.sa_sigaction = onSigbus;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGBUS, &action, &g_previous);
  });
}

// Consumes [from, to) of the window mapped at `base` (file offset `mapStart`), under touchMapped's guard.
// Returns 1 when done, 0 when the consumer stopped, -1 when the file faulted under it.
int consumeWindow(const std::byte* base, std::uint64_t mapStart, std::uint64_t from, std::uint64_t to,
                  std::size_t piece, MappedConsumer& consumer)
{
  struct Pieces {
    const std::byte* base;
    std::uint64_t mapStart, from, to;
    std::size_t piece;
    MappedConsumer* consumer;
    int outcome;
  } pieces{base, mapStart, from, to, piece, &consumer, 1};
  const bool whole = touchMapped(base, static_cast<std::size_t>(to - mapStart), [](void* arg) {
    auto* w = static_cast<Pieces*>(arg);
    for (std::uint64_t p = w->from; p < w->to;) {
      const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(w->piece, w->to - p));
      if (!w->consumer->consume(w->base + (p - w->mapStart), n)) {
        w->outcome = 0;
        return;
      }
      p += n;
    }
  }, &pieces);
  return whole ? pieces.outcome : -1;
}

double threadSeconds()
{
  timespec t{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// A memory-backed file HashScope alone sees: a memfd on Linux, elsewhere a temporary file unlinked at once.
int probeFile()
{
#ifdef __linux__
  if (const int fd = ::memfd_create("hashscope-mapping-probe", MFD_CLOEXEC); fd >= 0)
    return fd;
#endif
  const char* dir = std::getenv("TMPDIR");
  std::string path = std::string(dir && *dir ? dir : "/tmp") + "/hashscope-mapping-probe-XXXXXX";
  const int fd = ::mkstemp(path.data());
  if (fd >= 0)
    ::unlink(path.c_str());
  return fd;
}

#ifdef MADV_POPULATE_READ
// Runs the page-table work of a mapped range on a spare core while the reader hashes it: populates the pages
// ahead of the reader (MADV_POPULATE_READ, Linux 5.14+; past a shrunk file's end it fails with EFAULT instead of
// raising SIGBUS) and unmaps the windows it is done with. The range is mapped once (readMapped), so the reader
// makes no mmap or munmap call, each of which would hold the address space's lock against the helper's work
// (docs/benchmarks.md). Pages the helper has not reached yet the reader faults in itself.
class AheadHelper {
public:
  AheadHelper(std::byte* base, std::size_t bytes) : m_base(base), m_bytes(bytes), m_thread([this] { run(); }) {}
  ~AheadHelper() { finish(); }
  AheadHelper(const AheadHelper&) = delete;
  AheadHelper& operator=(const AheadHelper&) = delete;

  // The reader starts the window [start, end) (offsets into the mapping, page-aligned `start`): everything
  // before `start` is unmapped, and the pages up to `populateTo` are populated (the rest of this window and
  // the next). Returns once no more than `behind` bytes before `start` are still mapped: a helper kept off the
  // CPU holds the reader back rather than leave every page the reader faulted in mapped, so at most three
  // windows are resident at a time.
  void reading(std::size_t start, std::size_t populateTo, std::size_t behind)
  {
    std::unique_lock lock(m_mutex);
    m_start = start;
    m_populateTo = std::min(populateTo, m_bytes);
    m_cv.notify_all();
    m_cv.wait(lock, [&] { return m_unmapped + behind >= start; });
  }
  // Stops the helper (it finishes the chunk or unmap it is making) and returns where the part still mapped
  // begins: the caller unmaps the rest.
  std::size_t finish()
  {
    if (m_thread.joinable()) {
      {
        std::lock_guard lock(m_mutex);
        m_quit = true;
      }
      m_cv.notify_all();
      m_thread.join();
    }
    return m_unmapped;
  }

private:
  static constexpr std::size_t kChunk = 2 * 1024 * 1024;  // a new window reaches the helper between chunks

  void run()
  {
    std::unique_lock lock(m_mutex);
    for (;;) {
      if (m_unmapped < m_start) {
        const std::size_t from = m_unmapped, to = m_start;
        lock.unlock();
        ::munmap(m_base + from, to - from);
        lock.lock();
        m_unmapped = to;
        m_cv.notify_all();  // a reader waiting for it (reading)
        continue;
      }
      m_populated = std::max(m_populated, m_start);
      if (!m_quit && m_populating && m_populated < m_populateTo) {
        const std::size_t at = m_populated, n = std::min(kChunk, m_populateTo - at);
        lock.unlock();
        const bool ok = ::madvise(m_base + at, n, MADV_POPULATE_READ) == 0;
        lock.lock();
        m_populated = at + n;
        m_populating = ok;  // the file shrank (the reader finds out) or the kernel cannot populate
        continue;
      }
      if (m_quit)
        return;
      m_cv.wait(lock);
    }
  }

  std::byte* const m_base;
  const std::size_t m_bytes;
  std::mutex m_mutex;
  std::condition_variable m_cv;
  std::size_t m_start = 0, m_populateTo = 0;  // guarded by m_mutex, like everything below
  std::size_t m_populated = 0, m_unmapped = 0;
  bool m_populating = true;
  bool m_quit = false;
  std::thread m_thread;  // last: starts once the members above exist
};
#endif

}  // namespace

bool mappingSupported() { return true; }

bool touchMapped(const std::byte* begin, std::size_t size, void (*use)(void*), void* arg)
{
  installHandler();
  FaultGuard guard;
  guard.begin = begin;
  guard.end = begin + size;
  FaultGuard* const outer = t_guard;  // the reader's own window, when this thread is readMapped's
  // Without saving the signal mask: no system call per piece (a 64 KiB piece each). The handler runs with SIGBUS
  // blocked, so after a jump it is unblocked here, or the next fault would end the process.
  if (sigsetjmp(guard.jump, 0) != 0) {
    t_guard = outer;
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGBUS);
    ::pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
    return false;
  }
  t_guard = &guard;
  use(arg);
  t_guard = outer;
  return true;
}

bool mappingHelperSupported()
{
#ifdef MADV_POPULATE_READ
  return true;
#else
  return false;
#endif
}

MappingCosts measureMappingCosts()
{
  // 2 MiB: the costs are per page and per byte, so a bigger probe gives the same ratios and only costs every
  // process more before it hashes (docs/measurements/2026-11-28-core-comments.md).
  constexpr std::size_t kBytes = 2u << 20, kBlock = kCopyPiece, kTries = 3;
  const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  MappingCosts costs;
  const int fd = probeFile();
  if (fd < 0)
    return costs;
  std::vector<std::byte> block(kBlock, std::byte{0x5a});
  bool ok = true;
  for (std::size_t at = 0; ok && at < kBytes; at += kBlock)
    ok = ::pwrite(fd, block.data(), kBlock, static_cast<off_t>(at)) == static_cast<ssize_t>(kBlock);
  volatile unsigned sink = 0;
  // Touches one byte per page, as a hash reading the window would first.
  const auto touch = [&](const std::byte* base) {
    unsigned sum = 0;
    for (std::size_t at = 0; at < kBytes; at += page)
      sum += static_cast<unsigned>(base[at]);
    sink = sink + sum;
  };
  double copy = 1e9, fault = 1e9, populated = 1e9;
  for (std::size_t i = 0; ok && i < kTries; ++i) {
    double t0 = threadSeconds();
    for (std::size_t at = 0; ok && at < kBytes; at += kBlock)
      ok = ::pread(fd, block.data(), kBlock, static_cast<off_t>(at)) == static_cast<ssize_t>(kBlock);
    copy = std::min(copy, threadSeconds() - t0);

    t0 = threadSeconds();
    void* map = ::mmap(nullptr, kBytes, PROT_READ, MAP_SHARED, fd, 0);
    if (map == MAP_FAILED) {
      ok = false;
      break;
    }
    touch(static_cast<const std::byte*>(map));
    ::munmap(map, kBytes);
    fault = std::min(fault, threadSeconds() - t0);

    map = ::mmap(nullptr, kBytes, PROT_READ, MAP_SHARED, fd, 0);
    if (map == MAP_FAILED) {
      ok = false;
      break;
    }
#ifdef MADV_POPULATE_READ
    const bool populatedOk = ::madvise(map, kBytes, MADV_POPULATE_READ) == 0;
#else
    const bool populatedOk = false;
#endif
    t0 = threadSeconds();
    touch(static_cast<const std::byte*>(map));
    const double touched = threadSeconds() - t0;
    ::munmap(map, kBytes);
    populated = std::min(populated, populatedOk ? touched : fault);
  }
  ::close(fd);
  if (!ok)
    return costs;
  constexpr double perGiB = static_cast<double>(1u << 30) / static_cast<double>(kBytes);
  costs.measured = true;
  costs.copy = copy * perGiB;
  costs.fault = fault * perGiB;
  costs.populatedTouch = populated * perGiB;
  return costs;
}

std::string readMapped(InputFile& file, std::uint64_t offset, std::uint64_t length, std::size_t window,
                       std::size_t piece, MappedConsumer& consumer, bool& stopped, bool helped, bool* cannotMap)
{
  stopped = false;
  if (cannotMap)
    *cannotMap = false;
  const int fd = static_cast<int>(file.nativeHandle());
  const auto page = static_cast<std::uint64_t>(std::max(::sysconf(_SC_PAGESIZE), 4096L));
  const std::uint64_t span = std::max<std::uint64_t>(window / page * page, page);
  piece = std::max<std::size_t>(piece, 1);
  const std::uint64_t end = offset + length;
  const std::uint64_t firstStart = offset / page * page;
  // Helped: [firstStart, end) mapped once at `whole`, while the helper populates ahead and unmaps behind.
  std::byte* whole = nullptr;
#ifdef MADV_POPULATE_READ
  std::optional<AheadHelper> helper;
  // Only when there is a next window to prepare: a helper populating the window the reader is in races it
  // page for page (about 3x slower over files of a few windows).
  if (helped && firstStart + span < end && end - firstStart <= std::numeric_limits<std::size_t>::max()) {
    const auto bytes = static_cast<std::size_t>(end - firstStart);
    void* base = ::mmap(nullptr, bytes, PROT_READ, MAP_SHARED, fd, static_cast<off_t>(firstStart));
    if (base != MAP_FAILED) {  // else no room for the whole range (an address-space limit): window by window
      whole = static_cast<std::byte*>(base);
      ::madvise(whole, bytes, MADV_SEQUENTIAL);
      helper.emplace(whole, bytes);
    }
  }
#else
  (void)helped;
#endif
  std::string error;
  for (std::uint64_t pos = offset; pos < end;) {
    // A file that is already shorter is refused before mapping; one that shrinks while mapped faults below.
    struct stat st {};
    const bool statted = ::fstat(fd, &st) == 0;
    if (!statted || static_cast<std::uint64_t>(st.st_size) < end) {
      error = statted ? shrankError(file) : pathError(file.path(), errno);
      break;
    }
    const std::uint64_t mapStart = pos / page * page;
    const std::uint64_t mapEnd = std::min(end, mapStart + span);
    const auto bytes = static_cast<std::size_t>(mapEnd - mapStart);
    void* base = whole ? whole + (mapStart - firstStart)
                       : ::mmap(nullptr, bytes, PROT_READ, MAP_SHARED, fd, static_cast<off_t>(mapStart));
    if (base == MAP_FAILED) {
      error = file.path().string() + ": cannot map it for reading (" + errnoText(errno) + ")";
      if (cannotMap)
        *cannotMap = pos == offset;
      break;
    }
#ifdef MADV_POPULATE_READ
    if (helper)
      helper->reading(static_cast<std::size_t>(mapStart - firstStart),
                      static_cast<std::size_t>(mapEnd - firstStart + span), static_cast<std::size_t>(span));
#endif
    // No MADV_POPULATE_READ on this thread: walking the window page by page costs more CPU than letting the
    // pages fault in (each fault maps 16 cached pages around it; docs/measurements/2026-11-28-core-comments.md),
    // and BLAKE3's tree threads fault their parts in parallel.
    if (!whole)
      ::madvise(base, bytes, MADV_SEQUENTIAL);
#ifdef POSIX_FADV_WILLNEED
    if (mapEnd < end)  // disk-backed files: the next window's reading starts while this one is hashed
      ::posix_fadvise(fd, static_cast<off_t>(mapEnd), static_cast<off_t>(std::min(span, end - mapEnd)),
                      POSIX_FADV_WILLNEED);
#endif
    const int outcome = consumeWindow(static_cast<const std::byte*>(base), mapStart, pos, mapEnd, piece, consumer);
    if (!whole)
      ::munmap(base, bytes);
    if (outcome < 0)  // the file shrank under the mapping
      error = shrankError(file);
    stopped = outcome == 0;
    if (outcome <= 0)
      break;
    pos = mapEnd;
  }
#ifdef MADV_POPULATE_READ
  if (helper) {
    const std::size_t unmapped = helper->finish();
    ::munmap(whole + unmapped, static_cast<std::size_t>(end - firstStart) - unmapped);
  }
#endif
  return error;
}

}  // namespace hashscope::platform
