// Network and FUSE locations as data (storage/remote_model.hpp): the server a mount names, the interface a
// route table sends its traffic through, the link speed, the label. Recorded route tables in
// tests/data/storage/ (this VM's, and a desktop's written for the test).
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>

#include "catch.hpp"
#include "storage/mountinfo.hpp"
#include "storage/remote_model.hpp"
#include "storage/storage_model.hpp"

using namespace hashscope;
using namespace hashscope::storage;

namespace {

std::string readData(const std::string& name)
{
  std::ifstream in(std::string(HASHSCOPE_TEST_DATA_DIR) + "/storage/" + name, std::ios::binary);
  REQUIRE(in);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// "192.168.1.5" as /proc/net/route prints addresses: the bytes in memory order read as one number.
std::uint32_t memoryOrder(std::uint8_t a, std::uint8_t b, std::uint8_t c, std::uint8_t d)
{
  const std::uint8_t bytes[4] = {a, b, c, d};
  std::uint32_t value = 0;
  std::memcpy(&value, bytes, 4);
  return value;
}

// A route table line as the kernel prints it, from dotted addresses.
std::string routeLine(const std::string& iface, std::uint32_t dest, std::uint32_t mask, unsigned flags, int metric)
{
  char line[160];
  std::snprintf(line, sizeof line, "%s\t%08X\t00000000\t%04X\t0\t0\t%d\t%08X\t0\t0\t0\n", iface.c_str(), dest, flags,
                metric, mask);
  return line;
}

}  // namespace

TEST_CASE("mountHost finds the server each kind of network mount names", "[storage][remote]")
{
  // NFS and CIFS: the kernel's own addr= option first, it is what the client connected to.
  CHECK(mountHost("nfs4", "nas.local:/export", "rw,vers=4.2,addr=192.168.1.5,clientaddr=192.168.1.20") ==
        "192.168.1.5");
  CHECK(mountHost("nfs4", "nas.local:/export/media", "rw,vers=4.2") == "nas.local");
  CHECK(mountHost("nfs", "[fd00::5]:/export", "rw") == "fd00::5");
  CHECK(mountHost("cifs", "//fileserver/share", "rw,vers=3.1.1,addr=10.0.0.9") == "10.0.0.9");
  CHECK(mountHost("cifs", "//fileserver/share", "rw") == "fileserver");
  CHECK(mountHost("smb", "\\\\fileserver\\share", "") == "fileserver");
  CHECK(mountHost("smbfs", "//user@fileserver/share", "") == "fileserver");  // macOS
  // FUSE programs that reach a server.
  CHECK(mountHost("fuse.sshfs", "root@127.0.0.1:/srv/share", "rw") == "127.0.0.1");
  CHECK(mountHost("fuse.sshfs", "user@host:/home/user", "rw") == "host");
  CHECK(mountHost("fuse.sshfs", "host:", "rw") == "host");
  CHECK(mountHost("fuse.sshfs", "me@[::1]:/srv", "rw") == "::1");
  CHECK(mountHost("glusterfs", "gluster1:/volume", "rw") == "gluster1");
  CHECK(mountHost("webdav", "https://user@dav.example.org:8443/files/", "") == "dav.example.org");
  // Sources that name no host.
  CHECK(mountHost("9p", "hostshare", "rw,trans=virtio").empty());
  CHECK(mountHost("virtiofs", "myfs", "rw").empty());
  CHECK(mountHost("fuse.rclone", "gdrive:", "rw").empty());
  CHECK(mountHost("fuse.s3fs", "s3fs", "rw").empty());
  CHECK(mountHost("fuse.gocryptfs", "/home/u/cipher", "rw").empty());
}

TEST_CASE("remoteOfFilesystem names the transport and whether FUSE serves it", "[storage][remote]")
{
  CHECK(remoteOfFilesystem("nfs4").transport == "nfs4");
  CHECK_FALSE(remoteOfFilesystem("nfs4").fuse);
  CHECK(remoteOfFilesystem("fuse.sshfs").transport == "sshfs");
  CHECK(remoteOfFilesystem("fuse.sshfs").fuse);
  CHECK(remoteOfFilesystem("fuse").transport == "fuse");
  CHECK(remoteOfFilesystem("macfuse").fuse);
  CHECK(kindOfFilesystem("fuse.rclone") == MediaKind::Network);
  CHECK(kindOfFilesystem("virtiofs") == MediaKind::Network);
  CHECK(kindOfFilesystem("fuse.hashscope-ratefs") == MediaKind::Fuse);
}

TEST_CASE("the route table says which interface carries a server's traffic", "[storage][remote]")
{
  SECTION("this VM: a default route and its /24, both on eth0")
  {
    const auto routes = parseRoutes4(readData("proc_net_route_this_vm.txt"));
    REQUIRE(routes.size() == 2);
    CHECK(interfaceFor(routes, memoryOrder(192, 0, 2, 40)) == "eth0");
    CHECK(interfaceFor(routes, memoryOrder(8, 8, 8, 8)) == "eth0");  // the default route
  }
  SECTION("a desktop: the longest prefix wins, a down route never does")
  {
    std::string table = "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n";
    table += routeLine("wlan0", 0, 0, 0x3, 600);                                                          // default
    table += routeLine("wlan0", memoryOrder(192, 168, 1, 0), memoryOrder(255, 255, 255, 0), 0x1, 600);
    table += routeLine("eth0", memoryOrder(192, 168, 1, 0), memoryOrder(255, 255, 255, 0), 0x1, 100);     // wired: lower metric
    table += routeLine("tun0", memoryOrder(10, 8, 0, 0), memoryOrder(255, 255, 0, 0), 0x1, 50);
    table += routeLine("docker0", memoryOrder(10, 8, 3, 0), memoryOrder(255, 255, 255, 0), 0x0, 0);      // down
    const auto routes = parseRoutes4(table);
    CHECK(routes.size() == 4);
    CHECK(interfaceFor(routes, memoryOrder(192, 168, 1, 5)) == "eth0");
    CHECK(interfaceFor(routes, memoryOrder(10, 8, 3, 7)) == "tun0");
    CHECK(interfaceFor(routes, memoryOrder(1, 1, 1, 1)) == "wlan0");
    CHECK(interfaceFor(parseRoutes4("garbage\n\n"), memoryOrder(1, 1, 1, 1)).empty());
  }
  SECTION("IPv6 on this VM: the prefix routes, never the reject route on lo")
  {
    const auto routes = parseRoutes6(readData("proc_net_ipv6_route_this_vm.txt"));
    std::array<std::uint8_t, 16> ula{0xfd, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x09};
    CHECK(interfaceFor(routes, ula) == "eth0");
    std::array<std::uint8_t, 16> loopback{};
    loopback[15] = 1;
    CHECK(interfaceFor(routes, loopback) == "lo");
    std::array<std::uint8_t, 16> global{0x20, 0x01, 0x0d, 0xb8};
    CHECK(interfaceFor(routes, global) == "eth0");  // the default route via fd00::1
    for (const Route6& r : routes)
      CHECK_FALSE((r.prefixLength == 0 && r.interfaceName == "lo"));  // "unreachable" reject route left out
  }
}

TEST_CASE("parseLinkSpeed reads sysfs's speed and knows when the driver does not", "[storage][remote]")
{
  CHECK(parseLinkSpeed("1000\n") == 1000);
  CHECK(parseLinkSpeed("25000\n") == 25000);
  CHECK(parseLinkSpeed("-1\n") == 0);  // virtio-net and most virtual links
  CHECK(parseLinkSpeed("") == 0);      // lo: EINVAL, nothing read
  CHECK(parseLinkSpeed("fast") == 0);
}

TEST_CASE("a network location's label names the server and the link", "[storage][remote]")
{
  StorageInfo nas;
  nas.kind = MediaKind::Network;
  nas.filesystem = "nfs4";
  nas.source = "nas.local:/export";
  nas.mountPoint = "/mnt/nas";
  nas.remote = remoteOfFilesystem("nfs4");
  nas.remote.interfaceName = "eth0";
  nas.remote.linkMbps = 1000;
  CHECK(storageLabel(nas) == "network: nfs4 from nas.local:/export over eth0 (1 Gb/s) mounted at /mnt/nas");
  nas.remote.linkMbps = 2500;
  CHECK(remoteSummary(nas) == "network: nfs4 from nas.local:/export over eth0 (2.5 Gb/s)");
  nas.remote.linkMbps = 100;
  CHECK(remoteSummary(nas) == "network: nfs4 from nas.local:/export over eth0 (100 Mb/s)");
  nas.remote.linkMbps = 0;
  CHECK(remoteSummary(nas) == "network: nfs4 from nas.local:/export over eth0");
  nas.remote.interfaceName.clear();
  CHECK(remoteSummary(nas) == "network: nfs4 from nas.local:/export");

  StorageInfo ssh;
  ssh.kind = MediaKind::Network;
  ssh.filesystem = "fuse.sshfs";
  ssh.source = "root@127.0.0.1:/srv/share";
  ssh.remote = remoteOfFilesystem("fuse.sshfs");
  ssh.remote.interfaceName = "lo";
  ssh.remote.loopback = true;
  CHECK(remoteSummary(ssh) == "network: sshfs (FUSE) from root@127.0.0.1:/srv/share over lo (this machine)");

  StorageInfo local;
  local.kind = MediaKind::Ssd;
  CHECK(remoteSummary(local).empty());
}

TEST_CASE("this VM's sshfs mount is a network location on the loopback server", "[storage][remote]")
{
  const auto mounts = parseMountInfo(readData("mountinfo_sshfs_this_vm.txt"));
  const MountEntry* m = findMount(mounts, "/mnt/sshfs/data.bin");
  REQUIRE(m);
  StorageInfo info;
  describeLinuxMount(info, *m, {0, 38}, SysfsLookup{});
  CHECK(info.kind == MediaKind::Network);
  CHECK(info.remote.transport == "sshfs");
  CHECK(info.remote.fuse);
  CHECK(info.remote.host == "127.0.0.1");
  CHECK(info.device.name.empty());
  CHECK(info.label == "network: sshfs (FUSE) from root@127.0.0.1:/srv/share mounted at /mnt/sshfs");
  // And it is offered as a location, next to the root volume and the RAM disk.
  std::vector<std::string> points;
  for (const auto* c : candidateMounts(mounts))
    points.push_back(c->mountPoint);
  CHECK(points == std::vector<std::string>{"/", "/dev/shm", "/mnt/sshfs"});
}
