// toJson(): the document parses back (with Qt's parser when the build has Qt) with the right fields and
// types; the writer escapes every control character, passes UTF-8 through and never writes NaN or inf.
#include "catch.hpp"
#include "skip.hpp"

#include <cmath>
#include <limits>

#include "export/json_writer.hpp"
#include "ceiling_helpers.hpp"
#include "hashscope/analysis.hpp"
#include "hashscope/export.hpp"
#include "hashscope/files.hpp"
#include "hashscope/library.hpp"
#include "hashscope/hash.hpp"

#ifdef HASHSCOPE_TESTS_HAVE_QT
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringDecoder>
#endif

using namespace hashscope;

namespace {

RunResult sampleResult()
{
  RunResult r;
  r.workload = Workload::HashFile;
  r.algorithm = "md5";
  r.location = pathFromUtf8("/tmp/caf\xc3\xa9 \"quoted\"");  // UTF-8 text to a path, explicitly (Windows: UTF-16)
  r.target = r.location / "hashscope-sample-random-1GiB.bin";
  r.streams = 2;
  r.blockSize = MiB;
  r.cache = CacheMode::Cold;
  r.cacheMethod = CacheMethod::Direct;
  r.readMethods = ReadMethod::Pipelined;
  r.bytes = 1000000000;
  r.files = 1;
  r.seconds = 2.0;
  r.userSeconds = 1.5;
  r.systemSeconds = 0.25;
  r.storage.kind = MediaKind::Hdd;
  r.storage.filesystem = "ext4";
  r.storage.device.name = "vda";
  r.storage.device.model = "Virtio\tdisk\n";
  for (int i = 0; i < 2; ++i) {
    StreamResult s;
    s.bytes = 500000000;
    s.wallSeconds = 2.0;
    s.cpuSeconds = 1.9;
    s.waitSeconds = 0.05;
    s.busySeconds = 1.9;
    r.perStream.push_back(s);
  }
  for (int i = 1; i <= 3; ++i) {
    Sample s;
    s.t = 0.1 * i;
    s.interval = 0.1;
    s.totalBytes = 50000000u * static_cast<unsigned>(i);
    s.totalMBps = 500;
    s.streamMBps = {250, 250};
    s.workerCpuPct = {97, 96};
    s.coreBusyPct = {99, 98};
    s.cpuBusyPct = 98.5;
    s.waitPct = 1;
    s.busyPct = 98;
    s.diskValid = i != 2;  // a gap in the device counters
    s.diskReadBytes = 1000000000ull * static_cast<unsigned>(i) / 3;
    s.diskReadMBps = 500;
    s.diskBusyPct = 30;
    r.samples.push_back(s);
  }
  analyse(r, test::given(r, test::Given{.read = 2900, .hash = 300}));
  return r;
}

}  // namespace

TEST_CASE("the JSON writer escapes strings and refuses non-finite numbers", "[export]")
{
  std::string out;
  json::appendString(out, "a\"b\\c\n\r\t\b\f\x01\x1f\x7f caf\xc3\xa9");
  CHECK(out == "\"a\\\"b\\\\c\\n\\r\\t\\b\\f\\u0001\\u001f\\u007f caf\xc3\xa9\"");
  out.clear();
  json::appendString(out, std::string("nul\0byte", 8));
  CHECK(out == "\"nul\\u0000byte\"");

  CHECK(json::number(std::nan("")) == "null");
  CHECK(json::number(std::numeric_limits<double>::infinity()) == "null");
  CHECK(json::number(-std::numeric_limits<double>::infinity()) == "null");
  CHECK(json::number(0.0) == "0");
  CHECK(json::number(-0.0) == "0");
  CHECK(json::number(1.5) == "1.5");
  CHECK(json::number(0.1) == "0.1");
  CHECK(std::stod(json::number(1.0 / 3.0)) == 1.0 / 3.0);

  const json::Document doc = {{"a", json::Document::array()},
                              {"b", json::Document::object()},
                              {"c", {1.0, std::nan(""), 2.5}},
                              {"d", std::uint64_t{18446744073709551615u}},
                              {"e", {{"f", {"g", 2}}}}};
  CHECK(json::text(doc, false) == "{\"a\":[],\"b\":{},\"c\":[1,null,2.5],\"d\":18446744073709551615,\"e\":{\"f\":[\"g\",2]}}");
  // Pretty: two-space indents, a series of numbers on one line.
  CHECK(json::text(doc, true) == "{\n  \"a\": [],\n  \"b\": {},\n  \"c\": [1,null,2.5],\n  \"d\": 18446744073709551615,"
                                 "\n  \"e\": {\n    \"f\": [\n      \"g\",\n      2\n    ]\n  }\n}");
}

