// Network and FUSE locations, end to end on a real FUSE filesystem: support/ratefs.cpp serves one file at
// a known, limited rate with a fixed round trip per request, like a file server at the end of a link.
// HashScope must list it as a location of its own, count what a cold read fetched from it (the block layer
// sees nothing: /proc/self/io says 0 whatever was read), never call that cached, and still flag a warm read
// that really came from RAM. Where the machine has no FUSE (no /dev/fuse in a container, libfuse3 missing
// at build time) the tests skip visibly.
#if defined(__linux__)

#include "catch.hpp"
#include "skip.hpp"
#include "test_engine_support.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>

#include "hashscope/analysis.hpp"
#include "hashscope/hash.hpp"
#include "hashscope/storage.hpp"
#include "hashscope/suite.hpp"
#include "storage/mountinfo.hpp"

extern char** environ;

using namespace hashscope;
namespace fs = std::filesystem;
using hashscope::test::TempDir;

namespace {

bool isMounted(const fs::path& point)
{
  std::ifstream in("/proc/self/mountinfo");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (const auto& m : storage::parseMountInfo(text)) {
    if (m.mountPoint == point.string())
      return true;
  }
  return false;
}

// Why this machine cannot mount the test filesystem; empty when it can.
std::string fuseUnavailable()
{
#if !defined(HASHSCOPE_HAVE_RATEFS)
  return "libfuse3 was not found when this was built: the test FUSE filesystem (tests/support/ratefs.cpp) does "
         "not exist (setup.sh installs fuse3 and libfuse3-dev)";
#else
  const int fd = ::open("/dev/fuse", O_RDWR | O_CLOEXEC);
  if (fd < 0)
    return std::string("/dev/fuse cannot be opened (") + std::strerror(errno) + "): no FUSE on this machine";
  ::close(fd);
  if (::geteuid() != 0 && ::access("/usr/bin/fusermount3", X_OK) != 0 && ::access("/bin/fusermount3", X_OK) != 0)
    return "not root and no fusermount3 (package fuse3): FUSE filesystems cannot be mounted";
  return {};
#endif
}

// One mounted ratefs, unmounted (SIGTERM: libfuse unmounts on its way out) when it goes.
class RateFs {
public:
  struct Options {
    double rateBytesPerSecond = 50e6;
    int latencyUs = 0;
    bool keepCache = false;
  };

