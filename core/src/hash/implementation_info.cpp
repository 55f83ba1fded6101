// Implementation strings: which library, which version, and which CPU path it takes on this machine.
// The CPU-path rules mirror each library's own dispatch code (OpenSSL's perlasm capability checks,
// ISA-L's multibinary dispatchers); they were checked against a debugger on an AMD EPYC with SHA-NI.
#include "hash/cpu_features.hpp"
#include "hash/hashers.hpp"
#include "hash/isal.hpp"

#include <openssl/crypto.h>

#include <charconv>
#include <string_view>
#include <system_error>
#include <xxhash.h>
#include <zlib.h>

namespace hashscope::detail {
namespace {

std::string withPath(std::string library, std::string_view path)
{
  if (!path.empty()) {
    library += " (";
    library += path;
    library += ")";
  }
  return library;
}

std::string openssl()
{
  return std::string("OpenSSL ") + OpenSSL_version(OPENSSL_VERSION_STRING);
}

// The features OpenSSL's assembly dispatches on: its own capability words (OPENSSL_ia32cap_P), as its probe
// left them, so that an OPENSSL_ia32cap mask in the environment shows, and a probe that never ran would show
// as the plain path. They are read
// from OpenSSL_version(OPENSSL_CPU_INFO), "CPUINFO: OPENSSL_ia32cap=0x<words 0,1>:0x<words 2,3>": word 0 is
// CPUID.1 EDX (bit 30 set by OpenSSL for an Intel CPU), 1 is CPUID.1 ECX, 2 is CPUID.7 EBX. Where that
// string is missing, this process's own CPUID. Read once (with the implementation of each OpenSSL digest).
CpuFeatures readOpensslFeatures()
{
  CpuFeatures features = cpuFeatures();
  if (!features.isX86 || OPENSSL_init_crypto(OPENSSL_INIT_NO_ATEXIT, nullptr) != 1)
    return features;
  const std::string_view info = OpenSSL_version(OPENSSL_CPU_INFO);
  constexpr std::string_view kKey = "OPENSSL_ia32cap=0x";
  const std::size_t at = info.find(kKey);
  if (at == std::string_view::npos)
    return features;
  unsigned long long low = 0, high = 0;
  const char* first = info.data() + at + kKey.size();
  const char* end = info.data() + info.size();
  const auto [afterLow, lowError] = std::from_chars(first, end, low, 16);
  if (lowError != std::errc() || end - afterLow < 3 || std::string_view(afterLow, 3) != ":0x")
    return features;
  if (std::from_chars(afterLow + 3, end, high, 16).ec != std::errc())
    return features;
  const auto bit = [](unsigned long long word, int n) { return ((word >> n) & 1) != 0; };
  features.intel = bit(low, 30);
  features.ssse3 = bit(low, 32 + 9);
  features.xop = bit(low, 32 + 11);
  features.avx = bit(low, 32 + 28);
  features.bmi1 = bit(high, 3);
  features.avx2 = bit(high, 5);
  features.bmi2 = bit(high, 8);
  features.sha = bit(high, 29);
  return features;
}

const CpuFeatures& opensslFeatures()
{
  static const CpuFeatures features = readOpensslFeatures();
  return features;
}

// OpenSSL 3.0's x86-64 perlasm dispatch (sha1-x86_64.pl, sha256/512-x86_64.pl): SHA extensions
// first (SHA-1/256), XOP (SHA-512), then AVX2+BMI1+BMI2, then AVX on Intel CPUs only, then SSSE3
// (SHA-1/256). md5 and keccak (SHA-3) are plain x86-64 assembly; BLAKE2 is C.
std::string opensslPath(const AlgorithmSpec& spec)
{
  const CpuFeatures& cpu = opensslFeatures();
  const std::string_view id = spec.id;
  if (id.starts_with("blake2")) {
    return "portable C";
  }
  if (!cpu.isX86) {
    return std::string(cpuArchName());
  }
  const bool avx2Bmi = cpu.avx2 && cpu.bmi1 && cpu.bmi2;
  const bool intelAvx = cpu.avx && cpu.intel && cpu.ssse3;
  if (id == "sha1") {
    if (!cpu.ssse3) {
      return "x86-64 asm";
    }
    return cpu.sha ? "SHA-NI" : avx2Bmi ? "AVX2" : intelAvx ? "AVX" : "SSSE3";
  }
  if (id == "sha224" || id == "sha256") {
    return cpu.sha ? "SHA-NI" : avx2Bmi ? "AVX2" : intelAvx ? "AVX" : cpu.ssse3 ? "SSSE3" : "x86-64 asm";
  }
  if (id == "sha384" || id == "sha512" || id == "sha512-256") {
    return cpu.xop ? "XOP" : avx2Bmi ? "AVX2" : intelAvx ? "AVX" : "x86-64 asm";
  }
  return "x86-64 asm"; // md5, sha3-*
}

std::string isalName()
{
  const std::string version = isal()->version;
  return version.empty() ? "ISA-L" : "ISA-L " + version;
}

std::string xxhashVersion(unsigned major, unsigned minor, unsigned release)
{
  return "xxHash " + std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(release);
}

std::string xxhash()
{
  const unsigned v = XXH_versionNumber();
  return xxhashVersion(v / 10000, v / 100 % 100, v % 100);
}

// ISA-L's x86 multibinary dispatchers (crc_multibinary.asm, igzip_multibinary.asm), checked with a
// debugger here: crc32_gzip_refl_by8_02, crc32_ieee_02, crc32_iscsi_01 and adler32_avx2_4 run.
std::string_view isalX86Path(Backend backend)
{
  const CpuFeatures& cpu = cpuFeatures();
  const bool avx512Clmul = cpu.avx512 && cpu.avx2 && cpu.vpclmulqdq;
  switch (backend) {
  case Backend::Crc32: // crc32_gzip_refl and crc32_ieee (cksum) dispatch alike:
  case Backend::Cksum: // base, 01/by8 (SSE4.1+PCLMUL), 02 (AVX), by16_10 (AVX-512+VPCLMULQDQ)
    if (avx512Clmul)
      return "VPCLMULQDQ, AVX-512";
    if (cpu.avx && cpu.sse41 && cpu.pclmulqdq)
      return "PCLMULQDQ, AVX";
    return cpu.sse41 && cpu.pclmulqdq ? "PCLMULQDQ" : "table-driven";
  case Backend::Crc32c: // crc32_iscsi: base, 00 (SSE4.2), 01 (SSE4.2+PCLMUL), by16_10 (AVX-512)
    if (avx512Clmul)
      return "VPCLMULQDQ, AVX-512";
    if (cpu.sse42)
      return cpu.pclmulqdq ? "SSE4.2 CRC32, PCLMULQDQ" : "SSE4.2 CRC32";
    return "table-driven";
  case Backend::Adler32: // isal_adler32: base, sse (SSE4.1), avx2_4
    return cpu.avx2 ? "AVX2" : cpu.sse41 ? "SSE4.1" : "portable C";
  default:
    return "";
  }
}

} // namespace

std::string implementationFor(const AlgorithmSpec& spec)
{
  const CpuFeatures& cpu = cpuFeatures();
  switch (spec.backend) {
  case Backend::Evp:
    if (!evpAvailable(spec)) {
      return openssl() + " (not available: this OpenSSL cannot fetch " + spec.evpName + ")";
    }
    return withPath(openssl(), opensslPath(spec));
  case Backend::Blake2b:
    return blake2bImplementation();
  case Backend::Blake3:
    return blake3Implementation();
  // ISA-L's x86 dispatch rules are above; elsewhere (aarch64: PMULL) only the arch is named.
  case Backend::Crc32:
  case Backend::Crc32c:
  case Backend::Adler32:
  case Backend::Cksum:
    if (isal())
      return withPath(isalName(), cpu.isX86 ? isalX86Path(spec.backend) : cpuArchName());
    if (spec.backend == Backend::Crc32 || spec.backend == Backend::Adler32)
      return withPath(std::string("zlib ") + zlibVersion(), "portable C");
    return "HashScope (slicing-by-8, portable C++)";
  case Backend::Xxh32:
  case Backend::Xxh64:
    return withPath(xxhash(), "scalar");
  case Backend::Xxh3_64:
  case Backend::Xxh3_128:
    if (xxh3VectorUsable()) { // our own build of the xxHash header, so the header's version
      return withPath(xxhashVersion(XXH_VERSION_MAJOR, XXH_VERSION_MINOR, XXH_VERSION_RELEASE), "AVX2");
    }
    return withPath(xxhash(), cpu.isX86 ? "SSE2" : cpuArchName());
  case Backend::SumBsd:
    return "HashScope (16-bit rotate-add, portable C++)";
  case Backend::SumSysv:
    return "HashScope (auto-vectorised byte sum, portable C++)";
  }
  return {};
}

} // namespace hashscope::detail
