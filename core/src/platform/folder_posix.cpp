// Open folders on Linux and macOS: a descriptor, with entries listed, looked at and opened relative to it
// (openat/fstatat/fdopendir), so each costs one name lookup and never leaves the folder it was opened in.
#include <dirent.h>
#include <fcntl.h>
#if defined(__linux__)
#include <linux/close_range.h>
#include <sys/syscall.h>
#endif
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <algorithm>
#include <cstring>
#include <utility>

#include "platform/file_io.hpp"
#include "platform/sanitizers.hpp"

namespace hashscope::platform {

namespace {

std::error_code lastError() { return std::error_code(errno, std::generic_category()); }

EntryKind kindOfMode(mode_t mode)
{
  if (S_ISREG(mode))
    return EntryKind::Regular;
  if (S_ISDIR(mode))
    return EntryKind::Folder;
  if (S_ISLNK(mode))
    return EntryKind::Link;
  if (S_ISFIFO(mode))
    return EntryKind::Fifo;
  if (S_ISSOCK(mode))
    return EntryKind::Socket;
  if (S_ISBLK(mode) || S_ISCHR(mode))
    return EntryKind::Device;
  return EntryKind::Other;
}

EntryKind kindOfDirent(unsigned char type)
{
  const EntryKind kind = kindOfMode(DTTOIF(type));
  return kind == EntryKind::Other ? EntryKind::Unknown : kind;  // DT_UNKNOWN: some filesystems do not say
}

// O_NONBLOCK and O_NOCTTY are harmless on a folder and keep anything swapped in under the name from
// blocking the open; O_DIRECTORY refuses whatever is not a folder.
constexpr int kFolderFlags = O_RDONLY | O_CLOEXEC | O_DIRECTORY | O_NONBLOCK | O_NOCTTY;

// The calling thread's descriptor table: 0 for the process's, else a number of its own (useOwnDescriptorTable).
thread_local std::uint64_t t_table = 0;
std::atomic<std::uint64_t> g_tables{0};
thread_local bool t_ownTable = false;

std::optional<FileId> identity(int fd)
{
  struct stat st {};
  if (::fstat(fd, &st) != 0)
    return std::nullopt;
  return FileId{static_cast<std::uint64_t>(st.st_dev), static_cast<std::uint64_t>(st.st_ino)};
}

// The longest piece of a path opened at once: under PATH_MAX (4096 on Linux, 1024 on macOS).
constexpr std::size_t kPathPiece = 1000;

// open(path, flags) for a path of any length: one under kPathPiece at once, a longer one piece by piece, each
// cut at a slash and opened (as a folder) relative to the one before.
int openLongPath(const std::filesystem::path& path, int flags)
{
  const std::string& native = path.native();
  if (native.size() < kPathPiece)
    return ::open(native.c_str(), flags);
  int at = AT_FDCWD;
  std::size_t start = 0;
  for (;;) {
    std::size_t end = native.size();
    if (end - start >= kPathPiece) {
      end = native.rfind('/', start + kPathPiece - 1);
      if (end == std::string::npos || end <= start) {  // one name longer than any piece: the system refuses it
        if (at != AT_FDCWD)
          ::close(at);
        errno = ENAMETOOLONG;
        return -1;
      }
    }
    const std::string piece = native.substr(start, end - start);
    const bool last = end == native.size();
    const int fd = ::openat(at, piece.c_str(), last ? flags : kFolderFlags);
    const int saved = errno;
    if (at != AT_FDCWD)
      ::close(at);
    errno = saved;
    if (fd < 0 || last)
      return fd;
    at = fd;
    start = end + 1;
  }
}

}  // namespace

std::size_t Folder::keepLimit()
{
  // A quarter of the soft limit, at most 4096: hashing and the reader threads need descriptors too.
  struct rlimit limit {};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY)
    return 4096;
  return std::min<std::size_t>(4096, static_cast<std::size_t>(limit.rlim_cur / 4));
}

Folder::~Folder() { close(); }

Folder::Folder(Folder&& other) noexcept { *this = std::move(other); }

Folder& Folder::operator=(Folder&& other) noexcept
{
  if (this != &other) {
    close();
    m_handle = std::exchange(other.m_handle, -1);
    m_path = std::move(other.m_path);
    m_id = std::exchange(other.m_id, std::nullopt);
    m_table = other.m_table;
    other.m_path.clear();
  }
  return *this;
}

