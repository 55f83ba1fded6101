// The links `hashscope-cli install-links DIR` makes (md5sum, cksum ... pointing at hashscope-cli), in a
// temporary folder, for the tests that run hashscope-cli as those tools.
#pragma once

#include "catch.hpp"
#include "cli_helpers.hpp"
#include "machine.hpp"

#include <string>
#include <vector>

namespace clitest {

// Every tool hashscope-cli can be started as (app/cli/tools.cpp): install-links makes a link for each.
inline const std::vector<std::string>& linkedTools()
{
  static const std::vector<std::string> tools{"md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum",
                                              "b2sum",  "b3sum",   "xxhsum",    "cksum",     "sum"};
  return tools;
}

// Whether `link` is a symbolic link that leads to the hashscope-cli under test.
inline bool isLinkToCli(const std::filesystem::path& link)
{
  std::error_code ec;
  return std::filesystem::is_symlink(link, ec) && std::filesystem::equivalent(link, cliPath(), ec);
}

// "" when install-links can make its links here (a symbolic link can be made in a temp folder), else why not:
// the tests that run the links skip with it.
inline std::string whyNoToolLinks()
{
  TempDir probe;
  return hashscope::test::whyNoSymlinks(probe.path());
}

class ToolLinks {
public:
  // Makes the links and requires every one of them: a test must never run the system's tool in place of a link
  // that is missing (found further along PATH, it would be compared with itself).
  ToolLinks()
  {
    const ProcessResult r = runCli({"install-links", m_dir.path().string()});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    for (const std::string& tool : linkedTools()) {
      INFO(tool);
      REQUIRE(isLinkToCli(m_dir / tool));
    }
  }
  // The path of the link named `tool` ("md5sum"); a tool with no link fails the test.
  std::string operator()(const std::string& tool) const
  {
    INFO(tool);
    REQUIRE(isLinkToCli(m_dir / tool));
    return (m_dir / tool).string();
  }
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
