// toCsv(): stable columns, one row per result, RFC 4180 quoting that a strict reader gives back unchanged.
#include "catch.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "ceiling_helpers.hpp"
#include "hashscope/analysis.hpp"
#include "hashscope/export.hpp"

using namespace hashscope;

namespace {

// A strict RFC 4180 reader: fields separated by commas, records by CRLF, quotes doubled inside quotes.
std::vector<std::vector<std::string>> parseCsv(const std::string& text)
{
  std::vector<std::vector<std::string>> rows(1);
  std::string field;
  bool quoted = false, wasQuoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c == '"') {
      REQUIRE(field.empty());  // quotes only at the start of a field
      quoted = wasQuoted = true;
    } else if (c == ',') {
      rows.back().push_back(field);
      field.clear();
      wasQuoted = false;
    } else if (c == '\r') {
      REQUIRE(i + 1 < text.size());
      REQUIRE(text[i + 1] == '\n');
      ++i;
      rows.back().push_back(field);
      field.clear();
      wasQuoted = false;
      rows.emplace_back();
    } else {
      REQUIRE(c != '\n');  // a bare LF outside quotes would split a record
      field += c;
    }
  }
  REQUIRE_FALSE(quoted);
  REQUIRE(field.empty());
  REQUIRE(rows.back().empty());
  (void)wasQuoted;
  rows.pop_back();
  return rows;
}

// The index of a CSV column by its name.
std::size_t column(const std::string& name)
{
  return static_cast<std::size_t>(std::find(csvColumns().begin(), csvColumns().end(), name) - csvColumns().begin());
}

}  // namespace

TEST_CASE("csvColumns are stable and include the verdict columns", "[export]")
{
  const auto& columns = csvColumns();
  REQUIRE(columns.size() >= 20);
  CHECK(columns[0] == "workload");
  for (const char* name : {"algorithm", "location", "mb_per_s", "seconds", "bytes", "streams", "cache", "verdict",
                           "served_from_cache", "memory_backed", "limit_mb_per_s", "efficiency", "reason", "device"})
    CHECK(std::find(columns.begin(), columns.end(), name) != columns.end());
}

TEST_CASE("toCsv quotes commas, quotes and line breaks and they read back unchanged", "[export]")
{
  RunResult r;
  r.workload = Workload::HashFile;
  r.algorithm = "sha256";
  r.location = "/tmp/a,b \"c\"";
  r.target = "/tmp/a,b \"c\"/line\nbreak\r.bin";
  r.bytes = 1000000;
  r.seconds = 0.5;
  r.error = " leading and trailing space ";
  r.storage.device.model = "Model \"X\", rev 2";
  RunResult analysed = r;
  analysed.error.clear();
  analysed.perStream.push_back({1000000, 0.5, 0.49, 0, 0, 0.49, 0});
  analyse(analysed, test::given(analysed, test::Given{.read = 100, .hash = 700}));

  const std::string text = toCsv({r, analysed});
  const auto rows = parseCsv(text);
  REQUIRE(rows.size() == 3);
  REQUIRE(rows[0] == csvColumns());
  for (const auto& row : rows)
    REQUIRE(row.size() == csvColumns().size());
  CHECK(rows[1][column("location")] == "/tmp/a,b \"c\"");
  CHECK(rows[1][column("target")] == "/tmp/a,b \"c\"/line\nbreak\r.bin");
  CHECK(rows[1][column("device_model")] == "Model \"X\", rev 2");
  CHECK(rows[1][column("error")] == " leading and trailing space ");
  CHECK(rows[1][column("mb_per_s")] == "2");
  CHECK(rows[1][column("verdict")].empty());  // not analysed
  CHECK(rows[2][column("verdict")] == "cpu-bound");
  CHECK(rows[2][column("limit_mb_per_s")] == "100");
  CHECK(rows[2][column("efficiency")] == "0.02");
  CHECK(rows[2][column("reason")] == toString(analysed.analysis->reason));
  CHECK(rows[2][column("reason")] == "worker-saturated");
  CHECK(std::find(csvColumns().begin(), csvColumns().end(), "evidence") == csvColumns().end());  // no prose
  CHECK(rows[2][column("served_from_cache")] == "false");
  CHECK(rows[1][column("user_seconds")] == "0");

  RunResult nan;
  nan.seconds = std::nan("");
  nan.userSeconds = std::numeric_limits<double>::infinity();
  const auto nanRows = parseCsv(toCsv({nan}));
  REQUIRE(nanRows.size() == 2);
  CHECK(nanRows[1][column("seconds")].empty());
  CHECK(nanRows[1][column("user_seconds")].empty());
  CHECK(nanRows[1][column("mb_per_s")] == "0");
}

TEST_CASE("toCsv and csvTable start every cell a spreadsheet would run as a formula with a quote", "[export]")
{
  RunResult r;
  r.workload = Workload::HashFile;
  r.algorithm = "md5";
  r.location = "=cmd|' /C calc'!A0";
  r.target = "@SUM(1+1)*cmd|' /C calc'!A0";
  r.storage.device.model = "+1+1";
  r.storage.filesystem = "-2+3";
  r.error = "\t=1+1";
  r.cacheNote = "\r=1+1";
  const auto rows = parseCsv(toCsv({r}));
  REQUIRE(rows.size() == 2);
  CHECK(rows[1][column("location")] == "'=cmd|' /C calc'!A0");
  CHECK(rows[1][column("target")] == "'@SUM(1+1)*cmd|' /C calc'!A0");
  CHECK(rows[1][column("device_model")] == "'+1+1");
  CHECK(rows[1][column("filesystem")] == "'-2+3");
  CHECK(rows[1][column("error")] == "'\t=1+1");
  CHECK(rows[1][column("cache_note")] == "'\r=1+1");
  // Numbers are no formulas: a negative change stays a number.
  const auto table = parseCsv(csvTable({{"delta_pct", "name"}, {"-10.5", "-x"}, {"-1e-05", "ok"}}));
  CHECK(table[1][0] == "-10.5");
  CHECK(table[1][1] == "'-x");
  CHECK(table[2][0] == "-1e-05");
}
