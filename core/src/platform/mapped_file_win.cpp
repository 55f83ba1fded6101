// Mapped-window reads on Windows: one read-only section over the file, views of at most `window` bytes
// mapped and unmapped in turn. Windows refuses to truncate a file while a view of it is mapped, so a file
// cannot shrink under a view; an I/O error while a view is read (a network file gone) raises
// EXCEPTION_IN_PAGE_ERROR, caught by structured exception handling and reported as an error. Builds without
// SEH (MinGW) do not map: they read through buffers.
#include "platform/mapped_file.hpp"

// NOMINMAX and WIN32_LEAN_AND_MEAN come from core/CMakeLists.txt (defining them again here is C4005).
#include <windows.h>

#include <algorithm>

namespace hashscope::platform {

namespace {

#ifdef _MSC_VER
std::string failed(const InputFile& file, const char* what)
{
  return file.path().string() + ": cannot map it for reading (" + what + ", Windows error " +
         std::to_string(GetLastError()) + ")";
}

// Returns 1 when done, 0 when the consumer stopped, -1 on an in-page error. No C++ objects here: SEH.
int consumeView(const std::byte* view, std::uint64_t mapStart, std::uint64_t from, std::uint64_t to,
                std::size_t piece, MappedConsumer& consumer)
{
  __try {
    for (std::uint64_t p = from; p < to;) {
      const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(piece, to - p));
      if (!consumer.consume(view + (p - mapStart), n))
        return 0;
      p += n;
    }
  } __except (GetExceptionCode() == EXCEPTION_IN_PAGE_ERROR ? EXCEPTION_EXECUTE_HANDLER : EXCEPTION_CONTINUE_SEARCH) {
    return -1;
  }
  return 1;
}
#endif

}  // namespace

#ifdef _MSC_VER
bool mappingSupported() { return true; }

bool touchMapped(const std::byte*, std::size_t, void (*use)(void*), void* arg)
{
  __try {
    use(arg);
  } __except (GetExceptionCode() == EXCEPTION_IN_PAGE_ERROR ? EXCEPTION_EXECUTE_HANDLER : EXCEPTION_CONTINUE_SEARCH) {
    return false;
  }
  return true;
}
#else
bool mappingSupported() { return false; }

bool touchMapped(const std::byte*, std::size_t, void (*use)(void*), void* arg)
{
  use(arg);  // nothing is mapped in these builds
  return true;
}
#endif

// No helper here: views are mapped and unmapped by the reader (PrefetchVirtualMemory could be tried).
bool mappingHelperSupported() { return false; }

// Not measured on Windows yet (a pagefile-backed section would be the probe): mapping is assumed to pay.
MappingCosts measureMappingCosts() { return {}; }

std::string readMapped(InputFile& file, std::uint64_t offset, std::uint64_t length, std::size_t window,
                       std::size_t piece, MappedConsumer& consumer, bool& stopped, bool /*helped*/,
                       bool* cannotMap)
{
  stopped = false;
  if (cannotMap)
    *cannotMap = false;
#ifndef _MSC_VER
  (void)offset, (void)length, (void)window, (void)piece, (void)consumer;
  if (cannotMap)
    *cannotMap = true;  // nothing was consumed: the caller may read the file through buffers
  return file.path().string() + ": mapped reads are not available in this build";
#else
  const auto handle = reinterpret_cast<HANDLE>(file.nativeHandle());
  LARGE_INTEGER size{};
  const std::uint64_t end = offset + length;
  if (!GetFileSizeEx(handle, &size))
    return failed(file, "size");
  if (static_cast<std::uint64_t>(size.QuadPart) < end)
    return shrankError(file);
  if (length == 0)
    return "";
  HANDLE section = CreateFileMappingW(handle, nullptr, PAGE_READONLY, 0, 0, nullptr);
  if (!section) {
    if (cannotMap)
      *cannotMap = true;
    return failed(file, "CreateFileMapping");
  }
  SYSTEM_INFO info{};
  GetSystemInfo(&info);
  const std::uint64_t granularity = std::max<DWORD>(info.dwAllocationGranularity, 65536);
  const std::uint64_t span = std::max<std::uint64_t>(window / granularity * granularity, granularity);
  piece = std::max<std::size_t>(piece, 1);
  std::string error;
  std::uint64_t index = 0;
  for (std::uint64_t pos = offset; pos < end; ++index) {
    const std::uint64_t mapStart = pos / granularity * granularity;
    const std::uint64_t mapEnd = std::min(end, mapStart + span);
    const auto bytes = static_cast<SIZE_T>(mapEnd - mapStart);
    void* view = MapViewOfFile(section, FILE_MAP_READ, static_cast<DWORD>(mapStart >> 32),
                               static_cast<DWORD>(mapStart & 0xffffffffu), bytes);
    if (!view) {
      error = failed(file, "MapViewOfFile");
      if (cannotMap)
        *cannotMap = index == 0;
      break;
    }
    const int outcome = consumeView(static_cast<const std::byte*>(view), mapStart, pos, mapEnd, piece, consumer);
    UnmapViewOfFile(view);
    if (outcome < 0) {
      error = file.path().string() + ": read error while it was being read (the file or its device went away)";
      break;
    }
    if (outcome == 0) {
      stopped = true;
      break;
    }
    pos = mapEnd;
  }
  CloseHandle(section);
  return error;
#endif
}

}  // namespace hashscope::platform
