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
  TreeWalker(TreeListing& out, std::stop_token stop, bool sizes) : m_out(out), m_stop(std::move(stop)), m_sizes(sizes) {}

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
      // The entries keep the type the folder listing gave (d_type, FindFirstFile's attributes), so most of
      // them need no look of their own below.
      std::vector<fs::directory_entry> entries;
      for (; it != fs::directory_iterator(); it.increment(ec)) {
        if (m_stop.stop_requested())
          break;
        entries.push_back(*it);
      }
      if (ec)
        m_out.errors.push_back(folder.string() + ": could not list the whole folder (" + reason(ec) + ")");
      // All entries share the folder's prefix, so comparing whole strings orders them by name, as comparing
      // paths would, without splitting every path into its components. Visiting each folder's entries in
      // this order lists the whole tree sorted by path (a folder's files come right after its name).
      std::sort(entries.begin(), entries.end(),
                [](const fs::directory_entry& a, const fs::directory_entry& b) { return a.path().native() < b.path().native(); });
      for (const auto& entry : entries) {
        if (m_stop.stop_requested())
          break;
        visit(entry);
      }
    }
    if (id)
      m_path.pop_back();
  }

  // `entry` is a directory_entry from a listing (its type known without a system call when the
  // filesystem reports it) or made from a path (then it looks, once).
  void visit(const fs::directory_entry& entry)
  {
    std::error_code ec;
    const fs::path& path = entry.path();
    const bool isLink = entry.is_symlink(ec);
    // A regular file is known from the listing (is_regular_file() uses the listed type); what a link points
    // to, and anything else, is looked at once.
    fs::file_type type = fs::file_type::none;
    if (!ec)
      type = !isLink && entry.is_regular_file(ec) ? fs::file_type::regular : fs::status(path, ec).type();
    if (ec || type == fs::file_type::not_found || type == fs::file_type::none) {
      const std::string p = path.string();
      if (ec.value() == ELOOP)
        m_out.errors.push_back(p + ": symbolic link loop, skipped");
      else if (isLink)
        m_out.errors.push_back(p + ": dangling symbolic link, skipped");
      else
        m_out.errors.push_back(p + ": " + reason(ec ? ec : std::make_error_code(std::errc::no_such_file_or_directory)) +
                               ", skipped");
      return;
    }
    switch (type) {
    case fs::file_type::regular: {
      m_out.files.push_back(path);
      if (!m_sizes)
        return;
      const std::uint64_t size = entry.file_size(ec);  // a stat on POSIX (follows a link), cached on Windows
      m_out.sizes.push_back(ec ? 0 : size);
      if (!ec)
        m_out.totalBytes += size;
      return;
    }
    case fs::file_type::directory: {
      const auto id = platform::fileId(path);
      if (id && std::find(m_path.begin(), m_path.end(), *id) != m_path.end()) {
        m_out.errors.push_back(path.string() + ": symbolic link loop, skipped");
        return;
      }
      walk(path);
      return;
    }
    case fs::file_type::fifo: m_out.errors.push_back(path.string() + " is a FIFO, not a regular file: skipped"); return;
    case fs::file_type::socket: m_out.errors.push_back(path.string() + " is a socket, not a regular file: skipped"); return;
    case fs::file_type::block:
    case fs::file_type::character:
      m_out.errors.push_back(path.string() + " is a device, not a regular file: skipped");
      return;
    default: m_out.errors.push_back(path.string() + " is not a regular file: skipped"); return;
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
  bool m_sizes;
  std::vector<platform::FileId> m_path;  // the folders from the root down to the one being listed
};

}  // namespace

TreeListing listFiles(const std::filesystem::path& root, std::stop_token stop, bool sizes)
{
  TreeListing out;
  try {
    std::error_code ec;
    const auto st = fs::status(root, ec);
    if (st.type() == fs::file_type::not_found) {
      out.errors.push_back(root.string() + ": no such file or folder");
      return out;
    }
    TreeWalker walker(out, stop, sizes);
    if (st.type() == fs::file_type::directory)
      walker.walk(root);
    else
      walker.visit(fs::directory_entry(root, ec));
    // Already sorted by path: walk() visits every folder's entries in order (see there).
  } catch (const std::exception& e) {
    out.errors.push_back(root.string() + ": " + e.what());
  }
  return out;
}

}  // namespace hashscope
