// Linux /proc/self/mountinfo as data: a text parser and the lookups describeStorage needs.
// Pure text processing (no system calls), so tests feed it recorded files on any OS.
#pragma once

#include <charconv>
#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hashscope/storage.hpp"

namespace hashscope::storage {

// One mounted filesystem, as one line of mountinfo describes it.
struct MountEntry {
  int id = 0;
  int parentId = 0;
  unsigned major = 0, minor = 0;  // st_dev of files on it
  std::string root;               // the folder of the filesystem mounted here ("/" unless a bind/subvolume)
  std::string mountPoint;         // unescaped
  std::string mountOptions;       // per-mount: "rw,relatime"
  std::string fsType;             // "ext4", "fuse.sshfs" ...
  std::string source;             // "/dev/vda", "tmpfs", "server:/export" (unescaped)
  std::string superOptions;       // per-superblock: "rw,errors=remount-ro"
  bool readOnly = false;          // "ro" in either option list
};

// Undoes the kernel's octal escapes (\040 space, \011 tab, \012 newline, \134 backslash).
std::string unescapeMountField(std::string_view field);

// Parses the whole file; malformed lines are skipped, never fatal.
std::vector<MountEntry> parseMountInfo(std::string_view text);

// The mount that holds `path` (an absolute, symlink-free path): the longest mount point that is a
// path prefix of it. Among equal mount points the last one wins (stacked mounts hide earlier ones);
// an entry whose device matches `dev` is preferred, which picks the right line for btrfs subvolumes.
const MountEntry* findMount(const std::vector<MountEntry>& mounts, std::string_view path,
                            std::optional<std::pair<unsigned, unsigned>> dev = std::nullopt);

// The value of "key=value" in a comma-separated option list ("upperdir" in overlay's options).
std::optional<std::string> mountOption(std::string_view options, std::string_view key);

// What the filesystem type alone says about the medium: Ram, Network (kernel network filesystems, the
// host shares of a VM, FUSE programs that fetch from a server: sshfs, rclone, s3fs ...), Fuse (other FUSE
// daemons), or Unknown when the block device behind it decides (ext4, xfs, btrfs, fuseblk ...).
MediaKind kindOfFilesystem(std::string_view fsType);

// Filesystems that hold no user data (proc, sysfs, cgroup ...): never offered as locations.
bool isPseudoFilesystem(std::string_view fsType);

// The mounts worth offering as benchmark locations, in table order: visible, holding user data (no /proc,
// /sys, /dev but /dev/shm, /run but /run/media, /boot, /snap, container internals), local ones only when
// writable, network and FUSE ones even read-only (their files can be measured there), no bind mount of a
// folder of a listed volume. Whether the user may write there is the caller's question.
std::vector<const MountEntry*> candidateMounts(const std::vector<MountEntry>& mounts);

// ---- reading the text of /proc files: here, in remote_model.cpp and in counters/proc_parsers.cpp ----

// Whether `value` is one of `list`.
bool isOneOf(std::string_view value, std::initializer_list<std::string_view> list);

// The fields of a line, split at runs of spaces and tabs.
std::vector<std::string_view> splitFields(std::string_view line);

// Calls visit(line) for each line of `text`, without its '\n'.
template <typename Visit>
void forEachLine(std::string_view text, Visit visit)
{
  for (std::size_t pos = 0; pos < text.size();) {
    const std::size_t eol = std::min(text.find('\n', pos), text.size());
    visit(text.substr(pos, eol - pos));
    pos = eol + 1;
  }
}

// `text`, whole, as a number in `base`; false when it is empty or holds anything else.
template <typename T>
bool parseNumber(std::string_view text, T& out, int base = 10)
{
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out, base);
  return ec == std::errc() && ptr == text.data() + text.size();
}

}  // namespace hashscope::storage
