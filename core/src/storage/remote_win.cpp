// Windows: a share's server resolved to an address (getaddrinfo), the interface Windows would send its
// traffic through (GetBestInterfaceEx) and that interface's name and receive speed (GetIfEntry2).
// Compiled with mingw-w64 in this workplace (installer/cross/check-windows-platform.sh); not run on Windows.
#include <winsock2.h>
#include <ws2tcpip.h>
#include <iphlpapi.h>
#include <netioapi.h>
#include <windows.h>

#include <cstring>
#include <string>

#include "storage/remote_model.hpp"

namespace hashscope::storage {

namespace {

std::string narrow(const wchar_t* text)
{
  const int n = WideCharToMultiByte(CP_UTF8, 0, text, -1, nullptr, 0, nullptr, nullptr);
  if (n <= 1)
    return {};
  std::string out(static_cast<std::size_t>(n - 1), '\0');
  WideCharToMultiByte(CP_UTF8, 0, text, -1, out.data(), n, nullptr, nullptr);
  return out;
}

// Winsock must be started before getaddrinfo; once per process is enough (the count is never released:
// the process ends first).
bool startWinsock()
{
  static const bool started = [] {
    WSADATA data{};
    return WSAStartup(MAKEWORD(2, 2), &data) == 0;
  }();
  return started;
}

}  // namespace

void resolveLink(RemoteInfo& remote)
{
  if (remote.host.empty() || !startWinsock())
    return;
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (getaddrinfo(remote.host.c_str(), nullptr, &hints, &found) != 0 || !found)
    return;
  sockaddr* address = found->ai_addr;
  char text[INET6_ADDRSTRLEN] = {};
  if (address->sa_family == AF_INET) {
    const in_addr a = reinterpret_cast<sockaddr_in*>(address)->sin_addr;
    inet_ntop(AF_INET, &a, text, sizeof text);
    remote.loopback = a.S_un.S_un_b.s_b1 == 127;
  } else if (address->sa_family == AF_INET6) {
    const in6_addr a = reinterpret_cast<sockaddr_in6*>(address)->sin6_addr;
    inet_ntop(AF_INET6, &a, text, sizeof text);
    static const in6_addr loopback = IN6ADDR_LOOPBACK_INIT;
    remote.loopback = std::memcmp(&a, &loopback, sizeof a) == 0;
  }
  remote.address = text;
  DWORD index = 0;
  if (GetBestInterfaceEx(address, &index) == NO_ERROR) {
    MIB_IF_ROW2 row{};
    row.InterfaceIndex = index;
    if (GetIfEntry2(&row) == NO_ERROR) {
      remote.interfaceName = narrow(row.Alias);
      // Traffic to one of this machine's own addresses goes through the loopback pseudo-interface.
      remote.loopback = remote.loopback || row.Type == IF_TYPE_SOFTWARE_LOOPBACK;
      if (!remote.loopback && row.ReceiveLinkSpeed > 0 && row.ReceiveLinkSpeed != ~0ULL)
        remote.linkMbps = static_cast<double>(row.ReceiveLinkSpeed) / 1e6;
    }
  }
  freeaddrinfo(found);
}

}  // namespace hashscope::storage
