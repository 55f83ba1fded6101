// CPU feature detection for x86 / x86-64 with CPUID and XGETBV.
#include "hash/cpu_features.hpp"

#include <cstdint>

// The one compiler split CMake cannot choose for us: MSVC spells CPUID as an intrinsic.
#if defined(_MSC_VER) && !defined(__clang__)
#include <immintrin.h>
#include <intrin.h>
#else
#include <cpuid.h>
#endif

namespace hashscope::detail {
namespace {

struct Regs {
  std::uint32_t eax = 0, ebx = 0, ecx = 0, edx = 0;
};

Regs cpuid(std::uint32_t leaf, std::uint32_t subleaf)
{
  Regs r;
#if defined(_MSC_VER) && !defined(__clang__)
  int out[4] = {};
  __cpuidex(out, static_cast<int>(leaf), static_cast<int>(subleaf));
  r.eax = static_cast<std::uint32_t>(out[0]);
  r.ebx = static_cast<std::uint32_t>(out[1]);
  r.ecx = static_cast<std::uint32_t>(out[2]);
  r.edx = static_cast<std::uint32_t>(out[3]);
#else
  __cpuid_count(leaf, subleaf, r.eax, r.ebx, r.ecx, r.edx);
#endif
  return r;
}

std::uint64_t xgetbv0()
{
#if defined(_MSC_VER) && !defined(__clang__)
  return _xgetbv(0);
#else
  std::uint32_t lo = 0, hi = 0;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return (static_cast<std::uint64_t>(hi) << 32) | lo;
#endif
}

bool bit(std::uint32_t value, int n)
{
  return ((value >> n) & 1u) != 0;
}

CpuFeatures detect()
{
  CpuFeatures f;
  f.isX86 = true;
  const Regs l0 = cpuid(0, 0);
  const std::uint32_t maxLeaf = l0.eax;
  f.intel = l0.ebx == 0x756e6547u && l0.edx == 0x49656e69u && l0.ecx == 0x6c65746eu; // "GenuineIntel"
  if (cpuid(0x80000000u, 0).eax >= 0x80000001u) {
    f.xop = bit(cpuid(0x80000001u, 0).ecx, 11);
  }
  if (maxLeaf < 1) {
    return f;
  }
  const Regs l1 = cpuid(1, 0);
  f.ssse3 = bit(l1.ecx, 9);
  f.sse41 = bit(l1.ecx, 19);
  f.sse42 = bit(l1.ecx, 20);
  f.pclmulqdq = bit(l1.ecx, 1);
  const bool osxsave = bit(l1.ecx, 27);
  const std::uint64_t xcr0 = osxsave ? xgetbv0() : 0;
  const bool osYmm = (xcr0 & 0x6) == 0x6;   // XMM and YMM state
  const bool osZmm = (xcr0 & 0xe6) == 0xe6; // plus opmask and both ZMM halves
  f.avx = bit(l1.ecx, 28) && osYmm;
  if (maxLeaf >= 7) {
    const Regs l7 = cpuid(7, 0);
    f.avx2 = f.avx && bit(l7.ebx, 5);
    f.bmi1 = bit(l7.ebx, 3);
    f.bmi2 = bit(l7.ebx, 8);
    f.sha = bit(l7.ebx, 29);
    f.avx512 = osZmm && bit(l7.ebx, 16) && bit(l7.ebx, 17) && bit(l7.ebx, 30) && bit(l7.ebx, 31);
    f.vpclmulqdq = f.avx && bit(l7.ecx, 10);
  }
  return f;
}

} // namespace

const CpuFeatures& cpuFeatures()
{
  static const CpuFeatures features = detect();
  return features;
}

std::string_view cpuArchName()
{
  return sizeof(void*) == 8 ? "x86-64" : "x86";
}

} // namespace hashscope::detail
