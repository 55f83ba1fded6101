#include "storage/sysfs_device.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <iterator>
#include <vector>

namespace hashscope::storage {

namespace fs = std::filesystem;

namespace {

constexpr int kMaxDepth = 8;  // dm over md over loop over ... deeper than this is a cycle

std::uint64_t readNumber(const fs::path& file)
{
  std::string text = readSysfsAttribute(file);
  std::uint64_t value = 0;
  std::from_chars(text.data(), text.data() + text.size(), value);
  return value;
}

std::optional<ResolvedDevice> resolveNumber(const SysfsLookup& lookup, DevNum dev, int depth);

// A disk a hypervisor provides: virtio (vdX: its device's modalias says "virtio:"), Xen (xvdX), and the
// emulated SCSI/ATA disks of VMware, Hyper-V, QEMU and VirtualBox, known by their vendor or model. Their
// rotational flag says nothing about the storage behind them.
bool isVirtualDisk(const fs::path& diskDir, const std::string& name, const std::string& model)
{
  if (readSysfsAttribute(diskDir / "device" / "modalias").starts_with("virtio:") || name.starts_with("xvd"))
    return true;
  const std::string vendor = readSysfsAttribute(diskDir / "device" / "vendor");
  for (std::string_view v : {"VMware", "Msft", "QEMU"}) {
    if (vendor.starts_with(v))
      return true;
  }
  for (std::string_view m : {"Virtual disk", "Virtual Disk", "QEMU HARDDISK", "VBOX HARDDISK", "VMware Virtual"}) {
    if (model.find(m) != std::string::npos)
      return true;
  }
  return false;
}

// A plain disk, or a partition of one.
ResolvedDevice resolveDisk(const fs::path& dir, const fs::path& diskDir)
{
  ResolvedDevice r;
  r.info.name = diskDir.filename().string();
  if (dir != diskDir)
    r.info.partition = dir.filename().string();
  r.info.model = readSysfsAttribute(diskDir / "device" / "model");
  if (r.info.model.empty())
    r.info.model = readSysfsAttribute(diskDir / "device" / "name");  // MMC/SD cards
  const std::string rotational = readSysfsAttribute(diskDir / "queue" / "rotational");
  r.info.rotational = rotational == "1";
  r.info.rotationalKnown = rotational == "0" || rotational == "1";
  r.info.virtualDisk = isVirtualDisk(diskDir, r.info.name, r.info.model);
  r.info.removable = readSysfsAttribute(diskDir / "removable") == "1";
  r.info.logicalBlockSize = static_cast<std::uint32_t>(readNumber(diskDir / "queue" / "logical_block_size"));
  r.info.sizeBytes = readNumber(diskDir / "size") * 512;  // always 512-byte units, whatever the block size
  std::error_code ec;
  r.info.hasCounters = fs::exists(diskDir / "stat", ec);
  return r;
}

std::optional<ResolvedDevice> resolveDir(const SysfsLookup& lookup, const fs::path& dir, int depth)
{
  if (depth > kMaxDepth)
    return std::nullopt;
  std::error_code ec;
  const std::string name = dir.filename().string();
  const bool isPartition = fs::exists(dir / "partition", ec);
  const fs::path diskDir = isPartition ? dir.parent_path() : dir;
  const std::string diskName = diskDir.filename().string();

  // loopN: the I/O really lands on the disk holding the backing file.
  if (diskName.starts_with("loop") && lookup.fileDevice) {
    std::string backing = readSysfsAttribute(diskDir / "loop" / "backing_file");
    constexpr std::string_view deleted = " (deleted)";
    if (backing.size() > deleted.size() && backing.ends_with(deleted))
      backing.resize(backing.size() - deleted.size());
    if (!backing.empty()) {
      if (auto backingDev = lookup.fileDevice(backing)) {
        if (auto inner = resolveNumber(lookup, *backingDev, depth + 1)) {
          inner->info.partition = name;
          inner->loopBacking = backing;
          return inner;
        }
      }
    }
  }

  // dm-* and md*: stacked on other block devices, listed in slaves/.
  std::vector<fs::path> slaveDirs;
  for (fs::directory_iterator it(diskDir / "slaves", ec), end; !ec && it != end; it.increment(ec))
    slaveDirs.push_back(it->path());
  std::sort(slaveDirs.begin(), slaveDirs.end());
  if (slaveDirs.empty())
    return resolveDisk(dir, diskDir);

  ResolvedDevice r;
  r.mapperName = readSysfsAttribute(diskDir / "dm" / "name");
  std::vector<ResolvedDevice> members;
  for (const auto& slave : slaveDirs) {
    fs::path target = fs::canonical(slave, ec);
    if (ec)
      continue;
    if (auto sub = resolveDir(lookup, target, depth + 1))
      members.push_back(std::move(*sub));
  }
  bool allCounters = !members.empty();
  for (const auto& m : members) {
    const auto& disks = m.info.slaves.empty() ? std::vector<std::string>{m.info.name} : m.info.slaves;
    for (const auto& d : disks) {
      if (std::find(r.info.slaves.begin(), r.info.slaves.end(), d) == r.info.slaves.end())
        r.info.slaves.push_back(d);
    }
    // The slowest member sets the pace of the array.
    r.info.rotational = r.info.rotational || m.info.rotational;
    r.info.removable = r.info.removable || m.info.removable;
    // Virtual when every member is; unknown when any member's kind is.
    r.info.virtualDisk = (&m == &members.front() || r.info.virtualDisk) && m.info.virtualDisk;
    r.info.rotationalKnown = r.info.rotationalKnown && m.info.rotationalKnown;
    allCounters = allCounters && m.info.hasCounters;
    if (r.loopBacking.empty())
      r.loopBacking = m.loopBacking;
  }
  r.info.partition = name;
  r.info.hasCounters = allCounters;
  r.info.logicalBlockSize = static_cast<std::uint32_t>(readNumber(diskDir / "queue" / "logical_block_size"));
  if (r.info.slaves.size() == 1 && members.size() == 1) {
    // One disk underneath (dm-crypt, a single LVM PV): describe that disk.
    r.info.name = r.info.slaves.front();
    r.info.model = members.front().info.model;
    r.info.sizeBytes = members.front().info.sizeBytes;
    if (r.info.logicalBlockSize == 0)
      r.info.logicalBlockSize = members.front().info.logicalBlockSize;
  } else {
    r.info.name = diskName;
    r.info.sizeBytes = readNumber(diskDir / "size") * 512;
  }
  return r;
}

std::optional<ResolvedDevice> resolveNumber(const SysfsLookup& lookup, DevNum dev, int depth)
{
  fs::path link = lookup.sysRoot / "dev" / "block" / (std::to_string(dev.first) + ":" + std::to_string(dev.second));
  std::error_code ec;
  fs::path dir = fs::canonical(link, ec);
  if (ec)
    return std::nullopt;
  return resolveDir(lookup, dir, depth);
}

}  // namespace

std::string readSysfsAttribute(const fs::path& file)
{
  std::ifstream in(file, std::ios::binary);
  if (!in)
    return {};
  std::string line;
  std::getline(in, line);
  auto notSpace = [](unsigned char c) { return c != ' ' && c != '\t' && c != '\r' && c != '\n'; };
  line.erase(line.begin(), std::find_if(line.begin(), line.end(), notSpace));
  line.erase(std::find_if(line.rbegin(), line.rend(), notSpace).base(), line.end());
  return line;
}

std::string readWholeFile(const fs::path& file)
{
  std::ifstream in(file, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::optional<ResolvedDevice> resolveBlockDevice(const SysfsLookup& lookup, DevNum dev)
{
  return resolveNumber(lookup, dev, 0);
}

}  // namespace hashscope::storage
