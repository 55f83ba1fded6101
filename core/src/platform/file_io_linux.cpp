// Linux file I/O: O_DIRECT with statx-reported alignment, fadvise eviction, sync_file_range write-behind,
// renameat2(RENAME_NOREPLACE).
#include "platform/file_io.hpp"
#include "platform/posix_errors.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <fcntl.h>
#include <linux/fs.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/xattr.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <utility>

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

// `name` relative to the folder `dirFd` (AT_FDCWD: a path); `path` names the file in messages.
InputFile InputFile::openAt(int dirFd, const char* name, const std::filesystem::path& path, ReadMode mode,
                            std::string& error, bool lookFirst)
{
  error.clear();
  // Look before opening: opening a FIFO could block and opening some devices has side effects.
  struct stat st {};
  if (lookFirst && ::fstatat(dirFd, name, &st, 0) != 0) {
    error = pathError(path, errno);
    return {};
  }
  if (lookFirst && !S_ISREG(st.st_mode)) {
    error = kindError(path, st.st_mode);
    return {};
  }
  // O_NONBLOCK: should the path have been swapped for a FIFO since stat(), open() still returns at once.
  int fd = ::openat(dirFd, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) {
    error = pathError(path, errno);
    return {};
  }
  InputFile file;
  file.m_handle = fd;
  file.m_path = path;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    error = kindError(path, st.st_mode);
    return {};
  }
  file.m_size = static_cast<std::uint64_t>(st.st_size);

  if (mode == ReadMode::Cached) {
    // O_NONBLOCK has no effect on reads of a regular file, so it may stay (one system call fewer per file
    // when hashing trees of small files). Doubling the readahead window only helps files bigger than it.
    if (file.m_size > kReadaheadHintSize)
      ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    return file;
  }
  ::fcntl(fd, F_SETFL, 0);  // back to blocking (and no O_DIRECT yet)

  struct statfs fs {};
  if (::fstatfs(fd, &fs) == 0 && memoryBackedFs(static_cast<long>(fs.f_type))) {
    file.m_direct = DirectResult::MemoryBacked;
    file.m_note = "the file is in RAM (tmpfs): there is no disk and no page cache to bypass";
    return file;
  }
  const std::optional<std::size_t> statxAlign = statxDirectAlignment(fd);
  if (statxAlign && *statxAlign == 0) {
    file.m_direct = DirectResult::Fallback;
    file.m_note = "the filesystem does not support direct I/O for this file: its cached pages are evicted "
                  "(fdatasync + POSIX_FADV_DONTNEED) before and while reading instead";
    return file;
  }
  // Setting O_DIRECT on the descriptor we already checked (instead of reopening the path) keeps the
  // identity check valid. Filesystems without direct I/O refuse it with EINVAL, as open() would.
  if (::fcntl(fd, F_SETFL, O_DIRECT) != 0) {
    const int e = errno;
    file.m_direct = DirectResult::Fallback;
    file.m_note = "direct I/O is not supported here (O_DIRECT: " + errnoText(e) +
                  "): the file's cached pages are evicted (fdatasync + POSIX_FADV_DONTNEED) before and while "
                  "reading instead";
    return file;
  }
  file.m_direct = DirectResult::Direct;
  // Page alignment satisfies every device's logical block size we know of, and statx's answer when bigger.
  file.m_alignment = std::max<std::size_t>(4096, statxAlign.value_or(4096));
  return file;
}

std::int64_t InputFile::readAt(void* buffer, std::size_t size, std::uint64_t offset, std::string& error)
{
  auto* out = static_cast<char*>(buffer);
  std::size_t done = 0;
  while (done < size) {
    const ssize_t n = ::pread(static_cast<int>(m_handle), out + done, size - done,
                              static_cast<off_t>(offset + done));
    if (n < 0) {
      if (errno == EINTR)
        continue;
      error = pathError(m_path, errno);
      return -1;
    }
    if (n == 0)
      break;  // end of file
    done += static_cast<std::size_t>(n);
    // A direct read that stopped short is at end of file: continuing would read at an unaligned offset.
    if (m_direct == DirectResult::Direct && done % m_alignment != 0)
      break;
  }
  return static_cast<std::int64_t>(done);
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

OutputFile OutputFile::createExclusive(const std::filesystem::path& path, std::string& error)
{
  error.clear();
  // O_EXCL|O_CREAT fails on any existing name, including a symbolic link (even a dangling one).
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, 0644);
  if (fd < 0) {
    const int e = errno;
    // Say which it is: a read-only filesystem and a folder this user may not write to need different fixes.
    if (e == EROFS)
      error = path.parent_path().string() + ": read-only location: choose another";
    else if (e == EACCES || e == EPERM)
      error = path.parent_path().string() + ": permission denied (you cannot create files here): choose another location";
    else
      error = pathError(path, e);
    return {};
  }
  OutputFile file;
  file.m_handle = fd;
  file.m_path = path;
  return file;
}

OutputFile OutputFile::openExisting(const std::filesystem::path& path, std::string& error)
{
  error.clear();
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW);
  if (fd < 0) {
    error = pathError(path, errno);
    return {};
  }
  OutputFile file;
  file.m_handle = fd;
  file.m_path = path;
  return file;
}

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

bool renameNoReplace(const std::filesystem::path& from, const std::filesystem::path& to, std::string& error)
{
  error.clear();
  if (::syscall(SYS_renameat2, AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0)
    return true;
  int e = errno;
  if (e == EINVAL || e == ENOSYS) {
    // Filesystems without RENAME_NOREPLACE: link() never replaces either; then drop the old name.
    if (::link(from.c_str(), to.c_str()) == 0) {
      ::unlink(from.c_str());
      return true;
    }
    e = errno;
  }
  error = e == EEXIST ? to.string() + " already exists: it was left untouched" : pathError(to, e);
  return false;
}

bool isMemoryBacked(const std::filesystem::path& path)
{
  struct statfs fs {};
  return ::statfs(path.c_str(), &fs) == 0 && memoryBackedFs(static_cast<long>(fs.f_type));
}

bool isPseudoFilesystem(const std::filesystem::path& path)
{
  struct statfs fs {};
  if (::statfs(path.c_str(), &fs) != 0)
    return false;
  switch (static_cast<unsigned long>(fs.f_type)) {
  case PROC_SUPER_MAGIC:
  case SYSFS_MAGIC:
  case DEBUGFS_MAGIC:
  case TRACEFS_MAGIC:
  case 0x62656570:  // configfs (CONFIGFS_MAGIC is not in the uapi headers)
  case SECURITYFS_MAGIC:
  case CGROUP_SUPER_MAGIC:
  case CGROUP2_SUPER_MAGIC:
  case PSTOREFS_MAGIC:
  case EFIVARFS_MAGIC:
  case BPF_FS_MAGIC:
    return true;
  default:
    return false;
  }
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
