// macOS file I/O: F_NOCACHE instead of O_DIRECT, eviction through mmap + msync(MS_INVALIDATE) (as fio does),
// F_FULLFSYNC to reach the device, renamex_np(RENAME_EXCL). Written from the platform notes: not run here.
#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <iterator>
#include <stdio.h>
#include <string_view>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/param.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>
#include <utility>

#include "platform/file_io.hpp"
#include "platform/posix_errors.hpp"

namespace hashscope::platform {

namespace {

// mmap windows for eviction: small enough for any address space, big enough to be few calls.
constexpr std::uint64_t kEvictWindow = 1ULL << 30;

// Drops the cached pages of [offset, offset+length) of an open file. F_NOCACHE does not do this for pages
// that are already cached; msync(MS_INVALIDATE) on a shared mapping does.
bool invalidateRange(int fd, std::uint64_t offset, std::uint64_t length)
{
  const auto page = static_cast<std::uint64_t>(getpagesize());
  const std::uint64_t begin = offset / page * page;
  const std::uint64_t end = offset + length;
  bool ok = true;
  for (std::uint64_t pos = begin; pos < end; pos += kEvictWindow) {
    const auto size = static_cast<std::size_t>(std::min(kEvictWindow, end - pos));
    void* map = ::mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, static_cast<off_t>(pos));
    if (map == MAP_FAILED)
      return false;
    if (::msync(map, size, MS_INVALIDATE) != 0)
      ok = false;
    ::munmap(map, size);
  }
  return ok;
}

bool memoryBackedFs(const struct statfs& fs)
{
  // macOS has no tmpfs of its own; third-party RAM filesystems (and macFUSE's tmpfs) name themselves so.
  const std::string_view type = fs.f_fstypename;
  return type == "tmpfs" || type == "ramfs";
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
  const int fd = ::openat(dirFd, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
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
  ::fcntl(fd, F_SETFL, 0);  // back to blocking reads

  if (mode == ReadMode::Cached) {
    ::fcntl(fd, F_RDAHEAD, 1);  // the file is read front to back: let the kernel read ahead
    return file;
  }
  struct statfs fs {};
  if (::fstatfs(fd, &fs) == 0 && memoryBackedFs(fs)) {
    file.m_direct = DirectResult::MemoryBacked;
    file.m_note = "the file is in RAM (" + std::string(fs.f_fstypename) +
                  "): there is no disk and no page cache to bypass";
    return file;
  }
  if (::fcntl(fd, F_NOCACHE, 1) != 0) {
    file.m_direct = DirectResult::Fallback;
    file.m_note = "F_NOCACHE was refused (" + errnoText(errno) +
                  "): the file's cached pages are evicted (msync MS_INVALIDATE) before reading instead";
    return file;
  }
  ::fcntl(fd, F_RDAHEAD, 0);  // readahead would fill the cache behind F_NOCACHE's back
  file.m_direct = DirectResult::Direct;
  // Page-aligned requests keep F_NOCACHE reads out of the cache entirely.
  file.m_alignment = static_cast<std::size_t>(getpagesize());
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
    if (m_direct == DirectResult::Direct && done % m_alignment != 0)
      break;  // a short uncached read is at end of file
  }
  return static_cast<std::int64_t>(done);
}

void InputFile::evict(std::string& note)
{
  note.clear();
  if (m_size > 0 && !invalidateRange(static_cast<int>(m_handle), 0, m_size))
    note = "msync(MS_INVALIDATE) failed: part of the file may still be cached";
}

void InputFile::dropRange(std::uint64_t offset, std::uint64_t length)
{
  invalidateRange(static_cast<int>(m_handle), offset, length);
}

// ---- OutputFile ----

OutputFile OutputFile::createExclusive(const std::filesystem::path& path, std::string& error)
{
  error.clear();
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
  // Written data should not linger in RAM: it bounds memory use (macOS has no sync_file_range) and keeps the
  // next cold read of the file cold.
  ::fcntl(fd, F_NOCACHE, 1);
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
  ::fcntl(fd, F_NOCACHE, 1);
  OutputFile file;
  file.m_handle = fd;
  file.m_path = path;
  return file;
}

bool OutputFile::flush(std::string& error)
{
  // fsync() on macOS only reaches the drive's cache; F_FULLFSYNC asks the drive to write it out.
  // Some filesystems (network, FAT) refuse F_FULLFSYNC: fsync is then the best available.
  const int fd = static_cast<int>(m_handle);
  if (::fcntl(fd, F_FULLFSYNC) == 0 || ::fsync(fd) == 0)
    return true;
  error = pathError(m_path, errno);
  return false;
}

void OutputFile::writeBehind(std::uint64_t, std::uint64_t)
{
  // No range writeback call on macOS: F_NOCACHE (set at open) already keeps written data out of RAM.
}

void OutputFile::evict()
{
  struct stat st {};
  const int fd = static_cast<int>(m_handle);
  if (::fstat(fd, &st) == 0 && st.st_size > 0)
    invalidateRange(fd, 0, static_cast<std::uint64_t>(st.st_size));
}

// ---- names and identities ----

bool renameNoReplace(const std::filesystem::path& from, const std::filesystem::path& to, std::string& error)
{
  error.clear();
  if (::renamex_np(from.c_str(), to.c_str(), RENAME_EXCL) == 0)
    return true;
  int e = errno;
  if (e == ENOTSUP || e == EINVAL) {
    // Filesystems without RENAME_EXCL: link() never replaces either; then drop the old name.
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
  return ::statfs(path.c_str(), &fs) == 0 && memoryBackedFs(fs);
}

bool isPseudoFilesystem(const std::filesystem::path&)
{
  return false;  // macOS has no procfs/sysfs: its regular files report their true length
}

// ---- tags: an extended attribute (macOS signature: position and options arguments) ----

namespace {
constexpr const char* kTagName = "com.hashscope.sample";
constexpr std::size_t kTagMax = 256;
}  // namespace

TagResult writeTag(const std::filesystem::path& file, const std::string& value, std::string& error)
{
  error.clear();
  if (::setxattr(file.c_str(), kTagName, value.data(), value.size(), 0, XATTR_NOFOLLOW) == 0)
    return TagResult::Ok;
  const int e = errno;
  // ENOTSUP: the filesystem keeps no extended attributes (FAT/exFAT without AppleDouble, some network shares).
  if (e == ENOTSUP || e == EOPNOTSUPP)
    return TagResult::Unsupported;
  error = file.string() + ": cannot mark it as a HashScope file (" + errnoText(e) + ")";
  return TagResult::Failed;
}

std::optional<std::string> readTag(const std::filesystem::path& file)
{
  char buffer[kTagMax];
  const ssize_t n = ::getxattr(file.c_str(), kTagName, buffer, sizeof buffer, 0, XATTR_NOFOLLOW);
  if (n < 0)
    return std::nullopt;
  return std::string(buffer, static_cast<std::size_t>(n));
}

}  // namespace hashscope::platform
