// The one benchmark path behind the Benchmark button and `hashscope-cli bench`: for each location and
// algorithm, read, hash-memory, hash-file and the optional steps, k passes each, sampled live, then analysed
// against the location's ceilings. A data plan (SuiteSpec::data) runs them on the user's data, writing nothing.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "hashscope/analysis.hpp"
#include "hashscope/results.hpp"
#include "hashscope/samples.hpp"
#include "hashscope/workload.hpp"

namespace hashscope {

// How thorough a run is: the number of passes of every measured step.
enum class Preset { Quick, Standard, Thorough };
int passesOf(Preset preset);                      // 1, 3, 5
std::string_view toString(Preset preset);         // "quick", "standard", "thorough"
std::optional<Preset> parsePreset(std::string_view text);

struct SuiteSpec {
  std::vector<std::filesystem::path> locations;   // folders; a sample file is created (or reused) in each
  std::vector<std::string> algorithms;            // default: md5, sha256, xxh3-64, crc32
  // The workloads, in order; algorithm workloads next to each other expand algorithm by algorithm.
  // Empty: the standard suite (read, hash-memory, hash-file). Peer tools come with --peers, not here.
  std::vector<Workload> workloads;
  std::uint64_t sampleSize = 1 * GiB;
  SampleContent content = SampleContent::Random;
  CacheMode cache = CacheMode::Cold;
  std::uint64_t blockSize = 1 * MiB;
  ReadPath readPath = ReadPath::Auto;             // how read, hash-file and hash-tree read (WorkloadSpec::readPath)
  int queueDepth = kDefaultQueueDepth;            // reads in flight per stream of direct reads
  int streams = 1;                                // streams of the main hash-file runs
  bool warm = false;                              // add hash-file (warm)
  bool ramp = false;                              // add hash-file at rampStreams(maxStreams) streams
  int maxStreams = 0;                             // 0 = logical cores
  bool peers = false;                             // add installed peer tools on the same sample
  double hashMemorySeconds = 1.0;                 // duration of each hash-memory (and memory) run
  int passes = 1;                                 // passes of every step, each in the same cache state
  bool waitQuiet = false;                         // before each step, wait until other processes idle...
  double quietTimeoutSeconds = 30;                // ...but no longer than this
  double sampleHz = 10.0;
  bool removeSamplesAfter = false;                // remove samples this suite created (never others)
  // Existing data to measure where it is (the "data plan"): a file (hash-file steps) or a folder (hash-tree
  // steps). Nothing is written there. When set, `locations`, sampleSize, content and removeSamplesAfter are
  // not used; `workloads` may narrow the steps (write is refused).
  std::filesystem::path data;
  // A data plan on a folder: follow links whose target stays inside it. Off: none, like md5deep.
  bool followLinks = false;
};

// How the data plan of `spec` walks its folder: LinkPolicy::Skip, or FollowWithinTree with followLinks.
LinkPolicy dataLinkPolicy(const SuiteSpec& spec);

// One planned step of a suite.
struct SuiteStep {
  int index = 0;
  std::filesystem::path location;
  WorkloadSpec spec;
  std::string title;    // "md5 hash-file (cold), /tmp" — shown in status lines
  std::string tool;     // peer-tool steps: the tool name
  std::uint64_t expectedBytes = 0;  // what one pass reads (progress); 0 = unknown or duration-bound
  int passes = 0;                   // 0: the suite's (SuiteSpec::passes); read steps take at least 3
};

// What a data plan measures: one file, or every regular file under a folder (as hash-tree lists them).
struct DataSummary {
  std::filesystem::path path;
  bool folder = false;
  std::uint64_t files = 0;
  std::uint64_t bytes = 0;
  std::vector<std::string> skipped;  // folder entries that will not be read (FIFOs, unreadable ...), one sentence each
  std::vector<std::string> notFollowed;  // symbolic links left out by the link policy, one sentence each
  std::string error;                 // one clear sentence when there is nothing to measure there
  bool ok() const { return error.empty(); }
};
// Looks at `path` without writing or opening anything that could block (FIFOs, devices). A folder is listed
// in full (slow on a big tree). `links`: the dataLinkPolicy of the spec that will run.
DataSummary describeData(const std::filesystem::path& path, std::stop_token stop = {},
                         LinkPolicy links = LinkPolicy::Skip);
// "3 files, 1.5 GiB" / "1 file, 4 GiB".
std::string dataSummaryText(const DataSummary& data);

// A wait for a quiet machine as it goes (SuiteObserver::waiting, about four times a second).
struct QuietWait {
  int beforeStep = -1;      // the index of the step that waits
  double otherCores = 0;    // what other processes used over the last second, in cores
  double cores = 1;         // the machine's logical cores
  double systemBusyPct = 0; // the whole machine's CPU over the last window, 0..100
  double waited = 0;        // seconds so far
  double limit = 0;         // the most it waits (SuiteSpec::quietTimeoutSeconds)
};

// How a wait for a quiet machine ended.
enum class QuietOutcome {
  Quiet,         // other processes fell below kQuietOtherCores
  TimedOut,      // still busy after the wait's limit
  NotImproving,  // busy all along and not getting quieter: waiting longer would not help
  Skipped,       // the user chose to measure now (SuiteControl::skipWait)
  Stopped,       // the run was stopped
};

// Callbacks, all optional, called from worker or sampler threads: they must be thread-safe and quick.
struct SuiteObserver {
  std::function<void(const std::filesystem::path& location, const SampleProgress&)> sampleProgress;
  // Before a step, while the suite waits for other processes to leave the CPU (SuiteSpec::waitQuiet).
  std::function<void(const QuietWait& wait)> waiting;
  // The wait ended, and how (`last` is its final state). After any outcome but Quiet, no later step waits.
  std::function<void(const QuietWait& last, QuietOutcome outcome)> waitEnded;
  std::function<void(const SuiteStep& step, int total)> stepStarted;
  // Pass `pass` (1-based) of `passes` of the step is about to run (a warm pass reads its file first).
  std::function<void(const SuiteStep& step, int pass, int passes)> passStarted;
  std::function<void(const SuiteStep& step, const Sample& sample)> sample;
  std::function<void(const SuiteStep& step, const RunResult& result)> stepFinished;
  std::function<void(const std::string& message)> message;   // notes and non-fatal errors, one sentence each
  // A location that could not be measured (also in SuiteResult::errors), named by the path given in the spec.
  std::function<void(const std::filesystem::path& location, const std::string& message)> locationError;
};

// A problem that stopped one location (or, with an empty location, the whole suite).
struct SuiteError {
  std::filesystem::path location;
  std::string text;
};

struct SuiteResult {
  std::vector<RunResult> results;    // in execution order, each analysed against the whole run's ceilings
  std::vector<SuiteError> errors;    // per-location problems (e.g. no space for the sample)
  bool cancelled = false;
  double seconds = 0;
};

// A step before it runs, as the analysis sees it: workload, algorithm, streams, cache mode, location, storage.
RunResult plannedRun(const WorkloadSpec& spec, const std::filesystem::path& location, const StorageInfo& storage);
// What classifyInterval knows of a step while it runs: the ceilings the `earlier` steps measured, taken at the
// step's point, so each live verdict follows the final analysis's rules.
StepContext liveContext(const RunResult& planned, const std::vector<RunResult>& earlier);

// One measured pass: a warm workload's data is read into the cache first (not counted), then `work` (given
// the spec with `prewarmed` set) runs while a Sampler at `hz` (<= 0: none) watches the CPU and the device,
// and the process's I/O accounting gives RunResult::ownReadBytes. Each sample reaches `onSample` with its
// verdict in `live`. `onNote`: one sentence when the warm-up failed.
RunResult runSampled(const WorkloadSpec& spec, const StorageInfo& storage, const StepContext& live, double hz,
                     LiveCounters& counters, std::stop_token stop,
                     const std::function<RunResult(const WorkloadSpec&)>& work,
                     const std::function<void(const Sample&)>& onSample = {},
                     const std::function<void(const std::string&)>& onNote = {});

// The stream counts of a ramp to `top`: powers of two below it, then `top` (12: 1 2 4 8 12).
std::vector<int> rampStreams(int top);

// The steps `spec` expands to, before anything runs (for progress: "step 3 of 14").
std::vector<SuiteStep> planSuite(const SuiteSpec& spec);
// Whether any of `steps` reads the location's sample file (else no sample is created).
bool planNeedsSample(const std::vector<SuiteStep>& steps);

// What "quiet" means for SuiteSpec::waitQuiet: other processes below this many cores.
inline constexpr double kQuietOtherCores = 0.2;

// When a wait for a quiet machine ends, from the other processes' CPU use window by window (pure: tests feed
// it loads). A first window below the limit ends it at once; later the last second must be below it (a dip
// in a busy build is not quiet). A load busy all along and not falling is given up after kGiveUpSeconds.
class QuietPolicy {
public:
  static constexpr double kWindowSeconds = 0.25;
  static constexpr double kGiveUpSeconds = 6.0;
  QuietPolicy(double maxOtherCores, double timeoutSeconds);
  // One window ending `t` seconds into the wait, `seconds` long, in which other processes used `otherCores`.
  // Returns how the wait ends, or nothing to wait on.
  std::optional<QuietOutcome> add(double t, double seconds, double otherCores);
  double recentOtherCores() const;  // over the last second (or what there is of it)

private:
  double meanOver(double from, double to) const;
  struct Window {
    double end, seconds, others;
  };
  std::vector<Window> m_windows;
  double m_max, m_timeout;
};

// The end of one wait for a quiet machine.
struct QuietWaitResult {
  QuietOutcome outcome = QuietOutcome::Quiet;
  double otherCores = 0;  // over the last second
  double waited = 0;      // seconds
};

// Waits until other processes use less than `maxOtherCores` (QuietPolicy), `timeoutSeconds`, `skip` or `stop`
// (within a window). `progress` hears of every window. Without CPU counters the machine counts as quiet.
QuietWaitResult waitForQuietMachine(double maxOtherCores, double timeoutSeconds, std::stop_token stop,
                                    std::stop_token skip = {},
                                    const std::function<void(const QuietWait&)>& progress = {});

// What the user can do to a running suite besides stopping it.
struct SuiteControl {
  // Once requested, the suite stops waiting for a quiet machine: the wait under way ends, no later step waits.
  std::stop_token skipWait;
};

// Runs the suite on background threads; returns when done or stopped (within 200 ms). A wait for a quiet
// machine that did not end quiet is the run's last: later steps run without waiting, and a note says why.
SuiteResult runSuite(const SuiteSpec& spec, const SuiteObserver& observer, std::stop_token stop,
                     const SuiteControl& control = {});

}  // namespace hashscope
