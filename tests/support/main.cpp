// Shared test main: Catch2 v2 or v3, with the skip bookkeeping of skip.hpp.
#define CATCH_CONFIG_RUNNER
#include "catch.hpp"
#include "run_tests.hpp"
#include "skip.hpp"
#include "test_env.hpp"

int main(int argc, char* argv[])
{
  hashscope::test::useTestHistoryDatabase();
  return hashscope::test::runTests(argc, argv);
}
