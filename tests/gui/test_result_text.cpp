// result_text's reason clauses: every verdict reason code rendered in its own words, through tr().
#include <QCoreApplication>
#include <QSet>

#include "catch.hpp"
#include "words.hpp"
#include "logic/result_text.hpp"

using namespace hashscope;
using namespace hashscope::gui;

namespace {

RunResult analysed(Workload workload, Verdict verdict, VerdictReason reason, int streams = 1)
{
  RunResult r;
  r.workload = workload;
  r.algorithm = workload == Workload::Read || workload == Workload::Memory ? "" : "md5";
  r.streams = streams;
  r.bytes = 500'000'000;
  r.seconds = 1;
  Analysis a;
  a.verdict = verdict;
  a.reason = reason;
  a.workerBusyPct = 50;
  a.cpuBusyPct = 50;
  r.analysis = a;
  return r;
}

struct Case {
  Verdict verdict;
  VerdictReason reason;
  Workload workload;
  const char* text;
};

const Case kCases[] = {
    {Verdict::Unknown, VerdictReason::RunFailed, Workload::HashFile, "the run failed (Permission denied)"},
    {Verdict::Unknown, VerdictReason::RunCancelled, Workload::HashFile, "the run was cancelled"},
    {Verdict::Unknown, VerdictReason::TooShort, Workload::HashFile, "the run was too short to measure"},
    {Verdict::Unknown, VerdictReason::NoCounters, Workload::HashFile, "no thread CPU times or device counters were recorded"},
    {Verdict::CpuBound, VerdictReason::WorkerSaturated, Workload::HashFile,
     "the thread was busy nearly all the time and hardly waited for data"},
    {Verdict::CpuBound, VerdictReason::AtHashLimit, Workload::HashFile, "the run reached its limit, and the hash speed sets it"},
    {Verdict::CpuBound, VerdictReason::HashSlowerThanRam, Workload::HashFile,
     "the data is in RAM, where reading it is clearly faster than hashing it"},
    {Verdict::CpuBound, VerdictReason::CpuContended, Workload::HashFile,
     "every core was busy and other processes held a good part of them"},
    {Verdict::IoBound, VerdictReason::DeviceSaturated, Workload::HashFile, "the thread waited for data while the device was busy"},
    {Verdict::IoBound, VerdictReason::ReaderBlocked, Workload::HashFile, "the reader sat blocked in reads, off the CPU"},
    {Verdict::IoBound, VerdictReason::WaitedForData, Workload::HashFile, "the thread waited for data from storage"},
    {Verdict::IoBound, VerdictReason::AtReadLimit, Workload::HashFile, "the run reached the location's read ceiling"},
    {Verdict::MemoryBound, VerdictReason::MemoryBacked, Workload::Read, "the data is in RAM (a RAM-backed location, no device)"},
    {Verdict::MemoryBound, VerdictReason::ServedFromCache, Workload::Read, "the data came from the page cache, not the device"},
    {Verdict::MemoryBound, VerdictReason::WaitedForRam, Workload::HashFile, "the thread waited for data copied out of RAM"},
    {Verdict::MemoryBound, VerdictReason::RamSlowerThanHash, Workload::HashFile,
     "the data is in RAM, where hashing it is clearly faster than reading it"},
    {Verdict::MemoryBound, VerdictReason::BelowHashSpeed, Workload::HashFile,
     "hashing data in RAM ran well below the hash speed without waiting for data"},
    {Verdict::MemoryBound, VerdictReason::NearMemorySpeed, Workload::HashMemory, "hashing ran at the speed of a memory copy"},
    {Verdict::MemoryBound, VerdictReason::MemoryCopy, Workload::Memory, "a copy in RAM measures memory"},
    {Verdict::Mixed, VerdictReason::ReaderOnCpu, Workload::HashFile,
     "the thread waited for data, but the reader was on the CPU, not blocked on the device"},
    {Verdict::Mixed, VerdictReason::DeviceIdle, Workload::HashFile, "the thread waited for data, but the device was mostly idle"},
    {Verdict::Mixed, VerdictReason::NoDominantResource, Workload::HashFile, "no single resource explains the speed"},
};

}  // namespace

TEST_CASE("the GUI renders every verdict reason code in its own words, the words the CLI prints", "[gui][result-text]")
{
  QSet<QString> seen;
  for (const Case& c : kCases) {
    INFO(toString(c.reason));
    RunResult r = analysed(c.workload, c.verdict, c.reason);
    r.error = c.reason == VerdictReason::RunFailed ? "Permission denied" : "";
    const QString why = reasonText(r);
    CHECK(why == QString::fromUtf8(c.text));
    seen.insert(why);
    // The evidence opens with the verdict's name and the reason, then the numbers (when something was measured).
    const QString evidence = evidenceText(r);
    QString opening = verdictName(c.verdict) + QStringLiteral(": ") + why;
    opening[0] = opening[0].toUpper();
    CHECK(evidence.startsWith(opening));
    const bool measured = c.reason != VerdictReason::RunFailed && c.reason != VerdictReason::RunCancelled &&
                          c.reason != VerdictReason::TooShort;
    CHECK(evidence.contains(QStringLiteral("500 MB/s")) == measured);
  }
  CHECK(seen.size() == qsizetype(std::size(kCases)));

  SECTION("plural threads, reads, and the verdict a code came with")
  {
    CHECK(reasonText(analysed(Workload::HashFile, Verdict::IoBound, VerdictReason::WaitedForData, 4)) ==
          QStringLiteral("the threads waited for data from storage"));
    CHECK(reasonText(analysed(Workload::Read, Verdict::IoBound, VerdictReason::DeviceSaturated)) ==
          QStringLiteral("the device was busy"));
    const RunResult atCopy = analysed(Workload::HashFile, Verdict::MemoryBound, VerdictReason::AtReadLimit);
    CHECK(reasonText(atCopy) == QStringLiteral("the run reached the speed of reading its data out of RAM"));
    CHECK(evidenceText(atCopy).startsWith(QStringLiteral("Memory-bound: the run reached")));
  }
  SECTION("every clause is the one the CLI prints (app/words), not a copy of its own")
  {
    for (const Case& c : kCases) {
      INFO(toString(c.reason));
      const RunResult r = analysed(c.workload, c.verdict, c.reason);
      CHECK(reasonText(r) == QString::fromStdString(words::reasonText(r)));
      CHECK(evidenceText(r) == QString::fromStdString(words::evidence(r)));
    }
  }
  SECTION("nothing for a result that was not analysed")
  {
    CHECK(reasonText(RunResult{}).isEmpty());
    CHECK(evidenceText(RunResult{}).isEmpty());
  }
}
