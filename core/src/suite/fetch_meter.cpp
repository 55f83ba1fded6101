#include "suite/fetch_meter.hpp"

#include <algorithm>
#include <filesystem>

#include "platform/file_io.hpp"

namespace hashscope::suite {

namespace fs = std::filesystem;

namespace {

// A folder with more files than this is not walked file by file for its page-cache residency (a walk of a
// big tree on a network share costs more than the measurement): its fetched bytes come from elsewhere.
constexpr std::size_t kResidencyMaxFiles = 10000;

// Drops one file's cached pages, as a cold run of the engine does (fdatasync + POSIX_FADV_DONTNEED).
void evictFile(const fs::path& file)
{
  std::string error, note;
  platform::InputFile f = platform::InputFile::open(file, platform::ReadMode::Cached, error);
  if (f.isOpen())
    f.evict(note);
}

// The page-cache residency of a file, or of every regular file under a folder; nullopt when any of them
// cannot be asked or the folder has too many files. `evictFirst`: drop each file's pages before asking.
std::optional<std::uint64_t> residency(const fs::path& target, bool evictFirst)
{
  std::error_code ec;
  if (!fs::is_directory(target, ec)) {
    if (evictFirst)
      evictFile(target);
    return platform::residentBytes(target);
  }
  std::uint64_t total = 0;
  std::size_t files = 0;
  for (auto it = fs::recursive_directory_iterator(target, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (!it->is_regular_file(ec) || it->is_symlink(ec))
      continue;
    if (++files > kResidencyMaxFiles)
      return std::nullopt;
    if (evictFirst)
      evictFile(it->path());
    const auto resident = platform::residentBytes(it->path());
    if (!resident)
      return std::nullopt;
    total += *resident;
  }
  if (ec)
    return std::nullopt;
  return total;
}

}  // namespace

FetchMeter::FetchMeter(const WorkloadSpec& spec, const StorageInfo& storage)
    : m_spec(spec), m_storage(storage), m_remote(isRemote(storage))
{
}

void FetchMeter::begin()
{
  if (!m_remote) {
    m_ioValid = readProcessIo(m_ioBefore);
    return;
  }
  if (!workloadTraits(m_spec.workload).usesCache)
    return;  // reads no file of the location: nothing is fetched from it
  m_mountBefore = readMountFetchedBytes(m_storage);
  if (!m_mountBefore)
    m_residentBefore = residency(m_spec.target, m_spec.cache == CacheMode::Cold);
}

void FetchMeter::end(RunResult& result) const
{
  auto set = [&](std::uint64_t bytes, FetchBasis basis) {
    result.ownReadBytes = bytes;
    result.fetchedBy = basis;
  };
  if (!m_remote) {
    ProcessIo after;
    const bool child = m_spec.workload == Workload::PeerTool;
    if (m_ioValid && readProcessIo(after) && (!child || after.childReadKnown)) {
      // A peer tool is a child: its reads show up in the children's account once it has been waited for.
      const std::uint64_t a = child ? after.childReadBytes : after.readBytes;
      const std::uint64_t b = child ? m_ioBefore.childReadBytes : m_ioBefore.readBytes;
      set(a >= b ? a - b : 0, FetchBasis::ProcessIo);
    }
    return;
  }
  if (!workloadTraits(m_spec.workload).usesCache)
    return;
  if (m_mountBefore) {
    if (const auto after = readMountFetchedBytes(m_storage)) {
      set(*after >= *m_mountBefore ? *after - *m_mountBefore : 0, FetchBasis::MountCounters);
      return;
    }
  }
  if (result.cacheMethod == CacheMethod::Direct) {
    set(result.bytes, FetchBasis::DirectIo);
    return;
  }
  if (m_residentBefore) {
    set(result.bytes - std::min(result.bytes, *m_residentBefore), FetchBasis::PageCache);
    return;
  }
  bool net = false;
  std::uint64_t received = 0;
  for (const Sample& s : result.samples) {
    net = net || s.netValid;
    received = std::max(received, s.netRxBytes);
  }
  if (net)
    set(received, FetchBasis::Interface);
}

}  // namespace hashscope::suite
