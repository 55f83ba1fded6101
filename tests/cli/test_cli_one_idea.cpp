// One idea, one number, in the CLI and the exports: for every result of every recorded run (tests/data/replay),
// its speed, spread, limit, share and marks as the CLI's table, its verdict lines, the CSV and the JSON (read back
// by the run library) show them are the figures core made (figuresOf), and its evidence is the one sentence both
// front ends show (words::evidence), with the verdict's name said once.
#include "catch.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>

#include "bench.hpp"
#include "common.hpp"
#include "hashscope/analysis.hpp"
#include "hashscope/export.hpp"
#include "hashscope/figures.hpp"
#include "hashscope/library.hpp"
#include "replay_helpers.hpp"
#include "words.hpp"

using namespace hashscope;

namespace {


std::vector<std::string> linesOf(const std::string& text)
{
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    out.push_back(line);
  return out;
}

// CSV fields of one line (quoted fields may hold commas and doubled quotes).
std::vector<std::string> csvFields(const std::string& line)
{
  std::vector<std::string> out(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      out.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      out.emplace_back();
    } else if (c != '\r') {
      out.back() += c;
    }
  }
  return out;
}

double number(const std::string& text) { return text.empty() ? 0.0 : std::stod(text); }

}  // namespace

TEST_CASE("every view of the CLI and every export shows one figure per idea of each recorded result", "[cli][one-idea]")
{
  const auto files = test::replayFiles();
  REQUIRE(files.size() >= 5);
  std::set<VerdictReason> reasons;
  int checked = 0;
  for (const auto& file : files) {
    INFO(file.filename().string());
    const std::vector<RunResult> runs = test::analysedRuns(file);
    REQUIRE_FALSE(runs.empty());
    const std::string table = cli::renderBenchTable(runs);
    const std::vector<std::string> lines = linesOf(table);
    const std::string csv = toCsv(runs);
    const std::vector<std::string> csvLines = linesOf(csv);
    REQUIRE(csvLines.size() == runs.size() + 1);
    const std::vector<std::string> header = csvFields(csvLines[0]);
    std::map<std::string, std::size_t> column;
    for (std::size_t i = 0; i < header.size(); ++i)
      column[header[i]] = i;
    const RunDocument doc = readRunDocument(toJson(runs));
    REQUIRE(doc.tiles.size() == runs.size());

    for (std::size_t i = 0; i < runs.size(); ++i) {
      const RunResult& r = runs[i];
      const Figures f = figuresOf(r);
      INFO("result " << i + 1 << ": " << cli::runTitle(r));
      reasons.insert(f.reason);

      // The table's row: its speed, spread, limit and share.
      const std::string prefix = std::to_string(i + 1) + " ";
      const auto row = std::find_if(lines.begin(), lines.end(), [&](const std::string& l) {
        const auto start = l.find_first_not_of(' ');
        return start != std::string::npos && l.compare(start, prefix.size(), prefix) == 0;
      });
      REQUIRE(row != lines.end());
      INFO(*row);
      CHECK(row->find(" " + cli::fixed(f.mbps, 1) + " ") != std::string::npos);
      if (f.passes > 1)
        CHECK(row->find(" " + cli::fixed(f.minMBps, 0) + "-" + cli::fixed(f.maxMBps, 0) + " ") != std::string::npos);
      if (f.limitMBps > 0)
        CHECK(row->find(" " + cli::fixed(f.limitMBps, 0) + " ") != std::string::npos);
      if (f.share)
        CHECK(row->find(*f.share >= kAtLimitShare ? std::string(" at limit ") : " " + cli::fixed(*f.share * 100, 0) + "% ") !=
              std::string::npos);
      for (const Flag& mark : f.marks)
        CHECK(row->find("! " + words::flagShort(mark.code)) != std::string::npos);

      // Its verdict lines: the one evidence sentence, the verdict named once, and every mark's sentence.
      if (r.ok() && r.analysis) {
        const std::string evidence = words::evidence(r);
        CHECK(table.find("  " + evidence + "\n") != std::string::npos);
        const std::string name = words::capitalised(words::verdictName(f.verdict));
        CHECK(evidence.rfind(name + ": ", 0) == 0);
        CHECK(evidence.find(name + ". " + name) == std::string::npos);
        for (const Flag& mark : f.marks)
          CHECK(table.find("  ! " + words::flagSentence(mark) + "\n") != std::string::npos);
        ++checked;
      }

      // The CSV: the same speed, spread, limit, share and marks.
      const std::vector<std::string> fields = csvFields(csvLines[i + 1]);
      CHECK(number(fields[column.at("mb_per_s")]) == Approx(f.mbps).epsilon(1e-9));
      CHECK(number(fields[column.at("mb_per_s_min")]) == Approx(f.minMBps).epsilon(1e-9));
      CHECK(number(fields[column.at("mb_per_s_max")]) == Approx(f.maxMBps).epsilon(1e-9));
      CHECK(number(fields[column.at("passes")]) == f.passes);
      CHECK(number(fields[column.at("limit_mb_per_s")]) == Approx(f.limitMBps).epsilon(1e-9));
      CHECK(number(fields[column.at("share")]) == Approx(f.share.value_or(0)).epsilon(1e-9));
      std::string codes;
      for (const Flag& mark : f.marks)
        codes += (codes.empty() ? "" : ";") + std::string(toString(mark.code));
      CHECK(fields[column.at("flags")] == codes);

      // The JSON as the run library reads it back (History, Compare, the Planner): the same figures.
      const Figures stored = figuresOf(doc.tiles[i]);
      CHECK(stored.mbps == Approx(f.mbps).epsilon(1e-9));
      CHECK(stored.minMBps == Approx(f.minMBps).epsilon(1e-9));
      CHECK(stored.maxMBps == Approx(f.maxMBps).epsilon(1e-9));
      CHECK(stored.passes == f.passes);
      CHECK(stored.limitMBps == Approx(f.limitMBps).epsilon(1e-9));
      CHECK(stored.limitSource == f.limitSource);
      CHECK(stored.limitStep == f.limitStep);
      CHECK(stored.share.value_or(0) == Approx(f.share.value_or(0)).epsilon(1e-9));
      CHECK(words::shareText(stored) == words::shareText(f));
      REQUIRE(stored.marks.size() == f.marks.size());
      for (std::size_t m = 0; m < f.marks.size(); ++m)
        CHECK(words::flagSentence(stored.marks[m]) == words::flagSentence(f.marks[m]));
      CHECK(stored.deliveredMBps == Approx(f.deliveredMBps).epsilon(1e-9));
    }
  }
  CHECK(checked > 40);
  CHECK(reasons.size() >= 6);  // the recorded runs cover many rules, each worded once
}

TEST_CASE("every mark a run document can carry has its short words and its sentence", "[cli][one-idea]")
{
  // The documents' codes (results.hpp): a code added there without words here would print nothing.
  for (const char* word : {"machine-busy", "wide-spread", "limit-unreliable", "served-from-cache",
                           "within-reference-spread"}) {
    CAPTURE(word);
    const std::optional<FlagCode> code = parseFlagCode(word);
    REQUIRE(code);
    CHECK(!hashscope::words::flagShort(*code).empty());
    CHECK(!hashscope::words::flagSentence(*code).empty());
  }
}
