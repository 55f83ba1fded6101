// Open folders on Windows, kept simple: a folder is its path and names are joined to it (no handle is held
// open). Weaker than POSIX: openChild refuses a subfolder swapped for a reparse point before it is opened,
// but files are opened by their whole path, so a folder swapped after being opened is followed. Names are
// UTF-8.
#include <windows.h>

#include <cstdint>
#include <utility>

#include "platform/file_io.hpp"

namespace hashscope::platform {

namespace fs = std::filesystem;

namespace {

fs::path join(const fs::path& folder, const std::string& name)
{
  return folder / fs::path(std::u8string(name.begin(), name.end()));
}

EntryKind kindOf(fs::file_type type)
{
  switch (type) {
  case fs::file_type::regular: return EntryKind::Regular;
  case fs::file_type::directory: return EntryKind::Folder;
  case fs::file_type::symlink: return EntryKind::Link;
  case fs::file_type::fifo: return EntryKind::Fifo;
  case fs::file_type::socket: return EntryKind::Socket;
  case fs::file_type::block:
  case fs::file_type::character: return EntryKind::Device;
  case fs::file_type::none:
  case fs::file_type::not_found:
  case fs::file_type::unknown: return EntryKind::Unknown;
  default: return EntryKind::Other;
  }
}

}  // namespace

std::size_t Folder::keepLimit() { return SIZE_MAX; }  // a kept folder is only its path: no handle

Folder::~Folder() { close(); }

Folder::Folder(Folder&& other) noexcept { *this = std::move(other); }

Folder& Folder::operator=(Folder&& other) noexcept
{
  if (this != &other) {
    m_handle = std::exchange(other.m_handle, -1);
    m_path = std::move(other.m_path);
    other.m_path.clear();
  }
  return *this;
}

void Folder::close() { m_path.clear(); }

Folder Folder::open(const fs::path& path, std::error_code& ec)
{
  Folder folder;
  if (!fs::is_directory(path, ec)) {
    if (!ec)
      ec = std::make_error_code(std::errc::not_a_directory);
    return folder;
  }
  folder.m_path = path;
  return folder;
}

Folder Folder::openChild(const std::string& name, bool followLink, std::error_code& ec) const
{
  Folder folder;
  const fs::path path = join(m_path, name);
  const fs::file_status own = fs::symlink_status(path, ec);
  if (ec)
    return folder;
  if (!followLink && own.type() != fs::file_type::directory) {  // swapped for a link (or a file) since listed
    ec = std::make_error_code(own.type() == fs::file_type::symlink ? std::errc::too_many_symbolic_link_levels
                                                                   : std::errc::not_a_directory);
    return folder;
  }
  return open(path, ec);
}

std::vector<FolderEntry> Folder::list(std::error_code& ec) const
{
  std::vector<FolderEntry> entries;
  fs::directory_iterator it(m_path, fs::directory_options::none, ec);
  for (; !ec && it != fs::directory_iterator(); it.increment(ec)) {
    std::error_code typeError;
    const fs::file_status own = it->symlink_status(typeError);  // from FindFirstFile's data: no extra call
    const std::u8string name = it->path().filename().u8string();
    entries.push_back({std::string(name.begin(), name.end()), typeError ? EntryKind::Unknown : kindOf(own.type())});
  }
  return entries;
}

EntryKind Folder::look(const std::string& name, std::uint64_t& size, std::error_code& ec) const
{
  size = 0;
  const fs::path path = join(m_path, name);
  const fs::file_status status = fs::status(path, ec);
  if (ec)
    return EntryKind::Unknown;
  if (status.type() == fs::file_type::regular) {
    std::error_code sizeError;
    const std::uintmax_t n = fs::file_size(path, sizeError);
    size = sizeError ? 0 : static_cast<std::uint64_t>(n);
  }
  return kindOf(status.type());
}

std::optional<FileId> Folder::id() const { return fileId(m_path); }

// A folder here is its path: opening it again is opening the path again (and checking it is the same one).
Folder Folder::openParent(std::error_code& ec) const { return open(m_path.parent_path(), ec); }

Folder Folder::reopen(std::error_code& ec, bool& replaced) const
{
  Folder again = open(m_path, ec);
  replaced = again.isOpen() && again.id() != id();
  return replaced ? Folder() : std::move(again);
}

// Windows has one handle table per process and no way to give a thread its own.
bool useOwnDescriptorTable() { return false; }
bool hasOwnDescriptorTable() { return false; }

}  // namespace hashscope::platform
