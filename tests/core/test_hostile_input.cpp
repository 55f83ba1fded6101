// Issue 37's hostile input, at the core: a file that grows while it is hashed is hashed to its end, a data file
// changed between the steps of a run fails the run, /proc is no data, and text bound for a terminal or a CSV
// carries no control character or bidi override (imported runs' fields: test_library_untrusted.cpp).
#if defined(__linux__)

#include "catch.hpp"
#include "test_engine_support.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <mutex>

#include "engine/read_range.hpp"
#include "hashscope/export.hpp"
#include "hashscope/hash.hpp"
#include "hashscope/suite.hpp"

using namespace hashscope;
using hashscope::test::TempDir;
namespace fs = std::filesystem;


TEST_CASE("a file that grew after it was opened is hashed to its end, as md5sum reads it", "[hostile][engine]")
{
  TempDir dir;
  const fs::path file = dir / "growing.log";
  // Small (one read) and big (read in blocks, or mapped): both read on past the size stat gave at open.
  for (const std::size_t first : {std::size_t{1000}, std::size_t{3 * MiB + 5}}) {
    CAPTURE(first);
    std::vector<std::uint8_t> all = test::writeRandomFile(file, first, 7);
    std::string error;
    platform::InputFile input = platform::InputFile::open(file, platform::ReadMode::Cached, error);
    REQUIRE(input.isOpen());
    REQUIRE(input.size() == first);
    // Appended after the open, before the read: what a writer does while md5sum runs.
    const std::vector<std::uint8_t> more = test::randomBytes(200 * 1024 + 3, 9);
    {
      std::ofstream out(file, std::ios::binary | std::ios::app);
      out.write(reinterpret_cast<const char*>(more.data()), static_cast<std::streamsize>(more.size()));
    }
    all.insert(all.end(), more.begin(), more.end());

    auto hasher = makeHasher("md5");
    Hasher* hashers[] = {hasher.get()};
    LiveCounters counters(1);
    engine::StreamReads reads({}, counters, 0);
    engine::ReadPlan plan;
    plan.manyFiles = true;
    StreamResult result;
    ReadMethod method = ReadMethod::Read;
    REQUIRE(engine::consumeWholeFile(input, false, hashers, plan, reads, result, method, error));
    CHECK(error.empty());
    CHECK(result.bytes == all.size());
    CHECK(toHex(hasher->finish()) == test::oneShotHex("md5", all.data(), all.size()));
  }
}

TEST_CASE("a data file truncated between the steps of a run fails the run, naming the change", "[hostile][suite][data]")
{
  TempDir dir;
  const fs::path file = dir / "disk.img";
  test::writeRandomFile(file, 2 * MiB, 3);
  SuiteSpec spec;
  spec.data = file;
  spec.algorithms = {"md5"};
  spec.hashMemorySeconds = 0.05;
  spec.sampleHz = 20;
  std::mutex mutex;
  std::vector<std::string> messages;
  int finished = 0;
  SuiteObserver observer;
  observer.message = [&](const std::string& m) {
    std::lock_guard lock(mutex);
    messages.push_back(m);
  };
  // After the first step (the read), the file shrinks to 1 MiB: what a user's copy does mid-run.
  observer.stepFinished = [&](const SuiteStep&, const RunResult&) {
    if (++finished == 1)
      fs::resize_file(file, 1 * MiB);
  };
  const SuiteResult result = runSuite(spec, observer, {});
  REQUIRE(result.results.size() >= 2);
  CHECK(result.results.front().error.empty());
  // The step after the change fails with the sentence, and no later step ran.
  const RunResult& changed = result.results.back();
  INFO(changed.error);
  CHECK_THAT(changed.error, Catch::Contains("changed while the run measured it"));
  CHECK_THAT(changed.error, Catch::Contains("2 MiB when it started, 1 MiB after this step"));
  CHECK(result.results.size() < planSuite(spec).size());
  bool said = false;
  for (const std::string& m : messages)
    said = said || m.find("The remaining steps were not run") != std::string::npos;
  CHECK(said);
}

TEST_CASE("a kernel pseudo filesystem is no data to benchmark", "[hostile][suite][data]")
{
  for (const char* path : {"/proc", "/proc/self/status", "/sys/kernel"}) {
    CAPTURE(path);
    const DataSummary data = describeData(path, {}, LinkPolicy::Skip);
    CHECK_THAT(data.error, Catch::Contains("is not data on a disk"));
  }
}

TEST_CASE("text for a terminal or a CSV: control characters and bidi overrides are written escaped",
          "[hostile][export]")
{
  const std::string rlo = "\xE2\x80\xAE";  // U+202E RIGHT-TO-LEFT OVERRIDE
  CHECK(withoutBidiControls("cpu" + rlo + "x") == "cpu\\u202ex");
  CHECK(withoutBidiControls("\xE2\x81\xA6" "a\xE2\x81\xA9 \xD8\x9C \xE2\x80\x8F") == "\\u2066a\\u2069 \\u061c \\u200f");
  CHECK(withoutBidiControls("caf\xC3\xA9 \xE2\x80\x94 ok") == "caf\xC3\xA9 \xE2\x80\x94 ok");  // other text untouched
  CHECK(visibleText("a\x1b[31mb\x07" "c\rd\te\nf\xC2\x9B\x7f") == "a\\x1b[31mb\\x07c\rd\te\nf\\xc2\\x9b\\x7f");
  const std::string csv = csvTable({{"name", "cpu"}, {"x\x1b]0;owned\x07", "fast" + rlo + "s/BM"}});
  CHECK(csv.find('\x1b') == std::string::npos);
  CHECK(csv.find('\x07') == std::string::npos);
  CHECK(csv.find(rlo) == std::string::npos);
  CHECK_THAT(csv, Catch::Contains("x\\x1b]0;owned\\x07,fast\\u202es/BM"));
}

#endif  // __linux__
