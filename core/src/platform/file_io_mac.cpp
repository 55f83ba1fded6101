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

void InputFile::setReadMode(ReadMode mode)
{
  const int fd = static_cast<int>(m_handle);
  ::fcntl(fd, F_SETFL, 0);  // back to blocking reads
  if (mode == ReadMode::Cached) {
    ::fcntl(fd, F_RDAHEAD, 1);  // the file is read front to back: let the kernel read ahead
    return;
  }
  struct statfs fs {};
  if (::fstatfs(fd, &fs) == 0 && memoryBackedFs(fs)) {
    m_direct = DirectResult::MemoryBacked;
    m_note = "the file is in RAM (" + std::string(fs.f_fstypename) + "): there is no disk and no page cache to bypass";
    return;
  }
  if (::fcntl(fd, F_NOCACHE, 1) != 0) {
    m_direct = DirectResult::Fallback;
    m_note = "F_NOCACHE was refused (" + errnoText(errno) +
             "): the file's cached pages are evicted (msync MS_INVALIDATE) before reading instead";
    return;
  }
  ::fcntl(fd, F_RDAHEAD, 0);  // readahead would fill the cache behind F_NOCACHE's back
  m_direct = DirectResult::Direct;
  // Page-aligned requests keep F_NOCACHE reads out of the cache entirely.
  m_alignment = static_cast<std::size_t>(getpagesize());
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

void OutputFile::setWriteMode()
{
  // Written data should not linger in RAM: it bounds memory use (macOS has no sync_file_range) and keeps the
  // next cold read of the file cold.
  ::fcntl(static_cast<int>(m_handle), F_NOCACHE, 1);
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

int renameExclusive(const std::filesystem::path& from, const std::filesystem::path& to)
{
  if (::renamex_np(from.c_str(), to.c_str(), RENAME_EXCL) == 0)
    return 0;
  return errno == EINVAL ? ENOTSUP : errno;
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
