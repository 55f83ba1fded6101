// `hashscope-cli install-links DIR`: the links by which hashscope-cli is started as md5sum, cksum ...
#include "args.hpp"
#include "file_checks.hpp"
#include "hashscope/files.hpp"
#include "help.hpp"
#include "os.hpp"
#include "tools.hpp"

#include <filesystem>

namespace hashscope::cli {

namespace fs = std::filesystem;

int runInstallLinks(Context&, const Arguments& argv)
{
  const Args args({{"help", 'h', false, false}}, argv);
  if (args.has("help"))
    return writeOut(helpText("install-links")) ? kExitOk : kExitFailure;
  if (args.positionals().size() != 1)
    throw UsageError("install-links needs one folder: hashscope-cli install-links DIR");
  const fs::path folder = pathFromUtf8(args.positionals().front());
  const FileCheck check = checkInputFile(folder);
  if (check.kind != FileCheck::Kind::Folder)
    throw CommandError(withPath(utf8Text(folder), check.kind == FileCheck::Kind::Missing ? "no such folder"
                                                                                        : "is not a folder"));
  const fs::path target = executablePath();
  if (target.empty())
    throw CommandError("cannot tell where this hashscope-cli is: no link made");
  const std::string extension = target.extension().string(); // ".exe" on Windows
  bool failed = false;
  for (const auto name : toolNames()) {
    const fs::path link = folder / (std::string(name) + extension);
    std::error_code ec;
    const fs::file_status existing = fs::symlink_status(link, ec);
    if (fs::exists(existing)) {
      std::error_code same;
      if (fs::equivalent(link, target, same)) {
        writeOut(link.string() + " -> " + target.string() + " (already there)\n");
      } else {
        printError(withPath(link.string(), "exists and is not hashscope-cli: left as it is"));
        failed = true;
      }
      continue;
    }
    fs::create_symlink(target, link, ec);
    if (ec) {
      printError(withPath(link.string(), "cannot create the link (" + describeError(ec) + ")"));
      failed = true;
      continue;
    }
    writeOut(link.string() + " -> " + target.string() + "\n");
  }
  return failed ? kExitFailure : kExitOk;
}

} // namespace hashscope::cli
