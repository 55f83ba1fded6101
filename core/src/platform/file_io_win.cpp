// Windows file I/O: FILE_FLAG_NO_BUFFERING with sector-aligned requests for cold reads,
// FILE_FLAG_SEQUENTIAL_SCAN for cached ones, CREATE_NEW for exclusive files, FlushFileBuffers,
// MoveFileExW without REPLACE_EXISTING. Written from the platform notes: compile-checked with mingw-w64 only.
#include <windows.h>

#include <algorithm>
#include <cctype>
#include <malloc.h>

#include "platform/file_io.hpp"

namespace hashscope::platform {

namespace {

HANDLE toHandle(std::intptr_t h) { return reinterpret_cast<HANDLE>(h); }
std::intptr_t fromHandle(HANDLE h) { return reinterpret_cast<std::intptr_t>(h); }

std::string systemText(DWORD error)
{
  switch (error) {
  case ERROR_FILE_NOT_FOUND:
  case ERROR_PATH_NOT_FOUND:
  case ERROR_INVALID_NAME: return "no such file";
  case ERROR_ACCESS_DENIED: return "permission denied";
  case ERROR_SHARING_VIOLATION:
  case ERROR_LOCK_VIOLATION: return "in use by another program";
  case ERROR_WRITE_PROTECT: return "read-only location";
  case ERROR_DISK_FULL:
  case ERROR_HANDLE_DISK_FULL: return "no space left on the device";
  case ERROR_FILE_EXISTS:
  case ERROR_ALREADY_EXISTS: return "already exists";
  case ERROR_CANT_RESOLVE_FILENAME: return "symbolic link loop";
  case ERROR_CRC:
  case ERROR_IO_DEVICE: return "input/output error (the device reported a failure)";
  default: break;
  }
  char* buffer = nullptr;
  const DWORD n = FormatMessageA(FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM |
                                     FORMAT_MESSAGE_IGNORE_INSERTS,
                                 nullptr, error, 0, reinterpret_cast<LPSTR>(&buffer), 0, nullptr);
  std::string text = n && buffer ? std::string(buffer, n) : "Windows error " + std::to_string(error);
  if (buffer)
    LocalFree(buffer);
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == '.'))
    text.pop_back();
  if (!text.empty())
    text[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
  return text;
}

std::string pathError(const std::filesystem::path& path, DWORD error)
{
  return path.string() + ": " + systemText(error);
}

// Device namespaces (\\.\PhysicalDrive0, \\.\C:, \\?\GLOBALROOT\...) name devices, never regular files.
bool isDevicePath(const std::filesystem::path& path)
{
  const std::wstring& p = path.native();
  return p.rfind(LR"(\\.\)", 0) == 0 || p.rfind(LR"(\\?\GLOBALROOT)", 0) == 0;
}

// Sector size for unbuffered I/O; 4096 covers every common disk when Windows does not say.
std::size_t unbufferedAlignment(HANDLE h)
{
  FILE_STORAGE_INFO info{};
  std::size_t sector = 4096;
  if (GetFileInformationByHandleEx(h, FileStorageInfo, &info, sizeof info)) {
    sector = std::max<std::size_t>(sector, info.LogicalBytesPerSector);
    sector = std::max<std::size_t>(sector, info.PhysicalBytesPerSectorForPerformance);
  }
  return sector;
}

HANDLE openForRead(const std::filesystem::path& path, DWORD flags)
{
  return CreateFileW(path.c_str(), GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                     nullptr, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL | flags, nullptr);
}

HANDLE openForWrite(const std::filesystem::path& path, DWORD disposition)
{
  return CreateFileW(path.c_str(), GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                     nullptr, disposition, FILE_ATTRIBUTE_NORMAL, nullptr);
}

// ReadFile and WriteFile at `offset`, at most kMaxCall (1 GiB: they take a DWORD; a multiple of any sector).
OVERLAPPED at(std::uint64_t offset)
{
  OVERLAPPED overlapped{};
  overlapped.Offset = static_cast<DWORD>(offset & 0xffffffffu);
  overlapped.OffsetHigh = static_cast<DWORD>(offset >> 32);
  return overlapped;
}
constexpr std::size_t kMaxCall = std::size_t{1} << 30;

}  // namespace

void AlignedDeleter::operator()(std::byte* p) const noexcept { _aligned_free(p); }

