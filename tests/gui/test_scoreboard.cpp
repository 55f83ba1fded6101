// The scoreboard's logic on a recorded run (tests/data/runs/board_suite.json: /data on a disk and /dev/shm,
// md5, xxh3-64 and sha256, three passes, recorded with `hashscope-cli bench` on a busy machine, so every
// result carries the machine-busy flag): which result each tile shows, its numbers, badge, flags, and the
// headline.
#include "catch.hpp"
#include "hashscope/figures.hpp"
#include "words.hpp"
#include "hashscope/analysis.hpp"
#include "logic/result_text.hpp"
#include "logic/scoreboard.hpp"
#include "recorded_results.hpp"

using namespace hashscope;
using namespace hashscope::gui;
using Kind = ScoreTile::Kind;

namespace {

const QString kSuite = QStringLiteral(HASHSCOPE_TEST_DATA_DIR "/runs/board_suite.json");

const RunResult& resultOf(const std::vector<RunResult>& results, const ScoreTile* tile)
{
  REQUIRE(tile);
  REQUIRE(tile->measured);
  REQUIRE(tile->resultIndex >= 0);
  return results.at(std::size_t(tile->resultIndex));
}

RunResult hashFile(const std::string& algorithm, const std::string& location, double mbps, CacheMode cache, int streams = 1)
{
  RunResult r;
  r.workload = Workload::HashFile;
  r.algorithm = algorithm;
  r.location = location;
  r.cache = cache;
  r.streams = streams;
  r.bytes = std::uint64_t(mbps * 1e6);
  r.seconds = 1;
  Analysis a;
  a.verdict = Verdict::IoBound;
  a.limit.hash = CeilingAt{Ceiling{}, mbps / 0.9};
  a.efficiency = 0.9;
  r.analysis = a;
  return r;
}

}  // namespace

TEST_CASE("scoreboard: the tiles of a recorded run are its results, with their badges", "[gui][scoreboard]")
{
  const std::vector<RunResult> results = test::loadRecordedResults(kSuite);
  REQUIRE(results.size() == 14);
  const Scoreboard board = buildScoreboard(results);
  CHECK(board.rows == QStringList{QStringLiteral("/data"), QStringLiteral("/dev/shm"), QStringLiteral("in RAM (CPU)")});
  CHECK(board.columns == QStringList{QStringLiteral("md5"), QStringLiteral("xxh3-64"), QStringLiteral("sha256"),
                                     QStringLiteral("read")});
  REQUIRE(board.tiles.size() == 12);
  CHECK(board.measuredCount() == 11);  // in RAM x read is no measurement
  CHECK(board.at(2, 3)->kind == Kind::Empty);

  // Every hash-file and read result is the tile of its cell, number for number.
  for (const RunResult& r : results) {
    if (r.workload == Workload::HashMemory)
      continue;
    const Kind kind = r.workload == Workload::Read ? Kind::Read : Kind::Hash;
    const ScoreTile* t = board.find(qs(r.location), qs(r.algorithm), kind);
    INFO(resultTitle(r).toStdString());
    REQUIRE(&resultOf(results, t) == &r);
    CHECK(t->mbps == Approx(r.mbPerSec()));
    CHECK(t->minMBps == Approx(r.minMBps()));
    CHECK(t->maxMBps == Approx(r.maxMBps()));
    CHECK(t->passes == 3);
    CHECK(t->share == qs(words::shareText(figuresOf(r))));
    CHECK(t->share.endsWith(QStringLiteral("% of the limit")));
    CHECK(t->flags.size() == int(r.analysis->flags.size()));
    CHECK(t->flags.first() == flagText(r.analysis->flags.front()));
  }
  // The in-RAM tile: the fastest of md5's hash-memory steps (this run's machine was busy: 215 and 306 MB/s of wall
  // time), its own passes as its pass table shows them, and beside them, in their own field, md5 per core (per
  // CPU second, as this recording kept it for that step).
  const ScoreTile* md5Ram = board.find({}, QStringLiteral("md5"), Kind::InRam);
  CHECK(&resultOf(results, md5Ram) == &results[8]);
  CHECK(results[8].mbPerSec() > results[1].mbPerSec());
  CHECK(md5Ram->mbps == Approx(results[8].mbPerSec()));
  CHECK(md5Ram->minMBps == Approx(results[8].minMBps()));
  CHECK(md5Ram->maxMBps == Approx(results[8].maxMBps()));
  CHECK(md5Ram->perCoreMBps == Approx(results[8].analysis->perCore->mbps));
  CHECK(md5Ram->perCoreMBps > md5Ram->mbps);

  // Badges from the verdicts: md5 is CPU-bound on the disk, xxh3-64 and sha256 wait for it; on tmpfs the
  // read is memory-bound (RAM) and the hashes CPU-bound.
  const auto badge = [&](const char* location, const char* algorithm, Kind kind) {
    const ScoreTile* t = board.find(QString::fromUtf8(location), QString::fromUtf8(algorithm), kind);
    REQUIRE(t);
    return badgeText(t->badge);
  };
  // The badge says the verdict in the evidence's words.
  CHECK(badge("/data", "md5", Kind::Hash) == QStringLiteral("CPU"));
  CHECK(badge("/data", "xxh3-64", Kind::Hash) == QStringLiteral("I/O"));
  CHECK(badge("/data", "sha256", Kind::Hash) == QStringLiteral("I/O"));
  CHECK(badge("/data", "", Kind::Read) == QStringLiteral("I/O"));
  CHECK(badge("/dev/shm", "", Kind::Read) == QStringLiteral("MEMORY"));
  CHECK(badge("/dev/shm", "xxh3-64", Kind::Hash) == QStringLiteral("CPU"));
  CHECK(badge("", "xxh3-64", Kind::InRam) == QStringLiteral("CPU"));
  for (const ScoreTile& t : board.tiles) {
    if (t.measured && !t.failed && t.badge != Badge::None)
      CHECK(qs(words::evidence(results[std::size_t(t.resultIndex)])).startsWith(badgeText(t.badge), Qt::CaseInsensitive));
  }
}

