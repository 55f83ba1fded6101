// /proc/stat and diskstats parsers on recorded files (tests/data/counters/), odd ones included.
#include <fstream>
#include <iterator>

#include "catch.hpp"
#include "counters/proc_parsers.hpp"

using namespace hashscope;
using namespace hashscope::counters;

namespace {

std::string readData(const std::string& name)
{
  std::ifstream in(std::string(HASHSCOPE_TEST_DATA_DIR) + "/counters/" + name, std::ios::binary);
  REQUIRE(in);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace

TEST_CASE("parseProcStat reads this workplace's /proc/stat", "[counters][parsers]")
{
  CpuSnapshot s;
  REQUIRE(parseProcStat(readData("proc_stat_this_vm.txt"), 100, s));
  REQUIRE(s.cores.size() == 2);
  CHECK(s.all.total() > 0);
  // The total line is the sum of the per-core lines, give or take the ticks that passed while the
  // kernel printed them.
  CHECK(s.all.user == Approx(s.cores[0].user + s.cores[1].user).margin(0.1));
  CHECK(s.all.idle == Approx(s.cores[0].idle + s.cores[1].idle).margin(0.1));
}

TEST_CASE("parseProcStat converts ticks and keeps every field", "[counters][parsers]")
{
  CpuSnapshot s;
  REQUIRE(parseProcStat("cpu  100 200 300 400 500 600 700 800 900 1000\ncpu0 100 200 300 400 500 600 700 800 0 0\n",
                        100, s));
  CHECK(s.all.user == Approx(1.0));
  CHECK(s.all.nice == Approx(2.0));
  CHECK(s.all.system == Approx(3.0));
  CHECK(s.all.idle == Approx(4.0));
  CHECK(s.all.iowait == Approx(5.0));
  CHECK(s.all.irq == Approx(6.0));
  CHECK(s.all.softirq == Approx(7.0));
  CHECK(s.all.steal == Approx(8.0));
  // guest and guest_nice are already inside user and nice: not counted twice.
  CHECK(s.all.total() == Approx(36.0));
  CHECK(s.all.busy() == Approx(1 + 2 + 3 + 6 + 7 + 8.0));
  REQUIRE(parseProcStat("cpu  250 0 0 250\n", 250, s));
  CHECK(s.all.user == Approx(1.0));
  CHECK(s.cores.empty());
}

TEST_CASE("parseProcStat: old kernels' 4 fields, extra fields, offline CPUs", "[counters][parsers]")
{
  CpuSnapshot s;
  REQUIRE(parseProcStat(readData("proc_stat_old_4fields.txt"), 100, s));
  CHECK(s.all.user == Approx(10.0));
  CHECK(s.all.iowait == 0);
  CHECK(s.cores.size() == 2);

  REQUIRE(parseProcStat(readData("proc_stat_offline_cpu_extra_fields.txt"), 100, s));
  REQUIRE(s.cores.size() == 4);         // indexed by CPU number: cpu1 is offline
  CHECK(s.cores[1].total() == 0);       // ... and stays zero
  CHECK(s.cores[2].user == Approx(10.0));
  CHECK(s.cores[3].iowait == Approx(200.0));
  // Reuses storage: a second parse of a smaller machine shrinks the vector.
  REQUIRE(parseProcStat(readData("proc_stat_old_4fields.txt"), 100, s));
  CHECK(s.cores.size() == 2);
}

TEST_CASE("parseProcStat rejects text without a total line", "[counters][parsers]")
{
  CpuSnapshot s;
  CHECK_FALSE(parseProcStat(readData("proc_stat_no_total.txt"), 100, s));
  CHECK_FALSE(parseProcStat("", 100, s));
  CHECK_FALSE(parseProcStat("cpu  1 2\n", 100, s));  // too few fields
  CHECK_FALSE(parseProcStat("cpu  1 2 3 4\n", 0, s));
}

TEST_CASE("parseDiskStatFields: 11, 15 and 17 fields, the old 4-field format, garbage", "[counters][parsers]")
{
  DiskStatFields f;
  REQUIRE(parseDiskStatFields("1 2 3 4 5 6 7 8 9 10 11", f));
  CHECK(f.reads == 1);
  CHECK(f.readsMerged == 2);
  CHECK(f.sectorsRead == 3);
  CHECK(f.msReading == 4);
  CHECK(f.writes == 5);
  CHECK(f.writesMerged == 6);
  CHECK(f.sectorsWritten == 7);
  CHECK(f.msWriting == 8);
  CHECK(f.inFlight == 9);
  CHECK(f.ioTicksMs == 10);
  CHECK(f.weightedMs == 11);
  CHECK(f.hasTiming);

  REQUIRE(parseDiskStatFields(readData("sys_block_vda_stat.txt"), f));  // 17 fields (5.5+: flushes)
  CHECK(f.sectorsRead > 0);
  REQUIRE(parseDiskStatFields("  10 0 80 5 0 0 0 0 0 4 5 7 0 56 0\n", f));  // 15 fields (4.18+: discards)
  CHECK(f.sectorsRead == 80);
  CHECK(f.ioTicksMs == 4);

  REQUIRE(parseDiskStatFields("35486 38030 38030 38030", f));
  CHECK(f.reads == 35486);
  CHECK(f.sectorsRead == 38030);
  CHECK(f.writes == 38030);
  CHECK(f.sectorsWritten == 38030);
  CHECK_FALSE(f.hasTiming);

  CHECK_FALSE(parseDiskStatFields("", f));
  CHECK_FALSE(parseDiskStatFields("1 2 3 4 5 6 7 8 9 10", f));  // 10: neither format
  CHECK_FALSE(parseDiskStatFields("1 2 3 4 5 6 7 8 9 10 x", f));
  CHECK_FALSE(parseDiskStatFields("-1 2 3 4 5 6 7 8 9 10 11", f));
}

TEST_CASE("findInDiskStats", "[counters][parsers]")
{
  DiskStatFields f;
  const std::string discard = readData("diskstats_4.18_discard.txt");
  REQUIRE(findInDiskStats(discard, "dm-0", f));
  CHECK(f.inFlight == 2);
  REQUIRE(findInDiskStats(discard, "nvme0n1", f));  // 11 fields on the same file
  REQUIRE(findInDiskStats(discard, "sda2", f));
  CHECK(f.sectorsRead == 9547518);
  CHECK_FALSE(findInDiskStats(discard, "sdz", f));
  CHECK_FALSE(findInDiskStats(discard, "sd", f));  // whole names only

  const std::string old = readData("diskstats_2.6_partitions.txt");
  REQUIRE(findInDiskStats(old, "hda1", f));
  CHECK_FALSE(f.hasTiming);
  CHECK_FALSE(findInDiskStats(old, "hda3", f));  // non-numeric
  CHECK_FALSE(findInDiskStats(old, "hda4", f));  // 6 fields

  CHECK(findInDiskStats(readData("diskstats_this_vm.txt"), "vda", f));
}

TEST_CASE("accumulate converts sectors to bytes and sums devices", "[counters][parsers]")
{
  DiskStatFields a, b;
  REQUIRE(parseDiskStatFields("10 0 2048 0 5 0 1024 0 1 1500 0", a));
  REQUIRE(parseDiskStatFields("20 0 4096 0 0 0 0 0 2 500 0", b));
  DiskSnapshot s;
  accumulate(a, s);
  accumulate(b, s);
  CHECK(s.readBytes == (2048 + 4096) * 512ull);
  CHECK(s.writeBytes == 1024 * 512ull);
  CHECK(s.readOps == 30);
  CHECK(s.writeOps == 5);
  CHECK(s.busySeconds == Approx(2.0));
  CHECK(s.inFlight == Approx(3.0));
}

TEST_CASE("parseProcIoField takes read_bytes, not rchar or another *_bytes field", "[counters][parsers]")
{
  std::uint64_t bytes = 0;
  REQUIRE(parseProcIoField(readData("proc_self_io_this_vm.txt"), "read_bytes", bytes));
  CHECK(bytes == 1619234816u);
  CHECK(parseProcIoField("cancelled_read_bytes: 5\nread_bytes: 7\n", "read_bytes", bytes));
  CHECK(bytes == 7);
  CHECK_FALSE(parseProcIoField("rchar: 10\nwchar: 3\n", "read_bytes", bytes));
  CHECK_FALSE(parseProcIoField("read_bytes: lots\n", "read_bytes", bytes));
  REQUIRE(parseProcIoField("rchar: 10\nwchar: 3\n", "rchar", bytes));
  CHECK(bytes == 10);
}

TEST_CASE("parseNetDev reads one interface of this workplace's /proc/net/dev", "[counters][parsers][network]")
{
  const std::string text = readData("proc_net_dev_this_vm.txt");
  NetSnapshot lo, eth0;
  REQUIRE(parseNetDev(text, "lo", lo));
  CHECK(lo.rxBytes == 823000528);
  CHECK(lo.rxPackets == 44449);
  CHECK(lo.txBytes == 823000528);
  REQUIRE(parseNetDev(text, "eth0", eth0));
  CHECK(eth0.rxBytes == 336298783);
  CHECK(eth0.txBytes == 329737);
  CHECK(eth0.txPackets == 4462);
  NetSnapshot none;
  CHECK_FALSE(parseNetDev(text, "eth", none));   // a prefix of a name is not the name
  CHECK_FALSE(parseNetDev(text, "wlan0", none));
  CHECK_FALSE(parseNetDev("  eth0: 1 2 3\n", "eth0", none));  // too few fields
  // Old kernels print no space after the colon when the counter is wide.
  REQUIRE(parseNetDev("  eth0:123456789012 5 0 0 0 0 0 0 77 6 0 0 0 0 0 0\n", "eth0", none));
  CHECK(none.rxBytes == 123456789012ull);
  CHECK(none.txBytes == 77);
}

TEST_CASE("parseNfsMountStats finds one NFS mount's byte counters", "[counters][parsers][network]")
{
  // Written for the test in the format of the kernel's fs/nfs/super.c (nfs_show_stats): the bytes line
  // holds normal, direct and server read and write bytes, then pages.
  const std::string text = readData("mountstats_nfs.txt");
  NfsBytes nas;
  REQUIRE(parseNfsMountStats(text, "/mnt/nas", nas));
  CHECK(nas.normalRead == 1073741824);
  CHECK(nas.directRead == 268435456);
  CHECK(nas.serverRead == 1342177280);
  NfsBytes share;
  REQUIRE(parseNfsMountStats(text, "/mnt/space share", share));  // "\040" in the file
  CHECK(share.serverRead == 9);
  NfsBytes none;
  CHECK_FALSE(parseNfsMountStats(text, "/", none));            // ext4: no NFS counters
  CHECK_FALSE(parseNfsMountStats(text, "/mnt/space disk", none));
  CHECK_FALSE(parseNfsMountStats(text, "/mnt/elsewhere", none));
}
