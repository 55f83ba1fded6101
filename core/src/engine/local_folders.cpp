#include "engine/local_folders.hpp"

#include <algorithm>

namespace hashscope::engine {

const platform::Folder* LocalFolders::here(const platform::Folder& listed, std::string& error)
{
  if (!platform::hasOwnDescriptorTable())
    return &listed;
  const auto known = std::find_if(m_kept.rbegin(), m_kept.rend(), [&](const Kept& k) {
    return k.listed == &listed && k.local.id() == listed.id();  // the same object, still the same folder
  });
  if (known != m_kept.rend()) {
    std::rotate(known.base() - 1, known.base(), m_kept.end());  // the most recently used last
    return &m_kept.back().local;
  }
  std::error_code ec;
  bool replaced = false;
  platform::Folder local = listed.reopen(ec, replaced);
  if (!local.isOpen()) {
    error = listed.path().string() + ": cannot open the folder again (" +
            (replaced ? std::string("it is no longer the folder that was listed") : ec.message()) + ")";
    return nullptr;
  }
  if (m_kept.size() >= kKeep)
    m_kept.erase(m_kept.begin());
  m_kept.push_back({&listed, std::move(local)});
  return &m_kept.back().local;
}

platform::InputFile LocalFolders::open(const platform::Folder& listed, const std::filesystem::path& file,
                                       std::string& error)
{
  const platform::Folder* folder = here(listed, error);
  return folder ? platform::InputFile::openIn(*folder, file, platform::ReadMode::Cached, error) : platform::InputFile();
}

}  // namespace hashscope::engine
