// Linux: describeStorage and candidateLocations from /proc/self/mountinfo, statvfs and /sys.
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <set>

#include "hashscope/storage.hpp"
#include "storage/storage_model.hpp"

namespace hashscope {

namespace fs = std::filesystem;
using storage::DevNum;

namespace {

std::string readWholeFile(const char* path)
{
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

storage::SysfsLookup realLookup()
{
  storage::SysfsLookup lookup;
  lookup.sysRoot = "/sys";
  lookup.fileDevice = [](const std::string& p) -> std::optional<DevNum> {
    struct stat st{};
    if (::stat(p.c_str(), &st) != 0)
      return std::nullopt;
    return DevNum{major(st.st_dev), minor(st.st_dev)};
  };
  lookup.nodeDevice = [](const std::string& p) -> std::optional<DevNum> {
    struct stat st{};
    if (::stat(p.c_str(), &st) != 0 || !S_ISBLK(st.st_mode))
      return std::nullopt;
    return DevNum{major(st.st_rdev), minor(st.st_rdev)};
  };
  return lookup;
}

StorageInfo describeWith(const fs::path& path, const std::vector<storage::MountEntry>& mounts,
                         const storage::SysfsLookup& lookup)
{
  StorageInfo info;
  info.path = path;
  std::error_code ec;
  fs::path abs = fs::canonical(path, ec);
  if (ec) {
    info.error = "Cannot examine " + path.string() + ": " + ec.message() + ".";
    return info;
  }
  struct stat st{};
  if (::stat(abs.c_str(), &st) != 0) {
    info.error = "Cannot examine " + abs.string() + ": " + std::strerror(errno) + ".";
    return info;
  }
  const DevNum dev{major(st.st_dev), minor(st.st_dev)};

  struct statvfs vfs{};
  if (::statvfs(abs.c_str(), &vfs) == 0) {
    info.totalBytes = static_cast<std::uint64_t>(vfs.f_blocks) * vfs.f_frsize;
    info.freeBytes = static_cast<std::uint64_t>(vfs.f_bavail) * vfs.f_frsize;
    info.readOnly = (vfs.f_flag & ST_RDONLY) != 0;
  }
  // "May create files here": for a file, that is a question about its folder.
  fs::path dir = S_ISDIR(st.st_mode) ? abs : abs.parent_path();
  info.writable = !info.readOnly && ::access(dir.c_str(), W_OK | X_OK) == 0;

  if (const auto* mount = storage::findMount(mounts, abs.string(), dev)) {
    info.readOnly = info.readOnly || mount->readOnly;
    info.writable = info.writable && !info.readOnly;
    storage::describeLinuxMount(info, *mount, dev, lookup);
  } else {
    // No mountinfo (unusual containers): the device number alone still finds the disk.
    info.mountPoint = "/";
    if (auto resolved = storage::resolveBlockDevice(lookup, dev)) {
      info.device = resolved->info;
      info.kind = storage::kindOfDevice(info.device);
    }
    info.label = storage::storageLabel(info);
  }
  return info;
}

}  // namespace

StorageInfo describeStorage(const fs::path& path)
{
  auto mounts = storage::parseMountInfo(readWholeFile("/proc/self/mountinfo"));
  return describeWith(path, mounts, realLookup());
}

std::vector<StorageInfo> candidateLocations()
{
  const auto mounts = storage::parseMountInfo(readWholeFile("/proc/self/mountinfo"));
  const auto lookup = realLookup();
  std::vector<StorageInfo> out;
  std::set<std::string> seenPaths;
  auto add = [&](StorageInfo info) {
    std::string key = info.path.string();
    if (!info.error.empty() || !seenPaths.insert(key).second)
      return;
    out.push_back(std::move(info));
  };

  // Temp first (the default location), then home: the two folders a user always sees.
  add(describeWith(defaultLocation(), mounts, lookup));
  if (const char* home = std::getenv("HOME"); home && *home) {
    std::error_code ec;
    if (fs::is_directory(home, ec))
      add(describeWith(fs::weakly_canonical(home, ec), mounts, lookup));
  }

  // Then every distinct local, writable volume.
  std::vector<StorageInfo> volumes;
  for (const auto* m : storage::candidateMounts(mounts)) {
    StorageInfo info = describeWith(m->mountPoint, mounts, lookup);
    if (info.error.empty() && info.writable)
      volumes.push_back(std::move(info));
  }
  std::sort(volumes.begin(), volumes.end(), [](const auto& a, const auto& b) { return a.path < b.path; });
  for (auto& v : volumes)
    add(std::move(v));
  return out;
}

}  // namespace hashscope
