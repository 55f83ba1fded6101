// This process's CPU time on POSIX systems (Linux, macOS): getrusage.
#include <sys/resource.h>

#include "hashscope/workload.hpp"

namespace hashscope {

void processCpuSeconds(double& user, double& system)
{
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  user = static_cast<double>(ru.ru_utime.tv_sec) + static_cast<double>(ru.ru_utime.tv_usec) * 1e-6;
  system = static_cast<double>(ru.ru_stime.tv_sec) + static_cast<double>(ru.ru_stime.tv_usec) * 1e-6;
}

}  // namespace hashscope
