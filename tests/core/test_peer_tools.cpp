// Peer tools: output parsing for every format, digest comparison, and real runs of the tools installed here
// (md5sum, sha256sum, cksum, xxhsum, openssl, hashdeep, b3sum), each checked against known digests.
#include "catch.hpp"
#include "machine.hpp"
#include "skip.hpp"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "hashscope/peer.hpp"
#include "peer/peer_tools.hpp"

using namespace hashscope;
namespace fs = std::filesystem;

namespace {

// A small file in a fresh temporary folder, removed with the folder.
struct TempFile {
  fs::path dir, file;
  explicit TempFile(const std::string& content, const std::string& name = "hello world.txt")
  {
    dir = fs::temp_directory_path() /
          ("hashscope-peer-test-" + std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
    fs::create_directories(dir);
    file = dir / name;
    std::ofstream(file, std::ios::binary) << content;
  }
  ~TempFile()
  {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
};

const PeerTool* findTool(const std::vector<PeerTool>& tools, const std::string& name)
{
  for (const PeerTool& t : tools) {
    if (t.name == name)
      return &t;
  }
  return nullptr;
}

}  // namespace

TEST_CASE("peer output parsers read every tool's format", "[peer]")
{
  using peer::OutputFormat;
  using peer::parseDigest;
  CHECK(parseDigest("6F5902AC237024BDD0C176CB93063DC4  /tmp/x\n", OutputFormat::HexFirst) ==
        "6f5902ac237024bdd0c176cb93063dc4");
  CHECK(parseDigest("6f5902ac237024bdd0c176cb93063dc4 */tmp/x\n", OutputFormat::HexFirst) ==
        "6f5902ac237024bdd0c176cb93063dc4");  // openssl dgst -r
  CHECK(parseDigest("\\6f5902ac237024bdd0c176cb93063dc4  /tmp/a\\nb\n", OutputFormat::HexFirst) ==
        "6f5902ac237024bdd0c176cb93063dc4");  // coreutils escaped name
  CHECK(parseDigest("XXH3 (/tmp/x) = d42f7ed4b73c6bde\n", OutputFormat::HexFirst) == "d42f7ed4b73c6bde");
  CHECK(parseDigest("      \r    a4528db0  /tmp/x\n", OutputFormat::HexFirst) == "a4528db0");
  CHECK(parseDigest("3733384285 12 /tmp/x\n", OutputFormat::Decimal) == "3733384285");
  CHECK(parseDigest("03762     1 /tmp/x\n", OutputFormat::Decimal) == "03762");
  CHECK(parseDigest("%%%% HASHDEEP-1.0\n%%%% size,md5,filename\n## Invoked from: /tmp\n## # hashdeep -c md5 x\n"
                    "## \n12,6f5902ac237024bdd0c176cb93063dc4,/tmp/a,b.txt\n",
                    OutputFormat::Hashdeep) == "6f5902ac237024bdd0c176cb93063dc4");
  CHECK_FALSE(parseDigest("", OutputFormat::HexFirst));
  CHECK_FALSE(parseDigest("md5sum: /x: No such file or directory\n", OutputFormat::HexFirst));
  CHECK_FALSE(parseDigest("%%%% HASHDEEP-1.0\n", OutputFormat::Hashdeep));
  CHECK_FALSE(parseDigest("abc 1 x", OutputFormat::Decimal));
}

TEST_CASE("digests compare as hex, and decimal sums as numbers", "[peer]")
{
  using peer::OutputFormat;
  CHECK(peer::digestsEqual("6f5902ac", "6F5902AC", OutputFormat::HexFirst));
  CHECK_FALSE(peer::digestsEqual("6f5902ac", "6f5902ad", OutputFormat::HexFirst));
  CHECK(peer::digestsEqual("3733384285", "de86ec5d", OutputFormat::Decimal));  // cksum of "hello world\n"
  CHECK(peer::digestsEqual("03762", "0eb2", OutputFormat::Decimal));          // sum -r: 3762 = 0x0eb2
  CHECK_FALSE(peer::digestsEqual("3733384285", "de86ec5e", OutputFormat::Decimal));
  CHECK_FALSE(peer::digestsEqual("", "", OutputFormat::HexFirst));
}

TEST_CASE("the catalogue covers the field's tools, and findPeerTools filters by algorithm", "[peer]")
{
  for (const char* name : {"md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "b2sum",
                           "cksum", "sum-bsd", "sum-sysv", "openssl-md5", "openssl-sha3-256", "md5deep",
                           "sha256deep", "hashdeep-md5", "xxhsum-xxh3-64", "xxhsum-xxh32", "b3sum"})
    CHECK(peer::catalogueEntry(name) != nullptr);
  CHECK(peer::catalogueEntry("b3sum")->algorithm == "blake3");
  for (const PeerTool& t : findPeerTools("sha256")) {
    CHECK(t.algorithm == "sha256");
    CHECK(fs::exists(t.executable));
  }
  const auto all = findPeerTools();
  if (all.empty())
    HASHSCOPE_SKIP_PART("no peer tools installed on this machine");
}

TEST_CASE("installed peer tools hash a small file and their digests are checked", "[peer]")
{
  TempFile f("hello world\n");
  const std::vector<PeerTool> all = findPeerTools();
  struct Case {
    const char* tool;
    const char* expected;  // as HashScope prints it (hex)
  };
  const Case cases[] = {
      {"md5sum", "6f5902ac237024bdd0c176cb93063dc4"},
      {"sha256sum", "a948904f2f0f479b8f8197694b30184b0d2ed1c1cd2a1ec0fb85d299a192a447"},
      {"cksum", "de86ec5d"},
      {"xxhsum-xxh3-64", "d42f7ed4b73c6bde"},
      {"xxhsum-xxh64", "5215e13b207d6d8c"},
      {"openssl-md5", "6f5902ac237024bdd0c176cb93063dc4"},
      {"md5deep", "6f5902ac237024bdd0c176cb93063dc4"},
      {"hashdeep-md5", "6f5902ac237024bdd0c176cb93063dc4"},
  };
  bool any = false;
  for (const Case& c : cases)
    any = any || findTool(all, c.tool) != nullptr;
  if (!any)
    HASHSCOPE_SKIP("none of the peer tools (md5sum, sha256sum, cksum, xxhsum, openssl, md5deep, hashdeep) is "
                   "installed");
  for (const Case& c : cases) {
    const PeerTool* tool = findTool(all, c.tool);
    if (!tool) {
      HASHSCOPE_SKIP_PART(c.tool << " is not installed");
      continue;
    }
    INFO(c.tool);
    const RunResult r = runPeerTool(*tool, f.file, c.expected, {});
    INFO(r.error);
    REQUIRE(r.ok());
    CHECK(r.workload == Workload::PeerTool);
    CHECK(r.bytes == 12);
    CHECK(r.files == 1);
    CHECK(r.seconds > 0);
    CHECK(r.userSeconds + r.systemSeconds >= 0);
    CHECK(r.tool.find("'" + f.file.string() + "'") != std::string::npos);  // a space in the name: quoted
    REQUIRE(r.digestMatches.has_value());
    CHECK(*r.digestMatches);

    const RunResult wrong = runPeerTool(*tool, f.file, "00000001", {});
    REQUIRE(wrong.digestMatches.has_value());
    CHECK_FALSE(*wrong.digestMatches);
  }
}

TEST_CASE("b3sum computes BLAKE3 and its digest is checked against HashScope's", "[peer]")
{
  const auto tools = findPeerTools("blake3");
  if (tools.empty())
    HASHSCOPE_SKIP("b3sum is not installed");
  TempFile f("hello world\n");
  const RunResult r = runPeerTool(tools.front(), f.file, "dc5a4edb8240b018124052c330270696f96771a63b45250a5c17d3000e823355", {});
  REQUIRE(r.ok());
  CHECK(r.digest == "dc5a4edb8240b018124052c330270696f96771a63b45250a5c17d3000e823355");
  REQUIRE(r.digestMatches.has_value());
  CHECK(*r.digestMatches);
}

TEST_CASE("a tool that fails gives a clear error", "[peer]")
{
  const auto tools = findPeerTools("md5");
  const PeerTool* md5sum = findTool(tools, "md5sum");
  if (!md5sum)
    HASHSCOPE_SKIP("md5sum is not installed");
  TempFile f("x");
  const RunResult missing = runPeerTool(*md5sum, f.dir / "missing.bin", "", {});
  CHECK_FALSE(missing.ok());
  CHECK(missing.error.find("missing.bin") != std::string::npos);

  const RunResult folder = runPeerTool(*md5sum, f.dir, "", {});
  CHECK_FALSE(folder.ok());
  CHECK(folder.error.find("Is a directory") != std::string::npos);

  // The tool starts but exits non-zero: its own complaint is passed on.
  PeerTool badOption = *md5sum;
  badOption.arguments = {"--no-such-option"};
  const RunResult failed = runPeerTool(badOption, f.file, "", {});
  CHECK_FALSE(failed.ok());
  CHECK(failed.error.rfind("md5sum failed with exit status 1: md5sum: unrecognized option", 0) == 0);
  CHECK_FALSE(failed.digestMatches.has_value());

  // A program that does not exist.
  PeerTool ghost = *md5sum;
  ghost.executable = f.dir / "no-such-tool";
  const RunResult notStarted = runPeerTool(ghost, f.file, "", {});
  CHECK_FALSE(notStarted.ok());
  CHECK(notStarted.error.find("Could not start") != std::string::npos);

  // A tool that succeeds but prints no digest.
  if (fs::exists("/bin/true")) {
    PeerTool silent{"md5sum", "md5", "/bin/true", {}};
    const RunResult r = runPeerTool(silent, f.file, "", {});
    CHECK(r.error.rfind("Could not find a digest in the output of true", 0) == 0);
  }
}

TEST_CASE("a running peer tool is killed when stop is requested", "[peer]")
{
  const fs::path tail = fs::exists("/usr/bin/tail") ? fs::path("/usr/bin/tail") : fs::path("/bin/tail");
  if (const std::string why = hashscope::test::whyNoPosixFile(tail.generic_string()); !why.empty())
    HASHSCOPE_SKIP(why << ": the never-ending peer tool is tail -f");
  TempFile f("");
  // `tail -f FILE` never ends on its own: only the stop request can end this run.
  PeerTool follower{"md5sum", "md5", tail, {"-f"}};
  std::stop_source stop;
  std::jthread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    stop.request_stop();
  });
  const RunResult r = runPeerTool(follower, f.file, "", stop.get_token());
  CHECK(r.cancelled);
  CHECK(r.error.empty());
  CHECK(r.seconds < 30.0);  // it returned at all: tail -f would have run forever
}
