// listFiles: every regular file under a folder, sorted, with loops, special files and unreadable folders
// reported instead of followed. The walk goes from open folder to open folder (platform::Folder): each
// entry costs one name lookup, and a folder swapped for a link while the tree is walked is not followed.
#include <algorithm>
#include <cerrno>
#include <system_error>

#include "hashscope/workload.hpp"
#include "platform/file_io.hpp"

namespace hashscope {

namespace {

namespace fs = std::filesystem;
using platform::EntryKind;

std::string reason(const std::error_code& ec)
{
  if (ec == std::errc::permission_denied)
    return "permission denied";
  if (ec == std::errc::no_such_file_or_directory)
    return "no such file";
  return ec.message();
}

// The sentence for an entry that is not a regular file or a folder; "" for those two.
std::string kindProblem(const std::string& path, EntryKind kind)
{
  switch (kind) {
  case EntryKind::Regular:
  case EntryKind::Folder: return "";
  case EntryKind::Fifo: return path + " is a FIFO, not a regular file: skipped";
  case EntryKind::Socket: return path + " is a socket, not a regular file: skipped";
  case EntryKind::Device: return path + " is a device, not a regular file: skipped";
  default: return path + " is not a regular file: skipped";
  }
}

class TreeWalker {
public:
  TreeWalker(const TreeSink& sink, std::stop_token stop, bool sizes, LinkPolicy links, const fs::path& root)
      : m_sink(sink), m_stop(std::move(stop)), m_sizes(sizes), m_keepLimit(platform::Folder::keepLimit()), m_links(links)
  {
    std::error_code ec;
    if (links == LinkPolicy::FollowWithinTree)
      m_root = fs::canonical(root, ec);
  }

  void walk(platform::Folder opened)
  {
    std::shared_ptr<const platform::Folder> kept;
    const platform::Folder* folder = &opened;
    // Kept, shared with the files listed in it, which are then opened relative to it. Past the limit (a tree
    // of thousands of folders must not use up the process's descriptors) files are opened by path.
    if (m_kept < m_keepLimit) {
      kept = std::make_shared<const platform::Folder>(std::move(opened));
      folder = kept.get();
      ++m_kept;
    }
    const auto id = folder->id();
    if (id)
      m_path.push_back(*id);
    std::error_code ec;
    std::vector<platform::FolderEntry> entries = folder->list(ec);
    if (ec && entries.empty()) {
      problem(folder->path().string() + ": cannot open the folder (" + reason(ec) + "), skipped");
    } else {
      if (ec)
        problem(folder->path().string() + ": could not list the whole folder (" + reason(ec) + ")");
      // Sorting each folder's names and visiting them in this order lists the whole tree sorted by path (a
      // folder's files come right after its name).
      std::sort(entries.begin(), entries.end(),
                [](const platform::FolderEntry& a, const platform::FolderEntry& b) { return a.name < b.name; });
      for (const auto& entry : entries) {
        if (m_stop.stop_requested())
          break;
        visit(*folder, kept, entry);
      }
    }
    if (id)
      m_path.pop_back();
    if (m_sink.folderDone)
      m_sink.folderDone();
  }

  // A file given as the root (not a folder): looked at through its path.
  void visitRoot(const fs::path& path)
  {
    std::error_code ec;
    const fs::file_status st = fs::status(path, ec);
    if (ec) {
      problem(path.string() + (ec.value() == ELOOP ? ": symbolic link loop, skipped" : ": " + reason(ec) + ", skipped"));
      return;
    }
    if (st.type() != fs::file_type::regular) {
      problem(kindProblem(path.string(), kindOf(st.type())));
      return;
    }
    std::uint64_t size = 0;
    if (m_sizes)
      size = fs::file_size(path, ec);
    addFile(path, nullptr, ec ? 0 : size);
  }

private:
  static EntryKind kindOf(fs::file_type type)
  {
    switch (type) {
    case fs::file_type::regular: return EntryKind::Regular;
    case fs::file_type::directory: return EntryKind::Folder;
    case fs::file_type::fifo: return EntryKind::Fifo;
    case fs::file_type::socket: return EntryKind::Socket;
    case fs::file_type::block:
    case fs::file_type::character: return EntryKind::Device;
    default: return EntryKind::Other;
    }
  }

  void addFile(fs::path path, const std::shared_ptr<const platform::Folder>& folder, std::uint64_t size)
  {
    m_sink.file(std::move(path), folder, size);
  }
  void problem(std::string sentence) { m_sink.problem(std::move(sentence)); }
  void notFollowed(std::string sentence)
  {
    if (m_sink.notFollowed)
      m_sink.notFollowed(std::move(sentence));
  }