TEST_CASE("toJson carries the schema, tool, machine and every result field", "[export]")
{
  const RunResult r = sampleResult();
  RunResult plain;
  plain.workload = Workload::Read;
  plain.bytes = 0;
  plain.seconds = std::nan("");
  const std::string text = toJson({r, plain});
  CHECK(text.find("NaN") == std::string::npos);
  CHECK(text.find("inf") == std::string::npos);
  CHECK(text.find("\"schema\": \"hashscope.run/5\"") != std::string::npos);

#ifdef HASHSCOPE_TESTS_HAVE_QT
  QJsonParseError error{};
  const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(text), &error);
  INFO(error.errorString().toStdString());
  REQUIRE(error.error == QJsonParseError::NoError);
  const QJsonObject root = doc.object();
  CHECK(root["schema"].toString() == "hashscope.run/5");
  CHECK(root["tool"].toObject()["name"].toString() == "HashScope");
  CHECK(root["tool"].toObject()["version"].toString().toStdString() == std::string(version()));
  CHECK(root["machine"].toObject()["logical_cores"].toInt() >= 1);
  CHECK(root["machine"].toObject()["os"].isString());
  const QJsonArray results = root["results"].toArray();
  REQUIRE(results.size() == 2);

  const QJsonObject j = results[0].toObject();
  CHECK(j["workload"].toString() == "hash-file");
  CHECK(j["algorithm"].toString() == "md5");
  CHECK(j["tool"].isNull());
  CHECK(j["location"].toString() == QString::fromUtf8("/tmp/caf\xc3\xa9 \"quoted\""));
  CHECK(j["target"].toString().endsWith("hashscope-sample-random-1GiB.bin"));
  CHECK(j["device"].toObject()["name"].toString() == "vda");
  CHECK(j["device"].toObject()["model"].toString() == "Virtio\tdisk\n");
  CHECK(j["device"].toObject()["kind"].isString());
  CHECK(j["filesystem"].toString() == "ext4");
  CHECK(j["streams"].toInt() == 2);
  CHECK(j["block_size"].toDouble() == 1048576.0);
  CHECK(j["cache"].toString() == "cold");
  CHECK(j["cache_method"].toString() == "direct");
  CHECK(j["cache_note"].isNull());
  CHECK(j["read_method"].toString() == "pipelined");
  CHECK(j["bytes"].toDouble() == 1e9);
  CHECK(j["files"].toInt() == 1);
  CHECK(j["seconds"].toDouble() == 2.0);
  CHECK(j["mb_per_s"].toDouble() == Approx(500));
  CHECK(j["user_seconds"].toDouble() == 1.5);
  CHECK(j["system_seconds"].toDouble() == 0.25);
  CHECK(j["paired_reads"].toArray().isEmpty());  // a disk's hash-file reads beside nothing
  {
    RunResult paired = r;
    PassResult read;
    read.bytes = 1000000000;
    read.seconds = 0.25;
    read.cpuMBps = 4100;
    paired.pairedReads = {read, read};
    const QJsonObject p = QJsonDocument::fromJson(QByteArray::fromStdString(toJson({paired})))
                              .object()["results"].toArray()[0].toObject();
    REQUIRE(p["paired_reads"].toArray().size() == 2);
    CHECK(p["paired_reads"].toArray()[1].toObject()["mb_per_s"].toDouble() == Approx(4000));
    CHECK(p["paired_reads"].toArray()[1].toObject()["cpu_mb_per_s"].toDouble() == 4100);
  }
  REQUIRE(j["per_stream"].toArray().size() == 2);
  const QJsonObject s0 = j["per_stream"].toArray()[0].toObject();
  CHECK(s0["bytes"].toDouble() == 5e8);
  CHECK(s0["wait_seconds"].toDouble() == 0.05);
  CHECK(s0["idle_seconds"].toDouble() == Approx(0.05));
  CHECK(j["digest"].isNull());
  CHECK(j["digest_matches"].isNull());
  CHECK(j["cancelled"].toBool() == false);
  CHECK(j["error"].isNull());
  CHECK(j["verdict"].toString() == "cpu-bound");
  CHECK(j["served_from_cache"].isBool());
  CHECK(j["memory_backed"].toBool() == false);
  CHECK(j["limit_mb_per_s"].toDouble() == Approx(600));
  CHECK(j["efficiency"].toDouble() == Approx(500.0 / 600.0));
  // /3: the reason code and the numbers behind it, no sentence.
  const QJsonObject evidence = j["evidence"].toObject();
  CHECK(evidence["reason"].toString() == QString::fromUtf8(toString(r.analysis->reason).data()));
  CHECK(evidence["reason"].toString() == "worker-saturated");
  CHECK(evidence["disk_counters"].isBool());
  CHECK(evidence.contains("hash_call_pct"));
  CHECK(evidence.contains("reader_cpu_pct"));
  CHECK(evidence["cores"].toDouble() == r.analysis->cores);
  const QJsonObject samples = j["samples"].toObject();
  CHECK(samples["count"].toInt() == 3);
  CHECK(samples["t"].toArray().size() == 3);
  CHECK(samples["total_mb_per_s"].toArray()[0].toDouble() == 500);
  CHECK(samples["disk_busy_pct"].toArray()[1].isNull());  // the gap in the device counters
  CHECK(samples["stream_mb_per_s"].toArray().size() == 2);
  CHECK(samples["worker_cpu_pct"].toArray()[1].toArray()[2].toDouble() == 96);
  CHECK(samples["verdict"].toArray()[0].toString() == "cpu-bound");

  const QJsonObject p = results[1].toObject();
  CHECK(p["workload"].toString() == "read");
  CHECK(p["seconds"].isNull());     // NaN became null
  CHECK(p["mb_per_s"].toDouble() == 0);
  CHECK_FALSE(p.contains("verdict"));  // not analysed