  RateFs(const fs::path& backing, const fs::path& point, Options options) : m_point(point)
  {
    const std::string program = std::string(HASHSCOPE_BIN_DIR) + "/hashscope-test-ratefs";
    std::vector<std::string> args{program,    "--backing",  backing.string(), "--rate",
                                  std::to_string(static_cast<long long>(options.rateBytesPerSecond)),
                                  "--latency-us", std::to_string(options.latencyUs)};
    if (options.keepCache)
      args.push_back("--keep-cache");
    args.push_back(point.string());
    std::vector<char*> argv;
    for (auto& a : args)
      argv.push_back(a.data());
    argv.push_back(nullptr);
    if (::posix_spawn(&m_pid, program.c_str(), nullptr, nullptr, argv.data(), environ) != 0) {
      m_pid = -1;
      m_error = "cannot start " + program;
      return;
    }
    for (int i = 0; i < 200 && !isMounted(point); ++i) {
      int status = 0;
      if (::waitpid(m_pid, &status, WNOHANG) == m_pid) {
        m_pid = -1;
        m_error = "hashscope-test-ratefs exited before mounting (status " + std::to_string(status) + ")";
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    if (!isMounted(point))
      m_error = "hashscope-test-ratefs did not mount " + point.string() + " within 10 s";
  }
  ~RateFs()
  {
    if (m_pid > 0) {
      ::kill(m_pid, SIGTERM);
      int status = 0;
      for (int i = 0; i < 100 && ::waitpid(m_pid, &status, WNOHANG) == 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      if (::waitpid(m_pid, &status, WNOHANG) == 0) {
        ::kill(m_pid, SIGKILL);
        ::waitpid(m_pid, &status, 0);
      }
    }
    if (isMounted(m_point))
      ::umount2(m_point.c_str(), MNT_DETACH);  // a daemon killed before it unmounted (root only)
  }
  RateFs(const RateFs&) = delete;
  RateFs& operator=(const RateFs&) = delete;

  const std::string& error() const { return m_error; }

private:
  fs::path m_point;
  pid_t m_pid = -1;
  std::string m_error;
};

// The backing file's md5, computed on the local disk: what the FUSE file must hash to.
std::string md5Of(const fs::path& file)
{
  FileDigests d = hashFile(file, {"md5"}, std::stop_token{});
  REQUIRE(d.error.empty());
  return toHex(d.digests.front());
}

SuiteSpec dataSpec(const fs::path& data, CacheMode cache, std::vector<Workload> workloads)
{
  SuiteSpec spec;
  spec.data = data;
  spec.algorithms = {"md5"};
  spec.workloads = std::move(workloads);
  spec.cache = cache;
  spec.hashMemorySeconds = 0.05;
  spec.sampleHz = 20;
  return spec;
}

const RunResult* find(const SuiteResult& result, Workload workload)
{
  for (const RunResult& r : result.results) {
    if (r.workload == workload)
      return &r;
  }
  return nullptr;
}

}  // namespace

TEST_CASE("a FUSE mount is a location of its own: listed and labelled, never a disk", "[fuse][storage]")
{
  if (const std::string why = fuseUnavailable(); !why.empty())
    HASHSCOPE_SKIP(why);
  TempDir dir;
  fs::create_directory(dir / "mnt");
  hashscope::test::writeRandomFile(dir / "data.bin", 1 * MiB, 5);
  RateFs fuse(dir / "data.bin", dir / "mnt", {});
  REQUIRE(fuse.error().empty());

  const StorageInfo info = describeStorage(dir / "mnt");
  REQUIRE(info.error.empty());
  CHECK(info.kind == MediaKind::Fuse);
  CHECK(info.filesystem == "fuse.hashscope-ratefs");
  CHECK(info.remote.fuse);
  CHECK(info.remote.transport == "hashscope-ratefs");
  CHECK(info.device.name.empty());
  CHECK(info.label == "FUSE: hashscope-ratefs from hashscope-ratefs mounted at " + (dir / "mnt").string());
  CHECK(remoteSummary(info) == "FUSE: hashscope-ratefs from hashscope-ratefs");

  // Listed although read-only: its files can be measured where they are.
  bool listed = false;
  for (const StorageInfo& s : candidateLocations()) {
    if (s.path == dir / "mnt") {
      listed = true;
      CHECK(s.kind == MediaKind::Fuse);
      CHECK(s.readOnly);
    }
  }
  CHECK(listed);
}

TEST_CASE("a cold read of a FUSE file is fetched from the filesystem, at its rate, and never called cached",
          "[fuse][suite]")
{
  if (const std::string why = fuseUnavailable(); !why.empty())
    HASHSCOPE_SKIP(why);
  TempDir dir;
  fs::create_directory(dir / "mnt");
  constexpr std::uint64_t kSize = 24 * MiB;
  constexpr double kRate = 48e6;  // bytes per second: the "link"
  hashscope::test::writeRandomFile(dir / "data.bin", kSize, 6);
  RateFs fuse(dir / "data.bin", dir / "mnt", {.rateBytesPerSecond = kRate, .latencyUs = 2000});
  REQUIRE(fuse.error().empty());

  const SuiteResult result =
      runSuite(dataSpec(dir / "mnt" / "data.bin", CacheMode::Cold, {Workload::Read, Workload::HashFile}), {}, {});
  REQUIRE(result.errors.empty());
  for (Workload w : {Workload::Read, Workload::HashFile}) {
    const RunResult* r = find(result, w);
    REQUIRE(r);
    INFO(toString(w) << ": " << r->mbPerSec() << " MB/s, fetched " << r->ownReadBytes.value_or(0) << " by "
                     << toString(r->fetchedBy) << ", " << r->cacheNote);
    REQUIRE(r->ok());
    CHECK(r->bytes == kSize);
    CHECK(r->storage.kind == MediaKind::Fuse);
    // Made cold the way this filesystem allows: FUSE takes O_DIRECT, and every byte then came from its daemon.
    CHECK(r->cacheMethod == CacheMethod::Direct);
    CHECK(r->fetchedBy == FetchBasis::DirectIo);
    CHECK(r->ownReadBytes == kSize);
    REQUIRE(r->analysis);
    CHECK_FALSE(r->analysis->servedFromCache);
    CHECK_FALSE(r->analysis->has(FlagCode::ServedFromCache));
    // The filesystem's rate bounds the run: nothing came faster than the "link" allows.
    CHECK(r->mbPerSec() <= kRate / 1e6 * 1.05);
    // The round trip of one small read includes the filesystem's 2 ms per request.
    REQUIRE(r->roundTripMs);
    CHECK(*r->roundTripMs >= 2.0);
    CHECK(*r->roundTripMs < 1000.0);
    // The verdict is the remote one: a FUSE daemon on this machine carries no network link, so the workers
    // that waited for it waited for the server (its rate), with the evidence of a remote location.
    INFO("verdict " << toString(r->analysis->verdict) << " (" << toString(r->analysis->reason) << ")");
    CHECK(r->analysis->verdict == Verdict::ServerBound);
    CHECK(r->analysis->reason == VerdictReason::ServerLimited);
    REQUIRE(r->analysis->remote);
    CHECK(r->analysis->remote->linkIsMemory);
    CHECK(r->analysis->remote->roundTripMs == *r->roundTripMs);
  }
  const RunResult* hash = find(result, Workload::HashFile);
  CHECK(hash->digest == md5Of(dir / "data.bin"));
}

TEST_CASE("a warm read of a FUSE file is flagged only when it really came from RAM", "[fuse][suite]")
{
  if (const std::string why = fuseUnavailable(); !why.empty())
    HASHSCOPE_SKIP(why);
  TempDir dir;
  fs::create_directory(dir / "mnt");
  constexpr std::uint64_t kSize = 16 * MiB;
  hashscope::test::writeRandomFile(dir / "data.bin", kSize, 7);

  // A warm hash-file of the FUSE file, the filesystem keeping its page cache across opens or not, on a machine
  // where mapping pays: Auto would map a local file here, and only the rule for remote files keeps it copying.
  const hashscope::test::MappingCostsAs mapping(true);
  auto warmRun = [&](bool keepCache) {
    RateFs fuse(dir / "data.bin", dir / "mnt", {.rateBytesPerSecond = 64e6, .keepCache = keepCache});
    REQUIRE(fuse.error().empty());
    const SuiteResult result = runSuite(dataSpec(dir / "mnt" / "data.bin", CacheMode::Warm, {Workload::HashFile}), {}, {});
    REQUIRE(result.errors.empty());
    const RunResult* r = find(result, Workload::HashFile);
    REQUIRE(r);
    REQUIRE(r->ok());
    REQUIRE(r->analysis);
    CHECK(r->fetchedBy == FetchBasis::PageCache);
    return *r;
  };
  SECTION("the filesystem keeps its cache across opens: the warm read came from RAM")
  {
    const RunResult r = warmRun(true);
    CHECK(r.ownReadBytes.value_or(kSize) < kSize / 10);
    CHECK(r.analysis->servedFromCache);
    CHECK(r.analysis->has(FlagCode::ServedFromCache));
  }
  SECTION("the filesystem drops its cache at every open (as sshfs does): the warm read was fetched again")
  {
    const RunResult r = warmRun(false);
    CHECK(r.ownReadBytes == kSize);
    CHECK_FALSE(r.analysis->servedFromCache);
    CHECK(r.mbPerSec() <= 64.0 * 1.05);
    // Read with copies, not mapped: a mapped page's fault would hide the wait for the filesystem inside the
    // hashing time, and the run, waiting at a few % CPU, was called cpu-bound. It waited for the server.
    CHECK(toString(r.readMethods) == "pipelined");
    INFO("verdict " << toString(r.analysis->verdict) << " (" << toString(r.analysis->reason) << "), read by "
                    << toString(r.readMethods) << ", " << r.seconds << " s");
    CHECK(r.analysis->verdict == Verdict::ServerBound);
    CHECK(r.analysis->reason == VerdictReason::ServerLimited);
  }
}

#endif  // __linux__