AlignedBuffer allocateAligned(std::size_t size, std::size_t alignment)
{
  return AlignedBuffer(static_cast<std::byte*>(_aligned_malloc(std::max<std::size_t>(size, 1), alignment)));
}

void UniqueHandle::reset()
{
  if (m_value != -1)
    CloseHandle(toHandle(m_value));
  m_value = -1;
}

// ---- InputFile ----

InputFile InputFile::open(const std::filesystem::path& path, ReadMode mode, std::string& error, bool /*lookFirst*/)
{
  // The attribute look below stays: it is what tells a folder from a file before CreateFile opens either.
  error.clear();
  if (isDevicePath(path)) {
    error = path.string() + " is a device, not a regular file";
    return {};
  }
  const DWORD attributes = GetFileAttributesW(path.c_str());
  if (attributes == INVALID_FILE_ATTRIBUTES) {
    error = pathError(path, GetLastError());
    return {};
  }
  if (attributes & FILE_ATTRIBUTE_DIRECTORY) {
    error = path.string() + " is a folder, not a regular file";
    return {};
  }
  InputFile file;
  file.m_path = path;
  HANDLE h = INVALID_HANDLE_VALUE;
  if (mode == ReadMode::Direct) {
    // Opening without buffering also makes Windows drop the file's cached pages when no other handle has
    // the file open.
    h = openForRead(path, FILE_FLAG_NO_BUFFERING);
    if (h != INVALID_HANDLE_VALUE) {
      file.m_direct = DirectResult::Direct;
    } else if (GetLastError() == ERROR_INVALID_PARAMETER || GetLastError() == ERROR_NOT_SUPPORTED) {
      file.m_direct = DirectResult::Fallback;
      file.m_note = "unbuffered reads are not supported on this volume: reads go through the cache";
    } else {
      error = pathError(path, GetLastError());
      return {};
    }
  }
  if (h == INVALID_HANDLE_VALUE)
    h = openForRead(path, FILE_FLAG_SEQUENTIAL_SCAN);
  if (h == INVALID_HANDLE_VALUE) {
    error = pathError(path, GetLastError());
    return {};
  }
  file.m_handle = fromHandle(h);
  if (const DWORD type = GetFileType(h); type != FILE_TYPE_DISK) {
    error = path.string() + (type == FILE_TYPE_PIPE ? " is a FIFO" : " is a device") + ", not a regular file";
    return {};
  }
  LARGE_INTEGER size{};
  if (!GetFileSizeEx(h, &size)) {
    error = pathError(path, GetLastError());
    return {};
  }
  file.m_size = static_cast<std::uint64_t>(size.QuadPart);
  if (file.m_direct == DirectResult::Direct)
    file.m_alignment = unbufferedAlignment(h);
  return file;
}

InputFile InputFile::openIn(const Folder& /*folder*/, const std::filesystem::path& path, ReadMode mode,
                            std::string& error)
{
  // Windows keeps no folder handle to open relative to (see folder_win.cpp): the file is opened by path.
  return open(path, mode, error, false);
}

std::int64_t InputFile::readAt(void* buffer, std::size_t size, std::uint64_t offset, std::string& error)
{
  auto* out = static_cast<char*>(buffer);
  std::size_t done = 0;
  while (done < size) {
    const DWORD want = static_cast<DWORD>(std::min(size - done, kMaxCall));
    OVERLAPPED where = at(offset + done);
    DWORD got = 0;
    if (!ReadFile(toHandle(m_handle), out + done, want, &got, &where)) {
      const DWORD e = GetLastError();
      if (e == ERROR_HANDLE_EOF)
        break;
      error = pathError(m_path, e);
      return -1;
    }
    if (got == 0)
      break;
    done += got;
    if (m_direct == DirectResult::Direct && done % m_alignment != 0)
      break;  // a short unbuffered read is at end of file
  }
  return static_cast<std::int64_t>(done);
}

void InputFile::evict(std::string& note)
{
  note.clear();
  if (m_direct == DirectResult::Direct)
    return;  // unbuffered reads never use the cache
  // Windows purges a file's cached pages when it is opened without buffering and no other handle is open:
  // ours is, so this is only a best effort.
  HANDLE h = openForRead(m_path, FILE_FLAG_NO_BUFFERING);
  if (h != INVALID_HANDLE_VALUE)
    CloseHandle(h);
  note = "Windows could not be asked to drop this file's cached pages while it is open: the first read may "
         "come from RAM";
}

