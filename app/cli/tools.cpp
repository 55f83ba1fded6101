// The tools hashscope-cli can be started as: their command lines, read as the tools read them (coreutils
// 9.11's cksum.c for md5sum, sha*sum, b2sum, cksum and sum; b3sum 1.x; xxhsum 0.8.1), turned into a
// HashRequest or a CheckRequest.
#include "tools.hpp"
#include "tools_internal.hpp"

#include "args.hpp"
#include "digest_types.hpp"
#include "file_checks.hpp"
#include "hashscope/files.hpp"
#include "names.hpp"
#include "os.hpp"
#include "progress.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace hashscope::cli {

namespace {

namespace fs = std::filesystem;

struct ToolSpec {
  Tool tool;
  std::string_view name;
  std::optional<DigestType> digest; // the one digest type of md5sum ... b2sum
};

constexpr ToolSpec kTools[] = {{Tool::Md5sum, "md5sum", DigestType::Md5},
                               {Tool::Sha1sum, "sha1sum", DigestType::Sha1},
                               {Tool::Sha224sum, "sha224sum", DigestType::Sha224},
                               {Tool::Sha256sum, "sha256sum", DigestType::Sha256},
                               {Tool::Sha384sum, "sha384sum", DigestType::Sha384},
                               {Tool::Sha512sum, "sha512sum", DigestType::Sha512},
                               {Tool::B2sum, "b2sum", DigestType::Blake2b},
                               {Tool::B3sum, "b3sum", std::nullopt},
                               {Tool::Xxhsum, "xxhsum", std::nullopt},
                               {Tool::Cksum, "cksum", std::nullopt},
                               {Tool::Sum, "sum", std::nullopt}};

const ToolSpec& specOf(Tool tool)
{
  for (const auto& spec : kTools)
    if (spec.tool == tool)
      return spec;
  return kTools[0];
}

// -l's value as coreutils' xnumtoimax (base 10, at least 0) reads it: a value too large becomes the largest
// (and is then refused as too long), a negative one or one that is no number is refused here.
long long parseLength(const std::string& text)
{
  errno = 0;
  char* end = nullptr;
  const long long value = std::strtoll(text.c_str(), &end, 10);
  if (end == text.c_str() || *end != '\0')
    usage("invalid length: " + localeQuoted(text), false);
  if (errno == ERANGE && value > 0)
    return LLONG_MAX;
  if (errno == ERANGE || value < 0)
    usage("invalid length: " + localeQuoted(text) + ": " + systemMessage(std::make_error_code(std::errc::value_too_large)),
          false);
  return value;
}

// md5sum, sha1sum ... sha512sum, b2sum and cksum: one program in coreutils (src/cksum.c), and here.
int runGnu(Context& context, const ToolSpec& spec, const Arguments& argv)
{
  const bool cksum = spec.tool == Tool::Cksum;
  const bool b2sum = spec.tool == Tool::B2sum;
  std::vector<OptionSpec> specs{{"check", 'c', false, false},     {"ignore-missing", 0, false, false},
                                {"quiet", 0, false, false},       {"status", 0, false, false},
                                {"warn", 'w', false, false},      {"strict", 0, false, false},
                                {"tag", 0, false, false},         {"zero", 'z', false, false},
                                {"binary", 'b', false, false},    {"text", 't', false, false},
                                {"help", 0, false, false},        {"version", 0, false, false},
                                {"jobs", 'j', true, false}};
  if (cksum || b2sum)
    specs.push_back({"length", 'l', true, false});
  if (cksum) {
    specs.push_back({"algorithm", 'a', true, false});
    specs.push_back({"base64", 0, false, false});
    specs.push_back({"debug", 0, false, false});
    specs.push_back({"raw", 0, false, false});
    specs.push_back({"untagged", 0, false, false});
  }
  const Args args(specs, argv, OptionWording::Getopt);

  DigestType type = spec.digest.value_or(DigestType::Crc);
  bool specified = spec.digest.has_value();
  long long length = 0;
  std::string lengthText;
  CheckRequest checking; // what --check would do: filled in as the options come
  checking.tool = spec.tool;
  bool check = false, base64 = false, raw = false, debug = false;
  int binary = -1, prefixTag = -1, jobs = 1;
  char delimiter = '\n';
  for (const auto& [name, value] : args.sequence()) {
    if (name == "algorithm") {
      const auto named = digestTypeNamed(value);
      if (!named) {
        std::string valid = "Valid arguments are:";
        for (const auto& info : digestTypes())
          valid += "\n  - " + localeQuoted(info.name);
        throw ToolUsage{{"invalid argument " + localeQuoted(value) + " for " + localeQuoted("--algorithm")},
                        valid + "\n",
                        true};
      }
      type = *named;
      specified = true;
    } else if (name == "length") {
      length = parseLength(value);
      lengthText = value;
    } else if (name == "check") {
      check = true;
    } else if (applyReportOption(checking, name)) {
    } else if (name == "binary" || name == "text") {
      binary = name == "binary" ? 1 : 0;
    } else if (name == "ignore-missing") {
      checking.ignoreMissing = true;
    } else if (name == "strict") {
      checking.strict = true;
    } else if (name == "base64") {
      base64 = true;
    } else if (name == "raw") {
      raw = true;
    } else if (name == "untagged" || name == "tag") {
      prefixTag = name == "tag" ? 1 : 0;
    } else if (name == "zero") {
      delimiter = '\0';
    } else if (name == "debug") {
      debug = true;
    } else if (name == "jobs") {
      jobs = parseJobs(value);
    } else if (name == "help") {
      return writeOut(toolHelp(spec.tool, programName())) ? kExitOk : kExitFailure;
    } else if (name == "version") {
      return writeOut(toolVersion(spec.tool)) ? kExitOk : kExitFailure;
    }
  }

  // The checks of coreutils' main(), in its order, with its words.
  const std::string tag(digestTypeInfo(type).tag);
  if (cksum && length != 0 && !takesLength(type))
    usage("--length is only supported with --algorithm blake2b, sha2, or sha3", false);
  if (type == DigestType::Sha2 || type == DigestType::Sha3) {
    if (length == 0 && lengthText.empty() && !check)
      usage("--algorithm=" + std::string(digestTypeInfo(type).name) +
                " requires specifying --length 224, 256, 384, or 512",
            false);
    if ((!check || !lengthText.empty()) && length != 224 && length != 256 && length != 384 && length != 512)
      throw ToolUsage{{"invalid length: " + localeQuoted(lengthText),
                       "digest length for " + localeQuoted(tag) + " must be 224, 256, 384, or 512"},
                      {},
                      false};
  } else {
    if (length > 512)
      throw ToolUsage{{"invalid length: " + localeQuoted(lengthText),
                       "maximum digest length for " + localeQuoted(tag) + " is 512 bits"},
                      {},
                      false};
    if (length % 8 != 0)
      throw ToolUsage{{"invalid length: " + localeQuoted(lengthText), "length is not a multiple of 8"}, {}, false};
  }
  const int bits = length != 0 ? static_cast<int>(length) : digestTypeInfo(type).bits;
  if (cksum && check && specified && printsNumbers(type))
    usage("--check is not supported with --algorithm={bsd,sysv,crc,crc32b}", false);
  if (base64 && raw)
    usage("--base64 and --raw are mutually exclusive");
  if (delimiter != '\n' && check)
    usage("the --zero option is not supported when verifying checksums");
  if (prefixTag >= 1 && check)
    usage("the --tag option is meaningless when verifying checksums");
  if (binary >= 0 && check)
    usage("the --binary and --text options are meaningless when verifying checksums");
  for (const auto& [set, option] : {std::pair{checking.ignoreMissing, "ignore-missing"},
                                    std::pair{checking.status, "status"}, std::pair{checking.warn, "warn"},
                                    std::pair{checking.quiet, "quiet"}, std::pair{checking.strict, "strict"}})
    if (set && !check)
      usage("the --" + std::string(option) + " option is meaningful only when verifying checksums");
  if (prefixTag == -1)
    prefixTag = cksum ? 1 : 0;
  if (prefixTag == 1 && binary == 0)
    usage(cksum ? "--text mode is only supported with --untagged" : "--tag does not support --text mode");
  if (raw && args.positionals().size() > 1)
    usage("the --raw option is not supported with multiple files", false);

  if (check) {
    checking.rules.dialect = cksum ? ListRules::Dialect::Cksum
                             : b2sum ? ListRules::Dialect::B2sum
                                     : ListRules::Dialect::Fixed;
    if (specified)
      checking.rules.digest = type;
    checking.lists = args.positionals();
    checking.jobs = jobs;
    return checkLists(context, checking);
  }
  HashRequest request;
  request.tool = spec.tool;
  request.algorithms = {algorithmFor(type, bits)};
  request.paths = args.positionals();
  request.jobs = jobs;
  request.format.tag = prefixTag == 1;
  request.format.binary = binary == 1;
  request.format.base64 = base64;
  request.format.crcNumbers = type == DigestType::Crc32b;
  request.format.escape = delimiter == '\n';
  request.delimiter = delimiter;
  request.raw = raw;
  if (debug)
    if (const AlgorithmInfo* info = findAlgorithm(request.algorithms.front()))
      printError("using " + info->implementation);
  return hashFiles(context, request);
}

// sum: -r (BSD, the default) and -s (System V).
int runSum(Context& context, const Arguments& argv)
{
  const Args args({{"sysv", 's', false, false},
                   {"bsd", 'r', false, false},
                   {"help", 0, false, false},
                   {"version", 0, false, false},
                   {"jobs", 'j', true, false}},
                  argv, OptionWording::Getopt);
  HashRequest request;
  request.tool = Tool::Sum;
  request.algorithms = {"sum-bsd"};
  for (const auto& [name, value] : args.sequence()) {
    if (name == "sysv" || name == "bsd")
      request.algorithms = {name == "sysv" ? "sum-sysv" : "sum-bsd"};
    else if (name == "jobs")
      request.jobs = parseJobs(value);
    else if (name == "help")
      return writeOut(toolHelp(Tool::Sum, programName())) ? kExitOk : kExitFailure;
    else if (name == "version")
      return writeOut(toolVersion(Tool::Sum)) ? kExitOk : kExitFailure;
  }
  request.paths = args.positionals();
  return hashFiles(context, request);
}

// xxhsum 0.8.1's command line: options first; the first argument that does not start with '-' (or all after
// "--") begins the file names, and every argument from there on is a file name, "-" included (the file called
// "-"). A lone "-" among the options asks for stdin, which is also what no file name at all means.
struct XxhsumLine {
  Arguments options;
  Arguments files;
};

XxhsumLine splitXxhsumLine(const Arguments& argv)
{
  XxhsumLine out;
  for (std::size_t i = 0; i < argv.size(); ++i) {
    const std::string& argument = argv[i];
    if (argument == "--" || argument.empty() || argument.front() != '-') {
      out.files.assign(argv.begin() + static_cast<std::ptrdiff_t>(i + (argument == "--" ? 1 : 0)), argv.end());
      break;
    }
    if (argument == "-")
      continue; // explicit stdin: the same as no file name
    out.options.push_back(argument);
    if ((argument == "-j" || argument == "--jobs") && i + 1 < argv.size()) // HashScope's own option takes a value
      out.options.push_back(argv[++i]);
  }
  return out;
}

// xxhsum 0.8.1: -H0 (XXH32), -H1 (XXH64, the default), -H2 (XXH128), -H3 (XXH3 64-bit); stdin named "stdin".
int runXxhsum(Context& context, const Arguments& commandLine)
{
  const XxhsumLine line = splitXxhsumLine(commandLine);
  const Arguments& argv = line.options;
  const Args args({{"H", 'H', true, false},
                   {"check", 'c', false, false},
                   {"tag", 0, false, false},
                   {"little-endian", 0, false, false},
                   {"quiet", 'q', false, false},
                   {"status", 0, false, false},
                   {"strict", 0, false, false},
                   {"warn", 0, false, false},
                   {"bench", 'b', false, false},
                   {"help", 'h', false, false},
                   {"version", 'V', false, false},
                   {"jobs", 'j', true, false}},
                  argv, OptionWording::Getopt);
  if (const std::optional<int> answered = answerHelpOrVersion(args, Tool::Xxhsum))
    return *answered;
  if (args.has("bench"))
    usage("the benchmark is hashscope-cli bench -w hash-memory -a xxh64 (or xxh32, xxh3-64, xxh3-128)", false);
  std::string algorithm = "xxh64";
  if (const auto h = args.value("H")) {
    static const std::pair<std::string_view, std::string_view> kChoices[] = {
        {"0", "xxh32"}, {"32", "xxh32"}, {"1", "xxh64"}, {"64", "xxh64"}, {"2", "xxh3-128"}, {"128", "xxh3-128"}, {"3", "xxh3-64"}};
    const auto it = std::find_if(std::begin(kChoices), std::end(kChoices), [&](const auto& c) { return c.first == *h; });
    if (it == std::end(kChoices))
      usage("Wrong parameters: -H" + *h + " (-H0, -H1, -H2, -H3, -H32, -H64 or -H128)");
    algorithm = std::string(it->second);
  }
  if (args.has("check")) {
    CheckRequest request;
    request.tool = Tool::Xxhsum;
    request.rules.dialect = ListRules::Dialect::Xxhsum;
    request.rules.littleEndian = args.has("little-endian");
    request.lists = line.files;
    request.dashIsStdin = false;
    for (const auto& [name, value] : args.sequence())
      applyReportOption(request, name);
    request.strict = args.has("strict");
    if (args.value("jobs"))
      request.jobs = parseJobs(*args.value("jobs"));
    return checkLists(context, request);
  }
  HashRequest request;
  request.tool = Tool::Xxhsum;
  request.algorithms = {algorithm};
  request.paths = line.files;
  request.dashIsStdin = false;
  request.format.tag = args.has("tag");
  request.littleEndian = args.has("little-endian");
  request.stdinName = "stdin";
  if (args.value("jobs"))
    request.jobs = parseJobs(*args.value("jobs"));
  return hashFiles(context, request);
}

} // namespace

