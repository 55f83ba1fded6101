// Linux network interface counters: the interface's line of /proc/net/dev (one read gives both directions).
#include "counters/linux_sources.hpp"
#include "counters/proc_parsers.hpp"

namespace hashscope {

namespace counters {

ProcNetDevSource::ProcNetDevSource(std::string name, std::filesystem::path netDevFile)
    : m_interface(std::move(name)), m_path(netDevFile.string())
{
}

bool ProcNetDevSource::read(NetSnapshot& out)
{
  return readSmallFile(m_path.c_str(), m_buffer) && parseNetDev(m_buffer, m_interface, out);
}

}  // namespace counters

std::unique_ptr<NetCounterSource> makeNetCounterSource(const StorageInfo& storage)
{
  if (storage.remote.interfaceName.empty())
    return nullptr;
  return std::make_unique<counters::ProcNetDevSource>(storage.remote.interfaceName);
}

}  // namespace hashscope
