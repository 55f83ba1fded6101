// listFiles: every regular file under a folder, sorted, with loops, special files and unreadable folders
// reported instead of followed.
#include <algorithm>
#include <cerrno>
#include <system_error>

#include "hashscope/workload.hpp"
#include "platform/file_io.hpp"

namespace hashscope {

namespace {

namespace fs = std::filesystem;

class TreeWalker {
public:
  TreeWalker(TreeListing& out, std::stop_token stop) : m_out(out), m_stop(std::move(stop)) {}

  void walk(const fs::path& folder)
  {
    const auto id = platform::fileId(folder);
    if (id)
      m_path.push_back(*id);
    std::error_code ec;
    fs::directory_iterator it(folder, fs::directory_options::none, ec);
    if (ec) {
      m_out.errors.push_back(folder.string() + ": cannot open the folder (" + reason(ec) + "), skipped");
    } else {
      std::vector<fs::path> entries;
      for (; it != fs::directory_iterator(); it.increment(ec)) {
        if (m_stop.stop_requested())
          break;
        entries.push_back(it->path());
      }
      if (ec)
        m_out.errors.push_back(folder.string() + ": could not list the whole folder (" + reason(ec) + ")");
      std::sort(entries.begin(), entries.end());
      for (const auto& entry : entries) {
        if (m_stop.stop_requested())
          break;
        visit(entry);
      }
    }
    if (id)
      m_path.pop_back();
  }

  void visit(const fs::path& entry)
  {
    std::error_code ec;
    // One look (type and size) per entry; only a link needs a second one, at what it points to: trees of
    // many small files cost one stat per file here.
    const platform::EntryStatus look = platform::entryStatus(entry, ec);
    const fs::file_status link(look.type);
    const bool isLink = !ec && look.type == fs::file_type::symlink;
    const fs::file_status target = isLink ? fs::status(entry, ec) : link;
    const std::string p = entry.string();
    if (ec || target.type() == fs::file_type::not_found) {
      if (ec.value() == ELOOP)
        m_out.errors.push_back(p + ": symbolic link loop, skipped");
      else if (link.type() == fs::file_type::symlink)
        m_out.errors.push_back(p + ": dangling symbolic link, skipped");
      else
        m_out.errors.push_back(p + ": " + reason(ec) + ", skipped");
      return;
    }
    switch (target.type()) {
    case fs::file_type::regular: {
      m_out.files.push_back(entry);
      std::uint64_t size = look.size;
      if (isLink)
        size = fs::file_size(entry, ec);
      m_out.sizes.push_back(ec ? 0 : size);
      if (!ec)
        m_out.totalBytes += size;
      return;
    }
    case fs::file_type::directory: {
      const auto id = platform::fileId(entry);
      if (id && std::find(m_path.begin(), m_path.end(), *id) != m_path.end()) {
        m_out.errors.push_back(p + ": symbolic link loop, skipped");
        return;
      }
      walk(entry);
      return;
    }
    case fs::file_type::fifo: m_out.errors.push_back(p + " is a FIFO, not a regular file: skipped"); return;
    case fs::file_type::socket: m_out.errors.push_back(p + " is a socket, not a regular file: skipped"); return;
    case fs::file_type::block:
    case fs::file_type::character:
      m_out.errors.push_back(p + " is a device, not a regular file: skipped");
      return;
    default: m_out.errors.push_back(p + " is not a regular file: skipped"); return;
    }
  }

private:
  static std::string reason(const std::error_code& ec)
  {
    if (ec == std::errc::permission_denied)
      return "permission denied";
    if (ec == std::errc::no_such_file_or_directory)
      return "no such file";
    return ec.message();
  }

  TreeListing& m_out;
  std::stop_token m_stop;
  std::vector<platform::FileId> m_path;  // the folders from the root down to the one being listed
};

}  // namespace

TreeListing listFiles(const std::filesystem::path& root, std::stop_token stop)
{
  TreeListing out;
  try {
    std::error_code ec;
    const auto st = fs::status(root, ec);
    if (st.type() == fs::file_type::not_found) {
      out.errors.push_back(root.string() + ": no such file or folder");
      return out;
    }
    TreeWalker walker(out, stop);
    if (st.type() == fs::file_type::directory)
      walker.walk(root);
    else
      walker.visit(root);
    // Sorted by path, each size moving with its file.
    std::vector<std::size_t> order(out.files.size());
    for (std::size_t i = 0; i < order.size(); ++i)
      order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return out.files[a] < out.files[b]; });
    TreeListing sorted;
    for (std::size_t i : order) {
      sorted.files.push_back(std::move(out.files[i]));
      sorted.sizes.push_back(out.sizes[i]);
    }
    out.files = std::move(sorted.files);
    out.sizes = std::move(sorted.sizes);
  } catch (const std::exception& e) {
    out.errors.push_back(root.string() + ": " + e.what());
  }
  return out;
}

}  // namespace hashscope
