#include "storage/storage_model.hpp"

#include "storage/remote_model.hpp"

namespace hashscope::storage {

MediaKind kindOfDevice(const DeviceInfo& device)
{
  if (device.name.starts_with("zram"))
    return MediaKind::Ram;
  if (device.removable)
    return MediaKind::Removable;
  if (device.virtualDisk)
    return MediaKind::VirtualDisk;
  if (!device.rotationalKnown)
    return MediaKind::Unknown;
  return device.rotational ? MediaKind::Hdd : MediaKind::Ssd;
}

void describeLinuxMount(StorageInfo& info, const MountEntry& mount, DevNum stDev, const SysfsLookup& lookup)
{
  info.mountPoint = mount.mountPoint;
  info.filesystem = mount.fsType;
  info.source = mount.source;
  info.kind = kindOfFilesystem(mount.fsType);
  if (isRemote(info)) {
    // The server and its transport, from the mount line alone; the platform resolves the link.
    info.remote = remoteOfFilesystem(mount.fsType);
    info.remote.host = mountHost(mount.fsType, mount.source, mount.superOptions);
  }
  if (info.kind == MediaKind::Ram || isRemote(info)) {
    info.label = storageLabel(info);
    return;
  }

  // st_dev first; major 0 (btrfs, overlay, fuse ...) has no sysfs entry, so try the mount source
  // node, then (overlay) the upper directory, which lives on a real filesystem.
  std::optional<ResolvedDevice> resolved;
  if (stDev.first != 0)
    resolved = resolveBlockDevice(lookup, stDev);
  if (!resolved && mount.major != 0 && DevNum{mount.major, mount.minor} != stDev)
    resolved = resolveBlockDevice(lookup, DevNum{mount.major, mount.minor});
  if (!resolved && mount.source.starts_with("/dev/") && lookup.nodeDevice) {
    if (auto node = lookup.nodeDevice(mount.source))
      resolved = resolveBlockDevice(lookup, *node);
  }
  if (!resolved && mount.fsType == "overlay" && lookup.fileDevice) {
    if (auto upper = mountOption(mount.superOptions, "upperdir")) {
      if (auto upperDev = lookup.fileDevice(*upper); upperDev && upperDev->first != 0)
        resolved = resolveBlockDevice(lookup, *upperDev);
    }
  }

  if (resolved) {
    info.device = resolved->info;
    info.kind = kindOfDevice(info.device);
    std::string via;
    if (!resolved->loopBacking.empty())
      via = resolved->info.partition + " (" + resolved->loopBacking + ")";
    else if (!resolved->mapperName.empty())
      via = resolved->info.partition == resolved->info.name ? resolved->mapperName
                                                            : resolved->info.partition + " " + resolved->mapperName;
    info.label = storageLabel(info, via);
    return;
  }
  if (info.kind == MediaKind::Unknown && (mount.fsType == "overlay" || mount.fsType == "aufs"))
    info.kind = MediaKind::Virtual;
  info.label = storageLabel(info);
}

namespace {

std::string kindWord(MediaKind kind)
{
  switch (kind) {
  case MediaKind::Ssd: return "SSD";
  case MediaKind::Hdd: return "HDD";
  case MediaKind::Ram: return "RAM";
  case MediaKind::VirtualDisk: return "virtual disk";
  case MediaKind::Unknown: return "unknown kind";
  default: return std::string(toString(kind));
  }
}

}  // namespace

std::string storageLabel(const StorageInfo& info, const std::string& via)
{
  const std::string where = info.mountPoint.empty() ? std::string() : " mounted at " + info.mountPoint.string();
  const std::string fs = info.filesystem.empty() ? std::string("unknown filesystem") : info.filesystem;
  switch (info.kind) {
  case MediaKind::Ram:
    if (!info.device.name.empty())
      return "RAM, compressed " + info.device.name + " (" + fs + ")" + where;
    return "RAM, no disk device (" + fs + ")" + where;
  case MediaKind::Network:
  case MediaKind::Fuse:
    return remoteLabel(info) + where;
  case MediaKind::Virtual:
    return "virtual, device unknown (" + fs + ")" + where;
  default:
    break;
  }
  if (info.device.name.empty())
    return "unknown device (" + fs + ")" + where;
  // "sda2 on sda", "dm-0 cryptroot on nvme0n1", "md0 [sdb+sdc]", "dm-3 vg-home [sda+sdb]".
  const auto& dev = info.device;
  std::string text;
  if (!dev.partition.empty() && dev.partition != dev.name)
    text = (via.empty() ? dev.partition : via) + " on " + dev.name;
  else
    text = via.empty() ? dev.name : dev.name + " " + via;
  if (info.device.slaves.size() > 1) {
    text += " [";
    for (std::size_t i = 0; i < info.device.slaves.size(); ++i)
      text += (i ? "+" : "") + info.device.slaves[i];
    text += "]";
  }
  if (!info.device.model.empty())
    text += " \"" + info.device.model + "\"";
  return text + " (" + kindWord(info.kind) + ", " + fs + ")" + where;
}

}  // namespace hashscope::storage

namespace hashscope {

std::string_view toString(MediaKind kind)
{
  switch (kind) {
  case MediaKind::Ssd: return "ssd";
  case MediaKind::Hdd: return "hdd";
  case MediaKind::Ram: return "ram";
  case MediaKind::Network: return "network";
  case MediaKind::Fuse: return "fuse";
  case MediaKind::Removable: return "removable";
  case MediaKind::Virtual: return "virtual";
  case MediaKind::VirtualDisk: return "virtual-disk";
  case MediaKind::Unknown: break;
  }
  return "unknown";
}

std::filesystem::path defaultLocation()
{
  std::error_code ec;
  auto dir = std::filesystem::temp_directory_path(ec);
  if (ec || dir.empty())
    return std::filesystem::current_path(ec);
  auto canonical = std::filesystem::weakly_canonical(dir, ec);
  return ec ? dir : canonical;
}

}  // namespace hashscope
