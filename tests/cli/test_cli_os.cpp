// The CLI's operating-system layer (os_posix.cpp, os_win.cpp), called directly: the promises every output
// path builds on, checked on each platform (the Windows part runs this under wine).
#include <cstdio>

#include "catch.hpp"
#include "cli_helpers.hpp"
#include "os.hpp"

using namespace clitest;

TEST_CASE("createExclusive makes a new file, and never opens one that exists: it says so and leaves it as it was",
          "[cli][os]")
{
  TempDir dir;
  const std::filesystem::path fresh = dir / "fresh.json";
  std::string error;
  std::FILE* created = hashscope::cli::createExclusive(fresh, error);
  REQUIRE(created);
  CHECK(error.empty());
  CHECK(std::fputs("new", created) >= 0);
  CHECK(std::fclose(created) == 0);
  CHECK(readTextFile(fresh) == "new");

  // The same name again, and a file that was there before: both refused, their content kept.
  const std::filesystem::path kept = dir / "kept.json";
  writeTextFile(kept, "keep me");
  for (const auto& existing : {fresh, kept}) {
    CAPTURE(existing.string());
    error.clear();
    std::FILE* again = hashscope::cli::createExclusive(existing, error);
    CHECK(again == nullptr);
    if (again)
      std::fclose(again);
    CHECK(error == "already exists");
  }
  CHECK(readTextFile(fresh) == "new");
  CHECK(readTextFile(kept) == "keep me");
}

#if !defined(_WIN32)
TEST_CASE("createExclusive refuses a name that is a symbolic link, even a dangling one, and creates nothing",
          "[cli][os]")
{
  TempDir dir;
  const std::filesystem::path target = dir / "elsewhere";
  const std::filesystem::path link = dir / "out.json";
  std::filesystem::create_symlink(target, link);
  std::string error;
  std::FILE* file = hashscope::cli::createExclusive(link, error);
  CHECK(file == nullptr);
  if (file)
    std::fclose(file);
  CHECK(error == "already exists");
  CHECK_FALSE(std::filesystem::exists(target));
  CHECK(std::filesystem::is_symlink(link));
}
#endif
