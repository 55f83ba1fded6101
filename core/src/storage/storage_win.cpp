// Windows: describeStorage and candidateLocations from the volume APIs and the disk IOCTLs.
// Not run in HashScope's Linux workplace: compile-checked with mingw-w64 only.
#include <windows.h>
#include <winioctl.h>
#include <winnetwk.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstring>
#include <cwchar>
#include <future>
#include <memory>
#include <system_error>
#include <thread>
#include <vector>

#include "hashscope/storage.hpp"
#include "storage/remote_model.hpp"
#include "storage/storage_model.hpp"

namespace hashscope {

namespace fs = std::filesystem;

namespace {

// True when the folder's ACL, checked against this process's token (AccessCheck), refuses it FILE_ADD_FILE.
// Asked, never tried: creating a probe file would write into every folder described, a data folder
// included, which HashScope promises to leave as it was. A folder whose ACL cannot be read counts as not
// refusing: creating a sample there then fails with the system's own error.
bool aclDeniesNewFiles(const fs::path& dir)
{
  const SECURITY_INFORMATION parts = OWNER_SECURITY_INFORMATION | GROUP_SECURITY_INFORMATION | DACL_SECURITY_INFORMATION;
  DWORD size = 0;
  GetFileSecurityW(dir.c_str(), parts, nullptr, 0, &size);
  if (size == 0)
    return false;
  std::vector<BYTE> descriptor(size);
  if (!GetFileSecurityW(dir.c_str(), parts, descriptor.data(), size, &size))
    return false;
  HANDLE process = nullptr;
  if (!OpenProcessToken(GetCurrentProcess(), TOKEN_QUERY | TOKEN_DUPLICATE, &process))
    return false;
  HANDLE token = nullptr;  // AccessCheck takes an impersonation token
  const BOOL duplicated = DuplicateToken(process, SecurityImpersonation, &token);
  CloseHandle(process);
  if (!duplicated)
    return false;
  GENERIC_MAPPING mapping{FILE_GENERIC_READ, FILE_GENERIC_WRITE, FILE_GENERIC_EXECUTE, FILE_ALL_ACCESS};
  DWORD wanted = FILE_ADD_FILE;
  MapGenericMask(&wanted, &mapping);
  PRIVILEGE_SET privileges{};
  DWORD privilegesSize = sizeof privileges;
  DWORD granted = 0;
  BOOL allowed = FALSE;
  const BOOL checked = AccessCheck(descriptor.data(), token, wanted, &mapping, &privileges, &privilegesSize, &granted,
                                   &allowed);
  CloseHandle(token);
  return checked && !allowed;
}

// A HANDLE closed on scope exit.
struct Handle {
  HANDLE h = INVALID_HANDLE_VALUE;
  explicit Handle(HANDLE handle) : h(handle) {}
  ~Handle()
  {
    if (h != INVALID_HANDLE_VALUE)
      CloseHandle(h);
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  bool ok() const { return h != INVALID_HANDLE_VALUE; }
};

std::string narrow(const std::wstring& wide)
{
  if (wide.empty())
    return {};
  int n = WideCharToMultiByte(CP_UTF8, 0, wide.data(), static_cast<int>(wide.size()), nullptr, 0, nullptr, nullptr);
  std::string out(static_cast<std::size_t>(n), '\0');
  WideCharToMultiByte(CP_UTF8, 0, wide.data(), static_cast<int>(wide.size()), out.data(), n, nullptr, nullptr);
  return out;
}

std::string lastError()
{
  return std::system_category().message(static_cast<int>(GetLastError()));
}

std::string trimmed(std::string s)
{
  while (!s.empty() && (s.back() == ' ' || s.back() == '\0'))
    s.pop_back();
  std::size_t first = s.find_first_not_of(' ');
  return first == std::string::npos ? std::string() : s.substr(first);
}

// The physical disks a volume spans (usually one), from IOCTL_VOLUME_GET_VOLUME_DISK_EXTENTS.
std::vector<DWORD> volumeDisks(const std::wstring& volumeGuidPath)
{
  std::wstring device = volumeGuidPath;
  if (!device.empty() && device.back() == L'\\')
    device.pop_back();  // "\\?\Volume{...}" opens the volume; with the backslash it is its root folder
  Handle volume(CreateFileW(device.c_str(), 0, FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr, OPEN_EXISTING, 0,
                            nullptr));
  if (!volume.ok())
    return {};
  std::vector<unsigned char> buffer(sizeof(VOLUME_DISK_EXTENTS));
  DWORD bytes = 0;
  for (int attempt = 0; attempt < 2; ++attempt) {
    if (DeviceIoControl(volume.h, IOCTL_VOLUME_GET_VOLUME_DISK_EXTENTS, nullptr, 0, buffer.data(),
                        static_cast<DWORD>(buffer.size()), &bytes, nullptr)) {
      break;
    }
    if (GetLastError() != ERROR_MORE_DATA)
      return {};
    // A volume spanning several disks: make room for every extent and ask again.
    auto* partial = reinterpret_cast<VOLUME_DISK_EXTENTS*>(buffer.data());
    buffer.resize(sizeof(VOLUME_DISK_EXTENTS) + partial->NumberOfDiskExtents * sizeof(DISK_EXTENT));
    if (attempt == 1)
      return {};
  }
  const auto* extents = reinterpret_cast<const VOLUME_DISK_EXTENTS*>(buffer.data());
  std::vector<DWORD> disks;
  for (DWORD i = 0; i < extents->NumberOfDiskExtents; ++i)
    disks.push_back(extents->Extents[i].DiskNumber);
  std::sort(disks.begin(), disks.end());
  disks.erase(std::unique(disks.begin(), disks.end()), disks.end());
  return disks;
}

// One IOCTL_STORAGE_QUERY_PROPERTY answer of `disk` whole in `out`.
template <class Descriptor>
bool queryProperty(HANDLE disk, STORAGE_PROPERTY_ID id, Descriptor& out)
{
  STORAGE_PROPERTY_QUERY query{};
  query.PropertyId = id;
  query.QueryType = PropertyStandardQuery;
  DWORD bytes = 0;
  return DeviceIoControl(disk, IOCTL_STORAGE_QUERY_PROPERTY, &query, sizeof(query), &out, sizeof(out), &bytes,
                         nullptr) &&
         bytes >= sizeof(out);
}

// Model, seek penalty, removability, sector size and size of \\.\PhysicalDriveN. Needs no admin rights:
// the handle is opened with no access, enough for these queries.
DeviceInfo physicalDisk(DWORD number)
{
  DeviceInfo d;
  d.name = "PhysicalDrive" + std::to_string(number);
  std::wstring path = L"\\\\.\\PhysicalDrive" + std::to_wstring(number);
  Handle disk(CreateFileW(path.c_str(), 0, FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr, OPEN_EXISTING, 0, nullptr));
  if (!disk.ok())
    return d;
  DWORD bytes = 0;

  STORAGE_PROPERTY_QUERY query{};
  query.PropertyId = StorageDeviceProperty;
  query.QueryType = PropertyStandardQuery;
  std::vector<unsigned char> buffer(1024);
  if (DeviceIoControl(disk.h, IOCTL_STORAGE_QUERY_PROPERTY, &query, sizeof(query), buffer.data(),
                      static_cast<DWORD>(buffer.size()), &bytes, nullptr) &&
      bytes >= sizeof(STORAGE_DEVICE_DESCRIPTOR)) {
    const auto* desc = reinterpret_cast<const STORAGE_DEVICE_DESCRIPTOR*>(buffer.data());
    auto field = [&](DWORD offset) {
      if (offset == 0 || offset >= bytes)
        return std::string();
      const char* s = reinterpret_cast<const char*>(buffer.data() + offset);
      return trimmed(std::string(s, strnlen(s, bytes - offset)));
    };
    std::string vendor = field(desc->VendorIdOffset), product = field(desc->ProductIdOffset);
    d.model = vendor.empty() ? product : (product.empty() ? vendor : vendor + " " + product);
    d.removable = desc->RemovableMedia || desc->BusType == BusTypeUsb || desc->BusType == BusTypeSd ||
                  desc->BusType == BusTypeMmc;
  }

  if (DEVICE_SEEK_PENALTY_DESCRIPTOR seek{}; queryProperty(disk.h, StorageDeviceSeekPenaltyProperty, seek))
    d.rotational = seek.IncursSeekPenalty != FALSE;
  STORAGE_ACCESS_ALIGNMENT_DESCRIPTOR align{};
  if (queryProperty(disk.h, StorageAccessAlignmentProperty, align))
    d.logicalBlockSize = align.BytesPerLogicalSector;

  // IOCTL_DISK_GET_LENGTH_INFO needs read access (FILE_READ_ACCESS), which a handle opened with none lacks;
  // the geometry query needs none (FILE_ANY_ACCESS) and carries the size. Room beyond DISK_GEOMETRY_EX for
  // the partition and detection data some drivers append.
  alignas(DISK_GEOMETRY_EX) unsigned char geometry[512] = {};
  if (DeviceIoControl(disk.h, IOCTL_DISK_GET_DRIVE_GEOMETRY_EX, nullptr, 0, geometry, sizeof(geometry), &bytes,
                      nullptr) &&
      bytes >= offsetof(DISK_GEOMETRY_EX, Data)) {
    const auto* g = reinterpret_cast<const DISK_GEOMETRY_EX*>(geometry);
    d.sizeBytes = static_cast<std::uint64_t>(g->DiskSize.QuadPart);
  }

  // The performance counters answer unless they were switched off ("diskperf -n").
  DISK_PERFORMANCE perf{};
  d.hasCounters =
      DeviceIoControl(disk.h, IOCTL_DISK_PERFORMANCE, nullptr, 0, &perf, sizeof(perf), &bytes, nullptr) != FALSE;
  return d;
}

}  // namespace

StorageInfo describeStorage(const fs::path& path)
{
  StorageInfo info;
  info.path = path;
  std::error_code ec;
  fs::path abs = fs::canonical(path, ec);
  if (ec) {
    info.error = "Cannot examine " + path.string() + ": " + ec.message() + ".";
    return info;
  }
  wchar_t mount[MAX_PATH + 1] = {};
  if (!GetVolumePathNameW(abs.c_str(), mount, MAX_PATH)) {
    info.error = "Cannot find the volume of " + abs.string() + ": " + lastError() + ".";
    return info;
  }
  info.mountPoint = mount;

  wchar_t fsName[MAX_PATH + 1] = {};
  DWORD fsFlags = 0;
  if (GetVolumeInformationW(mount, nullptr, 0, nullptr, nullptr, &fsFlags, fsName, MAX_PATH))
    info.filesystem = narrow(fsName);
  info.readOnly = (fsFlags & FILE_READ_ONLY_VOLUME) != 0;

  ULARGE_INTEGER freeToUser{}, total{}, totalFree{};
  if (GetDiskFreeSpaceExW(abs.c_str(), &freeToUser, &total, &totalFree)) {
    info.totalBytes = total.QuadPart;
    info.freeBytes = freeToUser.QuadPart;
  }
  const fs::path dir = fs::is_directory(abs, ec) ? abs : abs.parent_path();
  info.writable = !info.readOnly && !aclDeniesNewFiles(dir);

  wchar_t volumeName[MAX_PATH + 1] = {};
  const UINT type = GetDriveTypeW(mount);
  info.source = narrow(mount);
  if (GetVolumeNameForVolumeMountPointW(mount, volumeName, MAX_PATH))
    info.source = narrow(volumeName);

  switch (type) {
  case DRIVE_REMOTE: {
    info.kind = MediaKind::Network;
    // The share behind it: a UNC path is its own ("\\server\share\"), a mapped letter asks the redirector.
    std::wstring share = mount;
    if (share.size() >= 2 && share[1] == L':') {
      wchar_t remoteName[MAX_PATH + 1] = {};
      DWORD length = MAX_PATH;
      const wchar_t letter[3] = {share[0], L':', 0};
      if (WNetGetConnectionW(letter, remoteName, &length) == NO_ERROR)
        share = remoteName;
    }
    while (share.size() > 2 && share.back() == L'\\')
      share.pop_back();
    info.source = narrow(share);
    info.remote.transport = "smb";
    info.remote.host = storage::mountHost("smb3", info.source, {});
    storage::resolveLink(info.remote);
    break;
  }
  case DRIVE_RAMDISK:
    info.kind = MediaKind::Ram;
    break;
  default: {
    auto disks = volumeName[0] ? volumeDisks(volumeName) : std::vector<DWORD>{};
    if (disks.empty()) {
      info.kind = type == DRIVE_REMOVABLE ? MediaKind::Removable : MediaKind::Virtual;
      break;
    }
    info.device = physicalDisk(disks.front());
    if (disks.size() > 1) {
      // A spanned/striped volume: counters are summed over every member disk.
      for (DWORD n : disks) {
        DeviceInfo member = physicalDisk(n);
        info.device.slaves.push_back(member.name);
        info.device.rotational = info.device.rotational || member.rotational;
        info.device.hasCounters = info.device.hasCounters && member.hasCounters;
      }
      info.device.model.clear();
    }
    info.kind = storage::kindOfDevice(info.device);
    if (type == DRIVE_REMOVABLE)
      info.kind = MediaKind::Removable;
    break;
  }
  }
  info.label = storage::storageLabel(info);
  return info;
}

namespace {

// describeStorage for a mapped network drive, waiting at most a second: a server that does not answer
// would hold the volume calls (and the whole list) for a long time.
StorageInfo describeRemoteWithin(const fs::path& drive)
{
  auto promise = std::make_shared<std::promise<StorageInfo>>();
  std::future<StorageInfo> answer = promise->get_future();
  std::thread([promise, drive] { promise->set_value(describeStorage(drive)); }).detach();
  if (answer.wait_for(std::chrono::seconds(1)) == std::future_status::ready)
    return answer.get();
  StorageInfo info;
  info.path = info.mountPoint = drive;
  info.kind = MediaKind::Network;
  info.remote.transport = "smb";
  info.label = storage::storageLabel(info);
  info.error = drive.string() + " did not answer within 1 s: its server may be unreachable.";
  return info;
}

}  // namespace

std::vector<StorageInfo> candidateLocations()
{
  std::vector<StorageInfo> out;
  auto add = [&](StorageInfo info) {
    // A share that did not answer stays listed with its error; another folder that cannot be examined not.
    if ((!info.error.empty() && info.kind != MediaKind::Network) ||
        std::any_of(out.begin(), out.end(), [&](const StorageInfo& o) { return o.path == info.path; }))
      return;
    out.push_back(std::move(info));
  };
  add(describeStorage(defaultLocation()));
  wchar_t profile[MAX_PATH + 1] = {};
  if (GetEnvironmentVariableW(L"USERPROFILE", profile, MAX_PATH) > 0)
    add(describeStorage(profile));

  wchar_t drives[512] = {};
  DWORD n = GetLogicalDriveStringsW(511, drives);
  for (const wchar_t* d = drives; n > 0 && n < 512 && *d; d += wcslen(d) + 1) {
    const UINT type = GetDriveTypeW(d);
    if (type == DRIVE_REMOTE) {
      add(describeRemoteWithin(d));  // mapped shares, writable or not: their files can be measured there
      continue;
    }
    if (type != DRIVE_FIXED && type != DRIVE_REMOVABLE && type != DRIVE_RAMDISK)
      continue;  // optical and unmapped letters are not local, writable volumes
    StorageInfo info = describeStorage(d);
    if (info.writable && !info.readOnly)
      add(std::move(info));
  }
  return out;
}

}  // namespace hashscope
