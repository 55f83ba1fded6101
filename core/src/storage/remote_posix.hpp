// POSIX (Linux, macOS): a network location's host resolved to one address, and whether that address is this
// machine (a loopback address or one of its own), where traffic goes over the loopback interface.
#pragma once

#include <sys/socket.h>

#include <optional>
#include <string>

#include "hashscope/storage.hpp"

namespace hashscope::storage {

struct ResolvedHost {
  sockaddr_storage address{};
  std::string text;          // the numeric address ("192.168.1.5", "fd00::5")
  bool local = false;        // loopback (127/8, ::1) or one of this machine's own addresses
  std::string loopbackName;  // this machine's loopback interface ("lo", "lo0")
};

// The part of resolveLink both POSIX systems share: remote.host resolved into remote.address and
// remote.loopback, and a server on this machine given the loopback interface (`loopbackName` where the OS
// named none). Returns the host when the interface that reaches it is still to be found; nullopt when the
// host did not resolve or is this machine (then there is nothing more to find).
std::optional<ResolvedHost> resolveRemoteHost(RemoteInfo& remote, const char* loopbackName);

}  // namespace hashscope::storage
