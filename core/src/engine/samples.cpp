// Creating and reusing sample files (createSample, samples.hpp). Listing and removal: sample_list.cpp;
// recognition: sample_identity.cpp.
#include <algorithm>
#include <chrono>
#include <optional>
#include <thread>

#include "engine/sample_identity.hpp"
#include "engine/workload_internal.hpp"
#include "hashscope/samples.hpp"
#include "hashscope/storage.hpp"
#include "storage/mountinfo.hpp"

namespace hashscope {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kPrefix = "hashscope-sample-";
constexpr std::string_view kSuffix = ".bin";
constexpr std::size_t kBlock = 4 * MiB;
constexpr std::uint64_t kWriteBehindChunk = 8 * MiB;  // x4 in flight: bounded dirty memory, quick cancel


// Removes the partial file (and the sidecars written for it) unless the sample was completed.
class PartialGuard {
public:
  explicit PartialGuard(fs::path partial, fs::path target) : m_partial(std::move(partial)), m_target(std::move(target)) {}
  ~PartialGuard()
  {
    if (m_armed) {
      std::error_code ec;
      fs::remove(m_partial, ec);
      engine::removeSidecar(m_partial);
      if (m_targetSidecar)
        engine::removeSidecar(m_target);
    }
  }
  void wroteTargetSidecar() { m_targetSidecar = true; }
  void disarm() { m_armed = false; }
  PartialGuard(const PartialGuard&) = delete;
  PartialGuard& operator=(const PartialGuard&) = delete;

private:
  fs::path m_partial, m_target;
  bool m_armed = true, m_targetSidecar = false;
};

using platform::FileLock;

// Kernel views (/proc, /sys ...) report 0 B free and refuse files: they are no place for a sample.
std::string storageProblem(const fs::path& folder, const StorageInfo& info)
{
  if (storage::isPseudoFilesystem(info.filesystem))
    return folder.string() + " is not a storage location (" + info.filesystem +
           " is a view of the system, not a disk): choose a folder on a disk";
  return "";
}

std::string writeProblem(const fs::path& folder, const StorageInfo& info)
{
  if (info.readOnly)
    return folder.string() + " is on a read-only filesystem: choose another location";
  if (!info.writable)
    return folder.string() + ": permission denied (you cannot create files here): choose another location";
  return "";
}

// The existing sample `target`, held with a shared lock; sets `error` when it is not a usable sample.
// An empty lock and no error: it vanished meanwhile (removed by another run), so create it.
FileLock holdExisting(const fs::path& target, std::uint64_t size, SampleContent content, std::string& error)
{
  FileLock::Outcome outcome;
  std::string lockError;
  FileLock lock = engine::lockSoon(target, FileLock::Mode::Shared, outcome, lockError);
  std::error_code ec;
  const auto notOurs = [&](const std::string& why) {
    error = target.string() + " already exists but is not a HashScope sample of " + formatBytes(size) + " (" +
            why + "): it was left untouched; remove it or choose another size";
  };
  if (outcome == FileLock::Outcome::Busy)
    error = target.string() + " is being removed by another HashScope: try again";
  else if (outcome == FileLock::Outcome::Failed && fs::exists(fs::symlink_status(target, ec)))
    notOurs(lockError);
  if (!lock.isLocked() || !lock.stillNamedBy(target))
    return {};
  const std::string problem =
      engine::markerProblem(target, {size, content, false}, lock.size(), platform::fileId(target));
  if (!problem.empty()) {
    notOurs(problem);
    return {};
  }
  return lock;
}

// Creates the partial file exclusively and locks it, replacing a stale one left by a killed run. When
// another HashScope is writing the same partial file right now, returns no file and sets `otherWriter`.
platform::OutputFile openPartial(const fs::path& partial, FileLock& lock, std::string& error, bool& otherWriter)
{
  int unmarked = 0;  // looks at a partial file with no marker yet: its creator may be about to write it
  for (int attempt = 0; attempt < 3; ++attempt) {
    platform::OutputFile file = platform::OutputFile::createExclusive(partial, error);
    std::error_code ec;
    if (!file.isOpen()) {
      if (!fs::exists(fs::symlink_status(partial, ec)))
        return {};
      error = engine::clearStalePartial(partial, &otherWriter);
      if (otherWriter)
        return {};
      if (!error.empty() && !engine::readMarker(partial) && fs::exists(fs::symlink_status(partial, ec)) &&
          ++unmarked < 20) {
        // Created an instant ago by another HashScope that has not locked and marked it yet (a file of
        // someone else's stays unmarked, and is refused after these two seconds).
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        --attempt;
        continue;
      }
      if (!error.empty())
        return {};
      continue;  // the stale one is gone: create ours
    }
    // Nobody else can hold this lock for long: a lister or a stale-partial check looks at the file, sees no
    // marker yet and lets go. Once locked and still ours by name, nobody removes it but us.
    FileLock::Outcome outcome;
    lock = engine::lockSoon(partial, FileLock::Mode::Exclusive, outcome, error);
    if (lock.isLocked() && lock.stillNamedBy(partial))
      return file;
    if (lock.isLocked()) {
      error = partial.string() + " was replaced by another program while being created: it was left untouched";
      return {};
    }
    // Still the unmarked file we just created (nobody removes an unmarked partial): remove it again.
    fs::remove(partial, ec);
    if (outcome == FileLock::Outcome::Busy)
      error = partial.string() + " is held by another program: try again";
    else
      error += ": HashScope needs file locks there to keep runs from removing each other's samples";
    return {};
  }
  error = partial.string() + " keeps reappearing (another HashScope is writing it): it was left untouched";
  return {};
}

// Waits while another HashScope writes `partial` (it holds the partial file's lock until the sample has its
// final name). True once it is done or gone, false when `stop` came first.
bool waitForOtherWriter(const fs::path& partial, std::stop_token stop)
{
  while (!stop.stop_requested()) {
    std::error_code ec;
    if (!fs::exists(fs::symlink_status(partial, ec)))
      return true;
    FileLock::Outcome outcome;
    std::string error;
    FileLock probe = FileLock::tryLock(partial, FileLock::Mode::Shared, outcome, error);
    if (outcome != FileLock::Outcome::Busy)
      return true;  // its writer finished or died: the next look decides
    probe.unlock();
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

}  // namespace

std::string sampleFileName(std::uint64_t size, SampleContent content)
{
  std::string name(kPrefix);
  name += toString(content);
  name += '-';
  for (const auto& [unit, bytes] : engine::kSizeUnits) {
    if (size >= bytes && size % bytes == 0) {
      name += std::to_string(size / bytes);
      name += unit;
      break;
    }
  }
  if (size == 0)
    name += "0B";
  name += kSuffix;
  return name;
}

bool isSampleFileName(std::string_view name)
{
  const auto parsed = engine::parseSampleEntryName(name);
  return parsed && !parsed->partial;
}

std::string sampleLocationProblem(const fs::path& folder)
{
  std::string problem = engine::folderProblem(folder);
  if (!problem.empty())
    return problem;
  const StorageInfo info = describeStorage(folder);
  if (!info.error.empty())
    return info.error;
  problem = storageProblem(folder, info);
  return problem.empty() ? writeProblem(folder, info) : problem;
}

SampleResult createSample(const fs::path& folder, std::uint64_t size, SampleContent content, std::stop_token stop,
                          const std::function<void(const SampleProgress&)>& progress)
{
  SampleResult result;
  result.file = SampleFile{folder / sampleFileName(size, content), size, content, SampleStatus::Sample, "", size};
  try {
    if (size == 0) {
      result.error = "A sample file must hold at least 1 byte";
      return result;
    }
    result.error = engine::folderProblem(folder);
    if (!result.error.empty())
      return result;
    const StorageInfo info = describeStorage(folder);
    result.error = storageProblem(folder, info);
    if (!result.error.empty())
      return result;
    const fs::path& target = result.file.path;
    const fs::path partial = engine::partialPathOf(target);
    FileLock lock;  // held from creation to the end: a partial nobody holds is stale
    platform::OutputFile file;
    for (;;) {
      std::error_code ec;
      if (fs::exists(fs::symlink_status(target, ec))) {
        // Reuse it (even on a read-only location) only when it is ours, and keep it from being removed.
        FileLock held = holdExisting(target, size, content, result.error);
        if (!result.error.empty())
          return result;
        if (held.isLocked()) {
          result.hold.lock = std::make_shared<FileLock>(std::move(held));
          result.reused = true;
          return result;
        }
      }
      result.error = info.error.empty() ? writeProblem(folder, info) : "";
      // The space another HashScope's partial file takes is not missing for this one: that writer is
      // waited for below.
      if (result.error.empty() && !fs::exists(fs::symlink_status(partial, ec)))
        result.error = engine::freeSpaceProblem(folder, size);
      if (!result.error.empty())
        return result;
      std::string error;
      bool otherWriter = false;
      file = openPartial(partial, lock, error, otherWriter);
      if (file.isOpen()) {
        if (!fs::exists(fs::symlink_status(target, ec)))
          break;
        // Another HashScope renamed its finished sample into place between the look at the target above and
        // this partial file (its own was gone, so this one could be made): reuse that sample, as above. Seen
        // under wine, where the second creator wrote a whole sample and then replaced the first's sidecar.
        file.close();
        lock.unlock();
        fs::remove(partial, ec);
        continue;
      }
      if (!otherWriter) {
        result.error = error;
        return result;
      }
      // Another HashScope writes this very sample right now: wait for it, then reuse what it wrote.
      if (!waitForOtherWriter(partial, stop)) {
        result.cancelled = true;
        return result;
      }
    }
    std::string error;
    PartialGuard guard(partial, target);
    bool sidecar = false;
    result.error = engine::writeMarker(partial, {false, size, content, std::nullopt}, sidecar);
    if (!result.error.empty())
      return result;
    platform::AlignedBuffer buffer = platform::allocateAligned(kBlock, 4096);
    if (!buffer) {
      result.error = "Not enough memory to write the sample";
      return result;
    }
    const auto start = engine::Clock::now();
    auto lastReport = start;
    std::uint64_t behind = 0;
    for (std::uint64_t pos = 0; pos < size;) {
      if (stop.stop_requested()) {
        result.cancelled = true;
        return result;
      }
      const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(kBlock, size - pos));
      fillContent(buffer.get(), n, content, pos / kBlock);
      if (!file.writeAt(buffer.get(), n, pos, error)) {
        result.error = error;
        return result;
      }
      pos += n;
      if (pos - behind >= kWriteBehindChunk) {
        file.writeBehind(behind, pos - behind);
        behind = pos;
      }
      const auto now = engine::Clock::now();
      if (progress && now - lastReport >= std::chrono::milliseconds(100)) {
        lastReport = now;
        progress({pos, size, engine::secondsBetween(start, now)});
      }
    }
    if (!file.flush(error)) {
      result.error = error;
      return result;
    }
    const auto end = engine::Clock::now();
    // The next cold run must find nothing of this file in RAM.
    file.evict();
    file.close();
    result.seconds = engine::secondsBetween(start, end);
    result.mbPerSec = megabytesPerSecond(size, result.seconds);
    if (progress)
      progress({size, size, result.seconds});
    // Mark it complete before it gets its final name, so it never appears there unmarked.
    const engine::SampleMarker complete{true, size, content, std::nullopt};
    if (sidecar) {
      const auto id = platform::fileId(partial);
      result.error = id ? engine::writeSidecar(target, complete, *id) : partial.string() + ": cannot read its identity";
      guard.wroteTargetSidecar();
    } else {
      result.error = engine::writeMarker(partial, complete, sidecar);
    }
    if (!result.error.empty())
      return result;
    if (!platform::renameNoReplace(partial, target, error)) {
      // Another HashScope finished the same sample first: use its sample (ours is removed by the guard).
      FileLock held = holdExisting(target, size, content, result.error);
      if (result.error.empty() && held.isLocked()) {
        result.hold.lock = std::make_shared<FileLock>(std::move(held));
        result.reused = true;
        return result;
      }
      if (result.error.empty())
        result.error = error;
      return result;
    }
    guard.disarm();
    engine::removeSidecar(partial);
    // Keep the new sample from being removed while the caller uses it.
    if (!lock.relock(FileLock::Mode::Shared) || !lock.stillNamedBy(target)) {
      result.error = target.string() + " was removed by another program right after it was written";
      return result;
    }
    result.hold.lock = std::make_shared<FileLock>(std::move(lock));
  } catch (const std::exception& e) {
    result.error = std::string("Unexpected failure while writing the sample: ") + e.what();
  }
  return result;
}

}  // namespace hashscope
