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


// Consumes [from, to) of the window mapped at `base` (file offset `mapStart`). Returns 1 when done, 0 when
// the consumer stopped, -1 when the file faulted under it. Only plain locals: a fault jumps out of here.
int consumeWindow(const std::byte* base, std::uint64_t mapStart, std::uint64_t from, std::uint64_t to,
                  std::size_t piece, MappedConsumer& consumer)
{
  FaultGuard guard;
  guard.begin = base;
  guard.end = base + (to - mapStart);
  if (sigsetjmp(guard.jump, 1) != 0)
    return -1;  // the handler cleared t_guard
  t_guard = &guard;
  int outcome = 1;
  for (std::uint64_t p = from; p < to;) {
    const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(piece, to - p));
    if (!consumer.consume(base + (p - mapStart), n)) {
      outcome = 0;
      break;
    }
    p += n;
  }
  t_guard = nullptr;
  return outcome;
}

#ifdef MADV_POPULATE_READ
// Runs the page-table work of mapped windows on a spare core: populates the next window (MADV_POPULATE_READ,
// Linux 5.14+; a range past a shrunk file's end fails with EFAULT instead of raising SIGBUS) while the reader
// hashes the current one, and unmaps the windows the reader is done with. The reader then neither faults
// nor unmaps (on this 2-core VM mapping a tmpfs file costs ~0.14 s of kernel time per GB, 1 GiB at 7 GB/s).
// Pages the helper has not reached yet the reader faults in itself, so a slow helper only means less help.
class WindowHelper {
public:
  WindowHelper() : m_thread([this] { run(); }) {}
  ~WindowHelper()
  {
    {
      std::lock_guard lock(m_mutex);
      m_quit = true;
      m_populate = nullptr;
    }
    m_cv.notify_all();
    m_thread.join();  // it unmaps what it was given first
  }
  WindowHelper(const WindowHelper&) = delete;
  WindowHelper& operator=(const WindowHelper&) = delete;

  // Populates [base, base+bytes) from now on, abandoning the window it populated before (being read now).
  void populate(void* base, std::size_t bytes)
  {
    {
      std::lock_guard lock(m_mutex);
      m_populate = base;
      m_populateBytes = bytes;
      m_populated = {base, 0};
    }
    m_cv.notify_all();
  }
  // Hands a window the reader is done with to the helper, which unmaps it. Waits while an earlier one is
  // still pending, so at most three windows are mapped at a time (memory stays bounded).
  void unmap(void* base, std::size_t bytes)
  {
    std::unique_lock lock(m_mutex);
    if (m_populate == base)
      m_populate = nullptr;
    m_cv.wait(lock, [this] { return m_unmaps.empty(); });
    m_unmaps.emplace_back(base, bytes);
    lock.unlock();
    m_cv.notify_all();
  }

private:
  static constexpr std::size_t kChunk = 2 * 1024 * 1024;  // the reader can take a window back between chunks

  void run()
  {
    std::unique_lock lock(m_mutex);
    for (;;) {
      m_cv.wait(lock, [this] { return m_quit || m_populate || !m_unmaps.empty(); });
      if (!m_unmaps.empty()) {
        const auto [base, bytes] = m_unmaps.front();
        lock.unlock();
        ::munmap(base, bytes);
        lock.lock();
        m_unmaps.erase(m_unmaps.begin());
        m_cv.notify_all();
        continue;
      }
      if (m_quit)
        return;
      // One chunk of the window to populate; the reader may hand it back (to unmap) between chunks.
      auto* base = static_cast<std::byte*>(m_populate);
      const std::size_t at = m_populated.first == m_populate ? m_populated.second : 0;
      const std::size_t n = std::min(kChunk, m_populateBytes - at);
      lock.unlock();
      const bool ok = ::madvise(base + at, n, MADV_POPULATE_READ) == 0;
      lock.lock();
      m_populated = {base, at + n};
      if (m_populate == base && (!ok || at + n >= m_populateBytes))
        m_populate = nullptr;  // done, or the file shrank (the reader finds out) or the kernel cannot populate
    }
  }

  std::mutex m_mutex;
  std::condition_variable m_cv;
  void* m_populate = nullptr;  // guarded by m_mutex, like everything below
  std::size_t m_populateBytes = 0;
  std::pair<void*, std::size_t> m_populated{nullptr, 0};  // how far the helper got in which window
  std::vector<std::pair<void*, std::size_t>> m_unmaps;
  bool m_quit = false;
  std::thread m_thread;  // last: starts once the members above exist
};
#endif

}  // namespace

