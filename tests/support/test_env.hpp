// The environment every test binary sets up before its first test: runs the tests save go to the build's
// own history file, never the user's (also when a test binary is run by hand, outside CTest).
#pragma once
#include <cstdlib>

namespace hashscope::test {

inline void useTestHistoryDatabase()
{
#ifdef HASHSCOPE_TEST_HISTORY_DB
  if (std::getenv("HASHSCOPE_HISTORY_DB") == nullptr) {
#ifdef _WIN32
    _putenv_s("HASHSCOPE_HISTORY_DB", HASHSCOPE_TEST_HISTORY_DB);
#else
    setenv("HASHSCOPE_HISTORY_DB", HASHSCOPE_TEST_HISTORY_DB, 0);
#endif
  }
#endif
}

}  // namespace hashscope::test
