// File I/O shared by Linux and macOS: the parts where POSIX is all there is to it (aligned buffers, closing
// and moving descriptors, positional writes, file identity). The cache handling differs: see
// file_io_linux.cpp and file_io_mac.cpp.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <utility>

#include "platform/file_io.hpp"
#include "platform/posix_errors.hpp"

namespace hashscope::platform {

void AlignedDeleter::operator()(std::byte* p) const noexcept { std::free(p); }

AlignedBuffer allocateAligned(std::size_t size, std::size_t alignment)
{
  void* p = nullptr;
  if (posix_memalign(&p, std::max<std::size_t>(alignment, sizeof(void*)), std::max<std::size_t>(size, 1)) != 0)
    return AlignedBuffer();
  return AlignedBuffer(static_cast<std::byte*>(p));
}

InputFile::~InputFile() { close(); }

InputFile::InputFile(InputFile&& other) noexcept { *this = std::move(other); }

InputFile& InputFile::operator=(InputFile&& other) noexcept
{
  if (this != &other) {
    close();
    m_handle = std::exchange(other.m_handle, kInvalid);
    m_size = other.m_size;
    m_alignment = other.m_alignment;
    m_direct = other.m_direct;
    m_note = std::move(other.m_note);
    m_path = std::move(other.m_path);
  }
  return *this;
}

void InputFile::close()
{
  if (m_handle != kInvalid)
    ::close(static_cast<int>(m_handle));
  m_handle = kInvalid;
}

OutputFile::~OutputFile() { close(); }

OutputFile::OutputFile(OutputFile&& other) noexcept { *this = std::move(other); }

OutputFile& OutputFile::operator=(OutputFile&& other) noexcept
{
  if (this != &other) {
    close();
    m_handle = std::exchange(other.m_handle, kInvalid);
    m_path = std::move(other.m_path);
    std::copy(std::begin(other.m_inFlight), std::end(other.m_inFlight), std::begin(m_inFlight));
    m_next = other.m_next;
  }
  return *this;
}

void OutputFile::close()
{
  if (m_handle != kInvalid)
    ::close(static_cast<int>(m_handle));
  m_handle = kInvalid;
}

bool OutputFile::writeAt(const void* data, std::size_t size, std::uint64_t offset, std::string& error)
{
  const auto* in = static_cast<const char*>(data);
  std::size_t done = 0;
  while (done < size) {
    const ssize_t n = ::pwrite(static_cast<int>(m_handle), in + done, size - done,
                               static_cast<off_t>(offset + done));
    if (n < 0) {
      if (errno == EINTR)
        continue;
      error = pathError(m_path, errno);
      return false;
    }
    if (n == 0) {
      error = pathError(m_path, ENOSPC);
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

std::optional<FileId> fileId(const std::filesystem::path& path)
{
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    return std::nullopt;
  return FileId{static_cast<std::uint64_t>(st.st_dev), static_cast<std::uint64_t>(st.st_ino)};
}

}  // namespace hashscope::platform
