// CPU features that decide which code path the hash libraries take on this machine.
#pragma once

#include <string_view>

namespace hashscope::detail {

// What the CPU and the OS together allow (AVX needs OS support for the wider registers too).
struct CpuFeatures {
  bool ssse3 = false;
  bool sse41 = false;
  bool sse42 = false;
  bool pclmulqdq = false;
  bool avx = false;  // CPU has AVX and the OS saves YMM state
  bool avx2 = false; // ditto
  bool bmi1 = false;
  bool bmi2 = false;
  bool sha = false;    // SHA-NI (SHA-1 / SHA-256 instructions)
  bool avx512 = false; // F+VL+BW+DQ and the OS saves ZMM/opmask state
  bool vpclmulqdq = false;
  bool xop = false;   // AMD Bulldozer family; OpenSSL's SHA-512 prefers it
  bool intel = false; // GenuineIntel: OpenSSL takes its AVX (non-AVX2) SHA paths only there
  bool isX86 = false;
};

// Detected once, thread-safely, on first use.
const CpuFeatures& cpuFeatures();

// "x86-64", "aarch64", ... as seen at build time; used in implementation strings on other arches.
std::string_view cpuArchName();

} // namespace hashscope::detail
