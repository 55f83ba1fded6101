// What some tests assume about the machine, checked: each function returns why the assumption does not
// hold here, or "" when it does. The tests HASHSCOPE_SKIP (skip.hpp) with that reason.
#pragma once
#include <string>

#if defined(__linux__)
#include <linux/magic.h>
#include <sys/vfs.h>
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

}  // namespace hashscope::test
