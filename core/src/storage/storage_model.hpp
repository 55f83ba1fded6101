// Pure logic shared by the platform files: media kinds, human labels, and the Linux model that turns
// a mountinfo line plus sysfs into a StorageInfo. No system calls, so tests drive it with recorded data.
#pragma once

#include <optional>
#include <string>

#include "hashscope/storage.hpp"
#include "storage/mountinfo.hpp"
#include "storage/sysfs_device.hpp"

namespace hashscope::storage {

// Fills mountPoint, filesystem, source, kind, device and label of `info` from the mount holding it and
// its st_dev. Space, read-only and writable come from the caller's system calls.
void describeLinuxMount(StorageInfo& info, const MountEntry& mount, DevNum stDev, const SysfsLookup& lookup);

// The one-line label: "vda (HDD, ext4) mounted at /", "RAM, no disk device (tmpfs) mounted at /dev/shm".
// `via` names what sits between the filesystem and the disk ("dm-0 cryptroot", "loop0"), may be empty.
std::string storageLabel(const StorageInfo& info, const std::string& via = {});

// Kind of a resolved block device: Ram for zram, Removable, else Hdd/Ssd by rotation.
MediaKind kindOfDevice(const DeviceInfo& device);

}  // namespace hashscope::storage
