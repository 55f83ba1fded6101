#include "storage/remote_model.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>

#include "storage/mountinfo.hpp"

namespace hashscope::storage {

namespace {

// "[v6]:rest" -> "v6"; "host:rest" -> "host"; "host" -> "host".
std::string_view hostBeforeColon(std::string_view text)
{
  if (text.starts_with('[')) {
    const auto close = text.find(']');
    return close == std::string_view::npos ? std::string_view() : text.substr(1, close - 1);
  }
  const auto end = text.find_first_of(":,");
  return end == std::string_view::npos ? std::string_view() : text.substr(0, end);
}

// "//[user@]server/share" or "\\server\share" -> "server".
std::string_view hostOfShare(std::string_view text)
{
  text.remove_prefix(2);
  const auto end = text.find_first_of("/\\");
  std::string_view host = text.substr(0, end);
  if (const auto at = host.rfind('@'); at != std::string_view::npos)
    host.remove_prefix(at + 1);
  return host;
}

// "http[s]://[user@]host[:port]/path" -> "host".
std::string_view hostOfUrl(std::string_view text)
{
  const auto scheme = text.find("://");
  if (scheme == std::string_view::npos)
    return {};
  text.remove_prefix(scheme + 3);
  text = text.substr(0, text.find('/'));
  if (const auto at = text.rfind('@'); at != std::string_view::npos)
    text.remove_prefix(at + 1);
  return text.starts_with('[') ? hostBeforeColon(text) : text.substr(0, text.find(':'));
}

constexpr unsigned kRouteUp = 0x0001;      // RTF_UP
constexpr unsigned kRouteReject = 0x0200;  // RTF_REJECT

std::string speedText(double mbps)
{
  char buffer[32];
  const bool giga = mbps >= 1000;
  std::snprintf(buffer, sizeof buffer, giga ? "%g Gb/s" : "%g Mb/s", giga ? mbps / 1000.0 : mbps);
  return buffer;
}

}  // namespace

std::string mountHost(std::string_view fsType, std::string_view source, std::string_view options)
{
  const bool nfs = fsType.starts_with("nfs");
  const bool smb = isOneOf(fsType, {"cifs", "smb3", "smbfs", "smb"});
  // The kernel's own record of the server it connected to.
  if (nfs || smb) {
    if (auto addr = mountOption(options, "addr"); addr && !addr->empty())
      return *addr;
  }
  std::string_view host;
  if (source.starts_with("//") || source.starts_with("\\\\")) {
    if (smb || fsType == "afpfs")
      host = hostOfShare(source);
  } else if (fsType == "webdav" || fsType == "davfs" || fsType == "fuse.davfs2" || fsType == "fuse.curlftpfs") {
    host = hostOfUrl(source);
  } else if (nfs || isOneOf(fsType, {"glusterfs", "fuse.glusterfs", "ceph", "fuse.cephfs"})) {
    host = hostBeforeColon(source);
  } else if (isOneOf(fsType, {"fuse.sshfs", "fuse.sftpfs"})) {
    std::string_view rest = source;
    // "user@host:path": the user may itself hold an '@' only before the last one ahead of the colon.
    const auto colon = rest.starts_with('[') ? rest.find("]:") : rest.find(':');
    if (const auto at = rest.substr(0, colon).rfind('@'); at != std::string_view::npos)
      rest.remove_prefix(at + 1);
    host = hostBeforeColon(rest);
    if (host.empty() && rest.find(':') == std::string_view::npos)
      host = rest;  // "sshfs host /mnt" gives a source without a path
  }
  return std::string(host);
}

RemoteInfo remoteOfFilesystem(std::string_view fsType)
{
  RemoteInfo remote;
  const bool linuxFuse = fsType == "fuse" || fsType.starts_with("fuse.");
  remote.fuse = linuxFuse || isOneOf(fsType, {"macfuse", "osxfuse", "fusefs"});
  const std::string_view program = fsType.size() > 5 ? fsType.substr(5) : "fuse";  // after "fuse."
  remote.transport = std::string(linuxFuse ? program : fsType);
  return remote;
}

std::vector<Route4> parseRoutes4(std::string_view text)
{
  // Iface Destination Gateway Flags RefCnt Use Metric Mask MTU Window IRTT, numbers in hex but the metric.
  std::vector<Route4> routes;
  forEachLine(text, [&](std::string_view line) {
    const auto f = splitFields(line);
    if (f.size() < 8 || f[0] == "Iface")
      return;
    Route4 r;
    unsigned flags = 0;
    if (!parseNumber(f[1], r.destination, 16) || !parseNumber(f[3], flags, 16) || !parseNumber(f[6], r.metric) ||
        !parseNumber(f[7], r.mask, 16) || !(flags & kRouteUp) || (flags & kRouteReject))
      return;
    r.interfaceName = std::string(f[0]);
    routes.push_back(std::move(r));
  });
  return routes;
}

std::vector<Route6> parseRoutes6(std::string_view text)
{
  // destination prefix source source-prefix next-hop metric refcount use flags interface
  std::vector<Route6> routes;
  forEachLine(text, [&](std::string_view line) {
    const auto f = splitFields(line);
    if (f.size() < 10 || f[0].size() != 32)
      return;
    Route6 r;
    unsigned flags = 0;
    if (!parseNumber(f[1], r.prefixLength, 16) || !parseNumber(f[5], r.metric, 16) || !parseNumber(f[8], flags, 16) ||
        r.prefixLength < 0 || r.prefixLength > 128 || !(flags & kRouteUp) || (flags & kRouteReject))
      return;
    for (std::size_t i = 0; i < 16; ++i) {
      if (!parseNumber(f[0].substr(i * 2, 2), r.destination[i], 16))
        return;
    }
    r.interfaceName = std::string(f[9]);
    routes.push_back(std::move(r));
  });
  return routes;
}

std::string interfaceFor(const std::vector<Route4>& routes, std::uint32_t address)
{
  const Route4* best = nullptr;
  for (const Route4& r : routes) {
    if ((address & r.mask) != (r.destination & r.mask))
      continue;
    const int length = std::popcount(r.mask);
    const int bestLength = best ? std::popcount(best->mask) : -1;
    if (length > bestLength || (length == bestLength && r.metric < best->metric))
      best = &r;
  }
  return best ? best->interfaceName : std::string();
}

std::string interfaceFor(const std::vector<Route6>& routes, const std::array<std::uint8_t, 16>& address)
{
  auto matches = [&](const Route6& r) {
    for (int bit = 0; bit < r.prefixLength; ++bit) {
      const int byte = bit / 8, shift = 7 - bit % 8;
      if (((address[static_cast<std::size_t>(byte)] >> shift) & 1) !=
          ((r.destination[static_cast<std::size_t>(byte)] >> shift) & 1))
        return false;
    }
    return true;
  };
  const Route6* best = nullptr;
  for (const Route6& r : routes) {
    if (!matches(r))
      continue;
    if (!best || r.prefixLength > best->prefixLength ||
        (r.prefixLength == best->prefixLength && r.metric < best->metric))
      best = &r;
  }
  return best ? best->interfaceName : std::string();
}

double parseLinkSpeed(std::string_view text)
{
  text = text.substr(0, text.find_last_not_of("\n ") + 1);
  long long mbps = 0;
  return parseNumber(text, mbps) && mbps > 0 ? static_cast<double>(mbps) : 0;
}

std::string remoteLabel(const StorageInfo& info)
{
  const RemoteInfo& r = info.remote;
  const std::string from = info.source.empty() ? std::string() : " from " + info.source;
  if (info.kind == MediaKind::Fuse)
    return "FUSE: " + (r.transport.empty() ? std::string("fuse") : r.transport) + from;
  std::string text = "network: " + (r.transport.empty() ? info.filesystem : r.transport) + (r.fuse ? " (FUSE)" : "") + from;
  if (!r.interfaceName.empty()) {
    text += " over " + r.interfaceName;
    if (r.loopback)
      text += " (this machine)";
    else if (r.linkMbps > 0)
      text += " (" + speedText(r.linkMbps) + ")";
  }
  return text;
}

}  // namespace hashscope::storage

namespace hashscope {

std::string remoteSummary(const StorageInfo& info)
{
  return isRemote(info) ? storage::remoteLabel(info) : std::string();
}

}  // namespace hashscope
