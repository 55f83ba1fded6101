// hashscope-cli: the command-line front end of HashScope. Dispatches to one command per file, or, when
// started under a tool's name (a link called md5sum, cksum ...), runs as that tool (tools.hpp).
#include "commands.hpp"
#include "common.hpp"
#include "hashscope/jobs.hpp"
#include "hashscope/types.hpp"
#include "help.hpp"
#include "os.hpp"
#include "output_file.hpp"
#include "tools.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <exception>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

using namespace hashscope::cli;

namespace {

int runHelp(Context&, const Arguments& rest)
{
  const std::string topic = rest.empty() ? "" : rest.front();
  const auto text = helpText(topic);
  if (text.empty())
    throw UsageError("unknown command '" + topic + "' (see: hashscope-cli --help)");
  return writeOut(text) ? kExitOk : kExitFailure;
}

int runVersion(Context&, const Arguments&)
{
  return writeOut("hashscope-cli (HashScope) " + std::string(hashscope::version()) + "\n") ? kExitOk : kExitFailure;
}

// The commands: their names, and whether one creates nothing that an interrupt would leave behind (no output
// file, sample or history database), so that an interrupt may end it at once (OnInterrupt::Exit).
struct Command {
  std::array<std::string_view, 3> names;
  int (*run)(Context&, const Arguments&);
  bool createsNothing;
};
constexpr std::array<Command, 11> kCommands{{
    {{"--help", "-h", "help"}, runHelp, true},
    {{"--version", "-V", "version"}, runVersion, true},
    {{"hash"}, runHash, true},
    {{"check"}, runCheck, true},
    {{"bench"}, runBench, false},
    {{"sample"}, runSample, false},
    {{"algorithms"}, runAlgorithms, false},
    {{"locations"}, runLocations, false},
    {{"history"}, runHistory, false},
    {{"plan"}, runPlan, false},
    {{"install-links"}, runInstallLinks, false},
}};

const Command* findCommand(const std::vector<std::string>& args)
{
  if (args.empty())
    return nullptr;
  for (const Command& command : kCommands)
    if (std::find(command.names.begin(), command.names.end(), args.front()) != command.names.end())
      return &command;
  return nullptr;
}

// Runs `command` (findCommand's for `args`), or says what is wrong with the first argument.
int dispatch(Context& context, const Command* command, const std::vector<std::string>& args)
{
  if (args.empty())
    throw UsageError("missing command (see: hashscope-cli --help)");
  if (command)
    return command->run(context, Arguments(args.begin() + 1, args.end()));
  const std::string& name = args.front();
  if (name.rfind("-", 0) == 0)
    throw UsageError("unknown option '" + name + "' (see: hashscope-cli --help)");
  throw UsageError("unknown command '" + name + "' (see: hashscope-cli --help)");
}

// Runs one command (or the tool hashscope-cli was started as) and turns what it throws into a message and
// an exit code.
int run(Context& context, std::optional<Tool> tool, const Command* command, const std::vector<std::string>& args)
{
  try {
    return tool ? runTool(context, *tool, args) : dispatch(context, command, args);
  } catch (const UsageError& error) {
    printError(error.what());
    return kExitUsage;
  } catch (const CommandError& error) {
    printError(error.what());
    return context.stop.stop_requested() ? kExitInterrupted : kExitFailure;
  } catch (const std::bad_alloc&) {
    // The big allocations are the read buffers (and the samples' write buffers): name the knobs.
    if (tool || args.empty()) // md5sum FILE: the tool's options have no block size
      printError("not enough memory (a memory limit such as ulimit -v?)");
    else
      printError("not enough memory for '" + args.front() + "': try a smaller --block-size, or fewer --jobs / --streams");
    return kExitFailure;
  } catch (const hashscope::ThreadStartError& error) {
    printError(error.what());
    return kExitFailure;
  } catch (const std::exception& error) {
    printError(std::string("unexpected error: ") + error.what());
    return kExitFailure;
  }
}

} // namespace

int main(int argc, char** argv)
{
  // LF line ends on Windows too, and stdin's bytes as they are (os.hpp).
  setBinaryStdio();
  const std::vector<std::string> all = commandLineArguments(argc, argv);
  const std::vector<std::string> args(all.begin() + (all.empty() ? 0 : 1), all.end());
  const std::string argv0 = all.empty() ? std::string(kProgramName) : all.front();
  setInvokedName(argv0);
  // Started as md5sum, cksum ...: that tool, whose messages start with the name as it was started (like
  // coreutils: "md5sum: f: No such file or directory", or "/usr/local/bin/md5sum: ...").
  const std::optional<Tool> tool = toolForProgram(argv0);
  if (tool)
    setProgramName(argv0);
  Context context;
  context.progress = stderrIsTerminal();
  // One guard for every command, before any thread starts: Ctrl-C stops whatever runs (see os.hpp). The tools
  // and the commands that create nothing end at once, without a watcher thread.
  const Command* command = tool ? nullptr : findCommand(args);
  const bool createsNothing = tool || (command && command->createsNothing);
  const InterruptGuard guard(context.stop, removeUnfinishedOutputs,
                             createsNothing ? OnInterrupt::Exit : OnInterrupt::Stop);
  const int code = run(context, tool, command, args);
  // Interrupted: the shell's convention (130 for SIGINT, 143 for SIGTERM), whatever the command returned.
  return InterruptGuard::interrupted() ? InterruptGuard::exitCode() : code;
}
