// mountinfo parsing and mount lookup on recorded files (tests/data/storage/).
#include <fstream>
#include <iterator>

#include "catch.hpp"
#include "storage/mountinfo.hpp"

using namespace hashscope;
using namespace hashscope::storage;

namespace {

std::string readData(const std::string& name)
{
  std::ifstream in(std::string(HASHSCOPE_TEST_DATA_DIR) + "/storage/" + name, std::ios::binary);
  REQUIRE(in);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

const MountEntry* byPoint(const std::vector<MountEntry>& mounts, const std::string& mp)
{
  const MountEntry* found = nullptr;
  for (const auto& m : mounts) {
    if (m.mountPoint == mp)
      found = &m;
  }
  return found;
}

}  // namespace

TEST_CASE("unescapeMountField undoes the kernel's octal escapes", "[storage][mountinfo]")
{
  CHECK(unescapeMountField("/media/user/My\\040Disk") == "/media/user/My Disk");
  CHECK(unescapeMountField("a\\011b\\012c\\134d") == "a\tb\nc\\d");
  CHECK(unescapeMountField("plain") == "plain");
  CHECK(unescapeMountField("trailing\\04") == "trailing\\04");  // too short to be an escape
  CHECK(unescapeMountField("bad\\089") == "bad\\089");          // 8 and 9 are not octal
  CHECK(unescapeMountField("") == "");
}

TEST_CASE("parseMountInfo reads a desktop's mount table", "[storage][mountinfo]")
{
  auto mounts = parseMountInfo(readData("mountinfo_desktop.txt"));
  REQUIRE(mounts.size() == 21);

  const auto* root = byPoint(mounts, "/");
  REQUIRE(root);
  CHECK(root->id == 27);
  CHECK(root->parentId == 1);
  CHECK(root->major == 259);
  CHECK(root->minor == 2);
  CHECK(root->root == "/");
  CHECK(root->fsType == "ext4");
  CHECK(root->source == "/dev/nvme0n1p2");
  CHECK(root->superOptions == "rw,errors=remount-ro");
  CHECK_FALSE(root->readOnly);

  SECTION("optional fields (shared:N master:N) before the separator")
  {
    const auto* media = byPoint(mounts, "/media/user/My Disk");
    REQUIRE(media);
    CHECK(media->fsType == "exfat");
    CHECK(media->source == "/dev/sdc1");
    CHECK(media->major == 8);
    CHECK(media->minor == 33);
  }
  SECTION("escapes in mount points")
  {
    CHECK(byPoint(mounts, "/mnt/tab\tand\\back"));
  }
  SECTION("btrfs subvolumes keep their root and share one anonymous device")
  {
    const auto* home = byPoint(mounts, "/home");
    const auto* data = byPoint(mounts, "/srv/data");
    REQUIRE(home);
    REQUIRE(data);
    CHECK(home->root == "/@home");
    CHECK(home->fsType == "btrfs");
    CHECK(home->major == 0);
    CHECK(home->minor == data->minor);
    CHECK(home->source == "/dev/sda1");
  }
  SECTION("bind mounts show the folder they expose")
  {
    const auto* www = byPoint(mounts, "/srv/www");
    REQUIRE(www);
    CHECK(www->root == "/var/www");
    CHECK(www->major == 259);
  }
  SECTION("read-only per mount or per superblock")
  {
    CHECK(byPoint(mounts, "/snap/core22/1380")->readOnly);
    CHECK(byPoint(mounts, "/mnt/old")->readOnly);  // "ro" only in the per-mount options
    CHECK_FALSE(byPoint(mounts, "/home")->readOnly);
  }
  SECTION("overlay options")
  {
    const auto* overlay = byPoint(mounts, "/var/lib/docker/overlay2/abc/merged");
    REQUIRE(overlay);
    CHECK(mountOption(overlay->superOptions, "upperdir") == "/var/lib/docker/overlay2/abc/diff");
    CHECK(mountOption(overlay->superOptions, "lowerdir") ==
          "/var/lib/docker/overlay2/l/X:/var/lib/docker/overlay2/l/Y");
    CHECK_FALSE(mountOption(overlay->superOptions, "upper").has_value());
  }
}

TEST_CASE("parseMountInfo skips malformed lines without giving up", "[storage][mountinfo]")
{
  auto mounts = parseMountInfo(readData("mountinfo_container.txt"));
  REQUIRE(mounts.size() == 4);
  CHECK(mounts[0].fsType == "overlay");
  CHECK(mounts[3].mountPoint == "/data");
  CHECK(mounts[3].root == "/srv/host");
  CHECK(parseMountInfo("").empty());
  CHECK(parseMountInfo("\n\n").empty());
  // CRLF and a missing final newline
  auto crlf = parseMountInfo("27 1 254:0 / / rw - ext4 /dev/vda rw\r\n28 27 0:5 / /x rw - tmpfs tmpfs rw");
  REQUIRE(crlf.size() == 2);
  CHECK(crlf[0].superOptions == "rw");
  CHECK(crlf[1].fsType == "tmpfs");
}

TEST_CASE("parseMountInfo reads this workplace's table", "[storage][mountinfo]")
{
  auto mounts = parseMountInfo(readData("mountinfo_this_vm.txt"));
  const auto* root = findMount(mounts, "/tmp/hashscope-sample.bin");
  REQUIRE(root);
  CHECK(root->source == "/dev/vda");
  CHECK(root->fsType == "ext4");
  // /dev/shm is mounted twice (stacked): the later one is what paths under it reach.
  const auto* shm = findMount(mounts, "/dev/shm/x");
  REQUIRE(shm);
  CHECK(shm->fsType == "tmpfs");
  CHECK(shm->id == 30);
}

TEST_CASE("findMount picks the longest mount point, the top of a stack, and matches st_dev", "[storage][mountinfo]")
{
  auto mounts = parseMountInfo(readData("mountinfo_desktop.txt"));
  CHECK(findMount(mounts, "/home/user/file")->mountPoint == "/home");
  CHECK(findMount(mounts, "/homework")->mountPoint == "/");  // a prefix of the name is not a parent
  CHECK(findMount(mounts, "/")->mountPoint == "/");
  CHECK(findMount(mounts, "/media/user/My Disk/film.mkv")->fsType == "exfat");
  CHECK(findMount(mounts, "/tmp/x")->id == 40);  // stacked on /tmp: the later mount hides the first
  // When st_dev says which one, it wins even over the stacking order.
  CHECK(findMount(mounts, "/tmp/x", std::pair{0u, 43u})->id == 39);
  CHECK(findMount(mounts, "relative/path") == nullptr);
  CHECK(findMount({}, "/x") == nullptr);
}

TEST_CASE("filesystem types name RAM, network and FUSE locations", "[storage][mountinfo]")
{
  CHECK(kindOfFilesystem("tmpfs") == MediaKind::Ram);
  CHECK(kindOfFilesystem("ramfs") == MediaKind::Ram);
  CHECK(kindOfFilesystem("nfs") == MediaKind::Network);
  CHECK(kindOfFilesystem("nfs4") == MediaKind::Network);
  CHECK(kindOfFilesystem("cifs") == MediaKind::Network);
  CHECK(kindOfFilesystem("smb3") == MediaKind::Network);
  CHECK(kindOfFilesystem("9p") == MediaKind::Network);
  CHECK(kindOfFilesystem("fuse.sshfs") == MediaKind::Network);
  CHECK(kindOfFilesystem("fuse.gocryptfs") == MediaKind::Fuse);
  CHECK(kindOfFilesystem("fuse") == MediaKind::Fuse);
  CHECK(kindOfFilesystem("fuseblk") == MediaKind::Unknown);  // ntfs-3g: a real disk decides
  CHECK(kindOfFilesystem("ext4") == MediaKind::Unknown);
  CHECK(kindOfFilesystem("btrfs") == MediaKind::Unknown);
  CHECK(isPseudoFilesystem("proc"));
  CHECK(isPseudoFilesystem("cgroup2"));
  CHECK(isPseudoFilesystem("squashfs"));
  CHECK_FALSE(isPseudoFilesystem("tmpfs"));
  CHECK_FALSE(isPseudoFilesystem("ext4"));
}

TEST_CASE("candidateMounts keeps the local, writable volumes and the network and FUSE mounts a user would test",
          "[storage][mountinfo]")
{
  auto mounts = parseMountInfo(readData("mountinfo_desktop.txt"));
  std::vector<std::string> points;
  for (const auto* m : candidateMounts(mounts))
    points.push_back(m->mountPoint);
  // Left out: proc/sys/devtmpfs/cgroup, /run, the snap squashfs, /boot/efi, the bind mount of /var/www,
  // docker's overlay, the hidden first /tmp, the read-only /mnt/old. Kept: nfs, sshfs and the FUSE cipher
  // folder, each a location of its own (issue 23).
  CHECK(points == std::vector<std::string>{"/dev/shm", "/", "/home", "/srv/data", "/media/user/My Disk", "/mnt/nas",
                                           "/mnt/remote", "/tmp", "/mnt/tab\tand\\back", "/mnt/ntfs"});
  for (const auto* m : candidateMounts(mounts)) {
    if (m->mountPoint == "/tmp")
      CHECK(m->id == 40);
  }

  auto vm = parseMountInfo(readData("mountinfo_this_vm.txt"));
  points.clear();
  for (const auto* m : candidateMounts(vm))
    points.push_back(m->mountPoint);
  CHECK(points == std::vector<std::string>{"/", "/dev/shm"});
}
