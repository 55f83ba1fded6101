// The one benchmark path behind the Benchmark button, `hashscope-cli bench --suite` and plain
// `hashscope-cli bench` (a suite with an explicit list of workloads): for each location and algorithm,
// read, hash-memory, hash-file, optionally hash-file (warm), a stream ramp and peer tools, each run for
// k passes, sampled live, then analysed against the location's ceilings. A data plan (SuiteSpec::data) runs
// the same steps on a file or folder the user already has instead of on samples, and writes nothing.
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
  // Existing data to measure where it is, instead of samples (the "data plan"): a file (read, then per
  // algorithm hash-memory and hash-file, with peers, warm and ramp as asked) or a folder (a read of every
  // file under it, then per algorithm hash-memory and hash-tree, with warm and ramp as asked). Nothing is
  // written there: no sample, no marker, no partial file. When set, `locations`, sampleSize, content and
  // removeSamplesAfter are not used; `workloads` may narrow the steps (write is refused).
  std::filesystem::path data;
  // A data plan on a folder: follow symbolic links under it (only those whose target stays inside it; a
  // link out of the folder is never followed). Off: no link is followed, like md5deep.
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
// Looks at `path` without writing and without opening anything that could block (FIFOs, devices are
// refused from their type). A folder is listed in full, so this may take a while on a big tree.
// `links`: how a folder's symbolic links are treated (dataLinkPolicy of the spec that will run).
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

// Callbacks from the suite's threads. All are optional; each may be called from a worker or sampler
// thread, so implementations must be thread-safe and quick.
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
// What classifyInterval knows of a step while it runs: the ceilings the `earlier` steps of the benchmark
// measured (the suite runs a location's read and hash-memory references before its hash-file steps), taken at
// the step's point, so each live interval verdict follows the rules the final analysis applies.
StepContext liveContext(const RunResult& planned, const std::vector<RunResult>& earlier);

// One measured pass: a warm workload's file (or tree) is read into the page cache first, once (so the
// warm-up's device reads are not counted in the run), then `work` runs while a Sampler at `hz` watches the
// CPU and the location's device (hz <= 0: no sampling), and the process's own I/O accounting tells what it
// fetched from storage (RunResult::ownReadBytes). Each sample reaches `onSample` with its interval verdict,
// classified in `live` (liveContext). `work` reports to `counters`; it gets the spec with `prewarmed` set.
// `onNote` receives one sentence when the warm-up failed.
RunResult runSampled(const WorkloadSpec& spec, const StorageInfo& storage, const StepContext& live, double hz,
                     LiveCounters& counters, std::stop_token stop,
                     const std::function<RunResult(const WorkloadSpec&)>& work,
                     const std::function<void(const Sample&)>& onSample = {},
                     const std::function<void(const std::string&)>& onNote = {});

// The stream counts of a ramp to `top` streams: 1, 2, 4, 8, ... below `top`, then `top` itself (16: 1 2 4 8
// 16; 12: 1 2 4 8 12), so a many-core machine measures how it scales in a few steps, not one per count.
std::vector<int> rampStreams(int top);

// The steps `spec` expands to, before anything runs (for progress: "step 3 of 14").
std::vector<SuiteStep> planSuite(const SuiteSpec& spec);
// Whether any of `steps` reads the location's sample file (else no sample is created).
bool planNeedsSample(const std::vector<SuiteStep>& steps);

// What "quiet" means for SuiteSpec::waitQuiet: other processes below this many cores.
inline constexpr double kQuietOtherCores = 0.2;

// When a wait for a quiet machine ends, decided from the other processes' CPU use, window by window (pure:
// waitForQuietMachine feeds it the CPU counters, tests feed it made-up loads). A first window below the
// limit ends the wait at once (a quiet machine costs one short window per step); later the last second must
// be below it (a dip of a quarter second in a busy build is not quiet). A machine busy all along whose load
// is not falling is given up on after kGiveUpSeconds: a build or a download rarely ends in the next seconds.
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

// Waits until other processes use less than `maxOtherCores` of the CPU (QuietPolicy), or `timeoutSeconds`
// passed, or `skip` or `stop` is requested (both end the wait within a window). `progress` hears of every
// window. Without CPU counters the machine counts as quiet.
QuietWaitResult waitForQuietMachine(double maxOtherCores, double timeoutSeconds, std::stop_token stop,
                                    std::stop_token skip = {},
                                    const std::function<void(const QuietWait&)>& progress = {});

// What the user can do to a running suite besides stopping it.
struct SuiteControl {
  // Once requested, the suite stops waiting for a quiet machine: the wait under way ends, no later step waits.
  std::stop_token skipWait;
};

// Runs the suite on background threads and returns when it is done or stopped (within 200 ms). A wait for
// a quiet machine that did not end quiet (timed out, not improving, skipped) is the run's last: the
// later steps run without waiting, and a note says why.
SuiteResult runSuite(const SuiteSpec& spec, const SuiteObserver& observer, std::stop_token stop,
                     const SuiteControl& control = {});

}  // namespace hashscope
