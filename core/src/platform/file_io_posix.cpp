// File I/O shared by Linux and macOS: the parts where POSIX is all there is to it (aligned buffers, closing
// and moving descriptors, positional writes, file identity). The cache handling differs: see
// file_io_linux.cpp and file_io_mac.cpp. Advisory locks use flock() on both.
#include <fcntl.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <vector>

#include "platform/file_io.hpp"
#include "platform/posix_errors.hpp"

namespace hashscope::platform {

namespace {

// mincore's vector is unsigned char* on Linux and char* on macOS: let the declaration say which.
template <typename Address, typename Vector>
Vector* mincoreVector(int (*)(Address, std::size_t, Vector*));

int flockNow(int fd, FileLock::Mode mode)
{
  int rc;
  do
    rc = ::flock(fd, (mode == FileLock::Mode::Shared ? LOCK_SH : LOCK_EX) | LOCK_NB);
  while (rc != 0 && errno == EINTR);
  return rc == 0 ? 0 : errno;
}

}  // namespace

void AlignedDeleter::operator()(std::byte* p) const noexcept { std::free(p); }

AlignedBuffer allocateAligned(std::size_t size, std::size_t alignment)
{
  void* p = nullptr;
  if (posix_memalign(&p, std::max<std::size_t>(alignment, sizeof(void*)), std::max<std::size_t>(size, 1)) != 0)
    return AlignedBuffer();
  return AlignedBuffer(static_cast<std::byte*>(p));
}

void UniqueHandle::reset()
{
  if (m_value != -1)
    ::close(static_cast<int>(m_value));
  m_value = -1;
}

InputFile InputFile::open(const std::filesystem::path& path, ReadMode mode, std::string& error, bool lookFirst)
{
  // A path past PATH_MAX (a file deep in a tree): its folder opened piece by piece, then the name in it.
  if (path.native().size() >= 1000 && path.has_parent_path()) {
    std::error_code ec;
    const Folder folder = Folder::open(path.parent_path(), ec);
    if (!folder.isOpen()) {
      error = pathError(path, ec.value());
      return InputFile();
    }
    const std::string name = path.filename().string();
    return openAt(static_cast<int>(folder.nativeHandle()), name.c_str(), path, mode, error, lookFirst);
  }
  return openAt(AT_FDCWD, path.c_str(), path, mode, error, lookFirst);
}

InputFile InputFile::openIn(const Folder& folder, const std::filesystem::path& path, ReadMode mode,
                            std::string& error)
{
  // The name is the tail of the path's own string (no path is built per file).
  const std::string& native = path.native();
  const std::size_t slash = native.rfind('/');
  const char* name = native.c_str() + (slash == std::string::npos ? 0 : slash + 1);
  return openAt(static_cast<int>(folder.nativeHandle()), name, path, mode, error, false);
}

// `path` names the file in messages.
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
  file.setReadMode(mode);
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

OutputFile OutputFile::openWith(const std::filesystem::path& path, int flags, std::string& error)
{
  error.clear();
  const int fd = ::open(path.c_str(), flags | O_WRONLY | O_CLOEXEC | O_NOCTTY, 0644);
  if (fd < 0) {
    const int e = errno;
    // Say which it is: a read-only filesystem and a folder this user may not write to need different fixes.
    if ((flags & O_CREAT) && e == EROFS)
      error = path.parent_path().string() + ": read-only location: choose another";
    else if ((flags & O_CREAT) && (e == EACCES || e == EPERM))
      error = path.parent_path().string() + ": permission denied (you cannot create files here): choose another location";
    else
      error = pathError(path, e);
    return {};
  }
  OutputFile file;
  file.m_handle = fd;
  file.m_path = path;
  file.setWriteMode();
  return file;
}

OutputFile OutputFile::createExclusive(const std::filesystem::path& path, std::string& error)
{
  // O_EXCL|O_CREAT fails on any existing name, including a symbolic link (even a dangling one).
  return openWith(path, O_CREAT | O_EXCL, error);
}

OutputFile OutputFile::openExisting(const std::filesystem::path& path, std::string& error)
{
  return openWith(path, O_NOFOLLOW, error);
}

bool renameNoReplace(const std::filesystem::path& from, const std::filesystem::path& to, std::string& error)
{
  error.clear();
  int e = renameExclusive(from, to);
  if (e == 0)
    return true;
  if (e == ENOTSUP) {
    // Filesystems without an exclusive rename: link() never replaces either; then drop the old name.
    if (::link(from.c_str(), to.c_str()) == 0) {
      ::unlink(from.c_str());
      return true;
    }
    e = errno;
  }
  error = e == EEXIST ? to.string() + " already exists: it was left untouched" : pathError(to, e);
  return false;
}

bool OutputFile::writeAt(const void* data, std::size_t size, std::uint64_t offset, std::string& error)
{
  const auto* in = static_cast<const char*>(data);
  std::size_t done = 0;
  while (done < size) {
    const ssize_t n = ::pwrite(static_cast<int>(m_handle), in + done, size - done,
                               static_cast<off_t>(offset + done));
    if (n < 0) {
      if (errno == EINTR)
        continue;
      error = pathError(m_path, errno);
      return false;
    }
    if (n == 0) {
      error = pathError(m_path, ENOSPC);
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

std::optional<FileId> fileId(const std::filesystem::path& path)
{
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    return std::nullopt;
  return FileId{static_cast<std::uint64_t>(st.st_dev), static_cast<std::uint64_t>(st.st_ino)};
}

std::optional<std::uint64_t> residentBytes(const std::filesystem::path& path)
{
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  if (fd < 0)
    return std::nullopt;
  struct stat st {};
  std::optional<std::uint64_t> resident;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
    const auto size = static_cast<std::uint64_t>(st.st_size);
    if (size == 0) {
      resident = 0;
    } else if (void* map = ::mmap(nullptr, static_cast<std::size_t>(size), PROT_READ, MAP_SHARED, fd, 0);
               map != MAP_FAILED) {
      const auto page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
      std::vector<unsigned char> vec(static_cast<std::size_t>((size + page - 1) / page));
      using Vector = decltype(mincoreVector(::mincore));
      if (::mincore(map, static_cast<std::size_t>(size), reinterpret_cast<Vector>(vec.data())) == 0) {
        std::uint64_t pages = 0;
        for (unsigned char v : vec)
          pages += v & 1u;
        resident = std::min(size, pages * page);  // the last page holds the file's tail only
      }
      ::munmap(map, static_cast<std::size_t>(size));
    }
  }
  ::close(fd);
  return resident;
}

// ---- FileLock: flock(), per open file description (closing the last descriptor releases it) ----

FileLock FileLock::tryLock(const std::filesystem::path& path, Mode mode, Outcome& outcome, std::string& error)
{
  outcome = Outcome::Failed;
  error.clear();
  // Read-only is enough for flock; O_NONBLOCK keeps a FIFO planted under the name from blocking the open.
  FileLock lock;  // closes the file on every early return
  lock.m_handle = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW | O_NONBLOCK);
  const int fd = static_cast<int>(lock.m_handle);
  if (fd < 0) {
    error = pathError(path, errno);
    return {};
  }
  struct stat st {};
  const bool statted = ::fstat(fd, &st) == 0;
  if (!statted || !S_ISREG(st.st_mode)) {
    error = statted ? kindError(path, st.st_mode) : pathError(path, errno);
    return {};
  }
  if (const int e = flockNow(fd, mode); e != 0) {
    if (e == EWOULDBLOCK)
      outcome = Outcome::Busy;
    else
      error = path.string() + ": cannot lock it (" + errnoText(e) + ")";
    return {};
  }
  outcome = Outcome::Locked;
  return lock;
}

bool FileLock::relock(Mode mode)
{
  if (!isLocked())
    return false;
  if (flockNow(static_cast<int>(m_handle), mode) == 0)
    return true;
  unlock();  // flock may have dropped the old lock before failing: never pretend to hold one
  return false;
}

bool FileLock::stillNamedBy(const std::filesystem::path& path) const
{
  struct stat held {}, named {};
  return isLocked() && ::fstat(static_cast<int>(m_handle), &held) == 0 && ::lstat(path.c_str(), &named) == 0 &&
         held.st_dev == named.st_dev && held.st_ino == named.st_ino;
}

std::uint64_t FileLock::size() const
{
  struct stat st {};
  return isLocked() && ::fstat(static_cast<int>(m_handle), &st) == 0 ? static_cast<std::uint64_t>(st.st_size) : 0;
}

}  // namespace hashscope::platform
