// Linux network interface counters: the interface's line of /proc/net/dev (one read gives both directions).
#include "counters/linux_sources.hpp"
#include "counters/proc_parsers.hpp"

namespace hashscope {

namespace {

class ProcNetDevSource final : public NetCounterSource {
public:
  explicit ProcNetDevSource(std::string name) : m_interface(std::move(name)) {}
  bool read(NetSnapshot& out) override
  {
    return counters::readSmallFile("/proc/net/dev", m_buffer) &&
           counters::parseNetDev(m_buffer, m_interface, out);
  }

private:
  std::string m_interface;
  std::string m_buffer;
};

}  // namespace

std::unique_ptr<NetCounterSource> makeNetCounterSource(const StorageInfo& storage)
{
  if (storage.remote.interfaceName.empty())
    return nullptr;
  return std::make_unique<ProcNetDevSource>(storage.remote.interfaceName);
}

}  // namespace hashscope
