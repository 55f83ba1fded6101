// The --output file: created exclusively up front (so an existing file is never overwritten, and a typo
// is caught before a long benchmark), filled at the end, and removed again if the run produces nothing.
#pragma once

#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>

namespace hashscope::cli {

// Owns an output file this process created. Without commit(), the destructor removes it again.
class OutputFile {
public:
  // Throws CommandError when the file exists (and `force` is false) or cannot be created.
  OutputFile(std::filesystem::path path, bool force);
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  // Writes the whole text and closes the file; throws CommandError on a write error (and removes the file).
  void commit(std::string_view text);
  const std::filesystem::path& path() const { return m_path; }

private:
  std::filesystem::path m_path;
  bool m_force = false;
  std::FILE* m_file = nullptr; // set when we created the file exclusively
  bool m_committed = false;
};

} // namespace hashscope::cli
