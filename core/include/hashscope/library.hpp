// The run library: every run kept in SQLite as its complete hashscope.run JSON document (any schema version)
// plus indexed columns for listing, read back as run documents and compared tile by tile; measuredResults reads
// a document's results back whole.
#pragma once

#include <compare>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "hashscope/ceiling.hpp"
#include "hashscope/figures.hpp"
#include "hashscope/results.hpp"

struct sqlite3;  // sqlite3.h's handle, for RunLibrary

namespace hashscope {

// ---- Run documents: what the library reads out of a hashscope.run JSON file -------------------------

// The machine a run was measured on.
struct MachineFingerprint {
  std::string cpu;              // CPU model, empty when unknown
  int logicalCores = 0;
  std::uint64_t memoryBytes = 0;  // 0 = unknown (documents before the field existed)
  std::string os;               // "Linux 6.1.0-13-amd64 x86_64"
  std::string kernel;           // "6.1.0-13-amd64"
  std::string summary() const;  // "Intel Xeon ... (8 cores, 16 GB)"
};

// What makes two results "the same measurement" across runs: one tile of a scoreboard.
struct TileKey {
  std::string workload, location, algorithm, cache;
  int streams = 1;
  auto operator<=>(const TileKey&) const = default;
  std::string label() const;  // "hash-memory md5 x4", "read /data (cold)"
};

// One result of a run as stored: the figures every view shows of it (figures.hpp), read back from the document.
struct RunTile {
  TileKey key;
  double mbps = 0;               // decimal MB/s, median pass
  double minMBps = 0, maxMBps = 0;
  int passes = 1;                // 1 when the document records no passes
  std::uint64_t bytes = 0;       // what its median pass read or hashed; 0 when unknown
  double seconds = 0;            // how long its median pass took
  std::string deviceModel, filesystem, deviceKind;
  double linkMbps = 0;           // a network location's link speed as its OS reported it (0 = unknown or local)
  bool failed = false;           // cancelled or errored: no usable figure
  std::string error;             // why the step failed, as the run recorded it ("" when it did not)
  bool fromMemory = false;       // the analysis found the bytes came from RAM (page cache, tmpfs)
  std::string verdict;           // "cpu-bound", "io-bound", ... as written; empty when not analysed
  std::vector<std::string> flags;  // the flag codes ("machine-busy", ...), for the scoreboard's warning mark
  std::vector<Flag> marks;       // the same flags with their numbers (those with a code this version knows)
  double limitMBps = 0;          // its limit (0: none measured or not recorded)
  LimitSource limitSource = LimitSource::None;
  std::string limitStep;         // the step a "delivered" limit came from
  std::optional<double> share;   // its trusted share of the limit (absent: unknown or flagged unreliable)
  double deliveredMBps = 0;      // a read step: the most the device delivered during a hash step (0: none above it)
  std::string deliveredStep;
  ReadMethods readMethods;       // as recorded; empty when none (or not a word of this version)
  int queueDepth = 0;            // device reads in flight per stream; 0 = none or not recorded
  int hashThreads = 1;           // hashing threads per stream
  std::optional<Spread> perCore; // a hash-memory tile at the per-core point: its algorithm's per-core figure
  bool busy() const;             // it carries the machine-busy flag
};

// An algorithm's hash ceiling in a run, as the analysis takes it: the median (and spread) of every pass of its
// hash-memory runs at the fewest streams, per CPU second of a thread (multi-threaded streams: of all their threads).
struct PerCore {
  std::string algorithm;
  Spread figure;
  int streams = 1;           // the streams it was measured with (1 in a suite)
  int threadsPerStream = 1;  // >1: the figure is for all the threads of one stream, not one core
  bool busy = false;         // a run behind it carried the machine-busy flag
};

// A run document read back: enough to list, compare and plan; the JSON itself stays the record.
struct RunDocument {
  std::string schema;            // "hashscope.run/1", "hashscope.run/2", ...
  std::string version;           // HashScope version that wrote it
  std::string startedAt, finishedAt;  // UTC ISO-8601, empty when the document has none
  std::string status;            // "finished", "stopped" or "failed" (a step failed; its result says why)
  MachineFingerprint machine;
  std::vector<RunTile> tiles;
  std::vector<PerCore> perCore;  // one per algorithm measured in RAM
  const PerCore* perCoreOf(const std::string& algorithm) const;  // nullptr when not measured
  std::vector<std::string> locations() const;   // distinct, in first-seen order
  std::vector<std::string> algorithms() const;  // distinct, in first-seen order
};

// The settings a run was measured with, as far as its results tell (Compare says which ones differ).
struct RunSettings {
  std::uint64_t sampleBytes = 0;    // what one pass of a read or hash-file step read; 0: no file step
  int passes = 0;                   // passes per step (the most any result had)
  std::vector<std::string> caches;  // the file steps' cache modes, in first-seen order
  int streams = 1;                  // the main stream count (the first hash-file's)
  double referenceSeconds = 0;      // how long a hash-memory pass ran; 0: none
  bool operator==(const RunSettings&) const = default;
};
RunSettings runSettings(const RunDocument& doc);

// The run's headline figure for lists: its fastest end-to-end hashing (hash-file or hash-tree) at the main
// stream count, with the algorithm; mbps 0 when it has none.
struct RunHeadline {
  std::string algorithm;
  double mbps = 0;
};
RunHeadline runHeadline(const RunDocument& doc);

// A document that is not a hashscope.run JSON file, with a sentence saying why.
struct RunFormatError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// Reads a run document (a UTF-8 byte-order mark is ignored), which is untrusted: strictly valid JSON and UTF-8,
// every field it reads of its type (whole numbers where they count, text of at most kMaxRunText bytes), finite
// and plausible, real UTC times, no key twice, at most kMaxRunResults results, a schema this build knows (a newer
// one is refused, not half read). RunFormatError names the field. The sample series are checked and dropped.
RunDocument readRunDocument(std::string_view json);
// The figures of a stored tile, as figuresOf gives them for the result it was written from.
Figures figuresOf(const RunTile& tile);
// The text without a leading UTF-8 byte-order mark.
std::string_view withoutByteOrderMark(std::string_view text);

// Every result of a run document as the engine made it (passes, per-stream accounting, samples, device, read
// and cache methods), after readRunDocument's checks (RunFormatError), for History > Open and the replays of
// recorded runs; `document` (when given) gets what readRunDocument read. RunResult::analysis is left empty:
// analyseRun (analysis.hpp) makes it again, today's way.
std::vector<RunResult> measuredResults(std::string_view json, RunDocument* document = nullptr);

// Far more results than any real run (a few thousand), at about 400 bytes each: a hostile file cannot exhaust memory.
inline constexpr std::size_t kMaxRunResults = 1000000;
// Streams and cores a document may claim.
inline constexpr double kMaxRunStreams = 65536;
// The longest text a document's field may hold: far more than any real one, so that one imported field cannot
// make every table and window as wide as itself.
inline constexpr std::size_t kMaxRunText = 4096;
// The largest run file an import reads (about 22 hours of steps with one stream at 10 samples a second); a
// bigger one, or one that never ends (/dev/zero), is refused after reading 256 MiB.
inline constexpr std::uint64_t kMaxRunDocumentBytes = 256ull << 20;
// Reads a run file for import: a regular file of at most kMaxRunDocumentBytes. Throws RunFormatError with
// one sentence ("... is a folder: choose a hashscope.run JSON file", "... is larger than 256 MiB ...").
std::string readRunFile(const std::filesystem::path& file);

// "2026-11-22T12:51:37Z": now, in UTC, for started_at/finished_at.
std::string utcTimestamp();

// ---- The store -----------------------------------------------------------------------------------------

// One row of the history list.
struct RunRecord {
  std::int64_t id = 0;
  std::string startedAt, finishedAt, savedAt;
  std::string name;              // the user's name or tag, may be empty
  std::string status;            // "finished" or "stopped"
  std::string origin;            // "local" (measured here) or "imported"
  MachineFingerprint machine;
  std::string version;
  std::vector<std::string> locations, algorithms;
  bool baseline = false;
  // From the document (runSettings, runHeadline), for the list: the sample size, the passes and the best speed.
  std::uint64_t sampleBytes = 0;
  int passes = 0;
  RunHeadline headline;
};

// A history database that cannot be opened or changed, with a sentence the user can act on.
struct LibraryError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The schema this build writes; databases with a higher version are refused untouched.
inline constexpr int kLibrarySchemaVersion = 3;
// The file name inside the data folder.
inline constexpr const char* kHistoryFileName = "history.sqlite";

// Where the history lives: $HASHSCOPE_HISTORY_DB if set, else kHistoryFileName in the folder Qt's
// QStandardPaths::AppDataLocation gives the app (Linux $XDG_DATA_HOME/HashScope/HashScope, macOS
// ~/Library/Application Support/HashScope/HashScope, Windows %APPDATA%/HashScope/HashScope).
std::filesystem::path defaultHistoryPath();

// How a RunLibrary opens its file.
struct LibraryOptions {
  // Create the file (and its folder) when missing. Read commands pass false: a missing file reads as empty.
  bool create = true;
};

// The run library over one SQLite file (WAL, one transaction per change). Not thread-safe: one per thread.
// Opening takes no write lock unless it migrates; a file HashScope cannot write opens read-only, and every
// change then fails with a LibraryError saying so.
class RunLibrary {
public:
  // Opens (or creates) the database and migrates it to kLibrarySchemaVersion. Throws LibraryError with a
  // sentence saying what is true (newer, not a history, damaged and how to recover, disk full, not writable);
  // a file it refuses is left unchanged.
  explicit RunLibrary(const std::filesystem::path& file, LibraryOptions options = {});
  ~RunLibrary();
  RunLibrary(const RunLibrary&) = delete;
  RunLibrary& operator=(const RunLibrary&) = delete;

