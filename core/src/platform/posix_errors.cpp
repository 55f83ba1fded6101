#include "platform/posix_errors.hpp"

#include <cctype>
#include <cerrno>
#include <cstring>
#include <sys/stat.h>

namespace hashscope::platform {

std::string errnoText(int error)
{
  switch (error) {
  case ENOENT: return "no such file";
  case EACCES:
  case EPERM: return "permission denied";
  case ELOOP: return "symbolic link loop";
  case ENOTDIR: return "a part of the path is not a folder";
  case EROFS: return "read-only location";
  case ENOSPC: return "no space left on the device";
  case EDQUOT: return "disk quota exceeded";
  case EEXIST: return "already exists";
  case EIO: return "input/output error (the device reported a failure)";
  case ENAMETOOLONG: return "name too long";
  default: break;
  }
  std::string text = std::strerror(error);
  if (!text.empty())
    text[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
  return text;
}

std::string pathError(const std::filesystem::path& path, int error)
{
  return path.string() + ": " + errnoText(error);
}

std::string kindError(const std::filesystem::path& path, mode_t mode)
{
  const std::string p = path.string();
  if (S_ISDIR(mode))
    return p + " is a folder, not a regular file";
  if (S_ISFIFO(mode))
    return p + " is a FIFO, not a regular file";
  if (S_ISCHR(mode) || S_ISBLK(mode))
    return p + " is a device, not a regular file";
  if (S_ISSOCK(mode))
    return p + " is a socket, not a regular file";
  return p + " is not a regular file";
}

}  // namespace hashscope::platform
