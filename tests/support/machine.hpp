// What some tests assume about the machine, checked: each function returns why the assumption does not
// hold here, or "" when it does. The tests HASHSCOPE_SKIP (skip.hpp) with that reason.
#pragma once
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>

#if defined(__linux__)
#include <fcntl.h>
#include <linux/magic.h>
#include <sys/vfs.h>
#include <unistd.h>
#endif

namespace hashscope::test {

// "" when /dev/shm is a tmpfs (RAM-backed), as on every booted Linux machine; a chroot or a container
// may have a plain folder there, or nothing.
inline std::string whyNoTmpfsShm()
{
#if defined(__linux__)
  struct statfs info {};
  if (::statfs("/dev/shm", &info) != 0)
    return "/dev/shm is missing";
  if (info.f_type != TMPFS_MAGIC)
    return "/dev/shm is not a tmpfs here (a chroot or container without one)";
  return "";
#else
  return "no /dev/shm on this OS";
#endif
}

// "" when `folder` is on a tmpfs or ramfs (files there live in RAM), else why not.
inline std::string whyNotInRam(const std::filesystem::path& folder)
{
#if defined(__linux__)
  struct statfs info {};
  if (::statfs(folder.c_str(), &info) != 0)
    return folder.string() + " cannot be examined: " + std::strerror(errno);
  if (info.f_type != TMPFS_MAGIC && info.f_type != RAMFS_MAGIC)
    return folder.string() + " is not on a tmpfs";
  return "";
#else
  return "tmpfs is Linux's: " + folder.string() + " is not on one";
#endif
}

// "" when files in `folder` live on a disk and can be read with O_DIRECT (ext4, xfs, btrfs ... on a block
// device), else why not: the folder is a tmpfs (the temp folder is one on Fedora and Arch), or its
// filesystem refuses O_DIRECT.
inline std::string whyNoDirectReadDisk(const std::filesystem::path& folder)
{
#if defined(__linux__)
  if (whyNotInRam(folder).empty())
    return folder.string() + " is a tmpfs (in RAM), not on a disk";
  std::string probe = (folder / "hashscope-direct-probe-XXXXXX").string();
  const int created = ::mkstemp(probe.data());
  if (created < 0)
    return "cannot create a file in " + folder.string() + ": " + std::strerror(errno);
  ::close(created);
  const int fd = ::open(probe.c_str(), O_RDONLY | O_DIRECT);
  const int error = errno;
  ::unlink(probe.c_str());
  if (fd < 0)
    return "the filesystem of " + folder.string() + " refuses O_DIRECT: " + std::strerror(error);
  ::close(fd);
  return "";
#else
  return "O_DIRECT reads on a disk are checked on Linux only (not " + folder.string() + ")";
#endif
}

}  // namespace hashscope::test