  const std::filesystem::path& path() const { return m_path; }
  bool exists() const { return m_exists; }      // false: not created (create = false), reads as empty
  bool readOnly() const { return m_readOnly; }  // opened for reading only: changes are refused

  // Stores a run document (validated by readRunDocument, read before the write lock is taken) and returns its
  // id. origin: "local" or "imported". Throws RunFormatError or LibraryError.
  std::int64_t save(const std::string& json, const std::string& name = {}, const std::string& origin = "local");
  // What import() did: stored the run as `id`, or found the very same document stored as `id` (duplicate).
  struct Imported {
    std::int64_t id = 0;
    bool duplicate = false;
  };
  // save() with origin "imported", unless the history already holds exactly this document (a byte-order
  // mark aside): the same file imported twice is stored once, unless `allowDuplicate`.
  Imported import(const std::string& json, const std::string& name = {}, bool allowDuplicate = false);

  std::vector<RunRecord> list() const;           // newest first
  std::optional<RunRecord> record(std::int64_t id) const;
  std::string document(std::int64_t id) const;   // the stored JSON; LibraryError when no such run
  RunDocument run(std::int64_t id) const { return readRunDocument(document(id)); }
  void rename(std::int64_t id, const std::string& name);
  // Removes the runs (and the baseline among them), all or none: LibraryError names every id not in the history.
  void remove(const std::vector<std::int64_t>& ids);
  void remove(std::int64_t id) { remove(std::vector<std::int64_t>{id}); }
  void setBaseline(std::optional<std::int64_t> id);
  std::optional<std::int64_t> baseline() const;

private:
  std::int64_t insert(const RunDocument& doc, std::string_view json, const std::string& name, const std::string& origin);
  void requireWritable() const;
  sqlite3* m_db = nullptr;
  std::filesystem::path m_path;
  LibraryOptions m_options;
  bool m_exists = true;
  bool m_readOnly = false;
};

// ---- Compare ------------------------------------------------------------------------------------------

// What happened to one tile between a base run and another run.
enum class Change { Faster, Slower, Within, OnlyInBase, OnlyInOther };
std::string_view toString(Change change);  // "faster", "slower", "within", "only-in-base", "only-in-other"

// The noise band used when a tile has a single pass on a side (no measured spread): +-3%.
inline constexpr double kDefaultNoisePct = 3.0;

struct TileDelta {
  TileKey key;
  double baseMBps = 0, otherMBps = 0;  // 0 where the tile is missing on that side
  double deltaPct = 0;                 // (other - base) / base * 100
  double spreadPct = 0;                // the larger of the two sides' spreads (half range / median)
  bool defaultSpread = false;          // a side had one pass: kDefaultNoisePct stood in for its spread
  Change change = Change::Within;
};

struct Comparison {
  std::vector<TileDelta> tiles;  // base order first, then tiles only in the other run
  int faster = 0, slower = 0, within = 0;
  bool sameMachine = true;       // same CPU model, cores and OS name
};

Comparison compareRuns(const RunDocument& base, const RunDocument& other);

// ---- Exports of the history (CLI --format json/csv; the GUI's exports) ---------------------------------

std::string historyJson(const std::vector<RunRecord>& runs);  // {"schema": "hashscope.history/1", "runs": [...]}
std::string historyCsv(const std::vector<RunRecord>& runs);
// {"schema": "hashscope.compare/1", "base": id, "other": id, "tiles": [...]}; ids 0 = not from the history.
std::string comparisonJson(const Comparison& comparison, std::int64_t baseId, std::int64_t otherId);
std::string comparisonCsv(const Comparison& comparison);

}  // namespace hashscope
