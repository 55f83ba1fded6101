// hashscope-cli: the command-line front end of HashScope. Dispatches to one command per file.
#include "commands.hpp"
#include "common.hpp"
#include "hashscope/types.hpp"
#include "help.hpp"
#include "os.hpp"
#include "output_file.hpp"

#include <cstdio>
#include <exception>
#include <new>
#include <string>
#include <vector>

using namespace hashscope::cli;

namespace {

int dispatch(Context& context, const std::vector<std::string>& args)
{
  if (args.empty())
    throw UsageError("missing command (see: hashscope-cli --help)");
  const std::string& command = args.front();
  const Arguments rest(args.begin() + 1, args.end());
  if (command == "--help" || command == "-h" || command == "help") {
    const std::string topic = rest.empty() ? "" : rest.front();
    const auto text = helpText(topic);
    if (text.empty())
      throw UsageError("unknown command '" + topic + "' (see: hashscope-cli --help)");
    return writeOut(text) ? kExitOk : kExitFailure;
  }
  if (command == "--version" || command == "-V" || command == "version")
    return writeOut("hashscope-cli (HashScope) " + std::string(hashscope::version()) + "\n") ? kExitOk
                                                                                             : kExitFailure;
  if (command == "hash")
    return runHash(context, rest);
  if (command == "check")
    return runCheck(context, rest);
  if (command == "bench")
    return runBench(context, rest);
  if (command == "sample")
    return runSample(context, rest);
  if (command == "algorithms")
    return runAlgorithms(context, rest);
  if (command == "locations")
    return runLocations(context, rest);
  if (command.rfind("-", 0) == 0)
    throw UsageError("unknown option '" + command + "' (see: hashscope-cli --help)");
  throw UsageError("unknown command '" + command + "' (see: hashscope-cli --help)");
}

// Runs one command and turns what it throws into a message and an exit code.
int run(Context& context, const std::vector<std::string>& args)
{
  try {
    return dispatch(context, args);
  } catch (const UsageError& error) {
    printError(error.what());
    return kExitUsage;
  } catch (const CommandError& error) {
    printError(error.what());
    return context.stop.stop_requested() ? kExitInterrupted : kExitFailure;
  } catch (const std::bad_alloc&) {
    // The big allocations are the read buffers (and the samples' write buffers): name the knobs.
    printError("not enough memory for '" + (args.empty() ? std::string() : args.front()) +
               "': try a smaller --block-size, or fewer --jobs / --streams");
    return kExitFailure;
  } catch (const std::exception& error) {
    printError(std::string("unexpected error: ") + error.what());
    return kExitFailure;
  }
}

} // namespace

int main(int argc, char** argv)
{
  const std::vector<std::string> args(argv + 1, argv + argc);
  Context context;
  context.progress = stderrIsTerminal();
  // One guard for every command, before any thread starts: Ctrl-C stops whatever runs (see os.hpp).
  const InterruptGuard guard(context.stop, removeUnfinishedOutputs);
  const int code = run(context, args);
  // Interrupted: the shell's convention (130 for SIGINT, 143 for SIGTERM), whatever the command returned.
  return InterruptGuard::interrupted() ? InterruptGuard::exitCode() : code;
}