#else
  HASHSCOPE_SKIP_PART("Qt is not part of this build: the JSON was checked by text only");
  CHECK(text.find("\"verdict\": \"cpu-bound\"") != std::string::npos);
#endif
}

TEST_CASE("toJson leaves the samples out when asked, and compact output is one line", "[export]")
{
  const RunResult r = sampleResult();
  ExportOptions options;
  options.includeSamples = false;
  options.pretty = false;
  const std::string text = toJson({r}, options);
  CHECK(text.find("\"samples\"") == std::string::npos);
  CHECK(text.find('\n') == text.size() - 1);
#ifdef HASHSCOPE_TESTS_HAVE_QT
  QJsonParseError error{};
  const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(text), &error);
  REQUIRE(error.error == QJsonParseError::NoError);
  CHECK(doc.object()["results"].toArray()[0].toObject()["verdict"].toString() == "cpu-bound");
#endif
}

#ifdef HASHSCOPE_TESTS_HAVE_QT  // only the Qt-parsed check below decodes it
namespace {

// The decoding the README documents for a path whose "<key>_escaped" flag is true.
std::string unescapePath(const std::string& text)
{
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\') {
      out += text[i];
      continue;
    }
    const char c = text.at(++i);
    if (c == 'x') {
      out += static_cast<char>(std::stoi(text.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += c == 'n' ? '\n' : c == 'r' ? '\r' : c == 't' ? '\t' : c;
    }
  }
  return out;
}

}  // namespace
#endif

