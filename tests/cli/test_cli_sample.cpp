// `hashscope-cli sample`: create, list, reuse, remove; never removes a file HashScope did not create.
#include "catch.hpp"
#include "skip.hpp"
#include "cli_helpers.hpp"
#include "hashscope/samples.hpp"
#include "sample_listing.hpp"

using namespace clitest;
namespace fs = std::filesystem;

TEST_CASE("sample create, list, reuse and remove round-trip", "[cli][sample]")
{
  TempDir dir;
  const std::string location = dir.path().string();
  const fs::path expected = dir / hashscope::sampleFileName(1024 * 1024, hashscope::SampleContent::Zeros);

  const ProcessResult created =
      runCli({"sample", "create", "--location", location, "--size", "1M", "--content", "zeros"});
  INFO(created.err);
  REQUIRE(created.exitCode == 0);
  CHECK(created.out.rfind("created " + expected.string(), 0) == 0);
  REQUIRE(fs::exists(expected));
  CHECK(fs::file_size(expected) == 1024 * 1024);
  // Beside it, its mark's sidecar file where this file system keeps no extended attributes (sample_listing.hpp).
  const bool sidecars = hashscope::test::markedBySidecar(expected);
  CHECK(listFolder(dir.path()) == hashscope::test::sampleListing({expected.filename().string()}, sidecars));

  const ProcessResult listed = runCli({"sample", "list", "--location", location});
  CHECK(listed.exitCode == 0);
  CHECK(listed.out.find(expected.string()) != std::string::npos);
  CHECK(listed.out.find("1 MiB") != std::string::npos);

  const ProcessResult reused = runCli({"sample", "create", "-l", location, "-s", "1M", "--content", "zeros"});
  CHECK(reused.exitCode == 0);
  CHECK(reused.out.rfind("reused " + expected.string(), 0) == 0);

  const ProcessResult removed =
      runCli({"sample", "remove", "-l", location, "-s", "1M", "--content", "zeros"});
  CHECK(removed.exitCode == 0);
  CHECK_FALSE(fs::exists(expected));
  CHECK(runCli({"sample", "list", "-l", location}).out.find("no HashScope samples") != std::string::npos);

  REQUIRE(runCli({"sample", "create", "-l", location, "-s", "64K"}).exitCode == 0);
  REQUIRE(runCli({"sample", "create", "-l", location, "-s", "128K", "--content", "text"}).exitCode == 0);
  CHECK(listFolder(dir.path()) ==
        hashscope::test::sampleListing({hashscope::sampleFileName(64 * 1024, hashscope::SampleContent::Random),
                                        hashscope::sampleFileName(128 * 1024, hashscope::SampleContent::Text)},
                                       sidecars));
  CHECK(runCli({"sample", "remove", "-l", location, "--all"}).exitCode == 0);
  CHECK(listFolder(dir.path()).empty());
}

TEST_CASE("sample remove refuses files HashScope did not create", "[cli][sample][errors]")
{
  TempDir dir;
  const fs::path foreign = dir / "notes.txt";
  writeTextFile(foreign, "keep me");
  const ProcessResult r = runCli({"sample", "remove", foreign.string()});
  CHECK(r.exitCode == 1);
  CHECK(isOneErrorLine(r.err));
  CHECK(readTextFile(foreign) == "keep me");

  const ProcessResult missing = runCli({"sample", "remove", "-l", dir.path().string(), "-s", "3M"});
  CHECK(missing.exitCode == 1);
  CHECK(isOneErrorLine(missing.err));
  CHECK(fs::exists(foreign));
}

TEST_CASE("sample errors: read-only, full and missing locations, bad options", "[cli][sample][errors]")
{
  TempDir dir;
  const ProcessResult proc = runCli({"sample", "create", "-l", "/proc", "-s", "1M"});
  CHECK(proc.exitCode == 1);
  CHECK(isOneErrorLine(proc.err));
  ReadOnlyMount readOnly;
  if (readOnly.ok()) {
    const ProcessResult r = runCli({"sample", "create", "-l", readOnly.path().string(), "-s", "4K"});
    CHECK(r.exitCode == 1);
    CHECK(isOneErrorLine(r.err));
    CHECK(r.err.find("read-only") != std::string::npos);
  } else {
    HASHSCOPE_SKIP_PART("no read-only mount possible here (needs root and mount rights): tested /proc only");
  }

  const ProcessResult full = runCli({"sample", "create", "-l", dir.path().string(), "-s", "1000T"});
  CHECK(full.exitCode == 1);
  CHECK(isOneErrorLine(full.err));
  CHECK(full.err.find("space") != std::string::npos);
  CHECK(listFolder(dir.path()).empty());

  const ProcessResult missing = runCli({"sample", "list", "-l", (dir / "nope").string()});
  CHECK(missing.exitCode == 1);
  CHECK(isOneErrorLine(missing.err));

  for (const auto& args : std::vector<std::vector<std::string>>{{"sample"},
                                                                {"sample", "frobnicate"},
                                                                {"sample", "create", "-s", "0"},
                                                                {"sample", "create", "--content", "gold"},
                                                                {"sample", "create", "stray"}}) {
    const ProcessResult r = runCli(args);
    CHECK(r.exitCode == 2);
    CHECK(isOneErrorLine(r.err));
  }
}
