// Linux: from a device number (st_dev) to the physical disk behind it, through /sys/dev/block.
// The sysfs root and the two stat() lookups are parameters, so tests resolve recorded sysfs trees
// built in a temp folder on any OS.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <utility>

#include "hashscope/storage.hpp"

namespace hashscope::storage {

using DevNum = std::pair<unsigned, unsigned>;  // major, minor

// What the resolver needs from the outside world.
struct SysfsLookup {
  std::filesystem::path sysRoot = "/sys";
  // st_dev of the filesystem holding a file (loop backing files, overlay upper dirs).
  std::function<std::optional<DevNum>(const std::string& path)> fileDevice;
  // st_rdev of a block device node ("/dev/sda2", a btrfs mount source).
  std::function<std::optional<DevNum>(const std::string& path)> nodeDevice;
};

// A resolved device plus what only the label needs.
struct ResolvedDevice {
  DeviceInfo info;
  std::string mapperName;   // dm/name ("cryptroot", "vg-home"), empty otherwise
  std::string loopBacking;  // loop/backing_file, when the filesystem sits on a loop device
};

// Resolves MAJ:MIN to its whole disk: partitions to their parent, dm-* and md* through slaves/
// (recursively), loopN through its backing file. nullopt when /sys/dev/block has no such entry.
std::optional<ResolvedDevice> resolveBlockDevice(const SysfsLookup& lookup, DevNum dev);

// Reads a small sysfs attribute (first line, trimmed). Empty when missing.
std::string readSysfsAttribute(const std::filesystem::path& file);
// The whole of a (/proc) file; empty when it cannot be read.
std::string readWholeFile(const std::filesystem::path& file);

}  // namespace hashscope::storage
