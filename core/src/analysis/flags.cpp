// The flags a result carries (busy machine, wide spread, limit estimate unreliable or above it within its
// reference's spread, served from cache).
#include <algorithm>
#include <utility>

#include "analysis/totals.hpp"
#include "analysis/thresholds.hpp"
#include "hashscope/analysis.hpp"

namespace hashscope {

namespace {

constexpr std::pair<FlagCode, std::string_view> kFlags[] = {
    {FlagCode::MachineBusy, "machine-busy"},           {FlagCode::WideSpread, "wide-spread"},
    {FlagCode::LimitUnreliable, "limit-unreliable"},   {FlagCode::ServedFromCache, "served-from-cache"},
    {FlagCode::WithinReferenceSpread, "within-reference-spread"}};
constexpr std::pair<FetchBasis, std::string_view> kBases[] = {
    {FetchBasis::ProcessIo, "process-io"}, {FetchBasis::MountCounters, "mount-counters"},
    {FetchBasis::PageCache, "page-cache"}, {FetchBasis::DirectIo, "direct-io"},
    {FetchBasis::Interface, "interface"}};
constexpr std::pair<LimitReason, std::string_view> kLimitReasons[] = {
    {LimitReason::Unexplained, "unexplained"},         {LimitReason::PartlyFromCache, "partly-from-cache"},
    {LimitReason::ReferenceVaried, "reference-varied"}, {LimitReason::NoDeviceFigure, "no-device-figure"},
    {LimitReason::HashReferenceVaried, "hash-reference-varied"}};

}  // namespace

std::string_view toString(FlagCode code) { return wordOf(kFlags, code); }
std::string_view toString(FetchBasis basis) { return wordOf(kBases, basis); }
std::string_view toString(LimitReason reason) { return wordOf(kLimitReasons, reason, "unexplained"); }
std::optional<FlagCode> parseFlagCode(std::string_view text) { return valueOf(kFlags, text); }
std::optional<LimitReason> parseLimitReason(std::string_view text) { return valueOf(kLimitReasons, text); }

bool Analysis::has(FlagCode code) const
{
  return std::any_of(flags.begin(), flags.end(), [code](const Flag& f) { return f.code == code; });
}

double RunResult::minMBps() const
{
  return passes.empty() ? mbPerSec() : std::ranges::min(passes, {}, &PassResult::mbPerSec).mbPerSec();
}

double RunResult::maxMBps() const
{
  return passes.empty() ? mbPerSec() : std::ranges::max(passes, {}, &PassResult::mbPerSec).mbPerSec();
}

std::optional<std::uint64_t> fetchedBytes(const RunResult& run)
{
  return run.ownReadBytes ? run.ownReadBytes : analysis::deviceReadBytesOf(run.samples);
}

namespace analysis {

namespace {

// Why a result exceeded its limit by more than noise, from what the run recorded.
Flag unreliable(const RunResult& run, const Analysis& a)
{
  Flag f{FlagCode::LimitUnreliable};
  const auto fetched = fetchedBytes(run);
  const bool fromStorage = isFileWorkload(run.workload) && !a.memoryBacked;
  const CeilingAt* setter = a.limit.setter();
  const bool hashSets = setter && setter->ceiling.kind == CeilingKind::Hash;
  const double own = ownCpuMBps(run);
  if (fromStorage && fetched && static_cast<double>(*fetched) < 0.97 * static_cast<double>(run.bytes)) {
    f.reason = LimitReason::PartlyFromCache;
    f.value1 = static_cast<double>(*fetched);
    f.value2 = static_cast<double>(run.bytes);
  } else if (hashSets && setter->ceiling.scales() && run.workload != Workload::PeerTool &&
             own > setter->ceiling.mbps) {
    // The run's own threads measured the hash faster than its reference did: the reference was low.
    f.reason = LimitReason::HashReferenceVaried;
    f.value1 = setter->ceiling.mbps;
    f.value2 = own;
  } else if (setter && setter->ceiling.kind == CeilingKind::Read && setter->ceiling.minMBps > 0 &&
             (setter->ceiling.maxMBps - setter->ceiling.minMBps) / setter->ceiling.minMBps > kWideSpreadFraction) {
    f.reason = LimitReason::ReferenceVaried;
    f.value1 = setter->ceiling.minMBps;
    f.value2 = setter->ceiling.maxMBps;
  } else if (fromStorage && !fetched) {
    f.reason = LimitReason::NoDeviceFigure;
  }
  return f;
}

}  // namespace

std::vector<Flag> flagsOf(const RunResult& run, const Analysis& a, const RunTotals& t)
{
  std::vector<Flag> flags;
  if (a.servedFromCache)
    flags.push_back({FlagCode::ServedFromCache, static_cast<double>(fetchedBytes(run).value_or(0)),
                     static_cast<double>(run.bytes)});
  // Busy: other processes took CPU our threads wanted. A hashing thread shows it directly (inside its hash
  // calls longer than it was on the CPU); for the others, only a saturated machine says it.
  if (a.otherCores >= kBusyOtherCores) {
    const bool starved = hashesOnOwnThreads(run.workload) && t.busyPct >= 0 && t.workerPct >= 0 &&
                         t.busyPct - t.workerPct >= kStarvedPct;
    const bool saturated = t.systemCpuPct >= kCpuSaturatedBusyPct;
    if (starved || saturated)
      flags.push_back({FlagCode::MachineBusy, a.otherCores, static_cast<double>(coresOf(run))});
  }
  if (run.passes.size() >= 2) {
    const double median = run.mbPerSec();
    if (median > 0 && (run.maxMBps() - run.minMBps()) / median > kWideSpreadFraction)
      flags.push_back({FlagCode::WideSpread, run.minMBps(), run.maxMBps()});
  }
  if (a.efficiency > kMaxPlausibleEfficiency) {
    // Above the limit by less than the spread of the ceiling that set it: the median of the reference is the
    // limit, and its own passes reached this far.
    const CeilingAt* setter = a.limit.setter();
    const double scale = setter && setter->ceiling.mbps > 0 ? setter->mbps / setter->ceiling.mbps : 0;
    if (setter && setter->ceiling.passes >= 2 && run.mbPerSec() <= setter->ceiling.maxMBps * scale)
      flags.push_back({FlagCode::WithinReferenceSpread, setter->ceiling.minMBps * scale, setter->ceiling.maxMBps * scale});
    else
      flags.push_back(unreliable(run, a));
  }
  return flags;
}

}  // namespace analysis

}  // namespace hashscope
