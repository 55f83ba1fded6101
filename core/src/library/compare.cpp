// compareRuns(): tile by tile, the change of the median speed, judged against the larger spread.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "hashscope/library.hpp"

namespace hashscope {

namespace {

// Half the range of the passes relative to the median, in %; the default band for a single pass.
double spreadOf(const RunTile& t, bool& usedDefault)
{
  if (t.passes < 2 || !(t.mbps > 0)) {
    usedDefault = true;
    return kDefaultNoisePct;
  }
  return std::max(t.mbps - t.minMBps, t.maxMBps - t.mbps) / t.mbps * 100.0;
}

// Memory workloads do not touch the location or its cache: the same hash-memory step benched from two
// folders is one tile.
TileKey compareKey(TileKey key)
{
  if (key.workload == "memory" || key.workload == "hash-memory")
    key.location.clear(), key.cache.clear();
  return key;
}

std::map<TileKey, const RunTile*> usableTiles(const RunDocument& run)
{
  std::map<TileKey, const RunTile*> out;
  for (const RunTile& t : run.tiles) {
    if (t.failed)
      continue;
    // A repeated key (the same step twice): the later one counts, except for hash-memory, measured once per
    // location, where the fastest repeat is the CPU's figure, the one the scoreboard's in-RAM tile shows.
    const RunTile*& slot = out[compareKey(t.key)];
    if (!slot || t.key.workload != "hash-memory" || t.mbps > slot->mbps)
      slot = &t;
  }
  return out;
}

std::string osName(const std::string& os) { return os.substr(0, os.find(' ')); }

}  // namespace

std::string_view toString(Change change)
{
  // In the enum's order.
  static constexpr std::string_view kWords[] = {"faster", "slower", "within", "only-in-base",
                                                "only-in-other"};
  return kWords[static_cast<int>(change)];
}

Comparison compareRuns(const RunDocument& base, const RunDocument& other)
{
  Comparison c;
  c.sameMachine = base.machine.cpu == other.machine.cpu &&
                  base.machine.logicalCores == other.machine.logicalCores &&
                  osName(base.machine.os) == osName(other.machine.os);
  const auto baseTiles = usableTiles(base);
  const auto otherTiles = usableTiles(other);
  // Base order first, then the tiles only in the other run; each key once (a set, not a search of the
  // list: a run of 200 000 results must not take quadratic time).
  std::vector<TileKey> order;
  std::set<TileKey> listed;
  for (const RunTile& t : base.tiles)
    if (const TileKey key = compareKey(t.key); baseTiles.count(key) && listed.insert(key).second)
      order.push_back(key);
  for (const RunTile& t : other.tiles)
    if (const TileKey key = compareKey(t.key); otherTiles.count(key) && !baseTiles.count(key) && listed.insert(key).second)
      order.push_back(key);

  for (const TileKey& key : order) {
    TileDelta d;
    d.key = key;
    const auto b = baseTiles.find(key);
    const auto o = otherTiles.find(key);
    if (b == baseTiles.end()) {
      d.otherMBps = o->second->mbps;
      d.change = Change::OnlyInOther;
    } else if (o == otherTiles.end()) {
      d.baseMBps = b->second->mbps;
      d.change = Change::OnlyInBase;
    } else {
      d.baseMBps = b->second->mbps;
      d.otherMBps = o->second->mbps;
      d.deltaPct = (d.otherMBps - d.baseMBps) / d.baseMBps * 100.0;
      d.spreadPct = std::max(spreadOf(*b->second, d.defaultSpread), spreadOf(*o->second, d.defaultSpread));
      if (std::abs(d.deltaPct) <= d.spreadPct) {
        d.change = Change::Within;
        ++c.within;
      } else if (d.deltaPct > 0) {
        d.change = Change::Faster;
        ++c.faster;
      } else {
        d.change = Change::Slower;
        ++c.slower;
      }
    }
    c.tiles.push_back(d);
  }
  return c;
}

}  // namespace hashscope
