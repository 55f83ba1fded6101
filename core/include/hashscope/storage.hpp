// Storage locations: what a folder lives on, down to the physical device behind it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace hashscope {

enum class MediaKind {
  Unknown,
  Ssd,        // non-rotational block device
  Hdd,        // rotational block device
  Ram,        // tmpfs/ramfs/zram: "RAM, no disk device"
  Network,    // nfs, cifs, sshfs ...: no local device counters
  Fuse,       // other FUSE filesystems
  Removable,  // USB sticks, SD cards
  Virtual,    // overlay and other stacked filesystems whose device we could not resolve
  VirtualDisk,  // a disk a hypervisor provides (virtio, Xen, VMware, Hyper-V ...): whatever lies behind it
};
std::string_view toString(MediaKind kind);

// The physical device behind a location, as far as the OS tells.
struct DeviceInfo {
  std::string name;          // kernel name of the whole disk ("sda", "nvme0n1", "vda"); Windows: "PhysicalDrive0"; macOS: "disk0"
  std::string partition;     // the partition or mapper the filesystem sits on ("sda2", "dm-0"), if any
  std::string model;         // "Samsung SSD 860", empty when unknown
  std::vector<std::string> slaves;  // for dm/md: the underlying disks whose counters are summed
  bool rotational = false;
  bool rotationalKnown = true;  // false: the kernel does not say (no queue/rotational)
  bool virtualDisk = false;     // provided by a hypervisor: `rotational` says nothing about the storage
  bool removable = false;
  std::uint32_t logicalBlockSize = 0;  // bytes; 0 = unknown
  std::uint64_t sizeBytes = 0;
  bool hasCounters = false;  // true when DiskCounterSource can read its I/O statistics
};

struct StorageInfo {
  std::filesystem::path path;        // the folder that was asked about
  std::filesystem::path mountPoint;
  std::string filesystem;            // "ext4", "tmpfs", "btrfs", "ntfs", "apfs" ...
  std::string source;                // mount source ("/dev/sda2", "tmpfs", "server:/export")
  std::uint64_t totalBytes = 0;
  std::uint64_t freeBytes = 0;       // available to this (unprivileged) user
  bool readOnly = false;
  bool writable = false;             // this user may create files in `path`
  MediaKind kind = MediaKind::Unknown;
  DeviceInfo device;                 // empty name when there is no device (RAM, network)
  std::string label;                 // one line for humans: "vda (HDD, ext4) mounted at /" or "RAM, no disk device (tmpfs)"
  std::string error;                 // non-empty when the path could not be examined
};

// Describes any folder (or file). Never throws; problems land in StorageInfo::error.
StorageInfo describeStorage(const std::filesystem::path& path);

// The locations a user would want to test: mounted, writable, local volumes, plus the home and temp folders.
std::vector<StorageInfo> candidateLocations();

// The system temp folder (the default benchmark location).
std::filesystem::path defaultLocation();

}  // namespace hashscope
