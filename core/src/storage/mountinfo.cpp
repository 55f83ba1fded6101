#include "storage/mountinfo.hpp"

#include <algorithm>

namespace hashscope::storage {

std::vector<std::string_view> splitFields(std::string_view line)
{
  std::vector<std::string_view> fields;
  for (std::size_t pos = line.find_first_not_of(" \t"); pos != std::string_view::npos;) {
    const std::size_t end = std::min(line.find_first_of(" \t", pos), line.size());
    fields.push_back(line.substr(pos, end - pos));
    pos = line.find_first_not_of(" \t", end);
  }
  return fields;
}

bool isOneOf(std::string_view value, std::initializer_list<std::string_view> list)
{
  return std::find(list.begin(), list.end(), value) != list.end();
}

namespace {

// The first item of the comma-separated `options` that `match` accepts.
template <typename Match>
std::optional<std::string_view> findOption(std::string_view options, Match match)
{
  for (std::size_t pos = 0; pos <= options.size();) {
    const std::size_t comma = std::min(options.find(',', pos), options.size());
    if (const std::string_view item = options.substr(pos, comma - pos); match(item))
      return item;
    pos = comma + 1;
  }
  return std::nullopt;
}

bool hasOption(std::string_view options, std::string_view name)
{
  return findOption(options, [&](std::string_view item) { return item == name; }).has_value();
}

// `prefix` is a mount point; true when `path` is it or lies below it.
bool isUnder(std::string_view path, std::string_view prefix)
{
  if (prefix == "/")
    return !path.empty() && path.front() == '/';
  if (path.size() < prefix.size() || path.substr(0, prefix.size()) != prefix)
    return false;
  return path.size() == prefix.size() || path[prefix.size()] == '/';
}

}  // namespace

std::string unescapeMountField(std::string_view field)
{
  std::string out;
  out.reserve(field.size());
  for (std::size_t i = 0; i < field.size(); ++i) {
    unsigned value = 0;
    if (field[i] == '\\' && i + 3 < field.size() && parseNumber(field.substr(i + 1, 3), value, 8)) {
      out.push_back(static_cast<char>(value));
      i += 3;
      continue;
    }
    out.push_back(field[i]);
  }
  return out;
}

std::vector<MountEntry> parseMountInfo(std::string_view text)
{
  std::vector<MountEntry> mounts;
  forEachLine(text, [&](std::string_view line) {
    if (!line.empty() && line.back() == '\r')
      line.remove_suffix(1);
    // id parent maj:min root mountpoint options [optional...] - fstype source superoptions
    const auto fields = splitFields(line);
    if (fields.size() < 9)
      return;
    std::size_t dash = 6;
    while (dash < fields.size() && fields[dash] != "-")
      ++dash;
    if (dash + 2 >= fields.size())
      return;  // no separator, or no fstype/source after it
    MountEntry e;
    const auto devField = fields[2];
    const auto colon = devField.find(':');
    if (!parseNumber(fields[0], e.id) || !parseNumber(fields[1], e.parentId) ||
        colon == std::string_view::npos || !parseNumber(devField.substr(0, colon), e.major) ||
        !parseNumber(devField.substr(colon + 1), e.minor))
      return;
    e.root = unescapeMountField(fields[3]);
    e.mountPoint = unescapeMountField(fields[4]);
    e.mountOptions = std::string(fields[5]);
    e.fsType = unescapeMountField(fields[dash + 1]);
    e.source = unescapeMountField(fields[dash + 2]);
    if (dash + 3 < fields.size())
      e.superOptions = std::string(fields[dash + 3]);
    e.readOnly = hasOption(e.mountOptions, "ro") || hasOption(e.superOptions, "ro");
    mounts.push_back(std::move(e));
  });
  return mounts;
}

const MountEntry* findMount(const std::vector<MountEntry>& mounts, std::string_view path,
                            std::optional<std::pair<unsigned, unsigned>> dev)
{
  const MountEntry* best = nullptr;
  bool bestMatchesDev = false;
  for (const auto& m : mounts) {
    if (!isUnder(path, m.mountPoint))
      continue;
    bool matchesDev = dev && m.major == dev->first && m.minor == dev->second;
    if (!best || m.mountPoint.size() > best->mountPoint.size()) {
      best = &m;
      bestMatchesDev = matchesDev;
    } else if (m.mountPoint.size() == best->mountPoint.size()) {
      // Stacked on the same point: the later one is on top, unless only the earlier matches st_dev.
      if (matchesDev || !bestMatchesDev) {
        best = &m;
        bestMatchesDev = matchesDev;
      }
    }
  }
  return best;
}

std::optional<std::string> mountOption(std::string_view options, std::string_view key)
{
  const auto item = findOption(options, [&](std::string_view o) {
    return o.size() > key.size() && o.starts_with(key) && o[key.size()] == '=';
  });
  return item ? std::optional(unescapeMountField(item->substr(key.size() + 1))) : std::nullopt;
}

MediaKind kindOfFilesystem(std::string_view fsType)
{
  if (isOneOf(fsType, {"tmpfs", "ramfs"}))
    return MediaKind::Ram;
  // Kernel network filesystems, and the host's shares of a virtual machine (9p, virtiofs: a server too).
  if (isOneOf(fsType, {"nfs", "nfs4", "cifs", "smb3", "smbfs", "9p", "virtiofs", "ceph", "afs", "ncpfs",
                       "davfs", "coda", "glusterfs", "lustre", "gpfs", "beegfs", "orangefs"}))
    return MediaKind::Network;
  // fuseblk (ntfs-3g, exfat-fuse) sits on a real block device: let the device decide.
  if (fsType == "fuse" || fsType.starts_with("fuse.")) {
    // FUSE programs that fetch their files from a server (the rest of fuse.* is a local daemon).
    const std::string_view program = fsType.size() > 5 ? fsType.substr(5) : std::string_view();
    return isOneOf(program, {"sshfs", "s3fs", "rclone", "glusterfs", "cephfs", "gcsfuse", "goofys", "juicefs",
                             "mfs", "lizardfs", "blobfuse", "blobfuse2", "curlftpfs", "davfs2", "sftpfs"})
               ? MediaKind::Network
               : MediaKind::Fuse;
  }
  return MediaKind::Unknown;
}

bool isPseudoFilesystem(std::string_view fsType)
{
  return isOneOf(fsType, {"proc", "sysfs", "devtmpfs", "devpts", "cgroup", "cgroup2", "securityfs", "debugfs",
                          "tracefs", "pstore", "bpf", "configfs", "fusectl", "mqueue", "hugetlbfs", "autofs",
                          "binfmt_misc", "efivarfs", "squashfs", "nsfs", "rpc_pipefs", "selinuxfs", "nfsd",
                          "fuse.lxcfs", "fuse.portal"});
}

namespace {

// Mount points no user benchmarks: kernel interfaces, boot partitions, snaps and container internals.
bool isSystemMountPoint(std::string_view mp)
{
  if (isUnder(mp, "/dev/shm") || isUnder(mp, "/run/media"))
    return false;  // the RAM disk and desktop-mounted removable drives: both worth testing
  for (std::string_view prefix : {"/proc", "/sys", "/dev", "/run", "/snap", "/boot", "/var/lib/docker",
                                  "/var/lib/containers", "/var/snap"}) {
    if (isUnder(mp, prefix))
      return true;
  }
  return false;
}

}  // namespace

std::vector<const MountEntry*> candidateMounts(const std::vector<MountEntry>& mounts)
{
  // A later mount on the same point hides the earlier one.
  std::vector<const MountEntry*> visible;
  for (const auto& m : mounts) {
    std::erase_if(visible, [&](const MountEntry* v) { return v->mountPoint == m.mountPoint; });
    visible.push_back(&m);
  }
  std::vector<const MountEntry*> out;
  for (const auto* m : visible) {
    if (isPseudoFilesystem(m->fsType) || isSystemMountPoint(m->mountPoint))
      continue;
    // A share's files can be measured where they are (bench --data), so a read-only one is worth listing; a
    // read-only local volume is a system image, a snapshot or a disc.
    const auto kind = kindOfFilesystem(m->fsType);
    const bool remote = isRemote(kind);
    if (m->readOnly && !remote)
      continue;
    const bool duplicate = std::any_of(out.begin(), out.end(), [&](const MountEntry* o) {
      return o->major == m->major && o->minor == m->minor && o->root == m->root;
    });
    // A bind mount of a folder inside a volume that is mounted (and offered) whole adds nothing new.
    const bool boundFolder = m->root != "/" && std::any_of(visible.begin(), visible.end(), [&](const MountEntry* o) {
      return o != m && o->major == m->major && o->minor == m->minor && o->root == "/" && !o->readOnly;
    });
    if (!duplicate && !boundFolder)
      out.push_back(m);
  }
  return out;
}

}  // namespace hashscope::storage
