// runPeerTool(): one timed run of an installed tool on a file, its digest read back and checked.
#include <algorithm>
#include <system_error>

#include "hashscope/hash.hpp"  // workload.hpp uses Digest without including it
#include "hashscope/peer.hpp"
#include "hashscope/workload.hpp"
#include "peer/peer_tools.hpp"
#include "peer/process.hpp"

namespace hashscope {

namespace {

// The command as a person would type it (for display only: it is never given to a shell).
std::string commandLine(const PeerTool& tool, const std::filesystem::path& file)
{
  auto quoted = [](const std::string& arg) {
    if (!arg.empty() && arg.find_first_of(" \t'\"\\$") == std::string::npos)
      return arg;
    std::string out = "'";
    for (char ch : arg)
      out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
    return out + "'";
  };
  std::string line = tool.executable.filename().string();
  for (const std::string& arg : tool.arguments)
    line += " " + quoted(arg);
  return line + " " + quoted(file.string());
}

std::string firstLine(const std::string& text)
{
  const auto begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string::npos)
    return {};
  return text.substr(begin, text.find_first_of("\r\n", begin) - begin);
}

}  // namespace

RunResult runPeerTool(const PeerTool& tool, const std::filesystem::path& file, const std::string& expectedDigest,
                      std::stop_token stop, LiveCounters* counters)
{
  RunResult r;
  r.workload = Workload::PeerTool;
  r.algorithm = tool.algorithm;
  r.tool = commandLine(tool, file);
  r.location = file.parent_path();
  r.target = file;
  r.streams = 1;
  r.cache = CacheMode::AsIs;
  r.cacheMethod = CacheMethod::AsIs;
  r.files = 1;
  const std::string name = tool.executable.filename().string();

  std::error_code ec;
  const auto size = std::filesystem::file_size(file, ec);
  if (ec) {
    r.error = "Cannot run " + name + " on " + file.string() + ": " + ec.message() + ".";
    return r;
  }

  std::vector<std::string> arguments = tool.arguments;
  arguments.push_back(file.string());
  peer::ReadProgress onRead;
  if (counters && counters->streams() > 0) {
    counters->setExpectedBytes(size);
    // The tool's reads of its own libraries and configuration are counted too: never show more than the file.
    onRead = [counters, size, shown = std::uint64_t{0}](std::uint64_t bytesRead) mutable {
      const std::uint64_t now = std::min<std::uint64_t>(bytesRead, size);
      if (now > shown) {
        counters->addBytes(0, now - shown);
        shown = now;
      }
    };
  }
  const peer::ProcessOutcome p = peer::runProcess(tool.executable, arguments, stop, onRead);
  r.seconds = p.wallSeconds;
  r.userSeconds = p.userSeconds;
  r.systemSeconds = p.systemSeconds;
  StreamResult stream;
  stream.wallSeconds = p.wallSeconds;
  stream.cpuSeconds = p.userSeconds + p.systemSeconds;
  stream.files = 1;

  if (p.killed) {  // only a started tool is killed
    r.cancelled = true;
    r.perStream.push_back(stream);
    return r;
  }
  if (!p.started || !p.error.empty()) {
    r.error = p.error + ".";
    return r;
  }
  if (!p.exited) {
    r.error = name + " was ended by signal " + std::to_string(p.signal) + ".";
    return r;
  }
  if (p.exitCode != 0) {
    const std::string why = firstLine(p.err);
    r.error = name + " failed with exit status " + std::to_string(p.exitCode) + (why.empty() ? "" : ": " + why);
    if (r.error.back() != '.')
      r.error += '.';
    return r;
  }

  const peer::CatalogueEntry* entry = peer::catalogueEntry(tool.name);
  const auto format = entry ? entry->format : peer::OutputFormat::HexFirst;
  const auto digest = peer::parseDigest(p.out, format);
  if (!digest) {
    r.error = "Could not find a digest in the output of " + name + " (\"" + firstLine(p.out) + "\").";
    return r;
  }
  r.digest = *digest;
  r.bytes = size;
  stream.bytes = size;
  stream.busySeconds = stream.cpuSeconds;
  r.perStream.push_back(stream);
  if (!expectedDigest.empty())
    r.digestMatches = peer::digestsEqual(*digest, expectedDigest, format);
  return r;
}

}  // namespace hashscope
