// Network and FUSE locations as data: a mount's server, the interface a route table sends its traffic
// through, that link's speed. Pure text, so tests feed recorded mount lines and route tables on any OS.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hashscope/storage.hpp"

namespace hashscope::storage {

// The server a network mount names: the "addr=" option of NFS and CIFS (the address the kernel
// connected to), else the host of its source: "server:/export", "[fe80::1]:/export", "//server/share",
// "\\server\share", "user@host:/path", "host:path" (sshfs), "//user@server/share" (macOS smbfs). Empty
// when the source names none: a 9p or virtiofs tag, an rclone remote ("gdrive:"), s3fs's bucket.
std::string mountHost(std::string_view fsType, std::string_view source, std::string_view options);

// What a network or FUSE filesystem type tells before any lookup: its transport ("nfs4", "sshfs" for
// fuse.sshfs, "fuse" for a bare fuse mount) and whether a FUSE daemon serves it.
RemoteInfo remoteOfFilesystem(std::string_view fsType);

// One IPv4 route of /proc/net/route. Addresses are the 32-bit values as the kernel prints them (the
// address's bytes in memory order), so `(address & mask) == destination` compares them on any machine.
struct Route4 {
  std::string interfaceName;
  std::uint32_t destination = 0, mask = 0;
  unsigned metric = 0;
};
// Up routes only; the header line and malformed lines are skipped.
std::vector<Route4> parseRoutes4(std::string_view procNetRoute);

// One IPv6 route of /proc/net/ipv6_route (bytes in network order).
struct Route6 {
  std::string interfaceName;
  std::array<std::uint8_t, 16> destination{};
  int prefixLength = 0;
  unsigned metric = 0;
};
// Up routes only, without reject routes (the kernel's "unreachable" entries on lo).
std::vector<Route6> parseRoutes6(std::string_view procNetIpv6Route);

// The interface of the longest matching prefix (lowest metric among equals); empty when none matches.
std::string interfaceFor(const std::vector<Route4>& routes, std::uint32_t address);
std::string interfaceFor(const std::vector<Route6>& routes, const std::array<std::uint8_t, 16>& address);

// /sys/class/net/IF/speed: the link speed in Mb/s; 0 when the driver does not know (-1, empty, EINVAL).
double parseLinkSpeed(std::string_view text);

// Fills address, interface, linkMbps and loopback of a network location whose host is known (a server that
// is this machine: loopback). May block while a name is looked up. One implementation per OS.
void resolveLink(RemoteInfo& remote);

// "network: nfs4 from nas.local:/export over eth0 (1 Gb/s)", "network: sshfs (FUSE) from u@h:/ over lo",
// "FUSE: gocryptfs from /home/u/c": the kind and the link in words, without the mount point.
std::string remoteLabel(const StorageInfo& info);

}  // namespace hashscope::storage