  // An entry of `folder` (`kept`: the same folder when its handle is kept for the files). Its kind comes
  // from the listing; links, and entries whose kind the listing did not give, are looked at once.
  // The link policy, in one place: false (and a line in notFollowed) for a link that is not to be followed.
  bool followsLink(const fs::path& path)
  {
    if (m_links == LinkPolicy::Follow)
      return true;
    if (m_links == LinkPolicy::Skip) {
      notFollowed(path.string() + ": a symbolic link, not followed");
      return false;
    }
    std::error_code ec;
    const fs::path target = fs::canonical(path, ec);
    if (ec)  // dangling or a loop: looked at (and reported) as before
      return true;
    const auto [rootEnd, targetAt] = std::mismatch(m_root.begin(), m_root.end(), target.begin(), target.end());
    if (!m_root.empty() && rootEnd == m_root.end())
      return true;
    notFollowed(path.string() + ": a symbolic link out of the folder (to " + target.string() + "), not followed");
    return false;
  }

  void visit(const platform::Folder& folder, const std::shared_ptr<const platform::Folder>& kept,
             const platform::FolderEntry& entry)
  {
    std::error_code linkError;  // a listing without types (DT_UNKNOWN) says nothing of links: look, unless all are followed
    const bool isLink = entry.kind == EntryKind::Link ||
                        (entry.kind == EntryKind::Unknown && m_links != LinkPolicy::Follow &&
                         fs::is_symlink(fs::symlink_status(folder.path() / entry.name, linkError)));
    if (isLink && !followsLink(folder.path() / entry.name))
      return;
    EntryKind kind = entry.kind;
    std::uint64_t size = 0;
    std::error_code ec;
    const bool looked = isLink || kind == EntryKind::Unknown || (kind == EntryKind::Regular && m_sizes);
    if (looked)
      kind = folder.look(entry.name, size, ec);
    fs::path path = folder.path() / entry.name;
    if (ec) {
      if (entry.kind == EntryKind::Regular) {  // listed as a file but its size could not be read: hashing says why
        addFile(std::move(path), kept, 0);
        return;
      }
      if (ec.value() == ELOOP)
        problem(path.string() + ": symbolic link loop, skipped");
      else if (isLink && ec == std::errc::no_such_file_or_directory)
        problem(path.string() + ": dangling symbolic link, skipped");
      else
        problem(path.string() + ": " + reason(ec) + ", skipped");
      return;
    }
    if (kind == EntryKind::Regular) {
      addFile(std::move(path), kept, size);
      return;
    }
    if (kind != EntryKind::Folder) {
      problem(kindProblem(path.string(), kind));
      return;
    }
    // A folder listed as a folder is opened without following links: should it have been swapped for a
    // link since it was listed, the open fails instead of leaving the tree.
    platform::Folder child = folder.openChild(entry.name, looked, ec);
    if (!child.isOpen()) {
      problem(path.string() + ": cannot open the folder (" + reason(ec) + "), skipped");
      return;
    }
    const auto id = child.id();
    if (id && std::find(m_path.begin(), m_path.end(), *id) != m_path.end()) {
      problem(path.string() + ": symbolic link loop, skipped");
      return;
    }
    walk(std::move(child));
  }

  const TreeSink& m_sink;
  std::stop_token m_stop;
  bool m_sizes;
  std::size_t m_keepLimit;
  std::size_t m_kept = 0;                // folder handles kept open for the files listed in them so far
  std::vector<platform::FileId> m_path;  // the folders from the root down to the one being listed
  LinkPolicy m_links;
  fs::path m_root;                       // FollowWithinTree: the root, links resolved
};

}  // namespace

void walkTree(const std::filesystem::path& root, std::stop_token stop, bool sizes, LinkPolicy links,
              const TreeSink& sink)
{
  try {
    std::error_code ec;
    const auto st = fs::status(root, ec);
    if (st.type() == fs::file_type::not_found) {
      sink.problem(root.string() + ": no such file or folder");
      return;
    }
    TreeWalker walker(sink, stop, sizes, links, root);
    if (st.type() == fs::file_type::directory) {
      platform::Folder folder = platform::Folder::open(root, ec);
      if (folder.isOpen())
        walker.walk(std::move(folder));
      else
        sink.problem(root.string() + ": cannot open the folder (" + reason(ec) + "), skipped");
    } else {
      walker.visitRoot(root);
    }
  } catch (const std::exception& e) {
    sink.problem(root.string() + ": " + e.what());
  }
}

TreeListing listFiles(const std::filesystem::path& root, std::stop_token stop, bool sizes, LinkPolicy links)
{
  TreeListing out;
  TreeSink sink;
  sink.file = [&](std::filesystem::path path, const std::shared_ptr<const platform::Folder>& folder,
                  std::uint64_t size) {
    out.files.push_back(std::move(path));
    out.folders.push_back(folder);
    if (!sizes)
      return;
    out.sizes.push_back(size);
    out.totalBytes += size;
  };
  sink.problem = [&](std::string sentence) { out.errors.push_back(std::move(sentence)); };
  sink.notFollowed = [&](std::string sentence) { out.notFollowed.push_back(std::move(sentence)); };
  // Sorted by path: the walk visits every folder's entries in order (see walk()).
  walkTree(root, std::move(stop), sizes, links, sink);
  return out;
}

}  // namespace hashscope
