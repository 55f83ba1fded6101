// Looks at a path before reading it, so FIFOs and devices are refused instead of blocking forever and
// missing files get a plain sentence.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <system_error>

namespace hashscope::cli {

// What a path given as a file turned out to be.
struct FileCheck {
  enum class Kind { Regular, Folder, Special, Missing, Error };
  Kind kind = Kind::Error;
  std::uint64_t size = 0;
  bool pipe = false;   // a FIFO: readable as a checksum list, and by hash when named (md5sum <(command))
  bool device = false; // a character or block device: hash and check read it to its end (md5sum /dev/null)
  std::string
      problem; // for Special/Missing/Error: "no such file or folder", "is a FIFO, not a regular file" ...
  std::error_code error; // for Missing/Error: what stat said (coreutils-style messages quote it as is)
};

// Follows symbolic links (a link loop is an Error with a sentence saying so).
FileCheck checkInputFile(const std::filesystem::path& path);

// A user-facing sentence for a filesystem error code ("permission denied", "no such file or folder").
std::string describeError(const std::error_code& error);
// The system's own text for an error code, as coreutils prints it ("No such file or directory").
std::string systemMessage(const std::error_code& error);

// "PATH: problem", unless the engine's sentence already starts with the path. `path` is the raw name: it
// is shown escaped (shownName), and control characters in `problem` are escaped too.
std::string withPath(const std::string& path, const std::string& problem);

} // namespace hashscope::cli