TEST_CASE("scoreboard: the headline names the CPU-bound and the I/O-bound algorithms", "[gui][scoreboard]")
{
  const Scoreboard board = buildScoreboard(test::loadRecordedResults(kSuite));
  CHECK(board.headline.toStdString() ==
        "On this machine md5 is CPU-bound (757 MB/s per core); /data reads 1160 MB/s, so xxh3-64 and sha256 are "
        "I/O-bound there; /dev/shm, in RAM, reads 4007 MB/s, so xxh3-64 and sha256 are CPU-bound there.");

  // The example: md5 CPU-bound, the other three disk-bound on /tmp.
  std::vector<RunResult> results;
  RunResult read = hashFile("", "/tmp", 1100, CacheMode::Cold);
  read.workload = Workload::Read;
  results.push_back(read);
  RunResult md5Ram = hashFile("md5", "/tmp", 610, CacheMode::Cold);
  md5Ram.workload = Workload::HashMemory;
  md5Ram.analysis->verdict = Verdict::CpuBound;
  Ceiling perCore;
  perCore.algorithm = "md5";
  perCore.basis = CeilingBasis::PerCpuSecond;
  perCore.mbps = 610;
  md5Ram.analysis->perCore = CeilingAt{perCore, 610};
  results.push_back(md5Ram);
  RunResult md5 = hashFile("md5", "/tmp", 590, CacheMode::Cold);
  md5.analysis->verdict = Verdict::CpuBound;
  results.push_back(md5);
  for (const char* a : {"sha256", "crc32", "xxh3-64"})
    results.push_back(hashFile(a, "/tmp", 1000, CacheMode::Cold));
  CHECK(buildScoreboard(results).headline.toStdString() ==
        "On this machine md5 is CPU-bound (610 MB/s per core); /tmp reads 1100 MB/s, so sha256, crc32 and xxh3-64 "
        "are I/O-bound there.");
  CHECK(buildScoreboard(std::vector<RunResult>{}).headline.contains(QStringLiteral("Run a benchmark")));
}

