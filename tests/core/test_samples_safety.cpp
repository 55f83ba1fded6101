// Sample files that are not HashScope's are never removed; a killed writer's partial file is recognised
// and replaced; a sample in use is protected from removal; a folder that cannot be read says so.
#include <csignal>
#include <fstream>
#include <stop_token>
#ifndef _WIN32
#include <sys/wait.h>
#include <unistd.h>
#endif

#include "catch.hpp"
#include "hashscope/samples.hpp"
#include "machine.hpp"
#include "skip.hpp"
#include "test_engine_support.hpp"

using namespace hashscope;
using hashscope::test::TempDir;
namespace fs = std::filesystem;

namespace {

std::string readAll(const fs::path& p)
{
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Runs createSample in a child process that SIGKILLs itself once all data is written, before the sample
// is marked complete and renamed: exactly what a kill during `sample create` leaves behind.
#ifndef _WIN32
void createAndGetKilled(const fs::path& folder, std::uint64_t size)
{
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    createSample(folder, size, SampleContent::Random, {}, [&](const SampleProgress& p) {
      if (p.bytesWritten == size)
        ::raise(SIGKILL);
    });
    ::_exit(3);  // not reached when the kill happened
  }
  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  REQUIRE(WIFSIGNALED(status));
  REQUIRE(WTERMSIG(status) == SIGKILL);
}
#endif

}  // namespace

TEST_CASE("a user file named like a sample is never removed and is listed as not a sample", "[samples][safety]")
{
  TempDir dir;
  const fs::path user = dir / sampleFileName(4 * MiB, SampleContent::Random);
  std::ofstream(user, std::ios::binary) << "USER DATA\n";  // 10 bytes on Windows too (no CRLF)
  // Even the exact size is not enough: only HashScope's marker makes a sample.
  const fs::path sameSize = dir / sampleFileName(4 * KiB, SampleContent::Zeros);
  hashscope::test::writeBytes(sameSize, std::vector<std::uint8_t>(4 * KiB, 0));

  const auto listed = listSamples(dir.path());
  REQUIRE(listed.size() == 2);
  for (const SampleFile& f : listed) {
    CHECK(f.status == SampleStatus::NotASample);
    CHECK_FALSE(f.isSample());
    CHECK(f.reason.find("no HashScope marker") != std::string::npos);
  }
  CHECK(listed[0].path == user);
  CHECK(listed[0].bytesOnDisk == 10);  // what it holds, not the "4 MiB" of its name

  CHECK(removeSample(user).find("is not a HashScope sample") != std::string::npos);
  CHECK(removeSample(sameSize).find("is not a HashScope sample") != std::string::npos);
  CHECK(readAll(user) == "USER DATA\n");
  CHECK(fs::file_size(sameSize) == 4 * KiB);

  // A real sample that was later changed in size is not ours any more either.
  SampleResult r = createSample(dir.path(), 64 * KiB, SampleContent::Text, {});
  REQUIRE(r.ok());
  r.hold.release();
  fs::resize_file(r.file.path, 1000);
  CHECK(removeSample(r.file.path).find("holds 1000 B, not the 64 KiB its name says") != std::string::npos);
  CHECK(fs::exists(r.file.path));
}

TEST_CASE("a partial file left by a killed writer is listed, replaced by the next create and removable",
          "[samples][safety]")
{
#ifdef _WIN32
  HASHSCOPE_SKIP("needs fork() to kill a writer mid-sample (the CLI test of a killed `sample create` covers Windows)");
#else
  TempDir dir;
  const std::uint64_t size = 8 * MiB;
  const fs::path partial = dir / ("." + sampleFileName(size, SampleContent::Random) + ".partial");
  createAndGetKilled(dir.path(), size);
  REQUIRE(fs::exists(partial));

  auto listed = listSamples(dir.path());
  REQUIRE(listed.size() == 1);
  CHECK(listed[0].path == partial);
  CHECK(listed[0].status == SampleStatus::StalePartial);

  // The next create (or bench) of that size is not blocked by it.
  SampleResult r = createSample(dir.path(), size, SampleContent::Random, {});
  REQUIRE(r.error == "");
  CHECK_FALSE(r.reused);
  CHECK(fs::file_size(r.file.path) == size);
  CHECK_FALSE(fs::exists(partial));
  r.hold.release();
  CHECK(removeSample(r.file.path) == "");

  // And removeSample removes a stale partial file too.
  createAndGetKilled(dir.path(), size);
  REQUIRE(fs::exists(partial));
  CHECK(removeSample(partial) == "");
  CHECK(dir.entries().empty());
#endif
}

