// Folders a walk opened on another thread, as the calling thread can open files relative to them.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "platform/file_io.hpp"

namespace hashscope::engine {

// Per thread (not thread-safe). While the thread shares the process's descriptor table the listed folder is
// used as it is; once it has a table of its own (platform::useOwnDescriptorTable), the walk's descriptors mean
// nothing there, so each folder is opened again in it (checked to be the same folder) and kept for the files
// that follow: the last kKeep folders, as jobs of one folder come together.
class LocalFolders {
public:
  // The folder to open `listed`'s files relative to on this thread; nullptr, with `error` set, when it can no
  // longer be opened here (removed, or replaced since the walk).
  const platform::Folder* here(const platform::Folder& listed, std::string& error);
  // `file`, listed in `listed`, opened for cached reads relative to that folder here (closed, with `error`
  // set, when it cannot be): the open of hash -r's and hash-tree's files alike.
  platform::InputFile open(const platform::Folder& listed, const std::filesystem::path& file, std::string& error);

private:
  static constexpr std::size_t kKeep = 16;
  struct Kept {
    const platform::Folder* listed;
    platform::Folder local;
  };
  std::vector<Kept> m_kept;  // the most recently used last
};

}  // namespace hashscope::engine
