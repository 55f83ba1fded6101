// Linux: describeStorage and candidateLocations from /proc/self/mountinfo, statvfs and /sys.
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <chrono>
#include <future>
#include <memory>
#include <set>
#include <thread>

#include "hashscope/storage.hpp"
#include "storage/remote_model.hpp"
#include "storage/storage_model.hpp"

namespace hashscope {

namespace fs = std::filesystem;
using storage::DevNum;

namespace {

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
    if (info.kind == MediaKind::Network) {
      storage::resolveLink(info.remote);
      info.label = storage::storageLabel(info);
    }
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

// describeWith for a network or FUSE mount, waiting at most `limit`: a server that does not answer would
// hold stat() (and the whole list) for minutes. The look goes on in a thread of its own, which ends when the
// server answers or the process exits; the entry says it did not answer.
StorageInfo describeRemoteWithin(const fs::path& path, const std::vector<storage::MountEntry>& mounts,
                                 const storage::SysfsLookup& lookup, std::chrono::milliseconds limit)
{
  auto promise = std::make_shared<std::promise<StorageInfo>>();
  std::future<StorageInfo> answer = promise->get_future();
  std::thread([promise, path, mounts, lookup] { promise->set_value(describeWith(path, mounts, lookup)); }).detach();
  if (answer.wait_for(limit) == std::future_status::ready)
    return answer.get();
  StorageInfo info;
  info.path = path;
  info.mountPoint = path;
  if (const auto* mount = storage::findMount(mounts, path.string()))
    storage::describeLinuxMount(info, *mount, {}, lookup);  // a network or FUSE mount: no device to find
  else
    info.label = storage::storageLabel(info);
  info.error = path.string() + " did not answer within " + std::to_string(limit.count() / 1000) +
               " s: its server may be unreachable.";
  return info;
}

}  // namespace

StorageInfo describeStorage(const fs::path& path)
{
  auto mounts = storage::parseMountInfo(storage::readWholeFile("/proc/self/mountinfo"));
  return describeWith(path, mounts, realLookup());
}

std::vector<StorageInfo> candidateLocations()
{
  const auto mounts = storage::parseMountInfo(storage::readWholeFile("/proc/self/mountinfo"));
  const auto lookup = realLookup();
  std::vector<StorageInfo> out;
  std::set<std::string> seenPaths;
  auto add = [&](StorageInfo info) {
    // A share that did not answer stays in the list with its error: the user sees it is there and why it
    // cannot be measured now. Any other folder that cannot be examined is left out.
    if ((!info.error.empty() && !isRemote(info)) || !seenPaths.insert(info.path.string()).second)
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

  // Then every distinct local, writable volume, and every network and FUSE mount.
  std::vector<StorageInfo> volumes;
  for (const auto* m : storage::candidateMounts(mounts)) {
    if (isRemote(storage::kindOfFilesystem(m->fsType))) {
      volumes.push_back(describeRemoteWithin(m->mountPoint, mounts, lookup, std::chrono::seconds(1)));
      continue;
    }
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
