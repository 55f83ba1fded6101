// runRemoteBenches(): each machine's benchmark over ssh, in three sessions: what is there (probe), the bundle
// copied when needed, the run; then its document read as any imported run is.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <sstream>
#include <stop_token>
#include <thread>

#include "hashscope/types.hpp"
#include "hashscope/waits.hpp"
#include "peer/process.hpp"
#include "remote/remote_bundle.hpp"
#include "remote/remote_scripts.hpp"

namespace hashscope {

namespace fs = std::filesystem;

namespace {

// The exit status ssh gives for its own failures (connecting, authenticating, a dropped connection).
constexpr int kSshFailed = 255;
constexpr int kNoFolder = 97;  // the remote scripts' status when mktemp -d failed (remote_scripts.hpp)
constexpr std::size_t kSmallOutput = 64 * 1024;  // the probe's and the copy's few lines
constexpr std::size_t kLongestLine = 4096;       // a progress line longer than this is passed on in pieces

// The bundle, packed at most once per set of runs, when the first host needs it.
struct SharedBundle {
  std::once_flag once;
  std::optional<remote::LocalTempFolder> folder;  // made only when a host needs the bundle
  fs::path tar;
  std::string error;
  std::string platform;  // this machine's, which a bundle made from this build runs on
};

std::string lastLine(std::string_view text)
{
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
    text.remove_suffix(1);
  const auto start = text.rfind('\n');
  return std::string(start == std::string_view::npos ? text : text.substr(start + 1));
}

// tar's first complaint names what failed; the copy script's last line says the space left there.
std::string firstLine(std::string_view text) { return std::string(text.substr(0, text.find('\n'))); }

// `sh -c SCRIPT hashscope ARGS...` for the remote login shell, every word quoted.
std::string remoteCommand(const char* script, const std::vector<std::string>& arguments)
{
  std::string command = "sh -c " + shellQuote(script) + " hashscope";
  for (const std::string& argument : arguments)
    command += " " + shellQuote(argument);
  return command;
}

// The ssh argument list for `host` running `remoteCommand` (one string for the remote shell).
std::vector<std::string> sshArguments(const RemoteHost& host, const RemoteOptions& options,
                                      const std::string& remoteCommand)
{
  // BatchMode: ssh never asks for a password or a passphrase here, and host keys are checked as ssh's
  // configuration says (an unknown host fails instead of being accepted). No terminal (-T).
  std::vector<std::string> args = {"-T", "-o", "BatchMode=yes", "-o", "ConnectTimeout=15",
                                   "-o", "ServerAliveInterval=5", "-o", "ServerAliveCountMax=3"};
  if (!options.sshConfig.empty())
    args.insert(args.end(), {"-F", options.sshConfig.string()});
  if (!host.user.empty())
    args.insert(args.end(), {"-l", host.user});
  if (host.port > 0)
    args.insert(args.end(), {"-p", std::to_string(host.port)});
  args.insert(args.end(), {"--", host.host, remoteCommand});
  return args;
}

// One ssh session.
peer::ProcessOutcome session(const RemoteHost& host, const RemoteOptions& options, const std::string& command,
                             std::stop_token stop, peer::ProcessIo io = {})
{
  fs::path ssh = options.ssh.empty() ? peer::findProgram("ssh") : options.ssh;
  if (ssh.empty()) {
    peer::ProcessOutcome missing;
    missing.error = "ssh was not found on PATH: install the OpenSSH client (openssh-client)";
    return missing;
  }
  return peer::runProcess(ssh, sshArguments(host, options, command), stop, {}, io);
}

// A sentence for ssh's own failure, from what it said last.
std::string sshFailure(const peer::ProcessOutcome& p)
{
  if (!p.started)
    return p.error;
  const std::string said = lastLine(p.err);
  if (said.find("Permission denied") != std::string::npos)
    return "the host refused the key (ssh: " + said + "): add your public key to its authorized_keys or your agent";
  if (said.find("Host key verification failed") != std::string::npos)
    return "its host key is unknown or has changed (ssh: " + said + "): connect once with ssh to check it";
  return "ssh failed" + (said.empty() ? std::string() : ": " + said);
}

bool failedBySsh(const peer::ProcessOutcome& p) { return !p.started || (p.exited && p.exitCode == kSshFailed) || p.signal != 0; }

// What is there: platform and hashscope-cli version. False (run.error said) when the host cannot be reached.
// The probe has a deadline of its own: a host, or a hashscope-cli there, that never answers is given up with
// a sentence instead of holding the run until Stop.
bool probe(RemoteRun& run, const RemoteOptions& options, std::stop_token stop)
{
  peer::ProcessIo io;
  io.maxCapture = kSmallOutput;
  std::stop_source ended;
  const StopCallback forward(stop, [&ended] { ended.request_stop(); });  // waits.hpp: mingw-safe
  std::atomic<bool> late{false};
  std::jthread deadline([&](std::stop_token done) {
    std::mutex mutex;
    std::condition_variable_any wake;
    std::unique_lock lock(mutex);
    const auto until = std::chrono::steady_clock::now() +
                       std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                           std::chrono::duration<double>(options.probeSeconds));
    waitUntilOrStop(wake, lock, done, until, [] { return false; });  // mingw-safe (waits.hpp)
    if (!done.stop_requested()) {
      late = true;
      ended.request_stop();
    }
  });
  const peer::ProcessOutcome p =
      session(run.host, options, remoteCommand(remote::kProbeScript, {}), ended.get_token(), io);
  deadline.request_stop();
  deadline.join();
  if (late && !stop.stop_requested()) {
    std::ostringstream seconds;
    seconds << options.probeSeconds;
    run.error = "it did not say what it is within " + seconds.str() + " s (uname -sm, hashscope-cli --version)";
    return false;
  }
  if (p.killed || stop.stop_requested()) {
    run.stopped = true;
    return false;
  }
  if (failedBySsh(p) || !p.exited || p.exitCode != 0) {
    run.error = sshFailure(p);
    return false;
  }
  const std::string& out = p.out;
  const auto newline = out.find('\n');
  run.platform = out.substr(0, newline);
  if (newline != std::string::npos)
    run.found = lastLine(out.substr(newline + 1));
  if (run.platform.empty())
    run.error = "it did not say what it is (uname -sm printed nothing)";
  return !run.platform.empty();
}

// Copies the bundle into a fresh remote folder; returns the folder ("" with run.error said on failure).
std::string copyBundle(RemoteRun& run, const RemoteOptions& options, SharedBundle& bundle, std::stop_token stop)
{
  std::call_once(bundle.once, [&] {
    bundle.platform = remote::localPlatform();
    bundle.folder.emplace();
    if (bundle.folder->path().empty()) {
      bundle.error = "could not make a temporary folder for the bundle";
      return;
    }
    bundle.tar = bundle.folder->path() / "bundle.tar";
    bundle.error = remote::packBundle(options, bundle.tar, stop);
  });
  if (options.bundle.empty() && run.platform != bundle.platform) {
    run.error = "it is " + run.platform + ", this build runs on " + bundle.platform + ": give --bundle DIR made for " +
                run.platform + " (tests/bench/bundle.sh on such a machine)";
    return {};
  }
  if (!bundle.error.empty()) {
    run.error = bundle.error;
    return {};
  }
  peer::ProcessIo io;
  io.stdinFile = bundle.tar;
  io.maxCapture = kSmallOutput;
  const peer::ProcessOutcome p = session(run.host, options, remoteCommand(remote::kCopyScript, {}), stop, io);
  run.stopped = p.killed || stop.stop_requested();
  const std::string said = lastLine(p.out);
  const std::string_view prefix = "hashscope-folder ";  // then the folder, an absolute path
  if (!run.stopped && p.exited && p.exitCode == 0 && said.rfind(std::string(prefix) + "/", 0) == 0) {
    run.copied = true;
    return said.substr(prefix.size());
  }
  if (!run.stopped && p.exited && p.exitCode == kNoFolder)
    run.error = "could not make a temporary folder there (mktemp -d): is its temp folder full or read-only?";
  else if (!run.stopped)
    run.error = failedBySsh(p) ? sshFailure(p)
                               : "could not copy the bundle there" +
                                     (p.err.empty() ? std::string() : " (" + firstLine(p.err) + "; " + lastLine(p.err) + ")");
  return {};
}

// After the run session could not start: removes the copied folder, or says it may be left.
void removeFolder(RemoteRun& run, const RemoteOptions& options, const std::string& folder)
{
  peer::ProcessIo io;
  io.maxCapture = kSmallOutput;
  const peer::ProcessOutcome p = session(run.host, options, "rm -rf -- " + shellQuote(folder), {}, io);
  if (!p.exited || p.exitCode != 0)
    run.leftBehind = folder;
}

void readDocument(RemoteRun& run, const peer::ProcessOutcome& p, const RemoteOptions& options)
{
  if (p.outTruncated) {
    run.error = "it printed more than " + std::to_string(options.maxDocumentBytes >> 20) +
                " MiB: not read as a run";
    return;
  }
  try {
    run.run = readRunDocument(p.out);
    run.document = p.out;
  } catch (const RunFormatError& e) {
    if (p.exited && p.exitCode == kNoFolder)
      run.error = "could not make a temporary folder there (mktemp -d): is its temp folder full or read-only?";
    else if (p.out.empty())
      run.error = "it printed no run" + (p.exited ? " (hashscope-cli exited with status " + std::to_string(p.exitCode) + ")"
                                                  : std::string());
    else
      run.error = std::string("what it printed is ") + e.what();
  }
}

RemoteRun runOne(const RemoteHost& host, const RemoteOptions& options, const RemoteObserver& observer,
                 std::stop_token stop, SharedBundle& bundle)
{
  RemoteRun run;
  run.host = host;
  if (!probe(run, options, stop))
    return run;
  const bool installed = run.found == "hashscope-cli (HashScope) " + std::string(version());
  std::string folder;
  if (!installed) {
    folder = copyBundle(run, options, bundle, stop);
    if (folder.empty())
      return run;
  }
  bool givenLocation = false;
  for (const std::string& a : options.benchArguments)
    givenLocation = givenLocation || a == "--location" || a == "--data";
  std::vector<std::string> arguments = {folder, installed ? "installed" : "bundled", givenLocation ? "given" : "sample"};
  arguments.insert(arguments.end(), options.benchArguments.begin(), options.benchArguments.end());

  // The host's stderr, line by line, to the observer.
  std::string line;
  const auto flush = [&] {
    if (!line.empty() && observer.line)
      observer.line(host, line);
    line.clear();
  };
  peer::ProcessIo io;
  io.holdStdin = true;
  io.maxCapture = options.maxDocumentBytes;
  io.onErr = [&](std::string_view piece) {
    for (const char c : piece) {
      if (c == '\n' || line.size() >= kLongestLine)
        flush();
      if (c != '\n')
        line += c;
    }
  };
  const peer::ProcessOutcome p = session(host, options, remoteCommand(remote::kRunScript, arguments), stop, io);
  flush();
  if (p.killed || stop.stop_requested()) {
    run.stopped = true;
    return run;
  }
  if (failedBySsh(p)) {
    run.error = p.out.empty() && p.err.empty() ? sshFailure(p) : "the connection was lost during the run (" + sshFailure(p) + ")";
    if (!folder.empty())
      removeFolder(run, options, folder);
    return run;
  }
  readDocument(run, p, options);
  return run;
}

}  // namespace

std::vector<RemoteRun> runRemoteBenches(const std::vector<RemoteHost>& hosts, const RemoteOptions& options,
                                        const RemoteObserver& observer, std::stop_token stop, bool parallel)
{
  SharedBundle bundle;
  std::vector<RemoteRun> runs(hosts.size());
  for (std::size_t i = 0; i < hosts.size(); ++i) {
    runs[i].host = hosts[i];
    runs[i].stopped = true;  // until it runs: Stop before its turn leaves it not measured
  }
  if (!parallel) {
    for (std::size_t i = 0; i < hosts.size() && !stop.stop_requested(); ++i)
      runs[i] = runOne(hosts[i], options, observer, stop, bundle);
    return runs;
  }
  {
    std::vector<std::jthread> threads;
    for (std::size_t i = 0; i < hosts.size(); ++i)
      threads.emplace_back([&, i] { runs[i] = runOne(hosts[i], options, observer, stop, bundle); });
  }
  return runs;
}

}  // namespace hashscope
