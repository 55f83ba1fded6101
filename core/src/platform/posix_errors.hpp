// Error sentences from errno values and file modes, shared by the POSIX platforms (Linux, macOS).
#pragma once

#include <filesystem>
#include <string>
#include <sys/types.h>

namespace hashscope::platform {

// "no such file", "permission denied" ...: what an errno value means to a user, without a path.
std::string errnoText(int error);
// "/x/y: no such file".
std::string pathError(const std::filesystem::path& path, int error);
// "/x/y is a FIFO, not a regular file" for anything that must not be read as a file.
std::string kindError(const std::filesystem::path& path, mode_t mode);

}  // namespace hashscope::platform
