#include "output_file.hpp"

#include "common.hpp"
#include "os.hpp"

#include <fstream>

namespace hashscope::cli {

OutputFile::OutputFile(std::filesystem::path path, bool force) : m_path(std::move(path)), m_force(force)
{
  std::error_code ec;
  if (m_force && std::filesystem::exists(m_path, ec)) {
    if (std::filesystem::is_directory(m_path, ec))
      throw CommandError(m_path.string() + " is a folder: --output needs a file name");
    return; // replaced only at commit(), and never removed: it was not ours
  }
  std::string error;
  m_file = createExclusive(m_path, error);
  if (!m_file) {
    if (error == "already exists")
      throw CommandError(m_path.string() + " already exists: not overwritten (choose another --output name, "
                                           "or add --force to replace it)");
    throw CommandError("cannot create " + m_path.string() + ": " + error);
  }
}

OutputFile::~OutputFile()
{
  if (m_committed || !m_file)
    return;
  std::fclose(m_file);
  std::error_code ignored;
  std::filesystem::remove(m_path, ignored);
}

void OutputFile::commit(std::string_view text)
{
  if (m_file) {
    const bool written = std::fwrite(text.data(), 1, text.size(), m_file) == text.size();
    const bool closed = std::fclose(m_file) == 0;
    if (!written || !closed) {
      std::error_code ignored;
      std::filesystem::remove(m_path, ignored);
      m_file = nullptr;
      throw CommandError("cannot write " + m_path.string() + " (disk full?): removed the partial file");
    }
    m_committed = true;
    return;
  }
  std::ofstream out(m_path, std::ios::binary | std::ios::trunc);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  out.close();
  if (!out)
    throw CommandError("cannot write " + m_path.string());
  m_committed = true;
}

} // namespace hashscope::cli