TEST_CASE("a sample in use by another run cannot be removed until it is released", "[samples][safety]")
{
  TempDir dir;
  // Two runs on one location: the first creates the sample, the second reuses it. flock locks belong to
  // the open file, so two holders in one process behave exactly like two processes.
  SampleResult first = createSample(dir.path(), 1 * MiB, SampleContent::Zeros, {});
  REQUIRE(first.ok());
  CHECK(first.hold.held());
  SampleResult second = createSample(dir.path(), 1 * MiB, SampleContent::Zeros, {});
  REQUIRE(second.ok());
  CHECK(second.reused);
  CHECK(second.hold.held());

  // The first run ends and removes what it created: refused while the second still uses it.
  first.hold.release();
  CHECK(removeSample(first.file.path) == first.file.path.string() + " is in use by another HashScope: it was "
                                                                    "left untouched");
  CHECK(fs::file_size(second.file.path) == 1 * MiB);
  second.hold.release();
  CHECK(removeSample(first.file.path) == "");
  CHECK_FALSE(fs::exists(first.file.path));
}

TEST_CASE("a partial file being written is neither removed nor replaced", "[samples][safety]")
{
  TempDir dir;
  const std::uint64_t size = 8 * MiB;
  const fs::path partial = dir / ("." + sampleFileName(size, SampleContent::Random) + ".partial");
  std::vector<SampleFile> seen;
  std::string removeError;
  SampleResult second;
  // While the writer is at its last progress report (lock held, partial file complete), look from outside.
  SampleResult r = createSample(dir.path(), size, SampleContent::Random, {}, [&](const SampleProgress& p) {
    if (p.bytesWritten != size)
      return;
    seen = listSamples(dir.path());
    removeError = removeSample(partial);
    // A second creator waits for this one to finish (and would then reuse its sample); stopped, it gives up
    // waiting, touching nothing. (It runs on this thread here, so it must not wait for real.)
    std::stop_source stopped;
    stopped.request_stop();
    second = createSample(dir.path(), size, SampleContent::Random, stopped.get_token());
  });
  REQUIRE(r.ok());
  REQUIRE(seen.size() == 1);
  CHECK(seen[0].status == SampleStatus::Writing);
  CHECK(removeError == partial.string() + " already exists (another HashScope is writing it): it was left untouched");
  CHECK(second.cancelled);
  CHECK(second.error.empty());
  CHECK(fs::file_size(r.file.path) == size);
}

TEST_CASE("locations that cannot hold a sample say why", "[samples][safety]")
{
  TempDir dir;
  CHECK(sampleLocationProblem(dir.path()) == "");
  CHECK(sampleLocationProblem(dir / "missing") == (dir / "missing").string() + ": no such folder");
  if (const std::string why = hashscope::test::whyNoPosixFile("/proc"); !why.empty()) {
    HASHSCOPE_SKIP_PART(why << ": the /proc case is not tried");
  } else if (fs::is_directory("/proc")) {
    const SampleResult r = createSample("/proc", 1 * MiB, SampleContent::Random, {});
    CHECK(r.error.starts_with("/proc is not a storage location"));
    CHECK(sampleLocationProblem("/proc") == r.error);
  }
  std::string error;
  CHECK(listSamples(dir / "missing", &error).empty());
  CHECK(error.starts_with((dir / "missing").string() + ": "));
}
