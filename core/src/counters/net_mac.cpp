// macOS network interface counters: the interface's 64-bit if_data64 from sysctl NET_RT_IFLIST2 (getifaddrs'
// if_data holds 32-bit byte counts that wrap every 4 GB).
// Not run in HashScope's Linux workplace: written from Apple's headers and documentation.
#include <net/if.h>
#include <net/route.h>
#include <sys/socket.h>
#include <sys/sysctl.h>

#include <vector>

#include "hashscope/counters.hpp"

namespace hashscope {

namespace {

class MacNetSource final : public NetCounterSource {
public:
  explicit MacNetSource(unsigned index) : m_index(index) {}

  bool read(NetSnapshot& out) override
  {
    int mib[6] = {CTL_NET, PF_ROUTE, 0, 0, NET_RT_IFLIST2, 0};
    std::size_t length = 0;
    if (sysctl(mib, 6, nullptr, &length, nullptr, 0) != 0 || length == 0)
      return false;
    m_buffer.resize(length);
    if (sysctl(mib, 6, m_buffer.data(), &length, nullptr, 0) != 0)
      return false;
    for (std::size_t at = 0; at + sizeof(if_msghdr) <= length;) {
      const auto* header = reinterpret_cast<const if_msghdr*>(m_buffer.data() + at);
      if (header->ifm_msglen == 0)
        break;
      if (header->ifm_type == RTM_IFINFO2) {
        const auto* info = reinterpret_cast<const if_msghdr2*>(header);
        if (info->ifm_index == m_index) {
          out.rxBytes = info->ifm_data.ifi_ibytes;
          out.txBytes = info->ifm_data.ifi_obytes;
          out.rxPackets = info->ifm_data.ifi_ipackets;
          out.txPackets = info->ifm_data.ifi_opackets;
          return true;
        }
      }
      at += header->ifm_msglen;
    }
    return false;
  }

private:
  unsigned m_index;
  std::vector<char> m_buffer;
};

}  // namespace

std::unique_ptr<NetCounterSource> makeNetCounterSource(const StorageInfo& storage)
{
  if (storage.remote.interfaceName.empty())
    return nullptr;
  const unsigned index = if_nametoindex(storage.remote.interfaceName.c_str());
  return index ? std::make_unique<MacNetSource>(index) : nullptr;
}

}  // namespace hashscope
