// Linux system CPU counters: /proc/stat.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

#include "counters/linux_sources.hpp"
#include "counters/proc_parsers.hpp"

namespace hashscope {

namespace counters {

bool readSmallFile(const char* path, std::string& buffer, bool singleRead)
{
  int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  if (buffer.capacity() < 4096)
    buffer.reserve(4096);
  buffer.resize(buffer.capacity());
  std::size_t used = 0;
  bool ok = true;
  for (;;) {
    if (used == buffer.size())
      buffer.resize(buffer.size() * 2);  // only the first samples on a big machine grow it
    ssize_t n = ::read(fd, buffer.data() + used, buffer.size() - used);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      ok = false;
      break;
    }
    if (n == 0)
      break;
    used += static_cast<std::size_t>(n);
    if (singleRead)
      break;
  }
  ::close(fd);
  buffer.resize(used);
  return ok;
}

ProcStatCpuSource::ProcStatCpuSource(std::filesystem::path statFile)
    : m_path(statFile.string()), m_ticksPerSecond(static_cast<double>(::sysconf(_SC_CLK_TCK)))
{
  if (m_ticksPerSecond <= 0)
    m_ticksPerSecond = 100;  // USER_HZ is 100 on every Linux ABI
  m_buffer.reserve(16384);
}

bool ProcStatCpuSource::read(CpuSnapshot& out)
{
  return readSmallFile(m_path.c_str(), m_buffer) && parseProcStat(m_buffer, m_ticksPerSecond, out);
}

}  // namespace counters

std::unique_ptr<CpuCounterSource> makeCpuCounterSource()
{
  return std::make_unique<counters::ProcStatCpuSource>();
}

}  // namespace hashscope
