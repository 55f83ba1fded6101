// Linux: a network location's server resolved to an address, the interface of the longest matching route
// (/proc/net/route, /proc/net/ipv6_route) and its link speed (/sys/class/net/IF/speed).
#include <netinet/in.h>

#include <cstring>

#include "storage/remote_model.hpp"
#include "storage/remote_posix.hpp"
#include "storage/sysfs_device.hpp"

namespace hashscope::storage {

void resolveLink(RemoteInfo& remote)
{
  const std::optional<ResolvedHost> host = resolveRemoteHost(remote, "lo");
  if (!host)
    return;  // unresolved, or this machine (over loopback)
  if (host->address.ss_family == AF_INET) {
    const auto* a = reinterpret_cast<const sockaddr_in*>(&host->address);
    remote.interfaceName = interfaceFor(parseRoutes4(readWholeFile("/proc/net/route")), a->sin_addr.s_addr);
  } else if (host->address.ss_family == AF_INET6) {
    std::array<std::uint8_t, 16> bytes{};
    std::memcpy(bytes.data(), &reinterpret_cast<const sockaddr_in6*>(&host->address)->sin6_addr, bytes.size());
    remote.interfaceName = interfaceFor(parseRoutes6(readWholeFile("/proc/net/ipv6_route")), bytes);
  }
  if (!remote.interfaceName.empty() && remote.interfaceName.find('/') == std::string::npos)
    remote.linkMbps = parseLinkSpeed(readWholeFile("/sys/class/net/" + remote.interfaceName + "/speed"));
}

}  // namespace hashscope::storage
