// The skip bookkeeping behind HASHSCOPE_SKIP and HASHSCOPE_SKIP_PART (see skip.hpp).
#define CATCH_CONFIG_EXTERNAL_INTERFACES  // Catch2 v2: the listener base class outside the runner's file
#include "skip.hpp"

#if defined(HASHSCOPE_CATCH3)
#include <catch2/reporters/catch_reporter_event_listener.hpp>
#include <catch2/reporters/catch_reporter_registrars.hpp>
#endif

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <set>
#include <vector>

namespace {

struct Skip {
  std::string test;
  std::string reason;
  bool whole = false;
  bool operator==(const Skip&) const = default;
};

std::vector<Skip>& skips()
{
  static std::vector<Skip> list;
  return list;
}

// HASHSCOPE_RESULT_LOG: one "test name<TAB>passed|failed" line per test case that ran, appended when it
// ends, for runs that compare failures against an expected list (.ci/windows-test.sh under wine). A test
// case counts as failed when any of its checks failed, in any SECTION; a run that dies leaves the test
// cases it did not reach out of the log.
void logResult(const std::string& test, bool failed)
{
  if (const char* path = std::getenv("HASHSCOPE_RESULT_LOG"); path && *path) {
    std::ofstream log(path, std::ios::app | std::ios::binary);  // LF lines on Windows too
    log << test << '\t' << (failed ? "failed" : "passed") << '\n';
  }
}

// One line per skip, so the log stays one record a line and the summary one line a skip (or test case).
std::string oneLine(std::string text)
{
  std::replace_if(text.begin(), text.end(), [](char c) { return c == '\n' || c == '\r' || c == '\t'; }, ' ');
  return text;
}

#if !defined(HASHSCOPE_CATCH3)
// Catch2 v2 has no skipped state: count the test cases that ran, so finishRun can tell "all skipped".
std::size_t g_testCasesRun = 0;

class TestCaseCounter : public Catch::TestEventListenerBase {
public:
  using TestEventListenerBase::TestEventListenerBase;
  void testCaseEnded(const Catch::TestCaseStats& stats) override
  {
    ++g_testCasesRun;
    logResult(oneLine(stats.testInfo.name), stats.totals.assertions.failed > 0);
    TestEventListenerBase::testCaseEnded(stats);
  }
};
CATCH_REGISTER_LISTENER(TestCaseCounter)
#else
class TestCaseResults : public Catch::EventListenerBase {
public:
  using EventListenerBase::EventListenerBase;
  void testCaseEnded(const Catch::TestCaseStats& stats) override
  {
    logResult(oneLine(stats.testInfo->name), stats.totals.assertions.failed > 0);
  }
};
CATCH_REGISTER_LISTENER(TestCaseResults)
#endif

}  // namespace

namespace hashscope::test {

void recordSkip(const std::string& reason, bool whole)
{
  const Skip skip{oneLine(Catch::getResultCapture().getCurrentTestName()), oneLine(reason), whole};
#if !defined(HASHSCOPE_CATCH3)
  // Catch2 v2 has no skipped state, and the tests run with --warn NoAssertions (run_tests.hpp), which fails
  // a test case (or SECTION) that checked nothing: a whole skip counts as its one, passed, check.
  if (whole)
    SUCCEED("skipped: " << skip.reason);
#endif
  std::cout << (whole ? "skipped: " : "partly skipped: ") << skip.reason << std::endl;
  // A test case runs once per SECTION: the same skip may come again.
  if (std::find(skips().begin(), skips().end(), skip) != skips().end())
    return;
  skips().push_back(skip);
  if (const char* path = std::getenv("HASHSCOPE_SKIP_LOG"); path && *path) {
    std::ofstream log(path, std::ios::app);
    log << skip.test << '\t' << (whole ? "whole" : "part") << '\t' << skip.reason << '\n';
  }
}

int finishRun(int result)
{
  std::set<std::string> skippedTests;
  for (const Skip& s : skips()) {
    if (s.whole)
      skippedTests.insert(s.test);
  }
  if (!skips().empty()) {
    std::cout << skippedTests.size() << " test case(s) skipped, " << skips().size() << " skip(s) in all:\n";
    for (const Skip& s : skips())
      std::cout << (s.whole ? "skipped: " : "partly skipped: ") << s.test << ": " << s.reason << "\n";
    std::cout << std::flush;
  }
#if defined(HASHSCOPE_CATCH3)
  // Catch2 v3 returns 4 when every test case that ran was skipped.
  if (result == 4)
    return kSkipExitCode;
#else
  if (result == 0 && g_testCasesRun > 0 && skippedTests.size() == g_testCasesRun)
    return kSkipExitCode;
#endif
  return result;
}

}  // namespace hashscope::test
