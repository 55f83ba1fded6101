// b3sum's command line (tools_internal.hpp): b3sum 1.x's options read as b3sum reads them.
#include "args.hpp"
#include "os.hpp"
#include "progress.hpp"
#include "tools.hpp"
#include "tools_internal.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstdlib>

namespace hashscope::cli {

namespace {

// b3sum's --length: output bytes, 0 and up. b3sum streams any length; the link holds the digest in memory,
// so it stops at 64 MiB.
std::size_t parseB3sumLength(const std::string& text)
{
  constexpr unsigned long long kMax = 64ull * 1024 * 1024;
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || text.size() > 20)
    usage("Failed to parse length.", false);
  errno = 0;
  const unsigned long long value = std::strtoull(text.c_str(), nullptr, 10);
  if (errno == ERANGE)
    usage("Failed to parse length.", false);
  if (value > kMax)
    usage("--length above " + std::to_string(kMax) + " bytes is not offered by hashscope-cli's b3sum (use b3sum itself)",
          false);
  return static_cast<std::size_t>(value);
}

// b3sum --keyed: exactly 32 raw bytes on stdin, or nothing and `problem` in b3sum's words.
std::optional<std::array<std::uint8_t, 32>> readB3sumKey(std::string& problem)
{
  std::array<std::uint8_t, 33> bytes{};
  std::size_t got = 0;
  while (got < bytes.size()) {
    const std::size_t n = std::fread(bytes.data() + got, 1, bytes.size() - got, stdin);
    if (n == 0)
      break;
    got += n;
  }
  if (got > 32) {
    problem = "read more than 32 key bytes from stdin";
    return std::nullopt;
  }
  if (got < 32) {
    problem = "expected 32 key bytes from stdin, found " + std::to_string(got);
    return std::nullopt;
  }
  std::array<std::uint8_t, 32> key{};
  std::copy_n(bytes.begin(), key.size(), key.begin());
  return key;
}

}  // namespace

int runB3sum(Context& context, const Arguments& argv)
{
  const Args args({{"check", 'c', false, false},
                   {"quiet", 0, false, false},
                   {"no-names", 0, false, false},
                   {"raw", 0, false, false},
                   {"no-mmap", 0, false, false},
                   {"num-threads", 0, true, false},
                   {"length", 'l', true, false},
                   {"keyed", 0, false, false},
                   {"derive-key", 0, true, false},
                   {"help", 'h', false, false},
                   {"version", 'V', false, false},
                   {"jobs", 'j', true, false}},
                  argv, OptionWording::Getopt);
  if (const std::optional<int> answered = answerHelpOrVersion(args, Tool::B3sum))
    return *answered;
  if (args.value("num-threads")) {
    const int threads = parseCountOption("--num-threads", *args.value("num-threads"), 0, 1024);
    setThreadsPerStream(static_cast<unsigned>(threads)); // 0: all cores, as b3sum
  }
  if (args.has("keyed") && args.has("derive-key"))
    usage("the argument '--keyed' cannot be used with '--derive-key'");
  if (args.has("check")) {
    for (const char* conflicting : {"no-names", "raw", "length", "keyed", "derive-key"})
      if (args.has(conflicting))
        usage("the argument '--" + std::string(conflicting) + "' cannot be used with '--check'");
    CheckRequest request;
    request.tool = Tool::B3sum;
    request.rules.dialect = ListRules::Dialect::B3sum;
    request.lists = args.positionals();
    request.quiet = args.has("quiet");
    if (args.value("jobs"))
      request.jobs = parseJobs(*args.value("jobs"));
    return checkLists(context, request);
  }
  if (args.has("quiet"))
    usage("--quiet works only with --check");
  HashRequest request;
  request.tool = Tool::B3sum;
  request.algorithms = {"blake3"};
  request.paths = args.positionals();
  if (args.value("length"))
    request.blake3.length = parseB3sumLength(*args.value("length"));
  if (args.value("derive-key"))
    request.blake3.context = *args.value("derive-key");
  if (args.has("keyed")) {
    if (request.paths.empty())
      usage("--keyed reads the key from standard input: name the files to hash");
    if (std::find(request.paths.begin(), request.paths.end(), "-") != request.paths.end())
      usage("-: Cannot open `-` in keyed mode", false);
    std::string problem;
    request.blake3.key = readB3sumKey(problem);
    if (!request.blake3.key) {
      writeConsole(stderr, "Error: " + problem + "\n");
      return kExitFailure;
    }
  }
  request.raw = args.has("raw");
  request.format.name = !args.has("no-names") && !request.raw;
  if (request.raw && request.paths.size() > 1)
    usage("Only one filename can be provided when using --raw", false);
  if (args.value("jobs"))
    request.jobs = parseJobs(*args.value("jobs"));
  return hashFiles(context, request);
}

}  // namespace hashscope::cli
