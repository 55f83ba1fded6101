// planSuite(): every step of a benchmark (the suite or an explicit workload list), before anything runs.
#include <algorithm>
#include <thread>

#include "hashscope/hash.hpp"  // workload.hpp uses Digest without including it
#include "hashscope/peer.hpp"
#include "hashscope/suite.hpp"

namespace hashscope {

namespace {

// Passes of a read step at least, whatever the preset (LocationPlanner::add).
constexpr int kReadPasses = 3;

std::string cacheText(CacheMode mode) { return std::string(toString(mode)); }

std::string streamsText(int streams)
{
  return streams == 1 ? std::string() : ", " + std::to_string(streams) + " streams";
}

// BLAKE3 hashes one stream on all cores: the titles say so, since it changes what a ramp means.
std::string coresText(const std::string& algorithm)
{
  const AlgorithmInfo* info = findAlgorithm(algorithm);
  const unsigned cores = info ? info->threadsPerStream : 1;
  return cores > 1 ? ", " + std::to_string(cores) + " cores per stream" : std::string();
}

// The data plan's default steps: a file is read and hashed whole; a folder is read file by file and hashed
// as a tree (md5deep -r). Hash-memory stays: without the CPU ceiling no verdict can tell CPU from disk.
std::vector<Workload> dataWorkloads(bool folder)
{
  return {Workload::Read, Workload::HashMemory, folder ? Workload::HashTree : Workload::HashFile};
}

// Builds the steps of one location (a sample folder, or the data of a data plan).
class LocationPlanner {
public:
  LocationPlanner(const SuiteSpec& spec, const std::filesystem::path& location, std::vector<SuiteStep>& steps)
      : m_spec(spec), m_location(location), m_steps(steps), m_where(", " + location.string()),
        m_data(!spec.data.empty())
  {
    // A data plan reads the data itself (a read over a folder reads every file under it); a sample plan
    // reads the sample, whose name the runner confirms once it exists.
    m_base.target = m_data ? location : location / sampleFileName(spec.sampleSize, spec.content);
    std::error_code ec;
    m_folder = m_data && std::filesystem::is_directory(location, ec);
    m_base.blockSize = spec.blockSize;
    m_base.readPath = spec.readPath;
    m_base.queueDepth = spec.queueDepth;
    m_base.streams = std::max(1, spec.streams);
    m_base.cache = spec.cache;
    m_base.content = spec.content;
    m_base.links = dataLinkPolicy(spec);
  }

  // A workload that runs once per location.
  void single(Workload w)
  {
    WorkloadSpec s = m_base;
    s.workload = w;
    const WorkloadTraits traits = workloadTraits(w);
    if (traits.durationBound)
      s.seconds = seconds();
    if (traits.targetsFolder)
      s.target = m_location;
    if (w == Workload::Write)
      s.bytes = m_spec.sampleSize;
    s.tree = m_folder && w == Workload::Read;
    std::string title = std::string(toString(w));
    if (traits.usesCache)
      title += " (" + cacheText(m_spec.cache) + streamsText(s.streams) + ")";
    else if (s.streams > 1)
      title += " (" + std::to_string(s.streams) + " streams)";
    add(s, title + (traits.durationBound ? "" : m_where));
    // The hash ramp is judged against the read at its own stream counts: a RAM-backed location's copies do not
    // scale like the hash, and a device may deliver more to several readers than to one.
    if (w == Workload::Read && m_spec.ramp && !m_data)
      ramp(s, "read", "");
  }

  // One algorithm's steps of a workload; hash-file brings its peers, warm pass and ramp.
  void forAlgorithm(Workload w, const std::string& algorithm)
  {
    WorkloadSpec s = m_base;
    s.workload = w;
    s.algorithm = algorithm;
    const std::string cores = coresText(algorithm);
    if (w == Workload::HashMemory) {
      s.seconds = seconds();
      add(s, algorithm + " hash-memory" + streamsText(s.streams) + cores);
      return;
    }
    if (w == Workload::HashTree)
      s.target = m_location;
    add(s, algorithm + " " + std::string(toString(w)) + " (" + cacheText(m_spec.cache) + streamsText(s.streams) +
               cores + ")" + m_where);
    // A data plan's tree gets the warm pass and the ramp a file gets (md5deep -j N is the tree's ramp).
    if (w != Workload::HashFile && !(m_data && w == Workload::HashTree))
      return;
    // Peers run right after the main hash-file, before a warm pass fills the page cache. They hash one file.
    if (m_spec.peers && w == Workload::HashFile) {
      for (const PeerTool& tool : findPeerTools(algorithm))
        peer(tool, algorithm, tool.name + " (peer tool, " + cacheText(m_spec.cache) + ")" + m_where);
    }
    if (m_spec.warm && m_spec.cache != CacheMode::Warm) {
      WorkloadSpec warm = s;
      warm.cache = CacheMode::Warm;
      add(warm, algorithm + " " + std::string(toString(w)) + " (warm" + streamsText(s.streams) + cores + ")" + m_where);
    }
    if (m_spec.ramp)
      ramp(s, algorithm, cores);
  }

private:
  double seconds() const { return m_spec.hashMemorySeconds > 0 ? m_spec.hashMemorySeconds : 1.0; }

