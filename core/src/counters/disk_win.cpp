// Windows device I/O counters: IOCTL_DISK_PERFORMANCE on \\.\PhysicalDriveN (summed for spanned volumes).
// Not run in HashScope's Linux workplace: compile-checked with mingw-w64 only.
#include <windows.h>
#include <winioctl.h>

#include <string>
#include <vector>

#include "hashscope/counters.hpp"

namespace hashscope {

namespace {

class WindowsDiskSource final : public DiskCounterSource {
public:
  explicit WindowsDiskSource(const std::vector<std::string>& disks)
  {
    for (const auto& name : disks) {
      // Opened once with no access rights: enough for IOCTL_DISK_PERFORMANCE, and no admin needed.
      const std::wstring path = L"\\\\.\\" + std::wstring(name.begin(), name.end());  // ASCII names
      m_handles.push_back(
          CreateFileW(path.c_str(), 0, FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr, OPEN_EXISTING, 0, nullptr));
    }
  }
  ~WindowsDiskSource() override
  {
    for (HANDLE h : m_handles) {
      if (h != INVALID_HANDLE_VALUE)
        CloseHandle(h);
    }
  }
  WindowsDiskSource(const WindowsDiskSource&) = delete;
  WindowsDiskSource& operator=(const WindowsDiskSource&) = delete;

  bool read(DiskSnapshot& out) override
  {
    if (m_handles.empty())
      return false;
    DiskSnapshot sum;
    for (HANDLE h : m_handles) {
      DISK_PERFORMANCE perf{};
      DWORD bytes = 0;
      if (h == INVALID_HANDLE_VALUE ||
          !DeviceIoControl(h, IOCTL_DISK_PERFORMANCE, nullptr, 0, &perf, sizeof(perf), &bytes, nullptr))
        return false;  // unplugged, or counters switched off
      sum.readBytes += static_cast<std::uint64_t>(perf.BytesRead.QuadPart);
      sum.writeBytes += static_cast<std::uint64_t>(perf.BytesWritten.QuadPart);
      sum.readOps += perf.ReadCount;
      sum.writeOps += perf.WriteCount;
      // Busy = time not idle. QueryTime is the (100 ns) timestamp of this reading and IdleTime the
      // cumulative idle time, so their difference grows exactly by the busy time between two readings.
      sum.busySeconds += static_cast<double>(perf.QueryTime.QuadPart - perf.IdleTime.QuadPart) * 1e-7;
      sum.inFlight += perf.QueueDepth;
    }
    out = sum;
    return true;
  }

private:
  std::vector<HANDLE> m_handles;
};

}  // namespace

std::unique_ptr<DiskCounterSource> makeDiskCounterSource(const DeviceInfo& device)
{
  if (!device.hasCounters || (device.name.empty() && device.slaves.empty()))
    return nullptr;
  return std::make_unique<WindowsDiskSource>(device.slaves.empty() ? std::vector<std::string>{device.name}
                                                                   : device.slaves);
}

}  // namespace hashscope