TEST_CASE("scoreboard: a hash tile faster than its location's read tile says why", "[gui][scoreboard]")
{
  // The example: crc32 hashed /tmp at 1461 MB/s where "/tmp reads 1232 MB/s", one stream each.
  RunResult read = hashFile("", "/tmp", 1232, CacheMode::Cold);
  read.workload = Workload::Read;
  read.readMethods = ReadMethod::Pipelined;
  RunResult crc = hashFile("crc32", "/tmp", 1461, CacheMode::Cold);
  crc.readMethods = ReadMethod::Pipelined;
  const auto notes = [](const std::vector<RunResult>& results, const char* algorithm) {
    const Scoreboard board = buildScoreboard(results);
    const ScoreTile* t = board.find(QStringLiteral("/tmp"), QString::fromUtf8(algorithm), Kind::Hash);
    REQUIRE(t);
    return t->notes.join(QLatin1Char('\n'));
  };
  CHECK(notes({read, crc}, "crc32") ==
        QStringLiteral("Faster than the read tile (1232 MB/s): nothing recorded explains it."));
  // The read's own passes reached it: its spread says why.
  for (const double mb : {1232.0, 1500.0}) {
    PassResult p;
    p.bytes = std::uint64_t(mb * 1e6);
    p.seconds = 1;
    read.passes.push_back(p);
  }
  CHECK(notes({read, crc}, "crc32").contains(QStringLiteral("the read's own passes reached this speed")));
  // From RAM through mapped pages, with more streams: both said.
  RunResult xxh = hashFile("xxh3-64", "/tmp", 9000, CacheMode::Cold, 1);
  xxh.readMethods = ReadMethod::Mapped;
  CHECK(notes({read, xxh}, "xxh3-64").contains(QStringLiteral("mapped pages, no read() copy")));
  // Slower than the read: nothing to explain.
  CHECK(notes({read, hashFile("md5", "/tmp", 600, CacheMode::Cold)}, "md5").isEmpty());
  // The tile's tooltip carries it.
  const Scoreboard board = buildScoreboard(std::vector<RunResult>{read, crc});
  CHECK(board.find(QStringLiteral("/tmp"), QStringLiteral("crc32"), Kind::Hash)->toolTip().contains(QStringLiteral("Faster than the read tile")));
}

TEST_CASE("scoreboard: cold before as-is before warm, the main stream count, GB/s from 10,000 MB/s", "[gui][scoreboard]")
{
  // Main run (1 stream, cold), its warm pass, then a ramp point at 2 streams: the tile is the cold run.
  const std::vector<RunResult> warmFirst{hashFile("md5", "/d", 900, CacheMode::Warm),
                                         hashFile("md5", "/d", 500, CacheMode::Cold),
                                         hashFile("md5", "/d", 800, CacheMode::Cold, 2)};
  // The first hash-file sets the main count: the 2-stream ramp point never takes the tile.
  const Scoreboard board = buildScoreboard(warmFirst);
  const ScoreTile* t = board.find(QStringLiteral("/d"), QStringLiteral("md5"), Kind::Hash);
  REQUIRE(t);
  CHECK(t->resultIndex == 1);
  CHECK(t->cache == QStringLiteral("cold"));

  // A folder hashed (hash-tree, "Benchmark a file or folder") fills its tile too; hash-file wins over it.
  RunResult tree = hashFile("md5", "/photos", 300, CacheMode::Cold);
  tree.workload = Workload::HashTree;
  const Scoreboard trees = buildScoreboard({tree, hashFile("md5", "/d", 500, CacheMode::Cold), tree});
  const ScoreTile* photos = trees.find(QStringLiteral("/photos"), QStringLiteral("md5"), Kind::Hash);
  REQUIRE(photos);
  CHECK(photos->resultIndex == 0);
  std::vector<RunResult> both{tree, hashFile("md5", "/photos", 500, CacheMode::Cold)};
  CHECK(buildScoreboard(both).find(QStringLiteral("/photos"), QStringLiteral("md5"), Kind::Hash)->resultIndex == 1);

  CHECK(speedText(9999.4).text() == QStringLiteral("9999 MB/s"));
  CHECK(speedText(10000).text() == QStringLiteral("10.0 GB/s"));
  CHECK(speedText(14105.2).text() == QStringLiteral("14.1 GB/s"));
  CHECK(speedText(42.26).text() == QStringLiteral("42.3 MB/s"));
  CHECK(speedText(0).text().isEmpty());
}

