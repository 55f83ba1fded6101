// describeData(): what a data plan would measure, and why it cannot when it cannot. Reads metadata only:
// a file is opened for reading (to learn it can be read), a folder is listed; nothing is written.
#include "hashscope/hash.hpp"  // workload.hpp uses Digest without including it
#include "hashscope/suite.hpp"
#include "platform/file_io.hpp"

namespace hashscope {

namespace {

namespace fs = std::filesystem;

// Data that never ends (a FIFO, /dev/zero) or is no data at all: refused from its type, never opened.
std::string kindProblem(const fs::path& path, fs::file_type type)
{
  const bool device = type == fs::file_type::block || type == fs::file_type::character;
  const char* what = type == fs::file_type::fifo     ? "is a FIFO, not"
                     : type == fs::file_type::socket ? "is a socket, not"
                     : device                        ? "is a device, not"
                                                     : "is not";
  return path.string() + " " + what + " a file or folder: choose a file or a folder of files to benchmark";
}

}  // namespace

LinkPolicy dataLinkPolicy(const SuiteSpec& spec)
{
  return spec.followLinks ? LinkPolicy::FollowWithinTree : LinkPolicy::Skip;
}

DataSummary describeData(const fs::path& path, std::stop_token stop, LinkPolicy links)
{
  DataSummary out;
  out.path = path;
  const auto fail = [&out](std::string error) {
    out.error = std::move(error);
    return out;
  };
  if (path.empty())
    return fail("No file or folder was given to benchmark");
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);  // follows links, opens nothing
  if (st.type() == fs::file_type::not_found)
    return fail(path.string() + ": no such file or folder");
  if (ec)
    return fail(path.string() + ": " + (ec == std::errc::permission_denied ? "permission denied" : ec.message()));
  // /proc, /sys ...: files made up as they are read, whose sizes say nothing (bench -l refuses them too).
  if ((st.type() == fs::file_type::regular || st.type() == fs::file_type::directory) &&
      platform::isPseudoFilesystem(path))
    return fail(path.string() + " is not data on a disk (it is on a kernel pseudo filesystem, a view of the "
                                "system such as /proc or /sys): choose a file or folder on a disk");
  if (st.type() == fs::file_type::regular) {
    std::string error;
    // Opening refuses anything that turned into a FIFO or device since, without blocking on it.
    platform::InputFile file = platform::InputFile::open(path, platform::ReadMode::Cached, error);
    if (!file.isOpen())
      return fail(error);
    out.files = 1;
    out.bytes = file.size();
    if (out.bytes == 0)
      out.error = path.string() + " is empty: there is nothing to measure";
    return out;
  }
  if (st.type() != fs::file_type::directory)
    return fail(kindProblem(path, st.type()));
  out.folder = true;
  TreeListing listing = listFiles(path, stop, true, links);
  out.files = listing.files.size();
  out.bytes = listing.totalBytes;
  out.skipped = std::move(listing.errors);
  out.notFollowed = std::move(listing.notFollowed);
  if (stop.stop_requested())
    out.error = "Stopped while listing " + path.string();
  else if (out.files == 0 && !out.skipped.empty())
    out.error = path.string() + " holds no file that can be read (" + out.skipped.front() + ")";
  else if (out.files == 0)
    out.error = path.string() + " is an empty folder: there is nothing to measure";
  else if (out.bytes == 0)
    out.error = path.string() + ": its " + std::to_string(out.files) +
                (out.files == 1 ? " file is" : " files are") + " empty: there is nothing to measure";
  return out;
}

std::string dataSummaryText(const DataSummary& data)
{
  return std::to_string(data.files) + (data.files == 1 ? " file, " : " files, ") + formatBytes(data.bytes);
}

}  // namespace hashscope
