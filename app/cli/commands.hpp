// The CLI's commands. Each takes the arguments after its name and returns the process exit code;
// usage problems are thrown as UsageError, fatal failures as CommandError (see common.hpp).
#pragma once

#include "common.hpp"

#include <string>
#include <vector>

namespace hashscope::cli {

using Arguments = std::vector<std::string>;

int runHash(Context& context, const Arguments& args);       // cmd_hash.cpp
int runCheck(Context& context, const Arguments& args);      // cmd_check.cpp
int runBench(Context& context, const Arguments& args);      // cmd_bench.cpp
int runSample(Context& context, const Arguments& args);     // cmd_sample.cpp
int runAlgorithms(Context& context, const Arguments& args); // cmd_info.cpp
int runLocations(Context& context, const Arguments& args);  // cmd_info.cpp
int runHistory(Context& context, const Arguments& args);    // cmd_history.cpp
int runPlan(Context& context, const Arguments& args);       // cmd_plan.cpp

} // namespace hashscope::cli
