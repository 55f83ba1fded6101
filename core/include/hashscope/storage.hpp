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
  Network,    // nfs, cifs, 9p, virtiofs, sshfs, rclone ...: data from a server, no local device counters
  Fuse,       // other FUSE filesystems: data from a local daemon (gocryptfs, a test filesystem ...)
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

// How a network or FUSE location reaches its data. Empty on local volumes.
struct RemoteInfo {
  std::string transport;   // the filesystem or FUSE program: "nfs4", "cifs", "9p", "sshfs", "rclone", "smbfs"
  bool fuse = false;       // served by a FUSE daemon (sshfs, rclone, macFUSE ...), not by the kernel
  std::string host;        // the server the mount names ("nas.local", "127.0.0.1"); empty when it names none
  std::string address;     // the numeric address the host resolved to, when known
  std::string interfaceName;  // the network interface that carries its traffic ("eth0", "lo", "en0", "Ethernet");
                             // empty when unknown or when no network carries it (virtiofs, 9p over virtio)
  double linkMbps = 0;     // that interface's link speed in Mb/s (Linux /sys/class/net/IF/speed); 0 = unknown
  bool loopback = false;   // the server is this machine (a loopback or own address): the link is memory
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
  RemoteInfo remote;                 // Network and Fuse kinds: the server and the link
  std::string label;                 // one line for humans: "vda (HDD, ext4) mounted at /" or "RAM, no disk device (tmpfs)"
  std::string error;                 // non-empty when the path could not be examined
};

// A network or FUSE location in one line: "network: nfs4 from nas:/export over eth0 (1 Gb/s)",
// "network: sshfs (FUSE) from u@host:/srv over lo (this machine)", "FUSE: gocryptfs from /home/u/c".
// Empty for local volumes.
std::string remoteSummary(const StorageInfo& info);
// Whether a location of this kind is served by a network or FUSE filesystem: its bytes come from a server or a
// daemon, not from a device this machine can count (the one place that says which kinds those are).
constexpr bool isRemote(MediaKind kind) { return kind == MediaKind::Network || kind == MediaKind::Fuse; }
inline bool isRemote(const StorageInfo& info) { return isRemote(info.kind); }

// Describes any folder (or file). Never throws; problems land in StorageInfo::error.
StorageInfo describeStorage(const std::filesystem::path& path);

// The locations a user would want to test: the temp and home folders, every mounted, writable, local volume,
// and every network and FUSE mount (writable or not: its files can be measured where they are). A network
// mount that does not answer within a second is listed with an error instead of holding up the list.
std::vector<StorageInfo> candidateLocations();

// The system temp folder (the default benchmark location).
std::filesystem::path defaultLocation();

}  // namespace hashscope
