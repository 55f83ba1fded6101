// planSuite(): the steps a suite expands to, in order, before anything runs.
#include "catch.hpp"
#include "test_engine_support.hpp"

#include <cstdlib>
#include <fstream>
#include <optional>
#include <thread>

#include "hashscope/peer.hpp"
#include "hashscope/samples.hpp"
#include "hashscope/suite.hpp"

using namespace hashscope;

namespace {

// PATH set to one fresh folder holding (empty, executable) files with the given program names, for the
// life of the object: planSuite looks the peer tools up itself, so the tests fix what it can find.
class FakePeerPath {
public:
  explicit FakePeerPath(const std::vector<std::string>& programs)
  {
    for (const std::string& program : programs) {
#if defined(_WIN32)
      const auto file = m_dir / (program + ".exe");
#else
      const auto file = m_dir / program;
#endif
      std::ofstream(file).put('\n');
      std::filesystem::permissions(file, std::filesystem::perms::owner_all);
    }
    if (const char* path = std::getenv("PATH"))
      m_saved = path;
    setPath(m_dir.path().string());
  }
  ~FakePeerPath() { setPath(m_saved.value_or("")); }
  FakePeerPath(const FakePeerPath&) = delete;
  FakePeerPath& operator=(const FakePeerPath&) = delete;

private:
  static void setPath(const std::string& value)
  {
#if defined(_WIN32)
    _putenv_s("PATH", value.c_str());
#else
    ::setenv("PATH", value.c_str(), 1);
#endif
  }
  test::TempDir m_dir;
  std::optional<std::string> m_saved;
};

}  // namespace

TEST_CASE("planSuite expands locations x algorithms into read, hash-memory, hash-file, warm and ramp", "[suite]")
{
  SuiteSpec spec;
  spec.locations = {"/a", "/b"};
  spec.algorithms = {"md5", "crc32"};
  spec.sampleSize = 8 * MiB;
  spec.warm = true;
  spec.ramp = true;
  spec.maxStreams = 3;
  spec.streams = 2;
  const auto steps = planSuite(spec);
  // Per location: 1 read and the read ramp's 1 and 3 streams (2 is the main read), then per algorithm
  // (hash-memory, hash-file, warm, ramp 1 and 3: 2 streams is the main run, not measured twice) = 3 + 2 * 5.
  REQUIRE(steps.size() == 26);
  for (std::size_t i = 0; i < steps.size(); ++i)
    CHECK(steps[i].index == static_cast<int>(i));

  CHECK(steps[0].location == "/a");
  CHECK(steps[0].spec.workload == Workload::Read);
  CHECK(steps[0].spec.cache == CacheMode::Cold);
  CHECK(steps[0].spec.target == std::filesystem::path("/a") / sampleFileName(8 * MiB, SampleContent::Random));
  CHECK(steps[0].title == "read (cold, 2 streams), /a");
  // The hash ramp's stream counts are read too: each hash-file is judged against the read at its own count.
  CHECK(steps[1].spec.workload == Workload::Read);
  CHECK(steps[1].spec.streams == 1);
  CHECK(steps[1].title == "read ramp 1/3 (cold, 1 stream), /a");
  CHECK(steps[2].spec.workload == Workload::Read);
  CHECK(steps[2].spec.streams == 3);
  CHECK(steps[2].spec.target == steps[0].spec.target);
  // A read is a ceiling: 3 passes at least, whatever the preset; the other steps take the suite's.
  CHECK(steps[0].passes == 3);
  CHECK(steps[1].passes == 3);
  CHECK(steps[3].spec.workload == Workload::HashMemory);
  CHECK(steps[3].spec.algorithm == "md5");
  CHECK(steps[3].spec.seconds == spec.hashMemorySeconds);
  CHECK(steps[4].spec.workload == Workload::HashFile);
  CHECK(steps[4].spec.streams == 2);
  CHECK(steps[4].title == "md5 hash-file (cold, 2 streams), /a");
  CHECK(steps[5].spec.cache == CacheMode::Warm);
  CHECK(steps[6].spec.streams == 1);
  CHECK(steps[7].spec.streams == 3);
  CHECK(steps[7].title == "md5 ramp 3/3 (cold, 3 streams), /a");
  CHECK(steps[4].passes == 0);
  CHECK(steps[8].spec.algorithm == "crc32");
  CHECK(steps[13].location == "/b");
  CHECK(steps[13].spec.workload == Workload::Read);

  spec.ramp = false;  // no ramp: one read per location
  CHECK(planSuite(spec).size() == 2 * (1 + 2 * 3));
  spec.passes = 5;  // the thorough preset: its own count
  CHECK(planSuite(spec).front().passes == 5);
}

