// Peer tools report live progress: while the child runs, the bytes it has read (its OS I/O accounting)
// reach the step's LiveCounters, so the live chart and the progress bar move instead of showing 0 MB/s.
#include "catch.hpp"
#include "skip.hpp"
#include "test_engine_support.hpp"
#include "wait_for.hpp"

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <thread>

#include "hashscope/hash.hpp"
#include "hashscope/peer.hpp"
#include "hashscope/samples.hpp"
#include "hashscope/suite.hpp"
#include "hashscope/workload.hpp"

using namespace hashscope;
namespace fs = std::filesystem;
using hashscope::test::TempDir;
using hashscope::test::waitFor;

#if defined(__linux__)
TEST_CASE("a running peer tool's read bytes reach the live counters before it ends", "[peer][progress]")
{
  const fs::path tail = fs::exists("/usr/bin/tail") ? fs::path("/usr/bin/tail") : fs::path("/bin/tail");
  if (!fs::exists(tail))
    HASHSCOPE_SKIP("tail not found");
  TempDir dir(fs::temp_directory_path());
  const fs::path file = dir.path() / "data.bin";
  constexpr std::uint64_t size = 3 * MiB + 123;
  {
    std::ofstream out(file, std::ios::binary);
    const std::string block(64 * KiB, 'x');
    for (std::uint64_t written = 0; written < size; written += block.size())
      out.write(block.data(), static_cast<std::streamsize>(std::min<std::uint64_t>(block.size(), size - written)));
  }
  // `tail -c +1 -f FILE` reads the whole file and then follows it forever: it cannot end on its own, so
  // every byte seen below was seen while the tool was still running.
  PeerTool follower{"md5sum", "md5", tail, {"-c", "+1", "-f"}};
  LiveCounters counters(1);
  std::stop_source stop;
  RunResult result;
  std::jthread runner([&] { result = runPeerTool(follower, file, "", stop.get_token(), &counters); });

  const bool sawProgress = waitFor([&] { return counters.totalBytes() > 0; });
  const bool sawWholeFile = waitFor([&] { return counters.totalBytes() == size; });
  CHECK(counters.expectedBytes() == size);
  stop.request_stop();
  runner.join();
  CHECK(sawProgress);
  CHECK(sawWholeFile);  // the whole file, never more: the tool's own library reads are not the file's bytes
  CHECK(counters.totalBytes() == size);
  CHECK(result.cancelled);
}
#endif

TEST_CASE("a peer-tool step's live samples carry the bytes the tool read", "[peer][progress][suite]")
{
  if (findPeerTools("md5").empty())
    HASHSCOPE_SKIP("no md5 peer tool installed (md5sum, openssl ...)");
  TempDir dir(fs::temp_directory_path());
  SuiteSpec spec;
  spec.locations = {dir.path()};
  spec.algorithms = {"md5"};
  spec.workloads = {Workload::HashFile};
  spec.sampleSize = 4 * MiB;
  spec.peers = true;
  spec.cache = CacheMode::Warm;
  spec.removeSamplesAfter = true;

  std::mutex mutex;
  std::uint64_t peerBytes = 0;
  int peerSamples = 0;
  SuiteObserver observer;
  observer.sample = [&](const SuiteStep& step, const Sample& s) {
    if (step.spec.workload != Workload::PeerTool)
      return;
    std::lock_guard lock(mutex);
    ++peerSamples;
    peerBytes = std::max(peerBytes, s.totalBytes);
  };
  const SuiteResult result = runSuite(spec, observer, {});
  REQUIRE(result.errors.empty());
  bool ranPeer = false;
  for (const RunResult& r : result.results)
    ranPeer = ranPeer || (r.workload == Workload::PeerTool && r.ok());
  REQUIRE(ranPeer);
  std::lock_guard lock(mutex);
  CHECK(peerSamples > 0);
#if defined(__linux__) || defined(_WIN32)
  // The sampler's last sample comes after the tool's final count: the whole sample (macOS counts only
  // storage reads, and this warm run reads from the page cache).
  CHECK(peerBytes == 4 * MiB);
#endif
}
