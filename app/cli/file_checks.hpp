// Looks at a path before reading it, so FIFOs and devices are refused instead of blocking forever and
// missing files get a plain sentence.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace hashscope::cli {

// What a path given as a file turned out to be.
struct FileCheck {
  enum class Kind { Regular, Folder, Special, Missing, Error };
  Kind kind = Kind::Error;
  std::uint64_t size = 0;
  bool pipe = false; // a FIFO: refused as a file to hash (it might never end), readable as a checksum list
  std::string
      problem; // for Special/Missing/Error: "no such file or folder", "is a FIFO, not a regular file" ...
};

// Follows symbolic links (a link loop is an Error with a sentence saying so).
FileCheck checkInputFile(const std::filesystem::path& path);

// A user-facing sentence for a filesystem error code ("permission denied", "no such file or folder").
std::string describeError(const std::error_code& error);

// "PATH: problem", unless the engine's sentence already starts with the path. `path` is the raw name: it
// is shown escaped (shownName), and control characters in `problem` are escaped too.
std::string withPath(const std::string& path, const std::string& problem);

} // namespace hashscope::cli
