// The links `hashscope-cli install-links DIR` makes (md5sum, cksum ... pointing at hashscope-cli), in a
// temporary folder, for the tests that run hashscope-cli as those tools.
#pragma once

#include "catch.hpp"
#include "cli_helpers.hpp"

#include <string>
#include <vector>

namespace clitest {

class ToolLinks {
public:
  ToolLinks()
  {
    const ProcessResult r = runCli({"install-links", m_dir.path().string()});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
  }
  // The path of the link named `tool` ("md5sum").
  std::string operator()(const std::string& tool) const { return (m_dir / tool).string(); }
  // Runs the link `tool` with `args`.
  ProcessResult run(const std::string& tool, const std::vector<std::string>& args, const std::string& stdinData = {},
                    double timeoutSeconds = 120) const
  {
    std::vector<std::string> argv{(*this)(tool)};
    argv.insert(argv.end(), args.begin(), args.end());
    return clitest::run(argv, stdinData, timeoutSeconds);
  }
  const std::filesystem::path& dir() const { return m_dir.path(); }

private:
  TempDir m_dir;
};

} // namespace clitest
