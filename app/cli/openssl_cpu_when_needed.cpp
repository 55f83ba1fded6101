// OpenSSL's CPU probe when OpenSSL is first used, not at every start (issue 41: one file, one call).
// Debian's static libcrypto (x86-64) calls OPENSSL_cpuid_setup from its .init section, before main, in every
// process that links it: a handful of CPUID instructions, each a trap to the hypervisor in a virtual machine
// (about 40 us of a one-file xxhsum call's 0.9 ms there, docs/benchmarks.md). A call that hashes with OpenSSL
// still runs it before any of OpenSSL's assembly reads the capabilities: OpenSSL's own initialisation
// (ossl_init_base, reached by every fetch of a digest) calls OPENSSL_cpuid_setup too. The link wraps the
// symbol (-Wl,--wrap=OPENSSL_cpuid_setup, app/cli/CMakeLists.txt), so .init's call, the first one, returns at
// once and every later one runs the probe (which itself runs once).

extern "C" void __real_OPENSSL_cpuid_setup(void);

extern "C" void __wrap_OPENSSL_cpuid_setup(void)
{
  static bool startedUp = false;  // written by .init's call, before main and before any thread
  if (!startedUp) {
    startedUp = true;
    return;
  }
  __real_OPENSSL_cpuid_setup();
}
