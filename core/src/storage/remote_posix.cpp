#include "storage/remote_posix.hpp"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netdb.h>
#include <netinet/in.h>

#include <algorithm>
#include <cstring>

namespace hashscope::storage {

namespace {

bool sameAddress(const sockaddr* a, const sockaddr* b)
{
  if (a->sa_family != b->sa_family)
    return false;
  if (a->sa_family == AF_INET)
    return reinterpret_cast<const sockaddr_in*>(a)->sin_addr.s_addr ==
           reinterpret_cast<const sockaddr_in*>(b)->sin_addr.s_addr;
  if (a->sa_family == AF_INET6)
    return std::memcmp(&reinterpret_cast<const sockaddr_in6*>(a)->sin6_addr,
                       &reinterpret_cast<const sockaddr_in6*>(b)->sin6_addr, sizeof(in6_addr)) == 0;
  return false;
}

// The host's first address (a numeric host needs no lookup; a name may block while it is looked up).
std::optional<ResolvedHost> resolveHost(const std::string& host)
{
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (host.empty() || ::getaddrinfo(host.c_str(), nullptr, &hints, &found) != 0 || !found)
    return std::nullopt;
  ResolvedHost out;
  const sockaddr* address = found->ai_addr;
  std::memcpy(&out.address, address, std::min<std::size_t>(found->ai_addrlen, sizeof out.address));
  char text[INET6_ADDRSTRLEN] = {};
  if (address->sa_family == AF_INET) {
    const in_addr a = reinterpret_cast<const sockaddr_in*>(address)->sin_addr;
    ::inet_ntop(AF_INET, &a, text, sizeof text);
    out.local = (ntohl(a.s_addr) >> 24) == 127;
  } else if (address->sa_family == AF_INET6) {
    const in6_addr a = reinterpret_cast<const sockaddr_in6*>(address)->sin6_addr;
    ::inet_ntop(AF_INET6, &a, text, sizeof text);
    out.local = IN6_IS_ADDR_LOOPBACK(&a);
  }
  out.text = text;
  ifaddrs* list = nullptr;
  if (::getifaddrs(&list) == 0) {
    for (const ifaddrs* i = list; i; i = i->ifa_next) {
      if (!i->ifa_addr || !i->ifa_name)
        continue;
      if ((i->ifa_flags & IFF_LOOPBACK) && out.loopbackName.empty())
        out.loopbackName = i->ifa_name;
      out.local = out.local || sameAddress(i->ifa_addr, address);
    }
    ::freeifaddrs(list);
  }
  ::freeaddrinfo(found);
  return out;
}

}  // namespace

std::optional<ResolvedHost> resolveRemoteHost(RemoteInfo& remote, const char* loopbackName)
{
  std::optional<ResolvedHost> host = resolveHost(remote.host);
  if (!host)
    return std::nullopt;
  remote.address = host->text;
  remote.loopback = host->local;
  if (!remote.loopback)
    return host;
  remote.interfaceName = host->loopbackName.empty() ? loopbackName : host->loopbackName;
  return std::nullopt;
}

}  // namespace hashscope::storage
