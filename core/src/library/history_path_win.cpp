// Windows: the folder QStandardPaths::AppDataLocation gives the app: the roaming application data folder
// (FOLDERID_RoamingAppData, usually %APPDATA%), then HashScope/HashScope.
#include <windows.h>
#include <shlobj.h>

#include <cstdlib>

#include "hashscope/library.hpp"

namespace hashscope {

std::filesystem::path defaultHistoryPath()
{
  if (const wchar_t* file = _wgetenv(L"HASHSCOPE_HISTORY_DB"); file && *file)
    return file;
  std::filesystem::path data = ".";
  PWSTR folder = nullptr;
  if (SUCCEEDED(SHGetKnownFolderPath(FOLDERID_RoamingAppData, 0, nullptr, &folder)))
    data = folder;
  CoTaskMemFree(folder);
  return data / "HashScope" / "HashScope" / kHistoryFileName;
}

}  // namespace hashscope
