// macOS: a network location's server resolved to an address (remote_posix.cpp), the interface a routing-socket lookup
// (RTM_GET, as `route get` does) sends its traffic through, and that interface's link speed (if_data's
// ifi_baudrate, which many drivers report; 0 when not). Written without a Mac in this workplace: unverified.
#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <net/if_dl.h>
#include <net/route.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstring>

#include "storage/remote_model.hpp"
#include "storage/remote_posix.hpp"

namespace hashscope::storage {

namespace {

// The interface index the kernel would send a packet to `address` through: one RTM_GET on a routing
// socket (no privileges needed). 0 when the lookup fails.
unsigned routeInterface(const sockaddr* address)
{
  const int s = ::socket(PF_ROUTE, SOCK_RAW, AF_UNSPEC);
  if (s < 0)
    return 0;
  struct {
    rt_msghdr header;
    char addresses[512];
  } message{};
  const std::size_t length = address->sa_len;
  message.header.rtm_msglen = static_cast<u_short>(sizeof(rt_msghdr) + length);
  message.header.rtm_version = RTM_VERSION;
  message.header.rtm_type = RTM_GET;
  message.header.rtm_addrs = RTA_DST;
  message.header.rtm_pid = ::getpid();
  message.header.rtm_seq = 1;
  std::memcpy(message.addresses, address, length);
  unsigned index = 0;
  if (::write(s, &message, message.header.rtm_msglen) >= 0) {
    // Replies to every listener's requests arrive here too: take ours.
    for (int tries = 0; tries < 16; ++tries) {
      const ssize_t n = ::read(s, &message, sizeof message);
      if (n < static_cast<ssize_t>(sizeof(rt_msghdr)))
        break;
      if (message.header.rtm_pid == ::getpid() && message.header.rtm_seq == 1) {
        index = message.header.rtm_index;
        break;
      }
    }
  }
  ::close(s);
  return index;
}

}  // namespace

void resolveLink(RemoteInfo& remote)
{
  const std::optional<ResolvedHost> host = resolveRemoteHost(remote, "lo0");
  if (!host)
    return;  // unresolved, or this machine (over loopback)
  const unsigned index = routeInterface(reinterpret_cast<const sockaddr*>(&host->address));
  char name[IF_NAMESIZE] = {};
  if (index == 0 || !::if_indextoname(index, name))
    return;
  remote.interfaceName = name;
  // The link's speed: the AF_LINK entry of that interface carries its if_data.
  ifaddrs* list = nullptr;
  if (::getifaddrs(&list) != 0)
    return;
  for (const ifaddrs* i = list; i; i = i->ifa_next) {
    if (i->ifa_addr && i->ifa_addr->sa_family == AF_LINK && remote.interfaceName == i->ifa_name && i->ifa_data)
      remote.linkMbps = static_cast<double>(static_cast<const if_data*>(i->ifa_data)->ifi_baudrate) / 1e6;
  }
  ::freeifaddrs(list);
}

}  // namespace hashscope::storage
