// macOS: the folder QStandardPaths::AppDataLocation gives the app:
// ~/Library/Application Support/HashScope/HashScope.
#include <pwd.h>
#include <unistd.h>

#include <cstdlib>

#include "hashscope/library.hpp"

namespace hashscope {

std::filesystem::path defaultHistoryPath()
{
  if (const char* file = std::getenv("HASHSCOPE_HISTORY_DB"); file && *file)
    return file;
  std::filesystem::path home = ".";
  if (const char* env = std::getenv("HOME"); env && *env)
    home = env;
  else if (const passwd* pw = getpwuid(getuid()); pw && pw->pw_dir)
    home = pw->pw_dir;
  return home / "Library" / "Application Support" / "HashScope" / "HashScope" / kHistoryFileName;
}

}  // namespace hashscope
