// CPU feature detection for non-x86 processors: none of the x86 paths apply.
#include "hash/cpu_features.hpp"

namespace hashscope::detail {

const CpuFeatures& cpuFeatures()
{
  static const CpuFeatures features{};
  return features;
}

std::string_view cpuArchName()
{
#if defined(__aarch64__) || defined(_M_ARM64)
  return "aarch64";
#elif defined(__arm__) || defined(_M_ARM)
  return "arm";
#elif defined(__powerpc64__)
  return "ppc64";
#elif defined(__riscv)
  return "riscv";
#else
  return "unknown CPU";
#endif
}

} // namespace hashscope::detail
