// Listing and removing sample files. Removal takes an exclusive advisory lock without waiting for a holder:
// a sample a benchmark uses (shared lock) or a partial file being written (exclusive lock) is refused,
// and nothing without HashScope's marker, agreeing name and exact size is ever removed.
#include <algorithm>
#include <cctype>
#include <chrono>
#include <thread>

#include "engine/sample_identity.hpp"
#include "hashscope/samples.hpp"

namespace hashscope {

namespace fs = std::filesystem;
using platform::FileLock;

namespace engine {

FileLock lockSoon(const fs::path& path, FileLock::Mode mode, FileLock::Outcome& outcome, std::string& error)
{
  // Listing and checking take a lock for microseconds; a holder still there after a second really uses it.
  for (int attempt = 0;; ++attempt) {
    FileLock lock = FileLock::tryLock(path, mode, outcome, error);
    if (outcome != FileLock::Outcome::Busy || attempt == 100)
      return lock;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

std::string clearStalePartial(const fs::path& partial, bool* beingWritten)
{
  const auto name = parseSampleEntryName(partial.filename().string());
  if (!name || !name->partial)
    return partial.string() + " is not a HashScope partial sample: it was left untouched";
  FileLock::Outcome outcome;
  std::string error;
  FileLock lock = lockSoon(partial, FileLock::Mode::Exclusive, outcome, error);
  if (outcome == FileLock::Outcome::Busy) {
    if (beingWritten)
      *beingWritten = true;
    return partial.string() + " already exists (another HashScope is writing it): it was left untouched";
  }
  std::error_code ec;
  if (outcome == FileLock::Outcome::Failed && !fs::exists(fs::symlink_status(partial, ec)))
    return "";  // renamed into place or removed meanwhile: nothing left to clear
  if (outcome == FileLock::Outcome::Failed)
    return error;
  if (!lock.stillNamedBy(partial))
    return "";  // gone meanwhile
  const std::string problem = markerProblem(partial, *name, lock.size(), platform::fileId(partial));
  if (!problem.empty())
    return partial.string() + " already exists and is not HashScope's (" + problem + "): it was left untouched";
  // Its writer is gone (a lock dies with its process): the partial file is HashScope's leftover.
  if (!fs::remove(partial, ec) || ec)
    return partial.string() + ": could not remove this leftover partial sample (" + ec.message() + ")";
  removeSidecar(partial);
  return "";
}

}  // namespace engine

namespace {

SampleFile inspect(const fs::path& path, const engine::SampleName& name)
{
  SampleFile file{path, name.size, name.content, SampleStatus::NotASample, "", 0};
  std::error_code ec;
  if (!fs::is_regular_file(fs::symlink_status(path, ec))) {
    file.reason = "not a regular file";
    return file;
  }
  file.bytesOnDisk = fs::file_size(path, ec);
  file.reason = engine::markerProblem(path, name, file.bytesOnDisk, platform::fileId(path));
  if (!file.reason.empty())
    return file;
  if (!name.partial) {
    file.status = SampleStatus::Sample;
    return file;
  }
  // A shared lock conflicts only with an exclusive one, which a live writer holds for its whole lifetime:
  // one try tells whether the writer is alive (no waiting, so a list never stalls on a running create).
  FileLock::Outcome outcome;
  std::string error;
  FileLock probe = FileLock::tryLock(path, FileLock::Mode::Shared, outcome, error);
  if (outcome == FileLock::Outcome::Busy)
    file.status = SampleStatus::Writing;
  else if (outcome == FileLock::Outcome::Locked)
    file.status = SampleStatus::StalePartial;
  else
    file.reason = error;
  return file;
}

}  // namespace

std::vector<SampleFile> listSamples(const fs::path& folder, std::string* error)
{
  std::vector<SampleFile> samples;
  std::error_code ec;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    const auto name = engine::parseSampleEntryName(it->path().filename().string());
    if (name)
      samples.push_back(inspect(it->path(), *name));
  }
  if (ec) {
    std::string message = ec.message();
    message[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(message[0])));
    if (error)
      *error = folder.string() + ": " + message;
    return {};
  }
  std::sort(samples.begin(), samples.end(),
            [](const SampleFile& a, const SampleFile& b) { return a.path.filename() < b.path.filename(); });
  return samples;
}

RemoveOutcome removeSample(const fs::path& file, std::string& message)
{
  const auto refuse = [&](std::string text) {
    message = std::move(text);
    return RemoveOutcome::Refused;
  };
  message.clear();
  const auto name = engine::parseSampleEntryName(file.filename().string());
  if (!name)
    return refuse(file.string() + " is not a HashScope sample file: it was left untouched");
  std::error_code ec;
  const auto st = fs::symlink_status(file, ec);
  if (!fs::exists(st))
    return refuse(file.string() + ": no such file");
  if (!fs::is_regular_file(st))
    return refuse(file.string() + " is not a regular file: it was left untouched");
  if (name->partial) {
    message = engine::clearStalePartial(file);
    return message.empty() ? RemoveOutcome::Removed : RemoveOutcome::Refused;
  }
  FileLock::Outcome outcome;
  std::string error;
  FileLock lock = engine::lockSoon(file, FileLock::Mode::Exclusive, outcome, error);
  if (outcome == FileLock::Outcome::Busy) {
    message = file.string() + " is in use by another HashScope: it was left untouched";
    return RemoveOutcome::InUse;
  }
  if (outcome == FileLock::Outcome::Failed)
    return refuse(error);
  if (!lock.stillNamedBy(file))
    return refuse(file.string() + " changed while being removed: it was left untouched");
  const std::string problem = engine::markerProblem(file, *name, lock.size(), platform::fileId(file));
  if (!problem.empty())
    return refuse(file.string() + " is not a HashScope sample (" + problem + "): it was left untouched");
  // Removed while locked: no run can start using it between the checks and the removal.
  if (!fs::remove(file, ec) || ec)
    return refuse(file.string() + ": could not remove it (" + ec.message() + ")");
  engine::removeSidecar(file);
  return RemoveOutcome::Removed;
}

std::string removeSample(const fs::path& file)
{
  std::string message;
  removeSample(file, message);
  return message;
}

}  // namespace hashscope