void InputFile::dropRange(std::uint64_t, std::uint64_t) {}  // no per-range eviction call on Windows

// ---- OutputFile ----

OutputFile OutputFile::createExclusive(const std::filesystem::path& path, std::string& error)
{
  error.clear();
  HANDLE h = openForWrite(path, CREATE_NEW);  // fails on any existing name: nothing is truncated or replaced
  if (h == INVALID_HANDLE_VALUE) {
    const DWORD e = GetLastError();
    // Say which it is: a write-protected volume and a folder this user may not write to need different fixes.
    if (e == ERROR_WRITE_PROTECT)
      error = path.parent_path().string() + ": read-only location: choose another";
    else if (e == ERROR_ACCESS_DENIED)
      error = path.parent_path().string() + ": permission denied (you cannot create files here): choose another location";
    else
      error = pathError(path, e);
    return {};
  }
  OutputFile file;
  file.m_handle = fromHandle(h);
  file.m_path = path;
  return file;
}

OutputFile OutputFile::openExisting(const std::filesystem::path& path, std::string& error)
{
  error.clear();
  HANDLE h = openForWrite(path, OPEN_EXISTING);
  if (h == INVALID_HANDLE_VALUE) {
    error = pathError(path, GetLastError());
    return {};
  }
  OutputFile file;
  file.m_handle = fromHandle(h);
  file.m_path = path;
  return file;
}

bool OutputFile::writeAt(const void* data, std::size_t size, std::uint64_t offset, std::string& error)
{
  const auto* in = static_cast<const char*>(data);
  std::size_t done = 0;
  while (done < size) {
    const DWORD want = static_cast<DWORD>(std::min(size - done, kMaxCall));
    OVERLAPPED where = at(offset + done);
    DWORD wrote = 0;
    if (!WriteFile(toHandle(m_handle), in + done, want, &wrote, &where)) {
      error = pathError(m_path, GetLastError());
      return false;
    }
    if (wrote == 0) {
      error = pathError(m_path, ERROR_DISK_FULL);
      return false;
    }
    done += wrote;
  }
  return true;
}

bool OutputFile::flush(std::string& error)
{
  if (FlushFileBuffers(toHandle(m_handle)))
    return true;
  error = pathError(m_path, GetLastError());
  return false;
}

// No range writeback call on Windows: the cache manager's lazy writer bounds dirty data itself.
void OutputFile::writeBehind(std::uint64_t, std::uint64_t) {}

// Nothing to do while our handle is open; the next cold read opens the file unbuffered, which purges it.
void OutputFile::evict() {}

// ---- names and identities ----

bool renameNoReplace(const std::filesystem::path& from, const std::filesystem::path& to, std::string& error)
{
  error.clear();
  // Without MOVEFILE_REPLACE_EXISTING the move fails when `to` exists.
  if (MoveFileExW(from.c_str(), to.c_str(), MOVEFILE_WRITE_THROUGH))
    return true;
  const DWORD e = GetLastError();
  error = e == ERROR_ALREADY_EXISTS || e == ERROR_FILE_EXISTS ? to.string() + " already exists: it was left untouched"
                                                              : pathError(to, e);
  return false;
}

std::optional<FileId> fileId(const std::filesystem::path& path)
{
  // FILE_FLAG_BACKUP_SEMANTICS opens folders too; following reparse points matches stat()'s behaviour.
  HANDLE h = CreateFileW(path.c_str(), FILE_READ_ATTRIBUTES, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                         nullptr, OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, nullptr);
  if (h == INVALID_HANDLE_VALUE)
    return std::nullopt;
  BY_HANDLE_FILE_INFORMATION info{};
  const bool ok = GetFileInformationByHandle(h, &info) != 0;
  CloseHandle(h);
  if (!ok)
    return std::nullopt;
  return FileId{info.dwVolumeSerialNumber,
                (static_cast<std::uint64_t>(info.nFileIndexHigh) << 32) | info.nFileIndexLow};
}

std::optional<std::uint64_t> residentBytes(const std::filesystem::path&)
{
  return std::nullopt;  // the cache manager answers no "which pages of this file are cached" query
}

bool isMemoryBacked(const std::filesystem::path&)
{
  return false;  // Windows has no RAM filesystem of its own; third-party RAM disks present themselves as disks
}

bool isPseudoFilesystem(const std::filesystem::path&)
{
  return false;  // no kernel pseudo filesystems with misreported sizes
}

}  // namespace hashscope::platform
