// runSuite(): each planned step run for k passes, sampled live, and analysed against the ceilings of its
// location (provisionally as it finishes, finally once the location's last step has run).
#include <algorithm>
#include <chrono>
#include <functional>
#include <cstdio>
#include <exception>

#include "hashscope/analysis.hpp"
#include "hashscope/storage.hpp"
#include "hashscope/suite.hpp"
#include "suite/run_step.hpp"

namespace hashscope {

namespace {

using suite::note;

void locationError(SuiteResult& result, const SuiteObserver& observer, const std::filesystem::path& location,
                   const std::string& text)
{
  result.errors.push_back({location, text});
  note(observer, text);
  if (observer.locationError)
    observer.locationError(location, text);
}

// One clear sentence when `location` cannot hold a benchmark, else "".
std::string locationProblem(const std::filesystem::path& location)
{
  std::error_code ec;
  if (std::filesystem::is_directory(location, ec))
    return "";
  return location.string() + (std::filesystem::exists(location, ec) ? ": is not a folder" : ": no such folder") +
         ": choose an existing folder";
}

// A network or FUSE location's round trip, once, before its first step: on the file its first reading step
// reads (a folder's first file).
void measureRoundTripOnce(const std::vector<SuiteStep>& steps, const std::filesystem::path& sampleFile,
                          suite::LocationState& state, std::stop_token stop)
{
  const auto step = std::ranges::find_if(
      steps, [](const SuiteStep& s) { return workloadTraits(s.spec.workload).usesCache; });
  if (!isRemote(state.storage) || step == steps.end())
    return;
  std::filesystem::path file = sampleFile.empty() ? step->spec.target : sampleFile;
  std::error_code ec;
  if (std::filesystem::is_directory(file, ec)) {
    const std::filesystem::path folder = file;
    file.clear();
    for (auto it = std::filesystem::recursive_directory_iterator(folder, ec);
         !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
      if (it->is_regular_file(ec) && !it->is_symlink(ec) && it->file_size(ec) > 0) {
        file = it->path();
        break;
      }
    }
  }
  if (!file.empty())
    state.roundTripMs = suite::measureRoundTrip(file, stop);
}

std::string coresText(double cores)
{
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", cores);
  return text;
}

// What the whole run knows about waiting for a quiet machine: once a wait did not end quiet, waiting again
// would only burn time, so no later step waits.
struct QuietState {
  bool waiting = false;
  SuiteControl control;
};

// Before a step: waits for a quiet machine when the run still does, and says why it stops waiting.
void waitBeforeStep(const SuiteStep& step, const SuiteSpec& spec, QuietState& quiet, const SuiteObserver& observer,
                    std::stop_token stop)
{
  if (!quiet.waiting)
    return;
  QuietWait last{.beforeStep = step.index, .limit = spec.quietTimeoutSeconds};
  const QuietWaitResult wait = waitForQuietMachine(
      kQuietOtherCores, spec.quietTimeoutSeconds, stop, quiet.control.skipWait, [&](const QuietWait& w) {
        last = w;
        last.beforeStep = step.index;
        if (observer.waiting)
          observer.waiting(last);
      });
  last.waited = wait.waited;
  if (observer.waitEnded)
    observer.waitEnded(last, wait.outcome);
  const std::string busy = "other processes used " + coresText(wait.otherCores) + " of " +
                           coresText(last.cores) + " cores";
  switch (wait.outcome) {
  case QuietOutcome::Quiet:
  case QuietOutcome::Stopped:
    return;
  case QuietOutcome::TimedOut:
    note(observer, "The machine did not become quiet within " +
                       std::to_string(static_cast<int>(spec.quietTimeoutSeconds)) + " s (" + busy +
                       "): measuring the remaining steps without waiting; results measured while it was busy are "
                       "flagged.");
    break;
  case QuietOutcome::NotImproving:
    note(observer, "Waiting does not help: " + busy + " for " + std::to_string(static_cast<int>(wait.waited)) +
                       " s without letting up. Measuring the remaining steps without waiting; results measured "
                       "while the machine was busy are flagged.");
    break;
  case QuietOutcome::Skipped:
    note(observer, "No more waiting for a quiet machine: measuring the remaining steps now.");
    break;
  }
  quiet.waiting = false;
}

// Runs one location's steps in order, each analysed provisionally as it finishes. `sampleFile` replaces the
// target of steps that read the sample (empty in a data plan). `changed` (a data plan's): why the data changed
// since the run started; the step after which it changed fails with it, and later steps do not run.
void runSteps(const std::vector<SuiteStep>& steps, const std::filesystem::path& sampleFile, const SuiteSpec& spec,
              suite::LocationState& state, QuietState& quiet, const SuiteObserver& observer, std::stop_token stop,
              int total, SuiteResult& result, const std::function<std::string()>& changed = {})
{
  measureRoundTripOnce(steps, sampleFile, state, stop);
  for (SuiteStep step : steps) {
    if (stop.stop_requested())
      break;
    if (!sampleFile.empty() && workloadTraits(step.spec.workload).readsFile)
      step.spec.target = sampleFile;
    waitBeforeStep(step, spec, quiet, observer, stop);
    if (stop.stop_requested())
      break;
    if (observer.stepStarted)
      observer.stepStarted(step, total);
    // What the run measured so far: the ceilings of the live and of the provisional verdicts.
    std::vector<RunResult> soFar = result.results;
    RunResult r = suite::runStep(step, spec, state, soFar, observer, stop);
    const std::string change = changed && !r.cancelled ? changed() : std::string();
    if (!change.empty())
      r.error = change;
    // Provisional verdict; the final one follows once every location has run.
    soFar.push_back(r);
    analyse(r, ceilingsFor(r, soFar));
    if (!r.error.empty())
      note(observer, step.title + ": " + r.error);
    if (observer.stepFinished)
      observer.stepFinished(step, r);
    const bool cancelled = r.cancelled;
    result.results.push_back(std::move(r));
    if (cancelled)
      break;
    if (!change.empty()) {
      note(observer, "The remaining steps were not run: " + change);
      break;
    }
  }
}

// A data plan: the data is checked and listed once, then its steps run where it is. Nothing is created,
// so nothing is removed afterwards either.
void runData(const SuiteSpec& spec, const std::vector<SuiteStep>& plan, QuietState& quiet,
             const SuiteObserver& observer, std::stop_token stop, SuiteResult& result)
{
  const DataSummary data = describeData(spec.data, stop, dataLinkPolicy(spec));
  if (stop.stop_requested())
    return;
  if (!data.ok())
    return locationError(result, observer, spec.data, data.error);
  for (const SuiteStep& step : plan) {
    if (step.spec.workload == Workload::Write)
      return locationError(result, observer, spec.data,
                           "write would create a file in " + spec.data.string() +
                               ": a benchmark of existing data writes nothing");
    if (data.folder && step.spec.workload == Workload::HashFile)
      return locationError(result, observer, spec.data,
                           spec.data.string() + " is a folder: hash-file measures one file, hash-tree a folder");
  }
  suite::LocationState state;
  state.storage = describeStorage(spec.data);
  if (!state.storage.error.empty())
    return locationError(result, observer, spec.data, state.storage.error);
  note(observer, "Measuring " + spec.data.string() + " (" + dataSummaryText(data) + ") where it is: nothing is written.");
  for (const std::string& skipped : data.skipped)
    note(observer, "Not measured: " + skipped);
  if (!data.notFollowed.empty())
    note(observer, std::to_string(data.notFollowed.size()) +
                       (data.notFollowed.size() == 1 ? " symbolic link was" : " symbolic links were") +
                       " not followed, the first: " + data.notFollowed.front());
  if (data.folder && spec.peers)
    note(observer, "Peer tools hash single files: none runs on a folder.");
  std::vector<SuiteStep> steps = plan;
  for (SuiteStep& step : steps) {
    if (workloadTraits(step.spec.workload).usesCache)  // read, hash-file, hash-tree, peers: all of the data
      step.expectedBytes = data.bytes;
  }
  // A file's size and time of last change, as the run found it: the header's figures and every step's must be
  // of the same data (a file truncated between steps, 2 GiB then 1 MiB, would be measured on its 1 MiB).
  std::error_code ec;
  const auto sizeAt = [&] { return data.folder ? 0 : std::filesystem::file_size(spec.data, ec); };
  const auto timeAt = [&] { return data.folder ? std::filesystem::file_time_type() : std::filesystem::last_write_time(spec.data, ec); };
  const std::uint64_t size = sizeAt();
  const auto time = timeAt();
  const auto changed = [&]() -> std::string {
    if (data.folder)
      return "";
    ec.clear();
    const std::uint64_t now = sizeAt();
    if (ec)
      return spec.data.string() + " can no longer be read (" + ec.message() + "): it changed while the run measured it";
    if (now != size)
      return spec.data.string() + " changed while the run measured it (" + formatBytes(size) + " when it started, " +
             formatBytes(now) + " after this step): its figures are not of the data the run started on";
    if (timeAt() != time)
      return spec.data.string() + " was written to while the run measured it: its figures are not of the data the "
                                  "run started on";
    return "";
  };
  runSteps(steps, {}, spec, state, quiet, observer, stop, static_cast<int>(plan.size()), result, changed);
}

}  // namespace

SuiteResult runSuite(const SuiteSpec& spec, const SuiteObserver& observer, std::stop_token stop,
                     const SuiteControl& control)
{
  SuiteResult result;
  QuietState quiet{spec.waitQuiet && !control.skipWait.stop_requested(), control};
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::filesystem::path> created;  // samples this suite made: the only ones it may remove
  try {
    const std::vector<SuiteStep> plan = planSuite(spec);
    const int total = static_cast<int>(plan.size());
    if (!spec.data.empty())
      runData(spec, plan, quiet, observer, stop, result);
    // Every location expands to the same number of contiguous steps (even when a folder is listed twice).
    const std::size_t perLocation = spec.locations.empty() ? 0 : plan.size() / spec.locations.size();
    for (std::size_t l = 0; spec.data.empty() && l < spec.locations.size(); ++l) {
      const auto& location = spec.locations[l];
      const std::size_t first = l * perLocation, next = first + perLocation;
      if (stop.stop_requested())
        break;
      if (const std::string problem = locationProblem(location); !problem.empty()) {
        locationError(result, observer, location, problem);
        continue;
      }
      suite::LocationState state;
      state.storage = describeStorage(location);
      if (!state.storage.error.empty()) {
        locationError(result, observer, location, state.storage.error);
        continue;
      }
      const std::vector<SuiteStep> steps(plan.begin() + static_cast<std::ptrdiff_t>(first),
                                         plan.begin() + static_cast<std::ptrdiff_t>(next));
      std::filesystem::path sampleFile;
      SampleHold sampleHold;  // keeps this location's sample from being removed by another run while in use
      if (planNeedsSample(steps)) {
        // createSample decides whether the location can hold a sample (read-only, permission, free space) and
        // reuses an existing sample even on a read-only location: one decision, in one place.
        SampleResult sample = createSample(location, spec.sampleSize, spec.content, stop,
                                           [&](const SampleProgress& p) {
                                             if (observer.sampleProgress)
                                               observer.sampleProgress(location, p);
                                           });
        // A sample this run wrote is this run's to remove, even when the stop came in the instant between
        // its last byte and its rename: it is complete and named by then, and must not be left behind.
        if (sample.ok() && !sample.reused)
          created.push_back(sample.file.path);
        if (sample.cancelled || stop.stop_requested())
          break;
        if (!sample.ok()) {
          locationError(result, observer, location, "Skipping " + location.string() + ": " + sample.error);
          continue;
        }
        sampleFile = sample.file.path;
        sampleHold = std::move(sample.hold);
      }

      runSteps(steps, sampleFile, spec, state, quiet, observer, stop, total, result);
    }
    analyseRun(result.results);
  } catch (const std::exception& e) {
    result.errors.push_back({{}, std::string("The suite stopped on an internal error: ") + e.what()});
  }

  if (spec.removeSamplesAfter || stop.stop_requested()) {
    for (const auto& file : created) {
      std::string message;
      switch (removeSample(file, message)) {
      case RemoveOutcome::Removed:
        break;
      case RemoveOutcome::InUse:  // another run reuses it and leaves it in place: not a failure of this run
        note(observer, message);
        break;
      case RemoveOutcome::Refused:
        result.errors.push_back({file.parent_path(), message});
        break;
      }
    }
  }
  result.cancelled = stop.stop_requested();
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace hashscope
