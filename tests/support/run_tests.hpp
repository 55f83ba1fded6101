// The test mains run Catch2 through runTests(): the command line, plus --warn NoAssertions always (a test
// case, or a leaf SECTION, that checked nothing fails; a visible whole skip counts as its check, see
// recordSkip in skip.cpp), then finishRun (skip.hpp). Catch2 v2 takes --warn once only on its command line,
// and CTest already passes --warn NoTests, so the warning is added here rather than there.
// Include it after catch.hpp in a file that defines CATCH_CONFIG_RUNNER (Catch::Session).
#pragma once
#include "catch.hpp"
#include "skip.hpp"

namespace hashscope::test {

inline int runTests(int argc, char* argv[])
{
  Catch::Session session;
  if (const int rc = session.applyCommandLine(argc, argv); rc != 0)
    return rc;
  Catch::ConfigData& config = session.configData();
  config.warnings = static_cast<Catch::WarnAbout::What>(config.warnings | Catch::WarnAbout::NoAssertions);
  return finishRun(session.run());
}

}  // namespace hashscope::test
