// figuresOf(): a result's figures, one per idea, from its own passes and its analysis.
#include "hashscope/figures.hpp"

#include <algorithm>
#include <utility>

#include "analysis/totals.hpp"
#include "hashscope/analysis.hpp"

namespace hashscope {

namespace {

constexpr std::pair<LimitSource, std::string_view> kSources[] = {
    {LimitSource::None, "none"},           {LimitSource::ReadAlone, "read-alone"},
    {LimitSource::ReadBeside, "read-beside"}, {LimitSource::Delivered, "delivered"},
    {LimitSource::DeliveredOwn, "delivered-own"},
    {LimitSource::HashCore, "hash-core"},  {LimitSource::HashThreads, "hash-threads"},
    {LimitSource::OwnCpuTime, "own-cpu-time"}};

LimitSource sourceOf(const RunResult& r, const CeilingAt& setter)
{
  const Ceiling& c = setter.ceiling;
  if (c.kind == CeilingKind::Hash) {
    if (r.workload == Workload::HashMemory)
      return LimitSource::OwnCpuTime;
    return c.threadsPerStream > 1 ? LimitSource::HashThreads : LimitSource::HashCore;
  }
  if (c.source == CeilingSource::Delivered)
    return c.step == stepLabel(r) ? LimitSource::DeliveredOwn : LimitSource::Delivered;
  return c.source == CeilingSource::PairedRead ? LimitSource::ReadBeside : LimitSource::ReadAlone;
}

}  // namespace

std::string_view toString(LimitSource source) { return wordOf(kSources, source, "none"); }
std::optional<LimitSource> parseLimitSource(std::string_view text) { return valueOf(kSources, text); }

std::string stepLabel(const RunResult& r)
{
  std::string label = r.algorithm.empty() ? std::string() : r.algorithm + " ";
  label += toString(r.workload);
  if (r.streams > 1)
    label += ", " + std::to_string(r.streams) + " streams";
  return label;
}

bool Figures::hasMark(FlagCode code) const
{
  return std::any_of(marks.begin(), marks.end(), [code](const Flag& f) { return f.code == code; });
}

Figures figuresOf(const RunResult& r)
{
  Figures f;
  f.failed = !r.ok();
  // Its own passes, every one of them: the median (the pass it keeps) and the slowest and fastest.
  f.mbps = r.mbPerSec();
  f.passes = std::max<int>(1, static_cast<int>(r.passes.size()));
  f.minMBps = r.passes.size() > 1 ? r.minMBps() : f.mbps;
  f.maxMBps = r.passes.size() > 1 ? r.maxMBps() : f.mbps;
  if (!r.analysis)
    return f;
  const Analysis& a = *r.analysis;
  f.analysed = true;
  f.verdict = a.verdict;
  f.reason = a.reason;
  if (const CeilingAt* setter = a.limit.setter()) {
    f.limitMBps = setter->mbps;
    f.limitSource = sourceOf(r, *setter);
    if (f.limitSource == LimitSource::Delivered)
      f.limitStep = setter->ceiling.step;
  }
  if (a.efficiencyShown())
    f.share = a.efficiency;
  f.marks = a.flags;
  if (a.servedFromCache && !f.hasMark(FlagCode::ServedFromCache))
    f.marks.insert(f.marks.begin(), Flag{FlagCode::ServedFromCache, 0, 0});  // no numbers: the code's sentence
  if (r.workload == Workload::HashMemory && a.perCore && r.ok()) {
    const Ceiling& c = a.perCore->ceiling;
    f.perCore = Spread{c.mbps, c.minMBps, c.maxMBps, c.passes};
  }
  if (a.delivered) {
    f.deliveredMBps = a.delivered->mbps;
    f.deliveredStep = a.delivered->ceiling.step;
  }
  return f;
}

}  // namespace hashscope
