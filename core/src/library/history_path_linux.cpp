// Linux: the folder QStandardPaths::AppDataLocation gives the app: $XDG_DATA_HOME (when absolute, as the
// XDG spec says) or ~/.local/share, then <organization>/<application> = HashScope/HashScope.
#include <pwd.h>
#include <unistd.h>

#include <cstdlib>

#include "hashscope/library.hpp"

namespace hashscope {

namespace {

std::filesystem::path homeFolder()
{
  if (const char* home = std::getenv("HOME"); home && *home)
    return home;
  if (const passwd* pw = getpwuid(getuid()); pw && pw->pw_dir)
    return pw->pw_dir;
  return ".";
}

}  // namespace

std::filesystem::path defaultHistoryPath()
{
  if (const char* file = std::getenv("HASHSCOPE_HISTORY_DB"); file && *file)
    return file;
  std::filesystem::path data;
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg && std::filesystem::path(xdg).is_absolute())
    data = xdg;
  else
    data = homeFolder() / ".local" / "share";
  return data / "HashScope" / "HashScope" / kHistoryFileName;
}

}  // namespace hashscope
