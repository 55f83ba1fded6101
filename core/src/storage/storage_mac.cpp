// macOS: describeStorage and candidateLocations from statfs/getmntinfo and IOKit.
// Not run in HashScope's Linux workplace: written from Apple's headers and documentation.
#include <CoreFoundation/CoreFoundation.h>
#include <IOKit/IOBSD.h>
#include <IOKit/IOKitLib.h>
#include <IOKit/storage/IOBlockStorageDriver.h>
#include <IOKit/storage/IOMedia.h>
#include <IOKit/storage/IOStorageDeviceCharacteristics.h>
#include <IOKit/storage/IOStorageProtocolCharacteristics.h>
#include <sys/mount.h>
#include <sys/param.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <future>
#include <memory>
#include <string_view>
#include <thread>

#include "hashscope/storage.hpp"
#include "storage/iokit_mac.hpp"
#include "storage/remote_model.hpp"
#include "storage/storage_model.hpp"

namespace hashscope {

namespace fs = std::filesystem;

namespace storage {

namespace {

std::string cfString(CFTypeRef value)
{
  if (!value || CFGetTypeID(value) != CFStringGetTypeID())
    return {};
  char buffer[512] = {};
  if (!CFStringGetCString(static_cast<CFStringRef>(value), buffer, sizeof(buffer), kCFStringEncodingUTF8))
    return {};
  std::string s(buffer);
  while (!s.empty() && s.back() == ' ')
    s.pop_back();
  return s;
}

std::uint64_t cfNumber(CFTypeRef value)
{
  std::int64_t n = 0;
  if (value && CFGetTypeID(value) == CFNumberGetTypeID())
    CFNumberGetValue(static_cast<CFNumberRef>(value), kCFNumberSInt64Type, &n);
  return n > 0 ? static_cast<std::uint64_t>(n) : 0;
}

bool cfBool(CFTypeRef value)
{
  return value && CFGetTypeID(value) == CFBooleanGetTypeID() && CFBooleanGetValue(static_cast<CFBooleanRef>(value));
}

// A property of a registry entry, owned by the caller (CFRelease), or null.
CFTypeRef property(io_registry_entry_t entry, const char* key)
{
  CFStringRef name = CFStringCreateWithCString(kCFAllocatorDefault, key, kCFStringEncodingUTF8);
  CFTypeRef value = IORegistryEntryCreateCFProperty(entry, name, kCFAllocatorDefault, 0);
  CFRelease(name);
  return value;
}

// A value inside a dictionary property, for reading while the dictionary is alive.
CFTypeRef dictValue(CFTypeRef dict, const char* key)
{
  if (!dict || CFGetTypeID(dict) != CFDictionaryGetTypeID())
    return nullptr;
  CFStringRef name = CFStringCreateWithCString(kCFAllocatorDefault, key, kCFStringEncodingUTF8);
  CFTypeRef value = CFDictionaryGetValue(static_cast<CFDictionaryRef>(dict), name);
  CFRelease(name);
  return value;
}

}  // namespace

io_object_t blockStorageDriver(const std::string& bsdName, std::string* physicalDisk)
{
  // MACH_PORT_NULL is the default main port (kIOMainPortDefault on 12+, kIOMasterPortDefault before).
  CFMutableDictionaryRef match = IOBSDNameMatching(MACH_PORT_NULL, 0, bsdName.c_str());
  if (!match)
    return IO_OBJECT_NULL;
  io_object_t entry = IOServiceGetMatchingService(MACH_PORT_NULL, match);  // consumes `match`
  std::string lastMedia;
  for (int depth = 0; entry != IO_OBJECT_NULL && depth < 64; ++depth) {
    if (IOObjectConformsTo(entry, kIOBlockStorageDriverClass)) {
      if (physicalDisk)
        *physicalDisk = lastMedia;
      return entry;
    }
    if (IOObjectConformsTo(entry, kIOMediaClass)) {
      CFTypeRef name = property(entry, kIOBSDNameKey);
      if (name) {
        lastMedia = cfString(name);
        CFRelease(name);
      }
    }
    io_registry_entry_t parent = IO_OBJECT_NULL;
    kern_return_t kr = IORegistryEntryGetParentEntry(entry, kIOServicePlane, &parent);
    IOObjectRelease(entry);
    entry = kr == KERN_SUCCESS ? parent : IO_OBJECT_NULL;
  }
  if (entry != IO_OBJECT_NULL)
    IOObjectRelease(entry);
  return IO_OBJECT_NULL;
}

DeviceInfo describeMacDisk(const std::string& bsdName)
{
  DeviceInfo d;
  std::string physical;
  io_object_t driver = blockStorageDriver(bsdName, &physical);
  if (driver == IO_OBJECT_NULL) {
    d.name = bsdName;
    return d;
  }
  d.name = physical.empty() ? bsdName : physical;
  if (bsdName != d.name)
    d.partition = bsdName;
  if (CFTypeRef stats = property(driver, kIOBlockStorageDriverStatisticsKey)) {
    d.hasCounters = true;
    CFRelease(stats);
  }

  // The whole physical disk's IOMedia: size, block size, removable.
  if (CFMutableDictionaryRef match = IOBSDNameMatching(MACH_PORT_NULL, 0, d.name.c_str())) {
    io_object_t media = IOServiceGetMatchingService(MACH_PORT_NULL, match);
    if (media != IO_OBJECT_NULL) {
      if (CFTypeRef v = property(media, kIOMediaSizeKey)) {
        d.sizeBytes = cfNumber(v);
        CFRelease(v);
      }
      if (CFTypeRef v = property(media, kIOMediaPreferredBlockSizeKey)) {
        d.logicalBlockSize = static_cast<std::uint32_t>(cfNumber(v));
        CFRelease(v);
      }
      for (const char* key : {kIOMediaRemovableKey, kIOMediaEjectableKey}) {
        if (CFTypeRef v = property(media, key)) {
          d.removable = d.removable || cfBool(v);
          CFRelease(v);
        }
      }
      IOObjectRelease(media);
    }
  }

  // The driver's parent is the IOBlockStorageDevice: product name, medium type, where it is attached.
  io_registry_entry_t device = IO_OBJECT_NULL;
  if (IORegistryEntryGetParentEntry(driver, kIOServicePlane, &device) == KERN_SUCCESS) {
    if (CFTypeRef chars = property(device, kIOPropertyDeviceCharacteristicsKey)) {
      d.model = cfString(dictValue(chars, kIOPropertyProductNameKey));
      std::string medium = cfString(dictValue(chars, kIOPropertyMediumTypeKey));
      d.rotational = medium == kIOPropertyMediumTypeRotationalKey;
      CFRelease(chars);
    }
    if (CFTypeRef proto = property(device, kIOPropertyProtocolCharacteristicsKey)) {
      std::string location = cfString(dictValue(proto, kIOPropertyPhysicalInterconnectLocationKey));
      d.removable = d.removable || location == kIOPropertyExternalKey;
      CFRelease(proto);
    }
    IOObjectRelease(device);
  }
  IOObjectRelease(driver);
  return d;
}

}  // namespace storage

namespace {

MediaKind kindOfMacFilesystem(std::string_view type, bool local)
{
  static constexpr std::array<std::string_view, 6> network{"nfs", "smbfs", "afpfs", "webdav", "cifs", "ftp"};
  if (std::find(network.begin(), network.end(), type) != network.end())
    return MediaKind::Network;
  if (type.starts_with("macfuse") || type.starts_with("osxfuse") || type.starts_with("fuse"))
    return MediaKind::Fuse;
  if (type == "devfs" || type == "autofs" || type == "nullfs")
    return MediaKind::Virtual;
  if (!local)
    return MediaKind::Network;
  return MediaKind::Unknown;  // apfs, hfs, exfat, msdos, ntfs ...: the disk decides
}

StorageInfo fromStatfs(const fs::path& asked, const fs::path& abs, const struct statfs& sfs)
{
  StorageInfo info;
  info.path = asked;
  info.mountPoint = sfs.f_mntonname;
  info.filesystem = sfs.f_fstypename;
  info.source = sfs.f_mntfromname;
  info.totalBytes = static_cast<std::uint64_t>(sfs.f_blocks) * sfs.f_bsize;
  info.freeBytes = static_cast<std::uint64_t>(sfs.f_bavail) * sfs.f_bsize;
  info.readOnly = (sfs.f_flags & MNT_RDONLY) != 0;
  std::error_code ec;
  fs::path dir = fs::is_directory(abs, ec) ? abs : abs.parent_path();
  info.writable = !info.readOnly && ::access(dir.c_str(), W_OK | X_OK) == 0;

  info.kind = kindOfMacFilesystem(info.filesystem, (sfs.f_flags & MNT_LOCAL) != 0);
  const std::string from = info.source;
  if (isRemote(info)) {
    info.remote = storage::remoteOfFilesystem(info.filesystem);
    // macFUSE names no program in its type ("macfuse"); a source like sshfs's "user@host:/path" names a server.
    const bool hostLike = info.remote.fuse && !from.starts_with("/") && from.find(':') != std::string::npos;
    info.remote.host = storage::mountHost(hostLike ? "fuse.sshfs" : info.filesystem, from, {});
    if (!info.remote.host.empty())
      info.kind = MediaKind::Network;
    if (info.kind == MediaKind::Network)
      storage::resolveLink(info.remote);
  }
  if (info.kind == MediaKind::Unknown && from.starts_with("/dev/")) {
    info.device = storage::describeMacDisk(from.substr(5));
    info.kind = storage::kindOfDevice(info.device);
  } else if (info.kind == MediaKind::Unknown) {
    info.kind = MediaKind::Virtual;
  }
  info.label = storage::storageLabel(info);
  return info;
}

}  // namespace

// fromStatfs for a network mount, waiting at most a second: a server that does not answer would hold
// access() and the name lookup (and with them the whole list) for minutes.
StorageInfo describeRemoteWithin(const struct statfs& sfs)
{
  auto promise = std::make_shared<std::promise<StorageInfo>>();
  std::future<StorageInfo> answer = promise->get_future();
  std::thread([promise, sfs] {
    const fs::path point(sfs.f_mntonname);
    promise->set_value(fromStatfs(point, point, sfs));
  }).detach();
  if (answer.wait_for(std::chrono::seconds(1)) == std::future_status::ready)
    return answer.get();
  StorageInfo info;
  info.path = info.mountPoint = sfs.f_mntonname;
  info.filesystem = sfs.f_fstypename;
  info.source = sfs.f_mntfromname;
  info.kind = MediaKind::Network;
  info.remote = storage::remoteOfFilesystem(info.filesystem);
  info.label = storage::storageLabel(info);
  info.error = info.path.string() + " did not answer within 1 s: its server may be unreachable.";
  return info;
}

StorageInfo describeStorage(const fs::path& path)
{
  std::error_code ec;
  fs::path abs = fs::canonical(path, ec);
  if (ec) {
    StorageInfo info;
    info.path = path;
    info.error = "Cannot examine " + path.string() + ": " + ec.message() + ".";
    return info;
  }
  struct statfs sfs{};
  if (::statfs(abs.c_str(), &sfs) != 0) {
    const int e = errno;  // before the allocations below, which may change it
    StorageInfo info;
    info.path = path;
    info.error = "Cannot examine " + abs.string() + ": " + std::generic_category().message(e) + ".";
    return info;
  }
  return fromStatfs(path, abs, sfs);
}

std::vector<StorageInfo> candidateLocations()
{
  std::vector<StorageInfo> out;
  auto add = [&](StorageInfo info) {
    // A share that did not answer stays listed with its error; another folder that cannot be examined not.
    if (!info.error.empty() && info.kind != MediaKind::Network)
      return;
    for (const auto& o : out) {
      if (o.path == info.path)
        return;
    }
    out.push_back(std::move(info));
  };
  add(describeStorage(defaultLocation()));
  if (const char* home = std::getenv("HOME"); home && *home)
    add(describeStorage(home));

  struct statfs* mounts = nullptr;
  int n = getmntinfo(&mounts, MNT_NOWAIT);  // the buffer belongs to libc: not freed here
  std::vector<StorageInfo> volumes;
  for (int i = 0; i < n; ++i) {
    const auto& m = mounts[i];
    const std::string_view point = m.f_mntonname;
    // The sealed system volume is read-only; the rest of /System/Volumes (VM, Preboot, Data ...) is
    // reached through home and temp or is not for users.
    if ((m.f_flags & MNT_DONTBROWSE) || point.starts_with("/System/Volumes/") || point == "/dev")
      continue;
    // Shares (and FUSE mounts) are listed even read-only: their files can be measured where they are.
    const MediaKind kind = kindOfMacFilesystem(m.f_fstypename, (m.f_flags & MNT_LOCAL) != 0);
    if (isRemote(kind)) {
      volumes.push_back(describeRemoteWithin(m));
      continue;
    }
    if ((m.f_flags & MNT_RDONLY) || !(m.f_flags & MNT_LOCAL))
      continue;
    StorageInfo info = fromStatfs(fs::path(m.f_mntonname), fs::path(m.f_mntonname), m);
    if (info.writable && info.kind != MediaKind::Virtual)
      volumes.push_back(std::move(info));
  }
  std::sort(volumes.begin(), volumes.end(), [](const auto& a, const auto& b) { return a.path < b.path; });
  for (auto& v : volumes)
    add(std::move(v));
  return out;
}

}  // namespace hashscope