  // `s` again at each stream count of the ramp but its own (measured already), named "`name` ramp N/TOP".
  void ramp(const WorkloadSpec& s, const std::string& name, const std::string& perStream)
  {
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    const int top = m_spec.maxStreams > 0 ? m_spec.maxStreams : cores;
    for (const int n : rampStreams(top)) {
      if (n == s.streams)
        continue;
      WorkloadSpec step = s;
      step.streams = n;
      add(step, name + " ramp " + std::to_string(n) + "/" + std::to_string(top) + " (" +
                    cacheText(m_spec.cache) + ", " + std::to_string(n) + (n == 1 ? " stream" : " streams") +
                    perStream + ")" + m_where);
    }
  }

  void peer(const PeerTool& tool, const std::string& algorithm, std::string title)
  {
    WorkloadSpec s = m_base;
    s.workload = Workload::PeerTool;
    s.algorithm = algorithm;
    s.streams = 1;
    add(s, std::move(title), tool.name);
  }

  void add(WorkloadSpec s, std::string title, std::string tool = {})
  {
    SuiteStep step;
    // A read is the ceiling every hash of its location is judged against: never one pass alone (a RAM-backed
    // pass is short and noisy). Not a data plan's read: that reads the user's files as often as the preset says.
    if (s.workload == Workload::Read && !m_data)
      step.passes = std::max(m_spec.passes, kReadPasses);
    step.index = static_cast<int>(m_steps.size());
    step.location = m_location;
    step.spec = std::move(s);
    step.title = std::move(title);
    step.tool = std::move(tool);
    if (!m_data && workloadTraits(step.spec.workload).readsFile)
      step.expectedBytes = m_spec.sampleSize;  // a data plan's sizes are known once the runner listed the data
    m_steps.push_back(std::move(step));
  }

  const SuiteSpec& m_spec;
  std::filesystem::path m_location;
  std::vector<SuiteStep>& m_steps;
  std::string m_where;
  bool m_data;
  bool m_folder = false;  // a data plan on a folder: its read reads the whole tree
  WorkloadSpec m_base;
};

}  // namespace

std::vector<int> rampStreams(int top)
{
  std::vector<int> counts;
  for (int n = 1; n < top; n *= 2)
    counts.push_back(n);
  counts.push_back(std::max(1, top));
  return counts;
}

std::vector<SuiteStep> planSuite(const SuiteSpec& spec)
{
  const std::vector<std::string> algorithms =
      spec.algorithms.empty() ? std::vector<std::string>{"md5", "sha256", "xxh3-64", "crc32"} : spec.algorithms;
  std::vector<Workload> workloads = spec.workloads;
  if (workloads.empty())  // the standard suite
    workloads = {Workload::Read, Workload::HashMemory, Workload::HashFile};
  std::vector<std::filesystem::path> locations = spec.locations;
  if (!spec.data.empty()) {
    // One "location": the data itself. Only its type is looked at here (the GUI plans on its own thread);
    // runSuite lists it, and refuses what cannot be measured.
    std::error_code ec;
    if (spec.workloads.empty())
      workloads = dataWorkloads(std::filesystem::is_directory(spec.data, ec));
    locations = {spec.data};
  }

  std::vector<SuiteStep> steps;
  for (const auto& location : locations) {
    LocationPlanner planner(spec, location, steps);
    // Algorithm workloads next to each other form a group, run algorithm by algorithm (md5 hash-memory,
    // md5 hash-file, sha256 hash-memory, ...), so each algorithm's reference is fresh when its file runs.
    std::size_t i = 0;
    while (i < workloads.size()) {
      if (!workloadTraits(workloads[i]).usesAlgorithm) {
        planner.single(workloads[i++]);
        continue;
      }
      std::size_t end = i;
      while (end < workloads.size() && workloadTraits(workloads[end]).usesAlgorithm)
        ++end;
      for (const std::string& algorithm : algorithms) {
        for (std::size_t k = i; k < end; ++k)
          planner.forAlgorithm(workloads[k], algorithm);
      }
      i = end;
    }
  }
  return steps;
}

bool planNeedsSample(const std::vector<SuiteStep>& steps)
{
  return std::any_of(steps.begin(), steps.end(),
                     [](const SuiteStep& s) { return workloadTraits(s.spec.workload).readsFile; });
}

int passesOf(Preset preset)
{
  switch (preset) {
  case Preset::Quick: return 1;
  case Preset::Standard: return 3;
  case Preset::Thorough: return 5;
  }
  return 1;
}

namespace {

constexpr std::pair<Preset, std::string_view> kPresets[] = {
    {Preset::Quick, "quick"}, {Preset::Standard, "standard"}, {Preset::Thorough, "thorough"}};

}  // namespace

std::string_view toString(Preset preset) { return wordOf(kPresets, preset, "standard"); }
std::optional<Preset> parsePreset(std::string_view text) { return valueOf(kPresets, text); }

}  // namespace hashscope
