// The pipelined reader on its own: blocks arrive in order and contiguous, exactly covering the range,
// job after job, with direct I/O alignment handled inside; stopping ends a job at once.
#include <cstring>
#include <fstream>

#include "catch.hpp"
#include "engine/pipelined_reader.hpp"
#include "hashscope/workload.hpp"
#include "test_engine_support.hpp"
#include "wait_for.hpp"

using namespace hashscope;
using hashscope::test::TempDir;

namespace {

// Reads [offset, offset+length) through the reader and checks every byte against `data`.
void readAndCompare(PipelinedReader& reader, platform::InputFile& file, const std::vector<std::uint8_t>& data,
                    std::uint64_t offset, std::uint64_t length)
{
  reader.start(file, offset, length, false);
  ReadBlock block;
  std::uint64_t expected = offset;
  while (reader.next(block)) {
    REQUIRE(block.offset == expected);
    REQUIRE(block.size > 0);
    REQUIRE(block.offset + block.size <= offset + length);
    REQUIRE(std::memcmp(block.data, data.data() + block.offset, block.size) == 0);
    expected += block.size;
  }
  CHECK(reader.error() == "");
  CHECK(expected == offset + length);
}

}  // namespace

TEST_CASE("the reader covers any range exactly, cached and direct", "[reader]")
{
  TempDir dir("/tmp");
  const auto path = dir / "r.bin";
  const auto data = hashscope::test::writeRandomFile(path, 1 * MiB + 333, 9);
  for (auto mode : {platform::ReadMode::Cached, platform::ReadMode::Direct}) {
    std::string error;
    platform::InputFile file = platform::InputFile::open(path, mode, error);
    REQUIRE(file.isOpen());
    CHECK(file.size() == data.size());
    for (std::size_t block : {std::size_t{1000}, std::size_t{4096}, std::size_t{65536}, std::size_t{3 * MiB}}) {
      for (int depth : {1, 3, 32}) {  // reads in flight: one, the default, a deep queue
        CAPTURE(static_cast<int>(mode), block, depth);
        PipelinedReader reader(block, depth, {});
        REQUIRE(reader.ok());
        // Several jobs on the same reader: whole file, unaligned middle, tail, empty, one byte.
        readAndCompare(reader, file, data, 0, data.size());
        readAndCompare(reader, file, data, 12345, 500000);
        readAndCompare(reader, file, data, data.size() - 7, 7);
        readAndCompare(reader, file, data, 100, 0);
        readAndCompare(reader, file, data, 4095, 1);
      }
    }
  }
}

TEST_CASE("the reader reports a file that is shorter than the range asked for", "[reader]")
{
  TempDir dir;
  const auto path = dir / "short.bin";
  hashscope::test::writeRandomFile(path, 10000);
  for (auto mode : {platform::ReadMode::Cached, platform::ReadMode::Direct}) {
    for (int depth : {1, 3, 7}) {
      CAPTURE(static_cast<int>(mode), depth);
      std::string error;
      platform::InputFile file = platform::InputFile::open(path, mode, error);
      PipelinedReader reader(4096, depth, {});
      for (int job = 0; job < 2; ++job) {  // the reader is usable again after a failed job
        reader.start(file, 0, 20000, false);
        ReadBlock block;
        std::uint64_t total = 0;
        while (reader.next(block)) {
          CHECK(block.offset == total);
          total += block.size;
        }
        CHECK(total == 10000);
        CHECK(reader.error() == path.string() + " got shorter while it was being read");
      }
    }
  }
}

TEST_CASE("the reader stops promptly and registers its thread clock", "[reader]")
{
  TempDir dir;
  const auto path = dir / "sparse.bin";
  { std::ofstream create(path, std::ios::binary); }
  std::filesystem::resize_file(path, 16 * GiB);
  std::string error;
  platform::InputFile file = platform::InputFile::open(path, platform::ReadMode::Cached, error);
  REQUIRE(file.isOpen());
  std::stop_source source;
  LiveCounters counters(2);
  {
    PipelinedReader reader(1 * MiB, 4, source.get_token(), &counters, 1);
    reader.start(file, 0, file.size(), false);
    ReadBlock block;
    REQUIRE(reader.next(block));
    // The consumer is slow (it holds one block): the reader fills the other buffers and waits for a free one.
    REQUIRE(hashscope::test::waitFor([&] { return reader.waitingForConsumer(); }));
    const auto t0 = std::chrono::steady_clock::now();
    source.request_stop();
    while (reader.next(block)) {
    }
    CHECK(reader.stopped());
    CHECK(hashscope::test::secondsSince(t0) < hashscope::test::cancelBudgetSeconds());
  }
  REQUIRE(counters.readerClock(1) != nullptr);
  CHECK(counters.readerClock(1)->cpuSeconds() >= 0);
  CHECK(counters.readerClock(0) == nullptr);
}
