// The verdict sentence both front ends show (app/words/words.cpp), a pure function of a result: every reason code
// has its own clause, and the numbers read as they did when core wrote the sentence.
#include "catch.hpp"

#include <set>

#include "words.hpp"
#include "hashscope/analysis.hpp"
#include "hashscope/figures.hpp"

using namespace hashscope;
using hashscope::words::evidence;

namespace {

RunResult analysed(Workload workload, const std::string& algorithm, Verdict verdict, VerdictReason reason,
                   int streams = 1)
{
  RunResult r;
  r.workload = workload;
  r.algorithm = algorithm;
  r.streams = streams;
  r.bytes = 660'000'000;
  r.seconds = 1;
  r.storage.device.name = "vda";
  Analysis a;
  a.verdict = verdict;
  a.reason = reason;
  a.workerBusyPct = 40;
  a.waitPct = 55;
  a.cores = 2;
  r.analysis = a;
  return r;
}

struct Case {
  Verdict verdict;
  VerdictReason reason;
  Workload workload;
  const char* lead;  // how the sentence starts: the verdict's name and the reason's clause
};

const Case kCases[] = {
    {Verdict::Unknown, VerdictReason::RunFailed, Workload::HashFile, "No verdict: the run failed (Permission denied)."},
    {Verdict::Unknown, VerdictReason::RunCancelled, Workload::HashFile, "No verdict: the run was cancelled."},
    {Verdict::Unknown, VerdictReason::TooShort, Workload::HashFile, "No verdict: the run was too short to measure."},
    {Verdict::Unknown, VerdictReason::NoCounters, Workload::HashFile,
     "No verdict: no thread CPU times or device counters were recorded. "},
    {Verdict::CpuBound, VerdictReason::WorkerSaturated, Workload::HashFile,
     "CPU-bound: the thread was busy nearly all the time and hardly waited for data. "},
    {Verdict::CpuBound, VerdictReason::AtHashLimit, Workload::HashFile,
     "CPU-bound: the run reached its limit, and the hash speed sets it. "},
    {Verdict::CpuBound, VerdictReason::HashSlowerThanRam, Workload::HashFile,
     "CPU-bound: the data is in RAM, where reading it is clearly faster than hashing it. "},
    {Verdict::CpuBound, VerdictReason::CpuContended, Workload::HashFile,
     "CPU-bound: every core was busy and other processes held a good part of them. "},
    {Verdict::IoBound, VerdictReason::DeviceSaturated, Workload::HashFile,
     "I/O-bound: the thread waited for data while the device was busy. "},
    {Verdict::IoBound, VerdictReason::ReaderBlocked, Workload::HashFile,
     "I/O-bound: the reader sat blocked in reads, off the CPU. "},
    {Verdict::IoBound, VerdictReason::WaitedForData, Workload::HashFile,
     "I/O-bound: the thread waited for data from storage. "},
    {Verdict::IoBound, VerdictReason::AtReadLimit, Workload::HashFile,
     "I/O-bound: the run reached the location's read ceiling. "},
    {Verdict::IoBound, VerdictReason::QueueDepthLimited, Workload::Read,
     "I/O-bound: the queue depth, not the device, limited it: 1 read in flight. "},
    {Verdict::MemoryBound, VerdictReason::MemoryBacked, Workload::Read,
     "Memory-bound: the data is in RAM (a RAM-backed location, no device). "},
    {Verdict::MemoryBound, VerdictReason::ServedFromCache, Workload::Read,
     "Memory-bound: the data came from the page cache, not the device. "},
    {Verdict::MemoryBound, VerdictReason::WaitedForRam, Workload::HashFile,
     "Memory-bound: the thread waited for data copied out of RAM. "},
    {Verdict::MemoryBound, VerdictReason::RamSlowerThanHash, Workload::HashFile,
     "Memory-bound: the data is in RAM, where hashing it is clearly faster than reading it. "},
    {Verdict::MemoryBound, VerdictReason::BelowHashSpeed, Workload::HashFile,
     "Memory-bound: hashing data in RAM ran well below the hash speed without waiting for data. "},
    {Verdict::MemoryBound, VerdictReason::NearMemorySpeed, Workload::HashMemory,
     "Memory-bound: hashing ran at the speed of a memory copy. "},
    {Verdict::MemoryBound, VerdictReason::MemoryCopy, Workload::Memory, "Memory-bound: a copy in RAM measures memory. "},
    {Verdict::Mixed, VerdictReason::ReaderOnCpu, Workload::HashFile,
     "Mixed: the thread waited for data, but the reader was on the CPU, not blocked on the device. "},
    {Verdict::Mixed, VerdictReason::DeviceIdle, Workload::HashFile,
     "Mixed: the thread waited for data, but the device was mostly idle. "},
    {Verdict::Mixed, VerdictReason::NoDominantResource, Workload::HashFile,
     "Mixed: no single resource explains the speed. "},
};

}  // namespace

