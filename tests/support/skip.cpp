// The skip bookkeeping behind HASHSCOPE_SKIP and HASHSCOPE_SKIP_PART (see skip.hpp).
#define CATCH_CONFIG_EXTERNAL_INTERFACES  // Catch2 v2: the listener base class outside the runner's file
#include "skip.hpp"

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

#if !defined(HASHSCOPE_CATCH3)
// Catch2 v2 has no skipped state: count the test cases that ran, so finishRun can tell "all skipped".
std::size_t g_testCasesRun = 0;

class TestCaseCounter : public Catch::TestEventListenerBase {
public:
  using TestEventListenerBase::TestEventListenerBase;
  void testCaseEnded(const Catch::TestCaseStats& stats) override
  {
    ++g_testCasesRun;
    TestEventListenerBase::testCaseEnded(stats);
  }
};
CATCH_REGISTER_LISTENER(TestCaseCounter)
#endif

// One line per skip, so the log stays one record a line and the summary one line a skip.
std::string oneLine(std::string text)
{
  std::replace_if(text.begin(), text.end(), [](char c) { return c == '\n' || c == '\r' || c == '\t'; }, ' ');
  return text;
}

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