std::optional<int> answerHelpOrVersion(const Args& args, Tool tool)
{
  if (args.has("help"))
    return writeOut(toolHelp(tool, programName())) ? kExitOk : kExitFailure;
  if (args.has("version"))
    return writeOut(toolVersion(tool)) ? kExitOk : kExitFailure;
  return std::nullopt;
}

std::optional<Tool> toolForProgram(std::string_view argv0)
{
  std::string name(utf8Text(pathFromUtf8(argv0).filename()));
  if (name.size() > 4 && (name.substr(name.size() - 4) == ".exe" || name.substr(name.size() - 4) == ".EXE"))
    name.resize(name.size() - 4);
  for (const auto& spec : kTools)
    if (spec.name == name)
      return spec.tool;
  return std::nullopt;
}

std::string_view toolName(Tool tool)
{
  return tool == Tool::HashScope ? std::string_view(kProgramName) : specOf(tool).name;
}

std::vector<std::string_view> toolNames()
{
  std::vector<std::string_view> names;
  for (const auto& spec : kTools)
    names.push_back(spec.name);
  return names;
}

int runTool(Context& context, Tool tool, const std::vector<std::string>& args)
{
  auto tryHelp = [] { writeConsole(stderr, "Try '" + programName() + " --help' for more information.\n"); };
  try {
    switch (tool) {
    case Tool::Sum:
      return runSum(context, args);
    case Tool::B3sum:
      return runB3sum(context, args);
    case Tool::Xxhsum:
      return runXxhsum(context, args);
    default:
      return runGnu(context, specOf(tool), args);
    }
  } catch (const ToolUsage& problem) {
    for (const auto& line : problem.lines)
      printError(line);
    if (!problem.raw.empty())
      writeConsole(stderr, problem.raw);
    if (problem.tryHelp)
      tryHelp();
  } catch (const UsageError& error) { // getopt's words, or HashScope's for -j
    printError(error.what());
    tryHelp();
  }
  return kExitFailure;
}

} // namespace hashscope::cli