bool mappingSupported() { return true; }

bool mappingHelperSupported()
{
#ifdef MADV_POPULATE_READ
  return true;
#else
  return false;
#endif
}

namespace {

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

}  // namespace

MappingCosts measureMappingCosts()
{
  if (!mappingSupported())
    return {};
  // 2 MiB: the costs are per page and per byte, and a bigger probe only costs every process more (8 MiB took
  // 21-22 ms of a 2-core KVM guest's time, 2 MiB 5.7 ms, with the same ratios: faults 0.20-0.23 x a copy,
  // populated pages under 0.01 x), which a `hash` of one file or each of N processes pays before hashing.
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
  installHandler();
  const int fd = static_cast<int>(file.nativeHandle());
  const auto page = static_cast<std::uint64_t>(std::max(::sysconf(_SC_PAGESIZE), 4096L));
  const std::uint64_t span = std::max<std::uint64_t>(window / page * page, page);
  piece = std::max<std::size_t>(piece, 1);
  const std::uint64_t end = offset + length;
#ifdef MADV_POPULATE_READ
  // Only when there is a next window to prepare: a helper populating the window the reader is in races it
  // page for page (hash -r of 64 files of 6 MiB in /dev/shm, xxh3-64: 0.224 s that way, 0.077 s without).
  std::optional<WindowHelper> helper;
  if (helped && offset / page * page + span < end)
    helper.emplace();
#else
  (void)helped;
#endif
  struct Mapping {
    void* base = nullptr;
    std::size_t bytes = 0;
    std::uint64_t start = 0;
  };
  auto map = [&](std::uint64_t mapStart, Mapping& m) {
    m.start = mapStart;
    m.bytes = static_cast<std::size_t>(std::min(end, mapStart + span) - mapStart);
    m.base = ::mmap(nullptr, m.bytes, PROT_READ, MAP_SHARED, fd, static_cast<off_t>(mapStart));
    if (m.base == MAP_FAILED)
      m.base = nullptr;
    return m.base != nullptr;
  };
  auto unmap = [&](Mapping& m) {
    if (!m.base)
      return;
#ifdef MADV_POPULATE_READ
    if (helper)
      helper->unmap(m.base, m.bytes);
    else
#endif
      ::munmap(m.base, m.bytes);
    m.base = nullptr;
  };
  Mapping current, next;
  std::string error;
  std::uint64_t index = 0;
  for (std::uint64_t pos = offset; pos < end; ++index) {
    // A file that is already shorter is refused before mapping; one that shrinks while mapped faults below.
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
      error = pathError(file.path(), errno);
      break;
    }
    if (static_cast<std::uint64_t>(st.st_size) < end) {
      error = shrankError(file);
      break;
    }
    const std::uint64_t mapStart = pos / page * page;
    if (next.base && next.start == mapStart)
      std::swap(current, next);
    else if (!map(mapStart, current)) {
      error = file.path().string() + ": cannot map it for reading (" + errnoText(errno) + ")";
      if (cannotMap)
        *cannotMap = index == 0;
      break;
    }
    const std::uint64_t mapEnd = current.start + current.bytes;
    // No MADV_POPULATE_READ on this thread: it walks the window page by page, which measured 3% more CPU than
    // letting the pages fault in (each fault maps 16 cached pages around it) for xxh3-64 and BLAKE3 from
    // /dev/shm, and BLAKE3's tree threads fault their parts in parallel. The helper populates on another core.
    ::madvise(current.base, current.bytes, MADV_SEQUENTIAL);
#ifdef POSIX_FADV_WILLNEED
    if (mapEnd < end)  // disk-backed files: the next window's reading starts while this one is hashed
      ::posix_fadvise(fd, static_cast<off_t>(mapEnd), static_cast<off_t>(std::min(span, end - mapEnd)),
                      POSIX_FADV_WILLNEED);
#endif
#ifdef MADV_POPULATE_READ
    if (helper && mapEnd < end && map(mapEnd, next))  // failing here is only less help: mapped again below
      helper->populate(next.base, next.bytes);
#endif
    const int outcome = consumeWindow(static_cast<const std::byte*>(current.base), mapStart, pos, mapEnd, piece,
                                      consumer);
    unmap(current);
    if (outcome < 0) {
      error = shrankError(file);
      break;
    }
    if (outcome == 0) {
      stopped = true;
      break;
    }
    pos = mapEnd;
  }
  unmap(current);
  unmap(next);
  return error;
}

}  // namespace hashscope::platform
