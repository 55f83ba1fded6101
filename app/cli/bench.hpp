// `hashscope-cli bench`: its options, the run (core's one benchmark path: a plain bench is a suite with an
// explicit list of workloads), and the report (table with verdict sentences and flags, CSV, JSON).
#pragma once

#include "hashscope/export.hpp"
#include "common.hpp"
#include "hashscope/results.hpp"
#include "hashscope/types.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace hashscope::cli {

enum class OutputFormat { Table, Csv, Json };

// Everything `bench` was asked to do, validated.
struct BenchOptions {
  std::vector<std::filesystem::path> locations;
  std::optional<std::filesystem::path> data;  // --data PATH: measure this file or folder where it is
  bool followLinks = false;                    // --follow: --data follows links that stay inside the folder
  std::vector<std::string> algorithms;
  std::vector<Workload> workloads;   // empty with --suite: the standard suite
  std::uint64_t size = 256 * MiB;
  SampleContent content = SampleContent::Random;
  int streams = 1;
  CacheMode cache = CacheMode::Cold;
  std::uint64_t blockSize = 1 * MiB;
  ReadPath readPath = ReadPath::Auto;
  int queueDepth = kDefaultQueueDepth;
  double duration = 1.0;
  bool suite = false, warm = false, ramp = false, peers = false, keepSample = false;
  int maxStreams = 0;
  int passes = 1;                    // --passes N or --preset quick|standard|thorough
  bool waitQuiet = false;
  double quietTimeout = 30;
  double sampleHz = 10.0;
  OutputFormat format = OutputFormat::Table;
  std::optional<std::filesystem::path> output;
  bool force = false;
  bool progressLines = false;  // --progress-lines: a line on stderr as each step starts (what --host reads)
};

// What a bench run produced: results in execution order, and whether anything failed.
struct BenchOutcome {
  std::vector<RunResult> results;
  bool failed = false; // some run or location failed (errors already printed)
  bool cancelled = false;
  std::string dataLine;  // --data: "Data PATH: 3 files, 1.5 GiB, measured where it is (nothing was written)"
};

// Runs hashscope::runSuite with a progress bar (bench_suite.cpp).
BenchOutcome runBenchSuite(const BenchOptions& options, Context& context);

// The human-readable report: an aligned table, then the verdict sentences and notes (bench_report.cpp).
std::string renderBenchTable(const std::vector<RunResult>& results);
// The report in the chosen format.
// The report in `format`; `stamp` (when the run started and ended, how it ended) goes into the JSON.
std::string renderBench(const std::vector<RunResult>& results, OutputFormat format, const ExportOptions& stamp = {});

// Short title of a run for progress and error lines: "md5 hash-file (cold), /tmp".
std::string runTitle(const RunResult& result);

} // namespace hashscope::cli
