// The rest of the CLI surface: --version, --help, algorithms, locations, unknown commands, progress bar.
#include "catch.hpp"
#include "skip.hpp"
#include "cli_helpers.hpp"
#include "hashscope/hash.hpp"
#include "hashscope/storage.hpp"
#include "hashscope/types.hpp"

using namespace clitest;
namespace fs = std::filesystem;

TEST_CASE("version and help output", "[cli][misc]")
{
  const ProcessResult version = runCli({"--version"});
  CHECK(version.exitCode == 0);
  CHECK(version.out == "hashscope-cli (HashScope) " + std::string(hashscope::version()) + "\n");

  const ProcessResult help = runCli({"--help"});
  CHECK(help.exitCode == 0);
  for (const char* command : {"hash", "check", "bench", "sample", "algorithms", "locations"})
    CHECK(help.out.find(command) != std::string::npos);

  for (const char* command : {"hash", "check", "bench", "sample", "algorithms", "locations"}) {
    INFO(command);
    const ProcessResult r = runCli({command, "--help"});
    CHECK(r.exitCode == 0);
    CHECK(r.out.rfind(std::string("Usage: hashscope-cli ") + command, 0) == 0);
    CHECK(runCli({"help", command}).out == r.out);
  }
}

TEST_CASE("unknown commands and options exit 2 with one line", "[cli][misc][errors]")
{
  for (const auto& args :
       std::vector<std::vector<std::string>>{{}, {"frobnicate"}, {"--frobnicate"}, {"help", "nope"}}) {
    const ProcessResult r = runCli(args);
    CHECK(r.exitCode == 2);
    CHECK(isOneErrorLine(r.err));
  }
}

TEST_CASE("algorithms lists every algorithm with its implementation", "[cli][misc]")
{
  const ProcessResult r = runCli({"algorithms"});
  REQUIRE(r.exitCode == 0);
  const auto lines = splitLines(r.out);
  REQUIRE(lines.size() == hashscope::allAlgorithms().size() + 2); // header + rule
  for (const char* column : {"id", "family", "bits", "implementation", "peer tool"})
    CHECK(lines[0].find(column) != std::string::npos);
  for (const auto& info : hashscope::allAlgorithms()) {
    INFO(info.id);
    const bool listed = std::any_of(lines.begin() + 2, lines.end(), [&](const std::string& line) {
      return line.rfind(info.id + " ", 0) == 0 &&
             line.find(std::to_string(info.digestBytes * 8)) != std::string::npos;
    });
    CHECK(listed);
  }
  const ProcessResult csv = runCli({"algorithms", "--format", "csv"});
  CHECK(csv.exitCode == 0);
  CHECK(splitLines(csv.out).size() == hashscope::allAlgorithms().size() + 1);
}

TEST_CASE("locations lists the temp folder and describes given paths", "[cli][misc]")
{
  const ProcessResult r = runCli({"locations"});
  REQUIRE(r.exitCode == 0);
  const auto header = splitLines(r.out).front();
  for (const char* column : {"path", "mount point", "fs", "device", "kind", "free", "total", "writable"})
    CHECK(header.find(column) != std::string::npos);
  CHECK(r.out.find(hashscope::defaultLocation().string()) != std::string::npos);

  if (fs::is_directory("/dev/shm")) {
    const ProcessResult shm = runCli({"locations", "/dev/shm"});
    CHECK(shm.exitCode == 0);
    CHECK(shm.out.find("tmpfs") != std::string::npos);
  }
  const ProcessResult missing = runCli({"locations", "/no/such/folder/here"});
  CHECK(missing.exitCode == 1);
  CHECK(isOneErrorLine(missing.err));
}

TEST_CASE("the progress bar appears on a terminal only", "[cli][misc][progress]")
{
  TempDir dir;
  const std::string command = cliPath() + " bench --location " + dir.path().string() +
                              " --workload hash-memory -a md5 --duration 2.5 --sample-hz 0";
  // Not a terminal: stderr stays empty.
  const ProcessResult plain = runCli({"bench", "--location", dir.path().string(), "--workload", "hash-memory",
                                      "-a", "md5", "--duration", "1.5", "--sample-hz", "0"});
  CHECK(plain.exitCode == 0);
  CHECK(plain.err.empty());
  if (!toolExists("script"))
    HASHSCOPE_SKIP("util-linux `script` is not installed: the terminal half not checked");
  // `script` gives the CLI a pseudo-terminal; everything it wrote (stdout and stderr) comes back.
  const ProcessResult tty = run({"script", "-qec", command, "/dev/null"});
  CHECK(tty.exitCode == 0);
  CHECK(tty.out.find("MB/s") != std::string::npos);
  CHECK(tty.out.find("ETA") != std::string::npos);
  CHECK(tty.out.find("\r\033[K") != std::string::npos); // redrawn in place, then erased
}
