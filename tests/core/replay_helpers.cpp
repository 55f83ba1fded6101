// loadRecordedRuns(): a recorded hashscope.run file back into RunResults, through core's one reader of them.
#include "replay_helpers.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "hashscope/analysis.hpp"
#include "hashscope/library.hpp"
#include "library/json_value.hpp"

namespace hashscope::test {

namespace {

using json::Value;

Verdict verdictOf(const std::string& text)
{
  for (Verdict v : {Verdict::CpuBound, Verdict::IoBound, Verdict::MemoryBound, Verdict::Mixed, Verdict::Unknown}) {
    if (toString(v) == text)
      return v;
  }
  throw std::runtime_error("unknown verdict '" + text + "'");
}

template <typename T>
T required(const std::optional<T>& value, const std::string& what)
{
  if (!value)
    throw std::runtime_error("bad " + what);
  return *value;
}

// What the recording says its analysis was (the replay makes it again from rec.run).
void recordedAnalysisOf(const Value& r, RecordedRun& rec)
{
  required(parseWorkload(r["workload"].string()), "workload");
  required(parseCacheMode(r["cache"].string()), "cache");
  required(parseCacheMethod(r["cache_method"].string()), "cache_method");
  if (r["read_path"].type() == Value::Type::String)  // /4
    required(parseReadPath(r["read_path"].string()), "read_path");
  for (const Value& v : r["samples"]["verdict"].items())
    rec.recordedIntervals.push_back(verdictOf(v.string()));

  Analysis& a = rec.recorded;
  a.verdict = verdictOf(r["verdict"].string());
  // hashscope.run/2 and older wrote the evidence as an English sentence: no reason code to compare with.
  if (r["evidence"].isObject()) {
    a.reason = required(verdictReasonFromString(r["evidence"]["reason"].string()), "evidence reason");
    rec.hasReason = true;
  }
  a.servedFromCache = r["served_from_cache"].boolean();
  a.memoryBacked = r["memory_backed"].boolean();
  rec.recordedLimitMBps = r["limit_mb_per_s"].number();
  a.efficiency = r["efficiency"].number();
  for (const Value& f : r["flags"].items()) {
    Flag flag;
    flag.code = required(parseFlagCode(f["code"].string()), "flag '" + f["code"].string() + "'");
    if (f["reason"].type() == Value::Type::String)
      flag.reason = required(parseLimitReason(f["reason"].string()), "limit reason '" + f["reason"].string() + "'");
    flag.value1 = f["value1"].number();
    flag.value2 = f["value2"].number();
    a.flags.push_back(flag);
  }
}

}  // namespace

std::vector<RecordedRun> loadRecordedRuns(const std::filesystem::path& file)
{
  std::ifstream in(file, std::ios::binary);
  if (!in)
    throw std::runtime_error("cannot open " + file.string());
  std::ostringstream text;
  text << in.rdbuf();
  // The engine's figures through core's one reader; the recorded analysis beside them, result by result.
  const std::vector<RunResult> measured = measuredResults(text.str());
  const Value root = json::parse(text.str());
  const std::string schema = root["schema"].string();
  const std::string prefix = "hashscope.run/";
  if (schema.rfind(prefix, 0) != 0)
    throw std::runtime_error(file.string() + ": not a hashscope.run file");
  const auto& results = root["results"].items();
  if (results.size() != measured.size())
    throw std::runtime_error(file.string() + ": read back " + std::to_string(measured.size()) + " of " +
                             std::to_string(results.size()) + " results");
  std::vector<RecordedRun> out(results.size());
  for (std::size_t i = 0; i < results.size(); ++i) {
    out[i].run = measured[i];
    recordedAnalysisOf(results[i], out[i]);
    out[i].schema = std::stoi(schema.substr(prefix.size()));
  }
  return out;
}

std::vector<RunResult> runsOf(const std::vector<RecordedRun>& recording)
{
  std::vector<RunResult> runs;
  for (const RecordedRun& r : recording)
    runs.push_back(r.run);
  return runs;
}

std::vector<RunResult> analysedRuns(const std::filesystem::path& file)
{
  std::vector<RunResult> runs = runsOf(loadRecordedRuns(file));
  analyseRun(runs);
  return runs;
}

std::vector<std::filesystem::path> replayFiles()
{
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(HASHSCOPE_TEST_DATA_DIR "/replay"))
    if (entry.path().extension() == ".json")
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace hashscope::test