TEST_CASE("the CLI renders every verdict reason code in its own words", "[cli][evidence]")
{
  std::set<std::string_view> codes;
  for (const Case& c : kCases) {
    INFO(toString(c.reason));
    codes.insert(toString(c.reason));
    CHECK(verdictReasonFromString(toString(c.reason)) == c.reason);
    RunResult r = analysed(c.workload, c.workload == Workload::Read ? "" : "md5", c.verdict, c.reason);
    r.error = c.reason == VerdictReason::RunFailed ? "Permission denied" : "";
    const std::string text = evidence(r);
    CHECK(text.rfind(c.lead, 0) == 0);
    CHECK(text.back() == '.');
  }
  CHECK(codes.size() == std::size(kCases));  // every code once, each spelled differently

  SECTION("the same code reads with the verdict and the stream count it came with")
  {
    const RunResult ram =
        analysed(Workload::HashFile, "crc32", Verdict::MemoryBound, VerdictReason::AtReadLimit, 4);
    CHECK(evidence(ram).rfind("Memory-bound: the run reached the speed of reading its data out of RAM. ", 0) == 0);
    const RunResult four = analysed(Workload::HashFile, "md5", Verdict::IoBound, VerdictReason::DeviceSaturated, 4);
    CHECK(evidence(four).rfind("I/O-bound: the threads waited for data while the device was busy. ", 0) == 0);
    const RunResult read = analysed(Workload::Read, "", Verdict::IoBound, VerdictReason::DeviceSaturated);
    CHECK(evidence(read).rfind("I/O-bound: the device was busy. ", 0) == 0);
  }
  SECTION("nothing to say about a result that was not analysed")
  {
    RunResult plain;
    CHECK(evidence(plain).empty());
  }
}

TEST_CASE("the CLI's sentence states the analysis's numbers", "[cli][evidence]")
{
  RunResult r = analysed(Workload::HashFile, "md5", Verdict::CpuBound, VerdictReason::WorkerSaturated);
  Analysis& a = *r.analysis;
  a.workerBusyPct = 99;
  a.hashCallPct = 99;
  a.waitPct = 1;
  a.diskValid = true;
  a.diskBusyPct = 21;
  a.deviceReadBytes = 660'000'000;
  a.cpuBusyPct = 60;
  Ceiling read;
  read.kind = CeilingKind::Read;
  read.source = CeilingSource::ReadPass;
  read.mbps = 2900;
  Ceiling md5;
  md5.algorithm = "md5";
  md5.basis = CeilingBasis::PerCpuSecond;
  md5.mbps = 680;
  a.limit.read = CeilingAt{read, 2900};
  a.limit.hash = CeilingAt{md5, 680};
  a.efficiency = 660.0 / 680.0;
  CHECK(evidence(r) ==
        "CPU-bound: the thread was busy nearly all the time and hardly waited for data. The md5 thread was busy 99% "
        "of the time and waited for data 1% while the disk (vda) was busy 21% and delivered 660 MB, with the whole "
        "CPU 60% busy; reading alone runs at 2900 MB/s, md5 alone at 680 MB/s per core, so 680 MB/s is the "
        "limit and this run reached 97% of it (660 MB/s).");

  SECTION("a hashing thread kept off the CPU, more streams than cores, other processes")
  {
    r.streams = 4;
    a.workerBusyPct = 60;
    a.hashCallPct = 98;
    a.cpuBusyPct = 100;
    a.otherCores = 1.4;
    const std::string text = evidence(r);
    CHECK(text.find("The 4 md5 threads were busy 98% of the time (on the CPU 60%)") != std::string::npos);
    CHECK(text.find("(4 streams on 2 cores)") != std::string::npos);
    CHECK(text.find("with the whole CPU 100% busy (1.4 of its 2 cores taken by other processes)") != std::string::npos);
  }
  SECTION("a flagged limit is never a plain percentage")
  {
    a.efficiency = 1.2;
    a.flags.push_back({FlagCode::LimitUnreliable});
    CHECK(evidence(r).find("680 MB/s was the limit estimate, but this run reached 660 MB/s: the estimate is "
                                   "unreliable") != std::string::npos);
  }
  SECTION("no references: the speed alone; no device counters; RAM")
  {
    a.limit = {};
    a.efficiency = 0;
    a.diskValid = false;
    std::string text = evidence(r);
    CHECK(text.find("; it ran at 660 MB/s.") != std::string::npos);
    CHECK(text.find("while no disk counters were available") != std::string::npos);
    a.memoryBacked = true;
    r.storage.filesystem = "tmpfs";
    CHECK(evidence(r).find("while the data came from RAM (tmpfs, no disk device)") != std::string::npos);
  }
}

