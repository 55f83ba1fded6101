// What a run fetched from storage rather than from this machine's page cache, counted the way its location
// allows (FetchBasis): a local disk by the process's own I/O accounting, an NFS mount by its own counters,
// other network and FUSE filesystems by what the page cache held as the run began (or by direct I/O, which
// it never serves), and, where none of those can tell, by the traffic of the location's network interface.
#pragma once

#include <optional>

#include "hashscope/counters.hpp"
#include "hashscope/workload.hpp"

namespace hashscope::suite {

class FetchMeter {
public:
  FetchMeter(const WorkloadSpec& spec, const StorageInfo& storage);
  // Just before the work, after any warm-up. On a network or FUSE location a cold run's files are dropped
  // from the page cache here, as the engine drops them, so what stays cached is what the run will find.
  void begin();
  // After the work and the sampler: sets result.ownReadBytes and result.fetchedBy.
  void end(RunResult& result) const;

private:
  const WorkloadSpec& m_spec;
  const StorageInfo& m_storage;
  bool m_remote = false;
  bool m_ioValid = false;
  ProcessIo m_ioBefore;
  std::optional<std::uint64_t> m_mountBefore;
  std::optional<std::uint64_t> m_residentBefore;
};

}  // namespace hashscope::suite
