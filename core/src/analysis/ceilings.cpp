// Ceilings as values (ceilingsFor: what a benchmark measured) and the limit of one result taken from them at
// its point (contextFor).
#include <algorithm>
#include <utility>

#include "analysis/remote.hpp"
#include "analysis/totals.hpp"
#include "hashscope/analysis.hpp"
#include "hashscope/figures.hpp"
#include "hashscope/hash.hpp"

namespace hashscope {

namespace {

constexpr std::pair<CeilingKind, std::string_view> kKinds[] = {
    {CeilingKind::Hash, "hash"}, {CeilingKind::Read, "read"}, {CeilingKind::Memory, "memory"}};
constexpr std::pair<CeilingSource, std::string_view> kSources[] = {{CeilingSource::HashMemory, "hash-memory"},
                                                                   {CeilingSource::ReadPass, "read-pass"},
                                                                   {CeilingSource::Delivered, "delivered"},
                                                                   {CeilingSource::MemoryPass, "memory-pass"},
                                                                   {CeilingSource::PairedRead, "paired-read"}};
constexpr std::pair<CeilingBasis, std::string_view> kBases[] = {{CeilingBasis::WallClock, "wall-clock"},
                                                                {CeilingBasis::PerCpuSecond, "per-cpu-second"}};
constexpr std::pair<ReadAccess, std::string_view> kAccesses[] = {{ReadAccess::Copy, "copy"},
                                                                 {ReadAccess::Mapped, "mapped"}};

}  // namespace

std::string_view toString(CeilingKind kind) { return wordOf(kKinds, kind, "hash"); }
std::string_view toString(CeilingSource source) { return wordOf(kSources, source, "hash-memory"); }
std::string_view toString(CeilingBasis basis) { return wordOf(kBases, basis, "wall-clock"); }
std::string_view toString(ReadAccess access) { return wordOf(kAccesses, access, "copy"); }

Spread spreadOf(std::vector<double> values)
{
  values.erase(std::remove_if(values.begin(), values.end(), [](double v) { return !(v > 0); }), values.end());
  Spread s;
  if (values.empty())
    return s;
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  s.median = n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
  s.min = values.front();
  s.max = values.back();
  s.count = static_cast<int>(n);
  return s;
}

int Ceiling::inFlight() const { return std::max(1, streams) * std::max(1, queueDepth); }

bool Ceiling::scales() const
{
  return kind == CeilingKind::Hash && basis == CeilingBasis::PerCpuSecond && threadsPerStream <= 1;
}

std::optional<double> Ceiling::at(int atStreams, int cores) const
{
  if (!(mbps > 0))
    return std::nullopt;
  const int n = std::max(1, atStreams);
  const double parallel = static_cast<double>(std::min(n, std::max(1, cores)));
  if (scales())
    return mbps * parallel;
  if (n != std::max(1, streams))
    return std::nullopt;
  return basis == CeilingBasis::PerCpuSecond ? mbps * parallel : mbps;
}

double Limit::mbps() const
{
  const CeilingAt* s = setter();
  return s ? s->mbps : 0.0;
}

const CeilingAt* Limit::setter() const
{
  const CeilingAt* h = hash && hash->mbps > 0 ? &*hash : nullptr;
  const CeilingAt* r = read && read->mbps > 0 ? &*read : nullptr;
  if (h && r)
    return r->mbps < h->mbps ? r : h;
  return h ? h : r;
}

namespace analysis {

int hashThreadsOf(const RunResult& run)
{
  if (run.hashThreads > 0)
    return static_cast<int>(run.hashThreads);
  if (run.algorithm.empty())
    return 1;
  // hashscope.run/3 did not record it: BLAKE3's tree used every core of its machine then.
  const AlgorithmInfo* info = findAlgorithm(run.algorithm);
  return info && info->threadsPerStream > 1 ? coresOf(run) : 1;
}

int queueDepthOf(const RunResult& run)
{
  if (run.queueDepth > 0)
    return run.queueDepth;
  // hashscope.run/3 did not record it: its pipelined reader kept 3 direct reads in flight per stream.
  const bool direct = run.cacheMethod == CacheMethod::Direct || run.cacheMethod == CacheMethod::Evicted;
  return direct && run.readMethods.has(ReadMethod::Pipelined) ? 3 : 0;
}

ReadAccess accessOf(const RunResult& run)
{
  // The engine's decision as recorded: what ran, or before a run what it will choose (plannedRun).
  return run.readMethods.has(ReadMethod::Mapped) ? ReadAccess::Mapped : ReadAccess::Copy;
}

}  // namespace analysis

namespace {

using analysis::accessOf;
using analysis::hashThreadsOf;
using analysis::queueDepthOf;

// Each pass's speed per stream per second of its thread's CPU time (its wall-clock speed per stream where no
// thread clock was read).
double cpuFigure(const PassResult& p, int streams) { return p.cpuMBps > 0 ? p.cpuMBps : p.mbPerSec() / std::max(1, streams); }

// Each pass's figure, or `whole` (the run's own) where it recorded no pass.
template <typename Figure>
std::vector<double> perPass(const RunResult& run, Figure figure, double whole)
{
  std::vector<double> out;
  for (const PassResult& p : run.passes)
    out.push_back(figure(p));
  return out.empty() ? std::vector<double>{whole} : out;
}

std::vector<double> cpuFigures(const RunResult& run)
{
  return perPass(run, [&run](const PassResult& p) { return cpuFigure(p, run.streams); }, cpuSpeedPerStream(run));
}

std::vector<double> wallFigures(const RunResult& run)
{
  return perPass(run, [](const PassResult& p) { return p.mbPerSec(); }, run.mbPerSec());
}

// What storage delivered per second in each pass of a hash run; empty when no pass says.
std::vector<double> deliveredFigures(const RunResult& run)
{
  std::vector<double> out;
  if (run.passes.empty()) {
    if (const auto fetched = fetchedBytes(run))
      out.push_back(megabytesPerSecond(std::min(*fetched, run.bytes), run.seconds));
    return out;
  }
  for (const PassResult& p : run.passes) {
    const std::optional<std::uint64_t> fetched =
        p.ownReadBytes ? p.ownReadBytes : p.deviceValid ? std::optional<std::uint64_t>(p.deviceReadBytes) : std::nullopt;
    if (fetched)
      out.push_back(megabytesPerSecond(std::min(*fetched, p.bytes), p.seconds));
  }
  return out;
}

bool busy(const RunResult& run) { return run.analysis && run.analysis->has(FlagCode::MachineBusy); }

// `c`'s figure: the median of `figures`, with their spread.
void setFigures(Ceiling& c, const std::vector<double>& figures)
{
  const Spread s = spreadOf(figures);
  c.mbps = s.median;
  c.minMBps = s.min;
  c.maxMBps = s.max;
  c.passes = std::max(1, s.count);
}

Ceiling measured(CeilingKind kind, CeilingSource source, CeilingBasis basis, const RunResult& run,
                 const std::vector<double>& figures)
{
  Ceiling c;
  c.kind = kind;
  c.source = source;
  c.basis = basis;
  setFigures(c, figures);
  c.streams = std::max(1, run.streams);
  c.busy = busy(run);
  c.step = stepLabel(run);
  return c;
}

// A hash-memory run's passes at its point. One thread per stream: per CPU second, like openssl speed; several
// (BLAKE3): all of them together, per second of wall time.
std::vector<double> hashFigures(const RunResult& run)
{
  return hashThreadsOf(run) > 1 ? wallFigures(run) : cpuFigures(run);
}

Ceiling hashCeiling(const RunResult& run)
{
  const int threads = hashThreadsOf(run);
  const CeilingBasis basis = threads > 1 ? CeilingBasis::WallClock : CeilingBasis::PerCpuSecond;
  Ceiling c = measured(CeilingKind::Hash, CeilingSource::HashMemory, basis, run, hashFigures(run));
  c.algorithm = run.algorithm;
  c.threadsPerStream = threads;
  return c;
}

// Adds `run`'s figures to the ceiling of its group (same kind, algorithm, streams and threads): one figure
// per parallelism, from every pass of every run measured there.
void pool(std::vector<std::pair<Ceiling, std::vector<double>>>& groups, Ceiling c, const std::vector<double>& figures)
{
  for (auto& [group, values] : groups) {
    if (group.kind == c.kind && group.algorithm == c.algorithm && group.streams == c.streams &&
        group.threadsPerStream == c.threadsPerStream) {
      values.insert(values.end(), figures.begin(), figures.end());
      group.busy = group.busy || c.busy;
      return;
    }
  }
  groups.emplace_back(std::move(c), figures);
}

// A read ceiling of `read` (a read step of the location): on a RAM-backed location per second of the reading
// thread's CPU time, like the hash; from a device what it delivered per second of wall time.
Ceiling readCeiling(const RunResult& read)
{
  const bool ram = analysis::isMemoryBacked(read);
  Ceiling c = ram ? measured(CeilingKind::Read, CeilingSource::ReadPass, CeilingBasis::PerCpuSecond, read, cpuFigures(read))
                  : measured(CeilingKind::Read, CeilingSource::ReadPass, CeilingBasis::WallClock, read, wallFigures(read));
  c.access = accessOf(read);
  c.queueDepth = ram ? 0 : queueDepthOf(read);
  return c;
}

// The read ceiling of a RAM-backed result from its paired reads (per CPU second of the reading thread): each
// pass bounded by the faster of the reads just before and after it, the figure the median of those bounds, the
// spread that of all the reads. A pass still running (live), and `whilePass` (an index into run.passes: what its
// sample intervals are judged against), are bounded by the read just before alone.
std::optional<Ceiling> pairedCeiling(const RunResult& run, std::optional<std::size_t> whilePass = std::nullopt)
{
  const std::size_t passes = std::max<std::size_t>(run.passes.size(), 1);
  const std::size_t count = run.pairedReads.size();
  if (!analysis::isMemoryBacked(run) || count == 0 || (!run.passes.empty() && count != passes + 1) ||
      (run.passes.empty() && count > 2) || (whilePass && *whilePass >= run.passes.size()))
    return std::nullopt;
  const auto figure = [&run](const PassResult& p) { return cpuFigure(p, run.streams); };
  std::vector<double> bounds, all;
  if (whilePass) {
    bounds = all = {figure(run.pairedReads[*whilePass])};  // as the live context had it: that read alone
  } else {
    for (std::size_t i = 0; i < passes; ++i)
      bounds.push_back(i + 1 < count ? std::max(figure(run.pairedReads[i]), figure(run.pairedReads[i + 1]))
                                     : figure(run.pairedReads[i]));
    for (const PassResult& p : run.pairedReads)
      all.push_back(figure(p));
  }
  const Spread reads = spreadOf(all);
  Ceiling c = measured(CeilingKind::Read, CeilingSource::PairedRead, CeilingBasis::PerCpuSecond, run, bounds);
  if (!(c.mbps > 0))
    return std::nullopt;
  c.minMBps = reads.min;
  c.maxMBps = reads.max;
  c.passes = reads.count;
  c.access = accessOf(run);
  c.busy = false;  // the reads are not sampled: nothing says whether the machine was busy during them
  return c;
}

}  // namespace

std::vector<Ceiling> intervalCeilings(const RunResult& run, std::vector<Ceiling> ceilings)
{
  if (run.keptPass < 0)
    return ceilings;
  const auto paired = pairedCeiling(run, static_cast<std::size_t>(run.keptPass));
  if (!paired)
    return ceilings;
  for (Ceiling& c : ceilings) {
    if (c.kind == CeilingKind::Read && c.source == CeilingSource::PairedRead)
      c = *paired;
  }
  return ceilings;
}

std::vector<Ceiling> ceilingsFor(const RunResult& run, const std::vector<RunResult>& results)
{
  std::vector<Ceiling> out;
  // A warm run reads RAM, not what its location's read steps measured.
  const bool readsMeasured = run.cache != CacheMode::Warm;
  // This result's own reads beside its passes: its read ceiling where it has them (readAt prefers it).
  if (const auto paired = readsMeasured ? pairedCeiling(run) : std::nullopt)
    out.push_back(*paired);
  std::vector<std::pair<Ceiling, std::vector<double>>> pooled;  // hash and memory: one figure per parallelism
  for (const RunResult& other : results) {
    if (!other.ok())
      continue;
    const bool here = other.location == run.location && other.cache == run.cache && readsMeasured;
    switch (other.workload) {
    case Workload::Read:
      if (here)
        out.push_back(readCeiling(other));
      break;
    case Workload::HashFile:
    case Workload::HashTree:
    case Workload::PeerTool:
      // What a device delivered to a hash run is a ceiling it reached (at that run's streams and depth).
      if (here && !analysis::isMemoryBacked(other)) {
        const std::vector<double> delivered = deliveredFigures(other);
        if (!delivered.empty()) {
          Ceiling c = measured(CeilingKind::Read, CeilingSource::Delivered, CeilingBasis::WallClock, other, delivered);
          c.mbps = c.maxMBps;  // the most it delivered: a device cannot deliver more than it can
          c.access = accessOf(other);
          c.queueDepth = queueDepthOf(other);
          out.push_back(c);
        }
      }
      break;
    case Workload::HashMemory:
      if (other.algorithm == run.algorithm)
        pool(pooled, hashCeiling(other), hashFigures(other));
      break;
    case Workload::Memory: {
      const std::vector<double> figures = cpuFigures(other);
      const CeilingBasis basis = CeilingBasis::PerCpuSecond;
      pool(pooled, measured(CeilingKind::Memory, CeilingSource::MemoryPass, basis, other, figures), figures);
      break;
    }
    case Workload::Write: break;
    }
  }
  for (auto& [c, values] : pooled) {
    setFigures(c, values);
    if (c.mbps > 0)
      out.push_back(std::move(c));
  }
  return out;
}

namespace {

std::optional<CeilingAt> taken(const Ceiling& c, int streams, int cores)
{
  if (const auto v = c.at(streams, cores))
    return CeilingAt{c, *v};
  return std::nullopt;
}

// The hash ceiling at `run`'s point: single-threaded streams scale from the fewest streams measured (one
// core's figure); several threads per stream hold only at the streams and threads measured. A peer tool is
// judged against the algorithm's one-stream figure, however it hashes.
std::optional<CeilingAt> hashAt(const RunResult& run, const std::vector<Ceiling>& ceilings, int cores)
{
  const bool peer = run.workload == Workload::PeerTool;
  const int threads = hashThreadsOf(run);
  const Ceiling* best = nullptr;
  for (const Ceiling& c : ceilings) {
    if (c.kind != CeilingKind::Hash || c.algorithm != run.algorithm)
      continue;
    const bool fits = peer ? true : (threads <= 1 ? c.scales() : c.threadsPerStream == threads && c.streams == run.streams);
    if (fits && (!best || c.streams < best->streams))
      best = &c;
  }
  if (!best)
    return std::nullopt;
  if (peer)
    return best->streams == 1 ? std::optional<CeilingAt>(CeilingAt{*best, best->mbps}) : std::nullopt;
  return taken(*best, run.streams, cores);
}

// The read ceiling at `run`'s point. A RAM-backed location: the read with the same access and streams, the only
// place its figure holds (the page cache's locks and the memory bus do not scale like the hash). A device: the
// most it delivered at any parallelism (its point says whether that took a deeper queue); a read step is judged
// against read steps only.
std::optional<CeilingAt> readAt(const RunResult& run, const std::vector<Ceiling>& ceilings, int cores)
{
  const bool ram = analysis::isMemoryBacked(run);
  const ReadAccess access = accessOf(run);
  const Ceiling* best = nullptr;
  for (const Ceiling& c : ceilings) {
    if (c.kind != CeilingKind::Read)
      continue;
    if (ram) {
      // Reads paired with this result's passes first (ceilingsFor adds only the result's own), else the read step
      // with the same access and streams that has the most passes.
      const auto rank = [](const Ceiling& x) { return std::pair{x.source == CeilingSource::PairedRead, x.passes}; };
      if (c.access == access && c.streams == std::max(1, run.streams) && (!best || rank(c) > rank(*best)))
        best = &c;
    } else if ((c.source == CeilingSource::ReadPass || run.workload != Workload::Read) && (!best || c.mbps > best->mbps)) {
      best = &c;
    }
  }
  if (!best)
    return std::nullopt;
  return ram ? taken(*best, run.streams, cores) : std::optional<CeilingAt>(CeilingAt{*best, best->mbps});
}

}  // namespace

StepContext contextFor(const RunResult& run, const std::vector<Ceiling>& ceilings, bool servedFromCache)
{
  StepContext context;
  context.servedFromCache = servedFromCache;
  const int cores = analysis::coresOf(run);
  if (workloadTraits(run.workload).usesAlgorithm && !run.algorithm.empty()) {
    context.limit.hash = hashAt(run, ceilings, cores);
    context.limit.hashMissing = !context.limit.hash;
  }
  // A hash-memory result is the hash ceiling at its point: judged by its own passes (its efficiency is the share
  // of its cores it got), not by the pooled figure it shows, which one-pass steps sit above or below.
  if (run.workload == Workload::HashMemory && context.limit.hash && run.ok()) {
    context.perCore = context.limit.hash;
    if (const Ceiling own = hashCeiling(run); own.mbps > 0)
      context.limit.hash = taken(own, run.streams, cores);
  }
  // Data served from the page cache, or warmed into it, was not read at the location's measured speed.
  const bool reads = analysis::isFileWorkload(run.workload) && run.workload != Workload::HashMemory;
  if (reads && !servedFromCache && run.cache != CacheMode::Warm) {
    context.limit.read = readAt(run, ceilings, cores);
    context.limit.readMissing = !context.limit.read;
    // A device that gave more with more reads in flight than this run kept.
    const int inFlight = std::max(1, run.streams) * queueDepthOf(run);
    const double atLimit = context.limit.read ? context.limit.read->mbps : 0.0;
    for (const Ceiling& c : ceilings) {
      if (c.kind == CeilingKind::Read && c.basis == CeilingBasis::WallClock && inFlight > 0 && c.inFlight() > inFlight &&
          c.mbps > atLimit && (!context.limit.deeper || c.mbps > context.limit.deeper->mbps))
        context.limit.deeper = CeilingAt{c, c.mbps};
    }
  }
  for (const Ceiling& c : ceilings) {
    if (c.kind == CeilingKind::Memory && c.streams == std::max(1, run.streams))
      context.memory = taken(c, run.streams, cores);
  }
  context.delivery = analysis::streamDeliveryOf(run, ceilings);
  return context;
}

void analyseRun(std::vector<RunResult>& results)
{
  const std::vector<RunResult> all = results;
  for (RunResult& r : results)
    analyse(r, ceilingsFor(r, all));
}

}  // namespace hashscope