TEST_CASE("the CLI's sentence says where a ceiling was measured and what was not measured", "[cli][evidence]")
{
  // A read with 3 reads in flight, judged against what the device gave 3 streams with 9 in flight.
  RunResult read = analysed(Workload::Read, "", Verdict::IoBound, VerdictReason::QueueDepthLimited);
  read.bytes = 1'388'000'000;
  read.readMethods = ReadMethod::Pipelined;
  read.queueDepth = 3;
  Ceiling delivered;
  delivered.kind = CeilingKind::Read;
  delivered.source = CeilingSource::Delivered;
  delivered.mbps = 2067;
  delivered.streams = 3;
  delivered.queueDepth = 3;
  read.analysis->limit.read = CeilingAt{delivered, 2067};
  read.analysis->efficiency = 1388.0 / 2067;
  CHECK(evidence(read).rfind("I/O-bound: the queue depth, not the device, limited it: 3 reads in flight, "
                                     "where the device gives 2067 MB/s with 9. ",
                                     0) == 0);
  // Hashing from RAM with 16 streams through mapped pages, where the run measured no such read.
  RunResult ram = analysed(Workload::HashFile, "sha256", Verdict::CpuBound, VerdictReason::WorkerSaturated, 16);
  ram.analysis->memoryBacked = true;
  ram.analysis->cores = 16;
  ram.readMethods = ReadMethod::Mapped;
  Ceiling sha;
  sha.algorithm = "sha256";
  sha.basis = CeilingBasis::PerCpuSecond;
  sha.mbps = 1166;
  ram.analysis->limit.hash = CeilingAt{sha, 16 * 1166};
  ram.analysis->limit.readMissing = true;
  ram.analysis->efficiency = 660.0 / (16 * 1166);
  CHECK(evidence(ram).find("; sha256 alone at 1166 MB/s per core, no read ceiling was measured with 16 streams "
                                   "of mapped pages, so 18656 MB/s is the limit and this run reached 4% of it") !=
        std::string::npos);
}

TEST_CASE("the CLI's sentence for reads and peer tools", "[cli][evidence]")
{
  RunResult read = analysed(Workload::Read, "", Verdict::IoBound, VerdictReason::DeviceSaturated);
  read.analysis->readerCpuPct = 12;
  read.analysis->diskValid = true;
  read.analysis->diskBusyPct = 90;
  CHECK(evidence(read).find("The reader thread was on the CPU 12% of the time while the disk (vda) was busy 90%") !=
        std::string::npos);

  RunResult peer = analysed(Workload::PeerTool, "md5", Verdict::CpuBound, VerdictReason::WorkerSaturated);
  peer.tool = "md5sum /tmp/x";
  peer.analysis->workerBusyPct = 98;
  peer.digestMatches = true;
  const std::string text = evidence(peer);
  CHECK(text.rfind("CPU-bound: the tool was on the CPU nearly all the time. md5sum used the CPU 98% of the time", 0) == 0);
  CHECK(text.find("; its digest matches HashScope's.") != std::string::npos);
  peer.digestMatches = false;
  CHECK(evidence(peer).find("its digest DIFFERS from HashScope's") != std::string::npos);
}

TEST_CASE("the sentence names where the limit comes from and never says more than 100% of it", "[cli][evidence]")
{
  // The review's crc32 tile: its limit is what the disk delivered during the sha256 step, not a read alone.
  RunResult crc = analysed(Workload::HashFile, "crc32", Verdict::IoBound, VerdictReason::AtReadLimit);
  crc.bytes = 1074'000'000;
  Ceiling delivered;
  delivered.kind = CeilingKind::Read;
  delivered.source = CeilingSource::Delivered;
  delivered.mbps = 1193;
  delivered.step = "sha256 hash-file";
  crc.analysis->limit.read = CeilingAt{delivered, 1193};
  crc.analysis->efficiency = 1074.0 / 1193;
  const std::string text = evidence(crc);
  INFO(text);
  CHECK(text.find("the disk delivered 1193 MB/s during the sha256 hash-file step, so 1193 MB/s is the limit") !=
        std::string::npos);
  CHECK(text.find("reading alone") == std::string::npos);
  CHECK(text.rfind("I/O-bound: ", 0) == 0);
  CHECK(text.find("I/O-bound", 1) == std::string::npos);  // the verdict's name once
  const Figures f = figuresOf(crc);
  CHECK(f.limitSource == LimitSource::Delivered);
  CHECK(words::limitText(f) == "limit 1193 MB/s (what the disk delivered during the sha256 hash-file step)");
  CHECK(words::shareText(f) == "90% of the limit");

  // 102% of a limit is within its noise: "at the limit", never a share above 100%.
  crc.analysis->efficiency = 1.02;
  CHECK(evidence(crc).find("so 1193 MB/s is the limit and this run reached it (1074 MB/s)") != std::string::npos);
  CHECK(words::shareText(figuresOf(crc)) == "at the limit");
}
