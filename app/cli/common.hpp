// What every CLI command shares: exit codes, the usage-error type, error printing, the run context,
// and parsers for option values (algorithms, sizes, counts, seconds).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

namespace hashscope::cli {

inline constexpr const char* kProgramName = "hashscope-cli";

// The name messages start with: "hashscope-cli", or the name a tool was started as ("md5sum", or
// "/usr/local/bin/md5sum" when started by that path, as coreutils does).
const std::string& programName();
void setProgramName(std::string name);
// argv[0] made a full path (looked up on PATH when it holds no directory); empty when not found. For
// executablePath() where the OS does not say.
std::filesystem::path invokedPath();
void setInvokedName(std::string argv0);

// Exit codes, as coreutils uses them, plus the shell's convention for Ctrl-C.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;       // some file or run failed
inline constexpr int kExitUsage = 2;         // bad usage: unknown option, algorithm, size ...
inline constexpr int kExitInterrupted = 130; // SIGINT: 128 + 2 (main() turns it into 143 after a SIGTERM)

// Bad usage: printed as one line and exit code 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// A failure that ends the command: printed as one line and exit code 1.
struct CommandError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// What a command runs with: the stop source Ctrl-C triggers, and whether progress bars may be drawn.
struct Context {
  std::stop_source stop;
  bool progress = false; // stderr is a terminal
};

// Prints "hashscope-cli: <sentence>" (programName()) on stderr (clearing any progress bar first).
void printError(std::string_view sentence);
// Prints "hashscope-cli: WARNING: <sentence>" on stderr.
void printWarning(std::string_view sentence);
// Writes all of `text` to stdout and flushes; false on a write error (e.g. a closed pipe), or when an
// interrupt arrived while stdout took no more data (a pipe nobody reads).
bool writeOut(std::string_view text);
// Writes `text`, lines each ending in `delimiter`, to stdout in blocks of whole lines of at most
// pipeAtomicBytes() each (a longer line alone), so that two instances writing into one pipe never tear
// each other's lines, as coreutils never does (a regular file takes the text in one write: appends to one
// are whole however long). False on a write error, as writeOut.
bool writeLines(std::string_view text, char delimiter = '\n');

// Algorithm ids from -a values, validated against the known ones (UsageError otherwise), duplicates removed.
// cksum's names for digests with a length work too, with `length` (-l BITS): "blake2b" (blake2b-512
// without -l, "-a blake2b -l 256" is blake2b-256), "sha2" and "sha3" (-l 224, 256, 384 or 512).
std::vector<std::string> parseAlgorithms(const std::vector<std::string>& values,
                                         const std::optional<std::string>& length = std::nullopt);
// "--size 64M" and friends; UsageError naming the option when malformed.
std::uint64_t parseSizeOption(std::string_view option, std::string_view text);
int parseCountOption(std::string_view option, std::string_view text, int min, int max);
// An option whose value is one of a few words, read by `parse` (parseCacheMode ...): its value, or a
// UsageError naming the option, the value and `choices` ("cold, warm or as-is").
template <class Parse>
auto parseChoiceOption(std::string_view option, const std::string& text, Parse parse, std::string_view choices)
{
  const auto parsed = parse(text);
  if (!parsed)
    throw UsageError("unknown " + std::string(option) + " '" + text + "' (choose " + std::string(choices) + ")");
  return *parsed;
}
// Seconds between `min` and `max` (a day by default): "--duration 1e9" is a typo, not a 31-year run.
inline constexpr double kMaxSeconds = 24 * 3600.0;
double parseSecondsOption(std::string_view option, std::string_view text, double min, double max = kMaxSeconds);
// Any other number between `min` and `max` (a rate, a fraction); UsageError naming the option and the range.
double parseNumberOption(std::string_view option, std::string_view text, double min, double max);

// Refuses (UsageError naming both options) read buffers that would not fit: `count` workers (--jobs,
// --streams) each keep `buffers` blocks of `blockSize` in memory, which must stay under half of the
// machine's RAM. Allocating them would otherwise end in swapping or a bare "std::bad_alloc".
void checkBufferMemory(std::string_view countOption, int count, std::uint64_t blockSize, int buffers);

// "12.3" style numbers for tables: fixed with `decimals` digits.
std::string fixed(double value, int decimals);

} // namespace hashscope::cli