TEST_CASE("toJson stays valid UTF-8 for paths that are not: escaped reversibly, with a flag", "[export]")
{
  if constexpr (std::filesystem::path::preferred_separator == '\\')
    HASHSCOPE_SKIP("Windows names are UTF-16: no name of bytes that are not UTF-8 exists there (this test builds "
                   "one from raw bytes, which std::filesystem reads as Latin-1 characters: valid UTF-8)");
  RunResult r = sampleResult();
  const std::string raw = "/tmp/caf\xe9 back\\slash\ttab\xff\xc3";  // Latin-1 name, stray bytes, a truncated sequence
  r.location = raw;
  r.target = pathFromUtf8("/tmp/caf\xc3\xa9/ok.bin");  // valid UTF-8: written as it is
  r.storage.device.model = "disk\x80";     // not a path: still never invalid JSON
  const std::string text = toJson({r});
  CHECK(isValidUtf8(text));
#ifdef HASHSCOPE_TESTS_HAVE_QT
  // An independent check of the bytes: Qt's strict UTF-8 decoder, then its JSON parser.
  QStringDecoder decoder(QStringDecoder::Utf8);
  const QString decoded = decoder(QByteArray::fromStdString(text));
  CHECK_FALSE(decoder.hasError());
  QJsonParseError error{};
  const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(text), &error);
  REQUIRE(error.error == QJsonParseError::NoError);
  const QJsonObject j = doc.object()["results"].toArray()[0].toObject();
  CHECK(j["location_escaped"].toBool() == true);
  const std::string location = j["location"].toString().toStdString();
  CHECK(location == "/tmp/caf\\xe9 back\\\\slash\\ttab\\xff\\xc3");
  CHECK(unescapePath(location) == raw);
  CHECK(j["target_escaped"].toBool() == false);
  CHECK(j["target"].toString() == QString::fromUtf8("/tmp/caf\xc3\xa9/ok.bin"));
  CHECK(j["device"].toObject()["model"].toString() == "disk\\x80");
#else
  HASHSCOPE_SKIP_PART("Qt is not part of this build: the JSON was checked by text only");
  CHECK(text.find("\"location_escaped\": true") != std::string::npos);
#endif
}

TEST_CASE("run files load whether their evidence is a /2 sentence or a /3 reason object", "[export][library]")
{
  const auto document = [](const std::string& schema, const std::string& evidence) {
    return R"({"schema": ")" + schema + R"(", "tool": {"version": "0.1.0"}, "machine": {"logical_cores": 2},
      "results": [{"workload": "hash-file", "algorithm": "md5", "location": "/tmp", "cache": "cold", "streams": 1,
                   "mb_per_s": 600, "verdict": "cpu-bound", "evidence": )" + evidence + "}]}";
  };
  const RunDocument old = readRunDocument(
      document("hashscope.run/2", R"("CPU-bound: the md5 thread was busy 99% of the time.")"));
  CHECK(old.schema == "hashscope.run/2");
  REQUIRE(old.tiles.size() == 1);
  CHECK(old.tiles[0].mbps == 600);
  const RunDocument now = readRunDocument(document(kRunSchema, R"({"reason": "worker-saturated", "cores": 2})"));
  CHECK(now.schema == kRunSchema);
  REQUIRE(now.tiles.size() == 1);
  CHECK(now.tiles[0].mbps == 600);
  // And what this build writes reads back.
  const RunDocument written = readRunDocument(toJson({sampleResult()}));
  REQUIRE(written.tiles.size() == 1);
  CHECK(written.tiles[0].key.algorithm == sampleResult().algorithm);
}

TEST_CASE("measuredResults reads back what the engine measured, and a hostile sample count costs no memory",
          "[export][library][hostile]")
{
  const RunResult original = sampleResult();
  std::string json = toJson({original});
  const std::vector<RunResult> back = measuredResults(json);
  REQUIRE(back.size() == 1);
  const RunResult& r = back.front();
  CHECK(r.workload == original.workload);
  CHECK(r.algorithm == original.algorithm);
  CHECK(r.location == original.location);
  CHECK(r.bytes == original.bytes);
  CHECK(r.seconds == original.seconds);
  CHECK(r.cacheMethod == original.cacheMethod);
  CHECK(r.readMethods == original.readMethods);
  CHECK(r.storage.device.model == original.storage.device.model);
  REQUIRE(r.perStream.size() == 2);
  CHECK(r.perStream[1].cpuSeconds == original.perStream[1].cpuSeconds);
  REQUIRE(r.samples.size() == 3);
  CHECK(r.samples[2].totalBytes == original.samples[2].totalBytes);
  CHECK_FALSE(r.samples[1].diskValid);  // the gap in the device counters stays a gap
  CHECK(r.samples[0].workerCpuPct == original.samples[0].workerCpuPct);

  // A document claiming 10^15 samples with three in its columns: three samples, no allocation of the claim.
  const std::string honest = "\"count\": 3";
  const std::size_t at = json.find(honest);
  REQUIRE(at != std::string::npos);
  json.replace(at, honest.size(), "\"count\": 1000000000000000");
  const std::vector<RunResult> hostile = measuredResults(json);
  REQUIRE(hostile.size() == 1);
  CHECK(hostile.front().samples.size() == 3);
}