TEST_CASE("scoreboard: flags and an unreliable limit on a tile, pending and failed tiles", "[gui][scoreboard]")
{
  RunResult r = hashFile("md5", "/data", 280, CacheMode::Cold);
  r.analysis->efficiency = 280.0 / 255;
  r.analysis->flags.push_back({FlagCode::LimitUnreliable, 196e6, 280e6, LimitReason::PartlyFromCache});
  r.analysis->servedFromCache = true;
  RunResult failed = hashFile("sha256", "/data", 0, CacheMode::Cold);
  failed.error = "no space left";
  const Scoreboard board = buildScoreboard({r, failed}, {{QStringLiteral("/data"), QStringLiteral("/other")},
                                                         {QStringLiteral("md5"), QStringLiteral("sha256"),
                                                          QStringLiteral("crc32")}});
  const ScoreTile* t = board.find(QStringLiteral("/data"), QStringLiteral("md5"), Kind::Hash);
  REQUIRE(t);
  CHECK(t->share.isEmpty());  // above an unreliable estimate: never "110% of the limit"
  CHECK(t->limitText().isEmpty());
  CHECK(t->badge == Badge::Disk);  // I/O-bound, as its evidence says; the page cache is its mark's to say
  REQUIRE(t->flags.size() == 2);
  CHECK(t->flags[0].contains(QStringLiteral("page cache")));
  CHECK(t->flags[1] == flagText(r.analysis->flags[0]));
  CHECK(t->toolTip().contains(t->flags[1]));

  const ScoreTile* f = board.find(QStringLiteral("/data"), QStringLiteral("sha256"), Kind::Hash);
  REQUIRE(f);
  CHECK(f->measured);
  CHECK(f->failed);
  CHECK(f->badge == Badge::None);
  // The planned grid: /other and crc32 are pending, and an in-RAM row waits for the hash-memory runs.
  const ScoreTile* pending = board.find(QStringLiteral("/other"), QStringLiteral("crc32"), Kind::Hash);
  REQUIRE(pending);
  CHECK_FALSE(pending->measured);
  CHECK(board.inRamRow == 2);
  CHECK(board.measuredCount() == 2);
}

TEST_CASE("scoreboard: a hash tile faster than its read tile, and the headline, say what the disk delivered",
          "[gui][scoreboard]")
{
  // The review's /tmp: the read tile 902 MB/s, crc32 1074 MB/s within a limit of what the disk delivered during the
  // sha256 step (1193 MB/s), which no view may call "reading alone".
  Ceiling delivered;
  delivered.kind = CeilingKind::Read;
  delivered.source = CeilingSource::Delivered;
  delivered.mbps = 1193;
  delivered.step = "sha256 hash-file";
  RunResult read = hashFile("", "/tmp", 902, CacheMode::Cold);
  read.workload = Workload::Read;
  read.analysis->limit = {};
  read.analysis->efficiency = 0;
  read.analysis->delivered = CeilingAt{delivered, 1193};
  RunResult crc = hashFile("crc32", "/tmp", 1074, CacheMode::Cold);
  crc.analysis->limit = {};
  crc.analysis->limit.read = CeilingAt{delivered, 1193};
  crc.analysis->efficiency = 1074.0 / 1193;
  const Scoreboard board = buildScoreboard({read, crc});
  CHECK(board.headline.contains(QStringLiteral("/tmp reads 902 MB/s alone (up to 1193 MB/s while hashing)")));
  const ScoreTile* readTile = board.find(QStringLiteral("/tmp"), {}, Kind::Read);
  REQUIRE(readTile);
  CHECK(readTile->deliveredMBps == Approx(1193));
  CHECK(readTile->notes.join(QLatin1Char(' ')).contains(
      QStringLiteral("The disk delivered up to 1193 MB/s during the sha256 hash-file step, more than reading alone (902 MB/s).")));
  const ScoreTile* crcTile = board.find(QStringLiteral("/tmp"), QStringLiteral("crc32"), Kind::Hash);
  REQUIRE(crcTile);
  CHECK(crcTile->share == QStringLiteral("90% of the limit"));
  CHECK(crcTile->limit == QStringLiteral("limit 1193 MB/s (what the disk delivered during the sha256 hash-file step)"));
  CHECK(crcTile->toolTip().contains(crcTile->limit));
  CHECK_FALSE(crcTile->toolTip().contains(QStringLiteral("reading alone")));
}
