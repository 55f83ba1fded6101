#include "file_checks.hpp"

#include "names.hpp"
#include "os.hpp"

#include <cctype>
#include <cerrno>
#include <system_error>

namespace hashscope::cli {

namespace fs = std::filesystem;

std::string describeError(const std::error_code& error)
{
  if (error == std::errc::no_such_file_or_directory)
    return "no such file or folder";
  if (error == std::errc::too_many_symbolic_link_levels)
    return "symbolic link loop (too many levels of symbolic links)";
  if (error == std::errc::permission_denied || error == std::errc::operation_not_permitted)
    return "permission denied";
  if (error == std::errc::not_a_directory)
    return "a part of the path is not a folder";
  std::string message = error.message();
  if (!message.empty())
    message[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(message[0])));
  return message;
}

std::string systemMessage(const std::error_code& error)
{
  return std::generic_category().message(error.value());
}

std::string withPath(const std::string& path, const std::string& problem)
{
  // Engine sentences often start with the path already ("/x got shorter ..."): shown once, escaped.
  if (!path.empty() && problem.rfind(path, 0) == 0)
    return shownName(path) + shownText(std::string_view(problem).substr(path.size()));
  return shownName(path) + ": " + shownText(problem);
}

FileCheck checkInputFile(const fs::path& path)
{
  FileCheck check;
  std::error_code ec;
  std::uint64_t size = 0;
  const fs::file_type type = pathType(path, size, ec);
  if (ec || type == fs::file_type::not_found) {
    if (!ec)
      ec = std::make_error_code(std::errc::no_such_file_or_directory);
    check.kind =
        ec == std::errc::no_such_file_or_directory ? FileCheck::Kind::Missing : FileCheck::Kind::Error;
    check.error = ec;
    // A dangling symbolic link exists itself but points nowhere: say so rather than "no such file".
    std::error_code linkError;
    if (check.kind == FileCheck::Kind::Missing && fs::is_symlink(fs::symlink_status(path, linkError)))
      check.problem = "symbolic link to a missing file";
    else
      check.problem = describeError(ec);
    return check;
  }
  switch (type) {
  case fs::file_type::regular:
    check.kind = FileCheck::Kind::Regular;
    check.size = size;
    break;
  case fs::file_type::directory:
    check.kind = FileCheck::Kind::Folder;
    check.problem = "is a folder";
    break;
  case fs::file_type::fifo:
    check.kind = FileCheck::Kind::Special;
    check.pipe = true;
    check.problem = "is a FIFO (named pipe), not a regular file: not read, it might never end";
    break;
  case fs::file_type::socket:
    check.kind = FileCheck::Kind::Special;
    check.problem = "is a socket, not a regular file";
    break;
  case fs::file_type::character:
  case fs::file_type::block:
    check.kind = FileCheck::Kind::Special;
    check.device = true;
    check.problem = "is a device, not a regular file: not read, it might never end";
    break;
  default:
    check.kind = FileCheck::Kind::Special;
    check.problem = "is not a regular file";
    break;
  }
  return check;
}

} // namespace hashscope::cli
