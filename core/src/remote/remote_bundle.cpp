// packBundle(): bundle.sh's layout made in C++ from this build, or a given bundle folder, packed with tar.
#include "remote/remote_bundle.hpp"

#include <random>
#include <sstream>

#include "hashscope/hash.hpp"
#include "peer/process.hpp"

namespace hashscope::remote {

namespace fs = std::filesystem;

namespace {

// As bundle.sh's system_lib: the C library and its loader stay the target's own (they match its kernel).
bool systemLibrary(const std::string& name)
{
  for (const char* prefix : {"ld-linux", "libc.so", "libm.so", "libpthread.so", "libdl.so", "librt.so",
                             "libresolv.so", "libutil.so", "libanl.so", "linux-vdso"})
    if (name.rfind(prefix, 0) == 0)
      return true;
  return false;
}

peer::ProcessOutcome runTool(std::string_view program, const std::vector<std::string>& arguments,
                             std::stop_token stop)
{
  const fs::path tool = peer::findProgram(program);
  if (tool.empty()) {
    peer::ProcessOutcome missing;
    missing.error = std::string(program) + " was not found on PATH";
    return missing;
  }
  return peer::runProcess(tool, arguments, stop);
}

// The libraries `ldd BINARY` resolves to a file ("libx.so.1 => /usr/lib/libx.so.1 (0x...)").
std::vector<fs::path> sharedLibraries(const fs::path& binary, std::stop_token stop, std::string& error)
{
  const peer::ProcessOutcome ldd = runTool("ldd", {binary.string()}, stop);
  if (!ldd.exited || ldd.exitCode != 0) {
    error = "ldd could not list the libraries of " + binary.string() + (ldd.error.empty() ? "" : ": " + ldd.error);
    return {};
  }
  std::vector<fs::path> out;
  std::istringstream lines(ldd.out);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string name, arrow, file;
    words >> name >> arrow >> file;
    if (arrow == "=>" && !file.empty() && file.front() == '/' && !systemLibrary(fs::path(name).filename().string()))
      out.emplace_back(file);
  }
  return out;
}

}  // namespace

LocalTempFolder::LocalTempFolder()
{
  std::error_code ec;
  const fs::path base = fs::temp_directory_path(ec);
  std::random_device random;
  for (int attempt = 0; attempt < 100 && !ec && m_path.empty(); ++attempt) {
    const fs::path candidate = base / ("hashscope-bundle." + std::to_string(random()));
    if (fs::create_directory(candidate, ec)) {
      fs::permissions(candidate, fs::perms::owner_all, ec);
      m_path = candidate;
    }
  }
}

LocalTempFolder::~LocalTempFolder()
{
  std::error_code ec;
  if (!m_path.empty())
    fs::remove_all(m_path, ec);
}

std::string localPlatform()
{
  const peer::ProcessOutcome uname = runTool("uname", {"-sm"}, {});
  if (!uname.exited || uname.exitCode != 0)
    return {};
  return uname.out.substr(0, uname.out.find('\n'));
}

std::string packBundle(const RemoteOptions& options, const fs::path& tarFile, std::stop_token stop)
{
  std::error_code ec;
  fs::path root = options.bundle;
  LocalTempFolder stage;
  if (root.empty()) {
    if (stage.path().empty())
      return "could not make a temporary folder to pack the bundle in";
    root = stage.path();
    fs::create_directories(root / "bin", ec);
    fs::create_directories(root / "lib", ec);
    fs::copy_file(options.selfExecutable, root / "bin" / "hashscope-cli", ec);
    if (ec)
      return "could not copy " + options.selfExecutable.string() + " into the bundle: " + ec.message();
    // Without its debug information, as bundle.sh does: a tenth of the bytes to send (best effort).
    if (!peer::findProgram("strip").empty())
      runTool("strip", {"--strip-debug", (root / "bin" / "hashscope-cli").string()}, stop);
    std::string error;
    std::vector<fs::path> libraries = sharedLibraries(options.selfExecutable, stop, error);
    for (const std::string& opened : librariesOpenedWhenNeeded())  // not in ldd's list: dlopen'ed
      libraries.emplace_back(opened);
    for (const fs::path& library : libraries) {
      fs::copy_file(library, root / "lib" / library.filename(), fs::copy_options::skip_existing, ec);
      if (ec)
        return "could not copy " + library.string() + " into the bundle: " + ec.message();
    }
    if (!error.empty())
      return error;
  } else if (!peer::isExecutableFile(root / "bin" / "hashscope-cli")) {
    return root.string() + " is not a bundle: it has no bin/hashscope-cli (make one with tests/bench/bundle.sh)";
  }
  std::vector<std::string> arguments = {"-cf", tarFile.string(), "-C", root.string(), "bin"};
  if (fs::is_directory(root / "lib", ec))
    arguments.push_back("lib");
  const peer::ProcessOutcome tar = runTool("tar", arguments, stop);
  if (!tar.exited || tar.exitCode != 0)
    return "tar could not pack the bundle: " + (tar.error.empty() ? tar.err.substr(0, 200) : tar.error);
  return {};
}

}  // namespace hashscope::remote
