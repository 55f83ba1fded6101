// What the tools' front ends (tools.cpp, tool_b3sum.cpp) share: their usage problems and options.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "args.hpp"
#include "commands.hpp"
#include "common.hpp"

namespace hashscope::cli {

// A usage problem worded as the tool: "PROG: LINE" for each line, then `raw` as it is (cksum's list of
// valid -a values), then "Try 'PROG --help' for more information." when `tryHelp`. Exit status 1.
struct ToolUsage {
  std::vector<std::string> lines;
  std::string raw;
  bool tryHelp = true;
};

[[noreturn]] inline void usage(std::string line, bool tryHelp = true)
{
  throw ToolUsage{{std::move(line)}, {}, tryHelp};
}

// -j N: 1 to 256 jobs, as every tool's front end reads it.
inline int parseJobs(const std::string& text)
{
  return parseCountOption("--jobs", text, 1, 256);
}

// --help and --version as b3sum and xxhsum answer them: the exit status when one was asked, else nothing.
std::optional<int> answerHelpOrVersion(const Args& args, Tool tool);

// b3sum 1.x: BLAKE3 with names escaped its way, --no-names, --raw, --length, --keyed, --derive-key, -c and
// --quiet.
int runB3sum(Context& context, const Arguments& argv);

}  // namespace hashscope::cli
