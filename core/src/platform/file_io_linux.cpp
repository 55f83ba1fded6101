// Linux file I/O: O_DIRECT with statx-reported alignment, fadvise eviction, sync_file_range write-behind,
// renameat2(RENAME_NOREPLACE).
#include "platform/file_io.hpp"
#include "platform/posix_errors.hpp"

#include <algorithm>
#include <cerrno>
#include <iterator>
#include <fcntl.h>
#include <linux/fs.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/xattr.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace hashscope::platform {

namespace {

// The kernel's default readahead (128 KiB): smaller files gain nothing from the sequential hint.
constexpr std::uint64_t kReadaheadHintSize = 128 * 1024;

bool memoryBackedFs(long type)
{
  return type == TMPFS_MAGIC || type == RAMFS_MAGIC;
}

// The direct I/O alignment statx reports (Linux 6.1+): 0 = this file cannot do direct I/O,
// nullopt = the kernel does not say (then 4096 is the safe assumption).
std::optional<std::size_t> statxDirectAlignment(int fd)
{
#ifdef STATX_DIOALIGN
  struct statx sx {};
  if (statx(fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &sx) == 0 && (sx.stx_mask & STATX_DIOALIGN)) {
    if (sx.stx_dio_mem_align == 0 || sx.stx_dio_offset_align == 0)
      return 0;
    return std::max<std::size_t>(sx.stx_dio_mem_align, sx.stx_dio_offset_align);
  }
#else
  (void)fd;
#endif
  return std::nullopt;
}

}  // namespace

// ---- InputFile ----

void InputFile::setReadMode(ReadMode mode)
{
  const int fd = static_cast<int>(m_handle);
  if (mode == ReadMode::Cached) {
    // O_NONBLOCK has no effect on reads of a regular file, so it may stay (one system call fewer per file
    // when hashing trees of small files). Doubling the readahead window only helps files bigger than it.
    if (m_size > kReadaheadHintSize)
      ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    return;
  }
  ::fcntl(fd, F_SETFL, 0);  // back to blocking (and no O_DIRECT yet)

  struct statfs fs {};
  if (::fstatfs(fd, &fs) == 0 && memoryBackedFs(static_cast<long>(fs.f_type))) {
    m_direct = DirectResult::MemoryBacked;
    m_note = "the file is in RAM (tmpfs): there is no disk and no page cache to bypass";
    return;
  }
  const std::optional<std::size_t> statxAlign = statxDirectAlignment(fd);
  if (statxAlign && *statxAlign == 0) {
    m_direct = DirectResult::Fallback;
    m_note = "the filesystem does not support direct I/O for this file: its cached pages are evicted "
             "(fdatasync + POSIX_FADV_DONTNEED) before and while reading instead";
    return;
  }
  // Setting O_DIRECT on the descriptor we already checked (instead of reopening the path) keeps the
  // identity check valid. Filesystems without direct I/O refuse it with EINVAL, as open() would.
  if (::fcntl(fd, F_SETFL, O_DIRECT) != 0) {
    const int e = errno;
    m_direct = DirectResult::Fallback;
    m_note = "direct I/O is not supported here (O_DIRECT: " + errnoText(e) +
             "): the file's cached pages are evicted (fdatasync + POSIX_FADV_DONTNEED) before and while "
             "reading instead";
    return;
  }
  m_direct = DirectResult::Direct;
  // Page alignment satisfies every device's logical block size we know of, and statx's answer when bigger.
  m_alignment = std::max<std::size_t>(4096, statxAlign.value_or(4096));
}

void InputFile::evict(std::string& note)
{
  note.clear();
  const int fd = static_cast<int>(m_handle);
  // Dirty pages cannot be dropped: write them first. fdatasync on a read-only descriptor is allowed.
  if (::fdatasync(fd) != 0 && errno != EINVAL && errno != EROFS)
    note = "fdatasync failed (" + errnoText(errno) + "): dirty pages may stay cached";
  if (::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) != 0)
    note = "POSIX_FADV_DONTNEED was refused: the file may still be cached";
}

void InputFile::dropRange(std::uint64_t offset, std::uint64_t length)
{
  ::posix_fadvise(static_cast<int>(m_handle), static_cast<off_t>(offset), static_cast<off_t>(length),
                  POSIX_FADV_DONTNEED);
}

