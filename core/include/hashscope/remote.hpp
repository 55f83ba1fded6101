// Benchmarks on other machines over OpenSSH: `bench --host` in the CLI (and later the app's Machines list).
// Only ssh's own authentication and host-key checking are used (BatchMode: never a password prompt through
// HashScope); every remote command word is quoted for the remote shell; what a remote prints is untrusted
// and read with the run documents' strict reader, bounded in size. The remote side runs in a folder of its
// own (mktemp -d) that is removed whatever happens: its end, a failure, Stop, or the connection dropping.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "hashscope/library.hpp"

namespace hashscope {

// One machine to reach: [USER@]HOST[:PORT] (an IPv6 address in brackets: [::1]:2222).
struct RemoteHost {
  std::string user;  // empty: ssh's own choice (its config, then the local user)
  std::string host;  // a name from ~/.ssh/config, a DNS name or an address
  int port = 0;      // 0: ssh's own choice
  std::string label() const;  // as the user typed it, normalised: "alice@server:2222"
};
// Parses a --host value; nullopt (with `error` said) for an empty host, a bad port, or a host that ssh
// would read as an option or that holds spaces or control characters.
std::optional<RemoteHost> parseRemoteHost(std::string_view text, std::string* error = nullptr);

// `word` as one word for a POSIX shell (sh, bash, dash, zsh, ksh): in single quotes, each ' as '\''.
std::string shellQuote(std::string_view word);

// How the remote runs are made.
struct RemoteOptions {
  std::filesystem::path ssh;         // the ssh client; empty: "ssh" on PATH
  std::filesystem::path sshConfig;   // given to ssh as -F (empty: the user's own ~/.ssh/config)
  std::filesystem::path bundle;      // a portable bundle (tests/bench/bundle.sh's layout: bin/, lib/); empty:
                                     // made from `selfExecutable` and its libraries when a host needs one
  std::filesystem::path selfExecutable;  // this hashscope-cli
  std::vector<std::string> benchArguments;  // for the remote `hashscope-cli bench`, before -f json
  std::size_t maxDocumentBytes = std::size_t{64} << 20;  // the remote run document's size limit
  double probeSeconds = 60;  // how long a host may take to say what it is (uname -sm, hashscope-cli --version)
};

// What happened on one machine.
struct RemoteRun {
  RemoteHost host;
  std::string platform;      // its `uname -sm`, "Linux x86_64"; empty when never reached
  std::string found;         // the hashscope-cli --version line on its PATH ("" when none)
  bool copied = false;       // a bundle was copied there (none on PATH, or another version)
  bool stopped = false;      // Stop (Ctrl-C) ended it
  std::string error;         // a sentence when it failed ("" = measured)
  std::string leftBehind;    // a remote folder that could not be removed ("" = nothing left)
  std::string document;      // the run's JSON as it printed it, read with readRunDocument
  std::optional<RunDocument> run;
  bool ok() const { return error.empty() && run.has_value(); }
};

// Told while runs go on: each line of a host's benchmark on its stderr (its progress and messages), as it
// came (untrusted: escape it before showing). Called from the host's own thread when hosts run in parallel.
struct RemoteObserver {
  std::function<void(const RemoteHost&, std::string_view line)> line;
};

// Runs the benchmark on each host, one after another or all at once (`parallel`); one host's failure
// never stops the others. Stop ends every remote run within a second or two.
std::vector<RemoteRun> runRemoteBenches(const std::vector<RemoteHost>& hosts, const RemoteOptions& options,
                                        const RemoteObserver& observer, std::stop_token stop, bool parallel);

}  // namespace hashscope