void Folder::close()
{
  if (m_handle >= 0 && m_table == t_table)  // opened in another thread's table: that table closes it
    ::close(static_cast<int>(m_handle));
  m_handle = -1;
  m_path.clear();
}

// The folder just opened as `fd` (closed with `ec` when the open failed), on this thread's table.
Folder Folder::adopt(int fd, std::filesystem::path path, std::error_code& ec)
{
  Folder folder;
  if (fd < 0) {
    ec = lastError();
    return folder;
  }
  ec.clear();
  folder.m_handle = fd;
  folder.m_path = std::move(path);
  folder.m_id = identity(fd);
  folder.m_table = t_table;
  return folder;
}

Folder Folder::open(const std::filesystem::path& path, std::error_code& ec)
{
  return adopt(openLongPath(path, kFolderFlags), path, ec);
}

Folder Folder::openChild(const std::string& name, bool followLink, std::error_code& ec) const
{
  const int fd = ::openat(static_cast<int>(m_handle), name.c_str(), kFolderFlags | (followLink ? 0 : O_NOFOLLOW));
  return adopt(fd, m_path / name, ec);
}

Folder Folder::openParent(std::error_code& ec) const
{
  return adopt(::openat(static_cast<int>(m_handle), "..", kFolderFlags), m_path.parent_path(), ec);
}

Folder Folder::reopen(std::error_code& ec, bool& replaced) const
{
  Folder again = open(m_path, ec);
  replaced = again.isOpen() && (!m_id || again.m_id != m_id);  // renamed or replaced since it was opened
  return replaced ? Folder() : std::move(again);
}

std::vector<FolderEntry> Folder::list(std::error_code& ec) const
{
  ec.clear();
  std::vector<FolderEntry> entries;
  // fdopendir takes the descriptor over: give it a copy, the folder stays open for the opens that follow.
  const int copy = ::fcntl(static_cast<int>(m_handle), F_DUPFD_CLOEXEC, 0);
  DIR* dir = copy >= 0 ? ::fdopendir(copy) : nullptr;
  if (!dir) {
    ec = lastError();
    if (copy >= 0)
      ::close(copy);
    return entries;
  }
  ::rewinddir(dir);  // the copy shares the original's position
  for (;;) {
    errno = 0;
    const dirent* entry = ::readdir(dir);
    if (!entry) {
      if (errno != 0)
        ec = lastError();
      break;
    }
    const char* name = entry->d_name;
    if (name[0] == '.' && (name[1] == '\0' || (name[1] == '.' && name[2] == '\0')))
      continue;
    entries.push_back({name, kindOfDirent(entry->d_type)});
  }
  ::closedir(dir);
  return entries;
}

EntryKind Folder::look(const std::string& name, std::uint64_t& size, std::error_code& ec) const
{
  ec.clear();
  size = 0;
  struct stat st {};
  if (::fstatat(static_cast<int>(m_handle), name.c_str(), &st, 0) != 0) {
    ec = lastError();
    return EntryKind::Unknown;
  }
  size = S_ISREG(st.st_mode) ? static_cast<std::uint64_t>(st.st_size) : 0;
  return kindOfMode(st.st_mode);
}

std::optional<FileId> Folder::id() const { return m_id; }

bool useOwnDescriptorTable()
{
  // ThreadSanitizer tracks descriptors per process, not per table: a number closed on one table and opened on
  // another would be reported as a race between threads that share nothing. Its builds keep the process's
  // one table, as kernels before 5.9 do, so that it checks everything else.
  if constexpr (kThreadSanitizer)
    return false;
#if defined(__linux__) && defined(SYS_close_range) && defined(CLOSE_RANGE_UNSHARE)
  // One system call: a copy of the table for this thread alone, without the process's descriptors from 3 on
  // (holding those would keep files, pipes and locks of the rest of the process open until the thread ends).
  if (!t_ownTable && ::syscall(SYS_close_range, 3u, ~0u, CLOSE_RANGE_UNSHARE) == 0) {
    t_ownTable = true;
    t_table = ++g_tables;
  }
#endif
  return t_ownTable;
}

bool hasOwnDescriptorTable() { return t_ownTable; }

}  // namespace hashscope::platform
