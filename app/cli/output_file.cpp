#include "output_file.hpp"

#include "common.hpp"
#include "hashscope/files.hpp"
#include "os.hpp"

#include <algorithm>
#include <cerrno>
#include <system_error>
#include <mutex>
#include <random>
#include <vector>

namespace hashscope::cli {

namespace fs = std::filesystem;

namespace {

// The files OutputFiles created and have not finished, for removeUnfinishedOutputs(). The lock is only
// ever held for these few lines (never across I/O), so the watchdog cannot wait on a stuck thread.
std::mutex g_mutex;
std::vector<fs::path> g_unfinished;

void remember(const fs::path& path)
{
  std::lock_guard lock(g_mutex);
  g_unfinished.push_back(path);
}

// A name beside `target` for the replacement: hidden, unlikely to clash, and recognisable as ours.
fs::path temporaryBeside(const fs::path& target)
{
  std::random_device random;
  char suffix[16];
  std::snprintf(suffix, sizeof suffix, "%08x", static_cast<unsigned>(random()));
  return target.parent_path() / ("." + target.filename().string() + ".hashscope-" + suffix + ".tmp");
}

} // namespace

void removeUnfinishedOutputs()
{
  std::lock_guard lock(g_mutex);
  for (const auto& path : g_unfinished) {
    std::error_code ignored;
    fs::remove(path, ignored);
  }
  g_unfinished.clear();
}

OutputFile::OutputFile(fs::path path, bool force) : m_target(std::move(path))
{
  std::error_code ec;
  const bool exists = fs::exists(m_target, ec);
  if (exists && !force)
    throw CommandError(m_target.string() + " already exists: not overwritten (choose another --output name, "
                                           "or add --force to replace it)");
  if (exists && fs::is_directory(m_target, ec))
    throw CommandError(m_target.string() + " is a folder: --output needs a file name");
  if (exists && !fs::is_regular_file(m_target, ec))
    return; // a FIFO or a device: opened at commit(), never created or removed by us
  if (exists) {
    const fs::path real = fs::canonical(m_target, ec); // replace the file a symbolic link points to
    if (!ec)
      m_target = real;
  }
  // Always a temporary file beside the target, renamed into place once complete: a process killed on the
  // way (kill -9) leaves no empty or partial file under the name the user chose.
  m_replace = exists;
  std::string error;
  for (int attempt = 0; attempt < 10 && !m_file; ++attempt) {
    m_created = temporaryBeside(m_target);
    m_file = createExclusive(m_created, error);
    if (error != "already exists")
      break;
  }
  if (!m_file)
    throw CommandError("cannot create " + m_target.string() + " (" + error + ")");
  remember(m_created);
  if (exists) // the replacement keeps the permissions of the file it replaces
    fs::permissions(m_created, fs::status(m_target, ec).permissions(), ec);
}

OutputFile::~OutputFile()
{
  if (m_committed || !m_file)
    return;
  std::fclose(m_file);
  std::error_code ignored;
  fs::remove(m_created, ignored);
  forget();
}

void OutputFile::forget()
{
  std::lock_guard lock(g_mutex);
  g_unfinished.erase(std::remove(g_unfinished.begin(), g_unfinished.end(), m_created), g_unfinished.end());
}

std::string OutputFile::commit(std::string_view text)
{
  std::string error;
  if (!m_file) { // a FIFO or a device: nothing of ours to clean up
    std::FILE* device = openExisting(m_target, error);
    const bool ok = device && writeFully(device, text, &error);
    const bool closed = !device || std::fclose(device) == 0;
    if (ok && !closed)
      error = std::error_code(errno, std::generic_category()).message();
    if (!ok || !closed)
      return "cannot write " + m_target.string() + " (" + error + ")";
    m_committed = true;
    return "";
  }
  const bool written = writeFully(m_file, text, &error);
  const bool closed = std::fclose(m_file) == 0;
  if (written && !closed)
    error = std::error_code(errno, std::generic_category()).message();
  m_file = nullptr;
  std::error_code ec;
  bool placed = false;
  if (written && closed) {
    if (m_replace) { // --force over a regular file: replaced in one step
      fs::rename(m_created, m_target, ec);
      placed = !ec;
      error = ec.message();
    } else { // a new name: never over a file someone created under it meanwhile
      placed = renameWithoutReplacing(m_created, m_target, error);
    }
  }
  if (!placed) {
    fs::remove(m_created, ec);
    forget();
    if (m_replace)
      return "cannot write " + m_target.string() + " (" + error + "): it was left as it was";
    return "cannot write " + m_target.string() + " (" + error + "): nothing was written there";
  }
  forget();
  m_committed = true;
  return "";
}

bool deliverReport(OutputFile* output, std::string_view report)
{
  if (!output) {
    if (writeOut(report))
      return true;
    if (!InterruptGuard::interrupted())
      printError("cannot write to standard output");
    return false;
  }
  const std::string error = output->commit(report);
  if (error.empty())
    return true;
  if (InterruptGuard::interrupted()) // stopped while nobody read the FIFO: nothing more to say
    return false;
  printError(error + ": the results follow on standard output instead");
  writeOut(report);
  return false;
}

} // namespace hashscope::cli
