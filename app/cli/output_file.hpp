// The --output file of `bench` and `history export`, written so that no result and no existing file is
// ever lost:
// - the output goes to a temporary file beside the target, created exclusively up front (a typo or an
//   unwritable folder is caught before a long benchmark), filled at commit() and renamed into place: a
//   new name without replacing anything (should a file have appeared under it meanwhile, it is left
//   alone), an existing regular file (only with --force) in one step. A failed write (a full disk) or a
//   killed process (kill -9) leaves nothing under the target's name, and an existing file as it was;
// - an existing FIFO or device (with --force: a named pipe, /dev/stdout) is opened and written at commit().
// Temporary files it created and has not finished are removed by removeUnfinishedOutputs() too, which the
// interrupt watchdog calls before it ends the process without running destructors.
#pragma once

#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>

namespace hashscope::cli {

class OutputFile {
public:
  // Throws CommandError when the file exists (and `force` is false) or cannot be created.
  OutputFile(std::filesystem::path path, bool force);
  ~OutputFile(); // removes what it created unless committed
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  // Writes the whole text. On failure removes what it created, leaves an existing file as it was, and
  // returns the reason as a sentence ("" on success).
  std::string commit(std::string_view text);
  const std::filesystem::path& path() const { return m_target; }

private:
  void forget(); // unregisters m_created from removeUnfinishedOutputs()

  std::filesystem::path m_target;  // what the user named (symbolic links resolved when replacing)
  std::filesystem::path m_created; // the temporary file beside the target, renamed into place at commit()
  std::FILE* m_file = nullptr;     // open on m_created until commit()
  bool m_replace = false;          // the target exists (--force): replaced instead of created
  bool m_committed = false;
};

// Writes a finished report to `output`, or to stdout when there is none. When the output file cannot be
// written (a full disk), says so and prints the report on stdout instead, so the results are not lost.
// False when anything failed (the errors are printed).
bool deliverReport(OutputFile* output, std::string_view report);

// Removes every file an OutputFile created and has not finished.
void removeUnfinishedOutputs();

} // namespace hashscope::cli
