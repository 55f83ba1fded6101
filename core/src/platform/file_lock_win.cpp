// Windows: advisory locks (LockFileEx on one byte far past the end of any file, so the data itself is
// never locked) and tags (an alternate data stream, on volumes that keep named streams).
// Written from the platform notes: compile-checked with mingw-w64 only.
#include <windows.h>


#include "platform/file_io.hpp"

namespace hashscope::platform {

namespace {

HANDLE toHandle(std::intptr_t h) { return reinterpret_cast<HANDLE>(h); }

// A byte no file reaches: locking it never blocks reads or writes of real data.
OVERLAPPED lockedByte()
{
  OVERLAPPED at{};
  at.Offset = 0xfffffffeu;
  at.OffsetHigh = 0x7fffffffu;
  return at;
}

bool lockNow(HANDLE h, FileLock::Mode mode)
{
  const DWORD flags = LOCKFILE_FAIL_IMMEDIATELY | (mode == FileLock::Mode::Exclusive ? LOCKFILE_EXCLUSIVE_LOCK : 0);
  OVERLAPPED at = lockedByte();
  return LockFileEx(h, flags, 0, 1, 0, &at) != 0;
}

void unlockNow(HANDLE h)
{
  OVERLAPPED at = lockedByte();
  UnlockFileEx(h, 0, 1, 0, &at);
}

std::wstring streamName(const std::filesystem::path& file) { return file.wstring() + L":hashscope.sample"; }

// True when the volume holding `file` keeps named streams (NTFS, ReFS; not FAT or exFAT).
bool keepsStreams(const std::filesystem::path& file)
{
  wchar_t root[MAX_PATH + 1] = {};
  DWORD flags = 0;
  return GetVolumePathNameW(file.c_str(), root, MAX_PATH) &&
         GetVolumeInformationW(root, nullptr, 0, nullptr, nullptr, &flags, nullptr, 0) &&
         (flags & FILE_NAMED_STREAMS) != 0;
}

// True when two handles' information describes one file. The file index is unique within a volume, and
// the creation time (100 ns) tells apart files that share an index on different volumes. The volume
// serial is compared only where both handles report one: a handle opened before its file was renamed
// reports serial 0 under wine, and network shares may report 0 on every handle, so a check that needed
// equal serials would call the locked file gone or replaced right after HashScope renamed it.
bool sameFile(const BY_HANDLE_FILE_INFORMATION& a, const BY_HANDLE_FILE_INFORMATION& b)
{
  const bool serialsKnown = a.dwVolumeSerialNumber != 0 && b.dwVolumeSerialNumber != 0;
  return a.nFileIndexHigh == b.nFileIndexHigh && a.nFileIndexLow == b.nFileIndexLow &&
         a.ftCreationTime.dwLowDateTime == b.ftCreationTime.dwLowDateTime &&
         a.ftCreationTime.dwHighDateTime == b.ftCreationTime.dwHighDateTime &&
         (!serialsKnown || a.dwVolumeSerialNumber == b.dwVolumeSerialNumber);
}

}  // namespace

FileLock FileLock::tryLock(const std::filesystem::path& path, Mode mode, Outcome& outcome, std::string& error)
{
  outcome = Outcome::Failed;
  error.clear();
  // Full sharing (delete included): holding the lock never stops the holder or others from renaming,
  // reading or removing the file; only cooperating HashScope processes look at the lock.
  HANDLE h = CreateFileW(path.c_str(), GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                         OPEN_EXISTING, FILE_FLAG_OPEN_REPARSE_POINT, nullptr);
  FileLock lock;  // closes the file on every early return
  lock.m_handle = reinterpret_cast<std::intptr_t>(h);
  if (h == INVALID_HANDLE_VALUE) {
    error = path.string() + ": cannot open it (Windows error " + std::to_string(GetLastError()) + ")";
    return {};
  }
  BY_HANDLE_FILE_INFORMATION info{};
  if (!GetFileInformationByHandle(h, &info) ||
      (info.dwFileAttributes & (FILE_ATTRIBUTE_DIRECTORY | FILE_ATTRIBUTE_REPARSE_POINT)) != 0) {
    error = path.string() + " is not a regular file";
    return {};
  }
  if (!lockNow(h, mode)) {
    if (const DWORD e = GetLastError(); e == ERROR_LOCK_VIOLATION || e == ERROR_IO_PENDING)
      outcome = Outcome::Busy;
    else
      error = path.string() + ": cannot lock it (Windows error " + std::to_string(e) + ")";
    return {};
  }
  outcome = Outcome::Locked;
  return lock;
}

bool FileLock::relock(Mode mode)
{
  if (!isLocked())
    return false;
  // A shared lock cannot overlap our own exclusive one (nor the reverse): release, then lock again.
  unlockNow(toHandle(m_handle));
  if (lockNow(toHandle(m_handle), mode))
    return true;
  unlock();
  return false;
}

bool FileLock::stillNamedBy(const std::filesystem::path& path) const
{
  if (!isLocked())
    return false;
  BY_HANDLE_FILE_INFORMATION held{};
  if (!GetFileInformationByHandle(toHandle(m_handle), &held))
    return false;
  HANDLE h = CreateFileW(path.c_str(), FILE_READ_ATTRIBUTES, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                         nullptr, OPEN_EXISTING, FILE_FLAG_OPEN_REPARSE_POINT, nullptr);
  if (h == INVALID_HANDLE_VALUE)
    return false;
  BY_HANDLE_FILE_INFORMATION named{};
  const bool ok = GetFileInformationByHandle(h, &named) != 0;
  CloseHandle(h);
  return ok && sameFile(held, named);
}

std::uint64_t FileLock::size() const
{
  LARGE_INTEGER size{};
  return isLocked() && GetFileSizeEx(toHandle(m_handle), &size) ? static_cast<std::uint64_t>(size.QuadPart) : 0;
}

TagResult writeTag(const std::filesystem::path& file, const std::string& value, std::string& error)
{
  error.clear();
  if (!keepsStreams(file))
    return TagResult::Unsupported;
  HANDLE h = CreateFileW(streamName(file).c_str(), GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_DELETE, nullptr,
                         CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr);
  DWORD wrote = 0;
  const bool ok = h != INVALID_HANDLE_VALUE &&
                  WriteFile(h, value.data(), static_cast<DWORD>(value.size()), &wrote, nullptr) &&
                  wrote == value.size();
  const DWORD e = GetLastError();
  if (h != INVALID_HANDLE_VALUE)
    CloseHandle(h);
  if (ok)
    return TagResult::Ok;
  error = file.string() + ": cannot mark it as a HashScope file (Windows error " + std::to_string(e) + ")";
  return TagResult::Failed;
}

std::optional<std::string> readTag(const std::filesystem::path& file)
{
  HANDLE h = CreateFileW(streamName(file).c_str(), GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                         nullptr, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
  if (h == INVALID_HANDLE_VALUE)
    return std::nullopt;
  char buffer[256];
  DWORD n = 0;
  const bool ok = ReadFile(h, buffer, sizeof buffer, &n, nullptr) != 0;
  CloseHandle(h);
  if (!ok || n == sizeof buffer)
    return std::nullopt;  // unreadable, or too long to be ours
  return std::string(buffer, n);
}

}  // namespace hashscope::platform
