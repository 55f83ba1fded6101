// Visible skips for tests whose precondition is a property of the machine (a tmpfs on /dev/shm, a disk
// with counters, a peer tool on PATH). A skipped test must not look like a pass:
//   HASHSCOPE_SKIP(reason)       ends the test case here (in its body or a SECTION, not in a helper);
//                                the test counts as skipped: CTest shows it as "Skipped" (exit code 77,
//                                the tests' SKIP_RETURN_CODE) and ./setup.sh test lists it with the reason
//   HASHSCOPE_SKIP_PART(reason)  the test goes on and passes on what it could check; the part it could
//                                not check is listed ("partly skipped") with the reason
// Both print "skipped: reason" (or "partly skipped: reason") at once, and when the environment variable
// HASHSCOPE_SKIP_LOG names a file, append "test name<TAB>whole|part<TAB>reason" lines to it for the
// summary at the end of ./setup.sh test. A run of a whole test binary lists its skips at the end.
// With Catch2 v3 (>= 3.3) a whole skip is Catch2's own SKIP(); v2 has none, so the test case returns
// and the test main (finishRun below) turns "every test case that ran was skipped" into exit code 77.
#pragma once
#include <sstream>
#include <string>

#include "catch.hpp"

namespace hashscope::test {

inline constexpr int kSkipExitCode = 77;  // SKIP_RETURN_CODE in tests/CMakeLists.txt

// Prints and logs one skip of the running test case; `whole`: the test case ends here.
void recordSkip(const std::string& reason, bool whole);

// The test mains pass Catch2's result through this: it lists the skips of the run and returns
// kSkipExitCode when every test case that ran was skipped, else Catch2's result.
int finishRun(int catchResult);

}  // namespace hashscope::test

#if defined(HASHSCOPE_CATCH3) && defined(SKIP)
#define HASHSCOPE_SKIP_END_(text) SKIP(text)
#elif defined(HASHSCOPE_CATCH3)
#error "Catch2 v3 before 3.3 has no SKIP(): use Catch2 >= 3.3 or v2"
#else
#define HASHSCOPE_SKIP_END_(text) return
#endif

#define HASHSCOPE_SKIP(reason)                                \
  do {                                                        \
    std::ostringstream hashscope_skip_text_;                  \
    hashscope_skip_text_ << reason;                           \
    ::hashscope::test::recordSkip(hashscope_skip_text_.str(), true); \
    HASHSCOPE_SKIP_END_(hashscope_skip_text_.str());          \
  } while (false)

#define HASHSCOPE_SKIP_PART(reason)                            \
  do {                                                         \
    std::ostringstream hashscope_skip_text_;                   \
    hashscope_skip_text_ << reason;                            \
    ::hashscope::test::recordSkip(hashscope_skip_text_.str(), false); \
  } while (false)
