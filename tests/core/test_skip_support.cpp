// Hidden test cases ([.]) for the skip support of tests/support/skip.hpp; tests/CMakeLists.txt runs them
// and checks the exit codes and lines a skip must give (the `support.skip.*` CTest tests), and that a test
// case which checks nothing fails (`support.no-assertions-fails`).
#include "catch.hpp"
#include "skip.hpp"

TEST_CASE("skip self-test: a whole skip", "[.][skip-selftest][skip-selftest-whole]")
{
  HASHSCOPE_SKIP("the self-test of HASHSCOPE_SKIP");
  FAIL("a skipped test case must end at HASHSCOPE_SKIP");
}

TEST_CASE("skip self-test: a partial skip", "[.][skip-selftest][skip-selftest-part]")
{
  HASHSCOPE_SKIP_PART("the self-test of HASHSCOPE_SKIP_PART");
  SUCCEED("the rest of a partly skipped test case runs");
}

TEST_CASE("no-assertions self-test: a test case that checks nothing", "[.][no-assertions-selftest]")
{
  // Nothing checked: the test mains run with --warn NoAssertions, so this fails.
}
