// `bench --host [USER@]HOST[:PORT]...`: the benchmark run on other machines over ssh (bench_remote.cpp).
#pragma once

#include "args.hpp"
#include "common.hpp"

#include <set>
#include <string>

namespace hashscope::cli {

// Runs bench's options on each --host and reports; `flags` are bench's options that take no value.
int runRemoteBench(Context& context, const Args& args, const std::set<std::string, std::less<>>& flags);

}  // namespace hashscope::cli