// ---- OutputFile ----

void OutputFile::setWriteMode() {}  // writeBehind keeps written data from lingering in RAM

bool OutputFile::flush(std::string& error)
{
  if (::fdatasync(static_cast<int>(m_handle)) != 0) {
    error = pathError(m_path, errno);
    return false;
  }
  return true;
}

void OutputFile::writeBehind(std::uint64_t offset, std::uint64_t length)
{
  const int fd = static_cast<int>(m_handle);
  // Start writing this range now; wait for the oldest range in flight and drop it from the cache. Dirty
  // memory then stays at a few ranges while the device always has work queued (Linux's write-behind idiom).
  ::sync_file_range(fd, static_cast<off_t>(offset), static_cast<off_t>(length), SYNC_FILE_RANGE_WRITE);
  Range& oldest = m_inFlight[m_next];
  if (oldest.length > 0) {
    ::sync_file_range(fd, static_cast<off_t>(oldest.offset), static_cast<off_t>(oldest.length),
                      SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE | SYNC_FILE_RANGE_WAIT_AFTER);
    ::posix_fadvise(fd, static_cast<off_t>(oldest.offset), static_cast<off_t>(oldest.length),
                    POSIX_FADV_DONTNEED);
  }
  oldest = Range{offset, length};
  m_next = (m_next + 1) % kWriteBehindLag;
}

void OutputFile::evict()
{
  ::posix_fadvise(static_cast<int>(m_handle), 0, 0, POSIX_FADV_DONTNEED);
}

// ---- names and identities ----

int renameExclusive(const std::filesystem::path& from, const std::filesystem::path& to)
{
  if (::syscall(SYS_renameat2, AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0)
    return 0;
  return errno == EINVAL || errno == ENOSYS ? ENOTSUP : errno;
}

bool isMemoryBacked(const std::filesystem::path& path)
{
  struct statfs fs {};
  return ::statfs(path.c_str(), &fs) == 0 && memoryBackedFs(static_cast<long>(fs.f_type));
}

bool isPseudoFilesystem(const std::filesystem::path& path)
{
  // 0x62656570: configfs (CONFIGFS_MAGIC is not in the uapi headers).
  static constexpr unsigned long kPseudo[] = {PROC_SUPER_MAGIC,    SYSFS_MAGIC,      DEBUGFS_MAGIC,
                                              TRACEFS_MAGIC,       0x62656570,       SECURITYFS_MAGIC,
                                              CGROUP_SUPER_MAGIC,  CGROUP2_SUPER_MAGIC, PSTOREFS_MAGIC,
                                              EFIVARFS_MAGIC,      BPF_FS_MAGIC};
  struct statfs fs {};
  return ::statfs(path.c_str(), &fs) == 0 &&
         std::ranges::find(kPseudo, static_cast<unsigned long>(fs.f_type)) != std::end(kPseudo);
}

// ---- tags: a user.* extended attribute ----

namespace {
constexpr const char* kTagName = "user.hashscope.sample";
constexpr std::size_t kTagMax = 256;
}  // namespace

TagResult writeTag(const std::filesystem::path& file, const std::string& value, std::string& error)
{
  error.clear();
  if (::lsetxattr(file.c_str(), kTagName, value.data(), value.size(), 0) == 0)
    return TagResult::Ok;
  const int e = errno;
  // ENOTSUP: the filesystem keeps no user attributes (ramfs, FAT, tmpfs before Linux 6.6, some NFS).
  if (e == ENOTSUP || e == EOPNOTSUPP)
    return TagResult::Unsupported;
  error = file.string() + ": cannot mark it as a HashScope file (" + errnoText(e) + ")";
  return TagResult::Failed;
}

std::optional<std::string> readTag(const std::filesystem::path& file)
{
  char buffer[kTagMax];
  const ssize_t n = ::lgetxattr(file.c_str(), kTagName, buffer, sizeof buffer);
  if (n < 0)
    return std::nullopt;  // absent, unsupported, or too long to be ours
  return std::string(buffer, static_cast<std::size_t>(n));
}

}  // namespace hashscope::platform
