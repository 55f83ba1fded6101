// What some tests assume about the machine, checked: each function returns why the assumption does not
// hold here, or "" when it does. The tests HASHSCOPE_SKIP (skip.hpp) with that reason.
#pragma once
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

#if defined(_WIN32)
#include <windows.h>
#endif

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

// "" when a symbolic link can be made in `folder`, else why not (without the folder's name: a skip's reason
// is compared with a list, and temp folders are named at random). Windows makes them only with Developer Mode
// on or for an administrator, and wine (8.0) does not implement them at all.
inline std::string whyNoSymlinks(const std::filesystem::path& folder)
{
  const std::filesystem::path link = folder / ".hashscope-link-probe";
  std::error_code error;
  std::filesystem::create_symlink("hashscope-nowhere", link, error);
  if (error)
    return "no symbolic link can be made here (" + error.message() + ")";
  std::filesystem::remove(link, error);
  return "";
}

// "" when a file named `name` (one name, no folder) can be made in `folder` and is listed under that very
// name, else why not. Windows names hold none of \ / : * ? " < > | nor a control character; NTFS reads
// "a:b" as the stream b of the file a.
inline std::string whyNameNotHeld(const std::filesystem::path& folder, const std::string& name)
{
  std::string shown;
  for (const unsigned char c : name) {
    char escaped[8];
    if (c < 0x20 || c == 0x7f) {
      std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
      shown += escaped;
    } else {
      shown += static_cast<char>(c);
    }
  }
  const std::string why = "this file system cannot hold a file named \"" + shown + "\"";
  const std::filesystem::path probe = folder / ".hashscope-name-probe";
  std::error_code error;
  std::filesystem::remove_all(probe, error);
  if (!std::filesystem::create_directory(probe, error))
    return why + " (no folder for the probe: " + error.message() + ")";
  bool held = false;
  if (std::ofstream(probe / name, std::ios::binary)) {
    int entries = 0;
    for (const auto& entry : std::filesystem::directory_iterator(probe, error)) {
      ++entries;
      held = entry.path().filename().string() == name;
    }
    held = held && entries == 1;
  }
  std::filesystem::remove_all(probe, error);
  return held ? "" : why;
}

// "" when this system has the POSIX device or pseudo file `path` (/dev/zero, /dev/full, /proc ...), else why
// not. Windows has none (under wine "/dev/zero" names a file on the drive that maps the Linux root, which
// the Windows program does not see as a device).
inline std::string whyNoPosixFile(const std::string& path)
{
#if defined(_WIN32)
  return path + " is a POSIX device or pseudo file: Windows has none";
#else
  std::error_code error;
  if (!std::filesystem::exists(path, error))
    return path + " is missing here";
  return "";
#endif
}

// "" when a console control event sent to a child's process group can reach it (Ctrl-C, Ctrl-Break), else
// why not. Wine 8.0 delivers none to a child: GenerateConsoleCtrlEvent(CTRL_BREAK_EVENT, group) fails
// (error 6 with a console, 12 without), and CTRL_C_EVENT to group 0 reaches the caller only (tried with a
// 40-line program, installer/README.md). Real Windows delivers them; the tests have not run there.
inline std::string whyNoConsoleControlEvents()
{
#if defined(_WIN32)
  const HMODULE ntdll = ::GetModuleHandleW(L"ntdll.dll");
  if (ntdll != nullptr && ::GetProcAddress(ntdll, "wine_get_version") != nullptr)
    return "wine delivers no console control event (Ctrl-C, Ctrl-Break) to a child process";
#endif
  return "";
}

}  // namespace hashscope::test
