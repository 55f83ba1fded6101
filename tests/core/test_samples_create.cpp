// Sample files: names, exclusive creation, reuse, refusals, cancellation cleanup, listing and removal.
#include <atomic>
#include <fstream>
#include <thread>

#include "catch.hpp"
#include "engine/sample_identity.hpp"
#include "hashscope/samples.hpp"
#include "test_engine_support.hpp"

using namespace hashscope;
using hashscope::test::TempDir;

namespace {

std::string readAll(const std::filesystem::path& p)
{
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

TEST_CASE("sample names use exact binary units and only ours are recognised", "[samples]")
{
  CHECK(sampleFileName(1 * GiB, SampleContent::Random) == "hashscope-sample-random-1GiB.bin");
  CHECK(sampleFileName(512 * MiB, SampleContent::Zeros) == "hashscope-sample-zeros-512MiB.bin");
  CHECK(sampleFileName(1536 * MiB, SampleContent::Text) == "hashscope-sample-text-1536MiB.bin");
  CHECK(sampleFileName(4 * KiB, SampleContent::Random) == "hashscope-sample-random-4KiB.bin");
  CHECK(sampleFileName(1000, SampleContent::Random) == "hashscope-sample-random-1000B.bin");
  CHECK(sampleFileName(2048ULL * GiB, SampleContent::Random) == "hashscope-sample-random-2TiB.bin");
  for (std::uint64_t size : {std::uint64_t{1}, std::uint64_t{1000}, 3 * MiB, 5 * GiB + 1})
    CHECK(isSampleFileName(sampleFileName(size, SampleContent::Text)));
  CHECK_FALSE(isSampleFileName("hashscope-sample-random-1024KiB.bin"));  // not how we spell 1 MiB
  CHECK_FALSE(isSampleFileName("hashscope-sample-random-0B.bin"));
  CHECK_FALSE(isSampleFileName("hashscope-sample-random-1GiB.bin.partial"));
  CHECK_FALSE(isSampleFileName(".hashscope-sample-random-1GiB.bin.partial"));
  CHECK_FALSE(isSampleFileName("hashscope-sample-purple-1GiB.bin"));
  CHECK_FALSE(isSampleFileName("hashscope-sample-random-1GB.bin"));
  CHECK_FALSE(isSampleFileName("report.pdf"));
}

TEST_CASE("fillContent is deterministic per seed and each kind looks as it should", "[samples]")
{
  std::vector<std::uint8_t> a(100003), b(100003), c(100003);
  fillContent(a.data(), a.size(), SampleContent::Random, 1);
  fillContent(b.data(), b.size(), SampleContent::Random, 1);
  fillContent(c.data(), c.size(), SampleContent::Random, 2);
  CHECK(a == b);
  CHECK(a != c);
  std::size_t counts[256] = {};
  for (auto v : a)
    ++counts[v];
  for (auto n : counts)
    CHECK((n > 250 && n < 550));  // about 390 each for uniform bytes
  fillContent(a.data(), a.size(), SampleContent::Zeros, 1);
  CHECK(std::all_of(a.begin(), a.end(), [](std::uint8_t v) { return v == 0; }));
  fillContent(a.data(), a.size(), SampleContent::Text, 1);
  CHECK(std::all_of(a.begin(), a.end(), [](std::uint8_t v) { return (v >= 'a' && v <= 'z') || v == ' ' || v == '\n'; }));
}

TEST_CASE("createSample writes the exact size under its own name, and reuses it next time", "[samples]")
{
  TempDir dir;
  std::vector<SampleProgress> reports;
  for (SampleContent content : {SampleContent::Random, SampleContent::Zeros, SampleContent::Text}) {
    const std::uint64_t size = 9 * MiB + 5;
    SampleResult r = createSample(dir.path(), size, content, {}, [&](const SampleProgress& p) { reports.push_back(p); });
    REQUIRE(r.error == "");
    CHECK(r.ok());
    CHECK_FALSE(r.reused);
    CHECK(r.file.path == dir.path() / sampleFileName(size, content));
    CHECK(std::filesystem::file_size(r.file.path) == size);
    CHECK(r.seconds > 0);
    CHECK(r.mbPerSec > 0);
    REQUIRE_FALSE(reports.empty());
    CHECK(reports.back().bytesWritten == size);
    CHECK(reports.back().totalBytes == size);

    SampleResult again = createSample(dir.path(), size, content, {});
    CHECK(again.ok());
    CHECK(again.reused);
    CHECK(again.file.path == r.file.path);
  }
  const auto zeros = readAll(dir.path() / sampleFileName(9 * MiB + 5, SampleContent::Zeros));
  CHECK(zeros == std::string(9 * MiB + 5, '\0'));
  const auto listed = listSamples(dir.path());
  REQUIRE(listed.size() == 3);
  CHECK(listed[0].path.filename() == sampleFileName(9 * MiB + 5, SampleContent::Random));
  CHECK(listed[1].content == SampleContent::Text);
  CHECK(listed[2].size == 9 * MiB + 5);
  // Nothing else was left in the folder (no partial files): the samples, and their marks' sidecar files
  // where this file system keeps no extended attributes or streams (wine's drives, FAT, exFAT).
  const bool sidecars = std::filesystem::exists(engine::sidecarOf(listed[0].path));
  for (const auto& sample : listed)
    CHECK(std::filesystem::exists(engine::sidecarOf(sample.path)) == sidecars);
  CHECK(dir.entries().size() == (sidecars ? 6u : 3u));
}

TEST_CASE("createSample never overwrites anything it did not create", "[samples]")
{
  TempDir dir;
  const std::uint64_t size = 1 * MiB;
  const auto name = sampleFileName(size, SampleContent::Random);
  // Someone else's file under our temporary name.
  const auto partial = dir / ("." + name + ".partial");
  hashscope::test::writeBytes(partial, {'m', 'i', 'n', 'e'});
  SampleResult r = createSample(dir.path(), size, SampleContent::Random, {});
  CHECK_FALSE(r.ok());
  // No lock holder, but no HashScope marker either: not a stale partial of ours, so never removed.
  CHECK(r.error == partial.string() + " already exists and is not HashScope's (it carries no HashScope marker, so it "
                                      "is someone else's file or a sample made by HashScope 0.1): it was left untouched");
  CHECK(readAll(partial) == "mine");
  CHECK_FALSE(std::filesystem::exists(dir / name));
  std::filesystem::remove(partial);

  // A file under the final name with another size is not reused and not replaced.
  hashscope::test::writeBytes(dir / name, {'x'});
  r = createSample(dir.path(), size, SampleContent::Random, {});
  CHECK(r.error == (dir / name).string() + " already exists but is not a HashScope sample of 1 MiB (it carries no "
                                           "HashScope marker, so it is someone else's file or a sample made by "
                                           "HashScope 0.1): it was left untouched; remove it or choose another size");
  CHECK(readAll(dir / name) == "x");
  CHECK(dir.entries().size() == 1);
}

TEST_CASE("createSample reports progress at most about ten times a second", "[samples]")
{
  TempDir dir;
  int calls = 0;
  std::uint64_t last = 0;
  SampleResult r = createSample(dir.path(), 96 * MiB, SampleContent::Random, {}, [&](const SampleProgress& p) {
    ++calls;
    CHECK(p.bytesWritten >= last);  // never goes backwards
    CHECK(p.totalBytes == 96 * MiB);
    last = p.bytesWritten;
  });
  REQUIRE(r.ok());
  CHECK(calls >= 1);
  CHECK(calls <= static_cast<int>(r.seconds * 10) + 2);
  CHECK(last == 96 * MiB);
}

TEST_CASE("createSample refuses when the space is not there", "[samples]")
{
  TempDir dir;
  SampleResult r = createSample(dir.path(), 1000 * 1024 * GiB, SampleContent::Random, {});
  CHECK(r.error.starts_with("Not enough free space in " + dir.path().string() + ": 1000 TiB needed, "));
  CHECK(dir.entries().empty());
  CHECK(createSample(dir / "missing", 10, SampleContent::Random, {}).error == (dir / "missing").string() + ": no such folder");
  CHECK(createSample(dir.path(), 0, SampleContent::Random, {}).error == "A sample file must hold at least 1 byte");
}

TEST_CASE("a cancelled sample leaves nothing behind", "[samples]")
{
  TempDir dir;
  std::stop_source source;
  int calls = 0;
  // 2 GiB cannot be written in the 100 ms before the first progress report, which cancels.
  SampleResult r = createSample(dir.path(), 2 * GiB, SampleContent::Random, source.get_token(),
                                [&](const SampleProgress& p) {
                                  ++calls;
                                  CHECK(p.bytesWritten < 2 * GiB);
                                  source.request_stop();
                                });
  CHECK(calls == 1);
  CHECK(r.cancelled);
  CHECK_FALSE(r.ok());
  CHECK(dir.entries().empty());
}

TEST_CASE("removeSample removes only HashScope samples", "[samples]")
{
  TempDir dir;
  const auto foreign = dir / "holiday.jpg";
  hashscope::test::writeBytes(foreign, {'j'});
  CHECK(removeSample(foreign) == foreign.string() + " is not a HashScope sample file: it was left untouched");
  CHECK(std::filesystem::exists(foreign));
  const auto partial = dir / ".hashscope-sample-random-1MiB.bin.partial";
  hashscope::test::writeBytes(partial, {'p'});
  CHECK_FALSE(removeSample(partial).empty());
  CHECK(std::filesystem::exists(partial));

  SampleResult r = createSample(dir.path(), 4 * KiB, SampleContent::Zeros, {});
  REQUIRE(r.ok());
  r.hold.release();  // the creator's own hold would keep it in use
  CHECK(removeSample(r.file.path) == "");
  CHECK_FALSE(std::filesystem::exists(r.file.path));
  CHECK(removeSample(r.file.path) == r.file.path.string() + ": no such file");
  // Only the unmarked partial file is left, listed for what it is.
  const auto listed = listSamples(dir.path());
  REQUIRE(listed.size() == 1);
  CHECK(listed[0].path == partial);
  CHECK(listed[0].status == SampleStatus::NotASample);
}

TEST_CASE("a sidecar that marks the file now at its name is never replaced: the first creator's sample keeps it",
          "[samples]")
{
  // Where a sample is marked by a sidecar file (no alternate data streams: wine, FAT and exFAT drives; no
  // extended attributes: ramfs), a second creator that wrote a whole sample of its own before the first's was
  // renamed into place replaced the first's sidecar, and then refused that sample ("its HashScope marker
  // belongs to another file of that name"). The sidecar functions are the same on every system.
  TempDir dir;
  const std::filesystem::path target = dir / sampleFileName(4096, SampleContent::Random);
  hashscope::test::writeRandomFile(target, 4096, 1);
  const auto id = platform::fileId(target);
  REQUIRE(id);
  const engine::SampleMarker complete{true, 4096, SampleContent::Random, std::nullopt};
  REQUIRE(engine::writeSidecar(target, complete, *id).empty());
  const std::filesystem::path second = dir / "second.bin";
  hashscope::test::writeRandomFile(second, 4096, 2);
  const auto secondId = platform::fileId(second);
  REQUIRE(secondId);
  CHECK_FALSE(engine::writeSidecar(target, complete, *secondId).empty());  // refused: it marks the sample there
  const auto marker = engine::readMarker(target);
  REQUIRE(marker);
  CHECK(marker->owner == id);
  // A sidecar left behind by a sample removed by hand is still replaced.
  std::filesystem::remove(target);
  CHECK(engine::writeSidecar(target, complete, *secondId).empty());
}

TEST_CASE("two creators of the same sample: the second waits for the first and reuses its sample", "[samples]")
{
  // Before: the second found the first's partial file and failed ("another HashScope is writing it", or
  // ".partial: no such file" once it was renamed) about half the time.
  for (int round = 0; round < 4; ++round) {
    CAPTURE(round);
    TempDir dir;
    std::atomic<int> ready{0};
    SampleResult results[2];
    std::vector<std::thread> threads;
    for (int i = 0; i < 2; ++i)
      threads.emplace_back([&, i] {
        ready.fetch_add(1);
        while (ready.load() < 2) {
        }
        results[i] = createSample(dir.path(), 32 * MiB, SampleContent::Random, {});
      });
    for (auto& t : threads)
      t.join();
    for (const SampleResult& r : results) {
      INFO(r.error);
      CHECK(r.ok());
    }
    CHECK(int(results[0].reused) + int(results[1].reused) >= 1);
    CHECK(std::filesystem::file_size(dir / sampleFileName(32 * MiB, SampleContent::Random)) == 32 * MiB);
    for (SampleResult& r : results)
      r.hold.release();
    CHECK(listSamples(dir.path()).size() == 1);  // one sample, no partial file left
  }
}