TEST_CASE("a plain bench is a suite with an explicit workload list, grouped algorithm by algorithm", "[suite]")
{
  SuiteSpec spec;
  spec.locations = {"/a"};
  spec.algorithms = {"md5", "crc32"};
  spec.sampleSize = 8 * MiB;
  spec.workloads = {Workload::Memory, Workload::HashMemory, Workload::HashFile, Workload::Write, Workload::HashTree};
  const auto steps = planSuite(spec);
  REQUIRE(steps.size() == 8);
  CHECK(steps[0].spec.workload == Workload::Memory);
  CHECK(steps[0].spec.seconds == spec.hashMemorySeconds);
  CHECK(steps[1].spec.workload == Workload::HashMemory);
  CHECK(steps[1].spec.algorithm == "md5");
  CHECK(steps[2].spec.workload == Workload::HashFile);
  CHECK(steps[2].spec.algorithm == "md5");
  CHECK(steps[3].spec.algorithm == "crc32");
  CHECK(steps[4].spec.algorithm == "crc32");
  CHECK(steps[5].spec.workload == Workload::Write);
  CHECK(steps[5].spec.target == "/a");   // write and hash-tree work on the folder itself
  CHECK(steps[5].spec.bytes == 8 * MiB);
  CHECK(steps[6].spec.workload == Workload::HashTree);
  CHECK(steps[6].spec.target == "/a");
  CHECK(planNeedsSample(steps));
  spec.workloads = {Workload::HashMemory, Workload::HashTree};
  CHECK_FALSE(planNeedsSample(planSuite(spec)));  // no sample file for workloads that never read it
}

TEST_CASE("the workload traits table answers for every workload", "[suite]")
{
  CHECK(workloadTraits(Workload::Read).readsFile);
  CHECK_FALSE(workloadTraits(Workload::Read).usesAlgorithm);
  CHECK(workloadTraits(Workload::HashFile).usesAlgorithm);
  CHECK(workloadTraits(Workload::HashTree).targetsFolder);
  CHECK(workloadTraits(Workload::HashTree).usesCache);
  CHECK_FALSE(workloadTraits(Workload::HashMemory).usesCache);
  CHECK(workloadTraits(Workload::HashMemory).durationBound);
  CHECK(workloadTraits(Workload::Write).usesDisk);
  CHECK(toString(CacheMethod::MemoryBacked) == "memory-backed");
  CHECK(parseCacheMethod("evicted") == CacheMethod::Evicted);
  CHECK_FALSE(parseCacheMethod("lukewarm"));
}

TEST_CASE("presets: quick 1, standard 3, thorough 5 passes", "[suite]")
{
  CHECK(passesOf(Preset::Quick) == 1);
  CHECK(passesOf(Preset::Standard) == 3);
  CHECK(passesOf(Preset::Thorough) == 5);
  CHECK(parsePreset("standard") == Preset::Standard);
  CHECK_FALSE(parsePreset("fast"));
}

TEST_CASE("planSuite defaults: four algorithms, ramp up to the logical cores", "[suite]")
{
  SuiteSpec spec;
  spec.locations = {"/a"};
  CHECK(planSuite(spec).size() == 1 + 4 * 2);
  spec.ramp = true;
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  // 1, 2, 4 ... up to the cores and the cores themselves, for the read and each algorithm; the ramp skips 1
  // stream, the main run's count.
  const std::size_t ramp = rampStreams(cores).size() - 1;
  CHECK(planSuite(spec).size() == 1 + ramp + 4 * (2 + ramp));
  spec.maxStreams = 16;
  CHECK(planSuite(spec).size() == 1 + 4 + 4 * (2 + 4));  // 2 4 8 16, not every count up to 16
  spec.locations.clear();
  CHECK(planSuite(spec).empty());
}

TEST_CASE("planSuite adds the installed peer tools, b3sum comes with blake3 like any other peer", "[suite]")
{
  SuiteSpec spec;
  spec.locations = {"/a"};
  spec.algorithms = {"md5"};
  spec.peers = true;
  {
    const FakePeerPath none({});
    CHECK(planSuite(spec).size() == 3);  // no peer tool installed: read, hash-memory, hash-file
  }
  // Installed: md5sum, openssl (one tool per digest it offers), hashdeep, md5deep, b3sum; sha1sum computes
  // something else.
  const FakePeerPath path({"md5sum", "sha1sum", "openssl", "hashdeep", "md5deep", "b3sum"});
  auto steps = planSuite(spec);
  const std::vector<std::string> md5Peers{"md5sum", "openssl-md5", "md5deep", "hashdeep-md5"};
  REQUIRE(steps.size() == 3 + md5Peers.size());
  std::size_t i = 3;
  for (const std::string& tool : md5Peers) {
    CHECK(steps[i].spec.workload == Workload::PeerTool);
    CHECK(steps[i].tool == tool);
    CHECK(steps[i].spec.algorithm == "md5");
    ++i;
  }

  spec.algorithms = {"blake3"};
  const std::vector<std::string> blake3{"b3sum"};
  steps = planSuite(spec);
  REQUIRE(steps.size() == 3 + blake3.size());
  CHECK(steps[1].spec.algorithm == "blake3"); // after the read: hash-memory, then hash-file
  CHECK(steps[2].spec.workload == Workload::HashFile);
  CHECK(steps[2].spec.algorithm == "blake3");
  // One blake3 stream uses all cores where the tree hasher is available: the titles say so.
  const unsigned cores = findAlgorithm("blake3")->threadsPerStream;
  if (cores > 1) {
    CHECK(steps[1].title == "blake3 hash-memory, " + std::to_string(cores) + " cores per stream");
    CHECK(steps[2].title == "blake3 hash-file (cold, " + std::to_string(cores) + " cores per stream), /a");
  } else {
    CHECK(steps[2].title == "blake3 hash-file (cold), /a");
  }
  i = 3;
  for (const std::string& tool : blake3) {
    CHECK(steps[i].tool == tool);
    CHECK(steps[i].spec.algorithm == "blake3");
    ++i;
  }
}
