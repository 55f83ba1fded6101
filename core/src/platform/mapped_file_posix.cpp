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
#include <mutex>

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

}  // namespace

bool mappingSupported() { return true; }

std::string readMapped(InputFile& file, std::uint64_t offset, std::uint64_t length, std::size_t window,
                       std::size_t piece, MappedConsumer& consumer, bool& stopped)
{
  stopped = false;
  installHandler();
  const int fd = static_cast<int>(file.nativeHandle());
  const auto page = static_cast<std::uint64_t>(std::max(::sysconf(_SC_PAGESIZE), 4096L));
  const std::uint64_t span = std::max<std::uint64_t>(window / page * page, page);
  piece = std::max<std::size_t>(piece, 1);
  const std::uint64_t end = offset + length;
  std::uint64_t index = 0;
  for (std::uint64_t pos = offset; pos < end; ++index) {
    // A file that is already shorter is refused before mapping; one that shrinks while mapped faults below.
    struct stat st {};
    if (::fstat(fd, &st) != 0)
      return pathError(file.path(), errno);
    if (static_cast<std::uint64_t>(st.st_size) < end)
      return shrankError(file);
    const std::uint64_t mapStart = pos / page * page;
    const std::uint64_t mapEnd = std::min(end, mapStart + span);
    const auto bytes = static_cast<std::size_t>(mapEnd - mapStart);
    void* mapped = ::mmap(nullptr, bytes, PROT_READ, MAP_SHARED, fd, static_cast<off_t>(mapStart));
    if (mapped == MAP_FAILED)
      return file.path().string() + ": cannot map it for reading (" + errnoText(errno) + ")";
    // No MADV_POPULATE_READ: it walks the window page by page, which measured 3% more CPU than letting the
    // pages fault in (each fault maps 16 cached pages around it) for xxh3-64 and BLAKE3 from /dev/shm, and
    // it runs on the calling thread alone while BLAKE3's tree threads could fault their parts in parallel.
    ::madvise(mapped, bytes, MADV_SEQUENTIAL);
#ifdef POSIX_FADV_WILLNEED
    if (mapEnd < end)  // disk-backed files: the next window's reading starts while this one is hashed
      ::posix_fadvise(fd, static_cast<off_t>(mapEnd), static_cast<off_t>(std::min(span, end - mapEnd)),
                      POSIX_FADV_WILLNEED);
#endif
    runMappedWindowHook(index);
    const int outcome = consumeWindow(static_cast<const std::byte*>(mapped), mapStart, pos, mapEnd, piece, consumer);
    ::munmap(mapped, bytes);
    if (outcome < 0)
      return shrankError(file);
    if (outcome == 0) {
      stopped = true;
      return "";
    }
    pos = mapEnd;
  }
  return "";
}

}  // namespace hashscope::platform
