#include "catch.hpp"

#include "hashscope/types.hpp"

using namespace hashscope;

TEST_CASE("parseSize accepts plain numbers and binary units", "[types]")
{
  CHECK(parseSize("0") == 0u);
  CHECK(parseSize("4096") == 4096u);
  CHECK(parseSize("64K") == 64 * KiB);
  CHECK(parseSize("64k") == 64 * KiB);
  CHECK(parseSize("1M") == MiB);
  CHECK(parseSize("1MiB") == MiB);
  CHECK(parseSize("1mb") == MiB);
  CHECK(parseSize("1.5G") == GiB + GiB / 2);
  CHECK(parseSize(" 2 GiB ") == 2 * GiB);
}

TEST_CASE("parseSize rejects malformed sizes", "[types]")
{
  CHECK_FALSE(parseSize(""));
  CHECK_FALSE(parseSize("abc"));
  CHECK_FALSE(parseSize("-1"));
  CHECK_FALSE(parseSize("1X"));
  CHECK_FALSE(parseSize("1 MiBs"));
  CHECK_FALSE(parseSize("99999999999T"));
}

TEST_CASE("formatBytes uses exact binary units", "[types]")
{
  CHECK(formatBytes(0) == "0 B");
  CHECK(formatBytes(123) == "123 B");
  CHECK(formatBytes(GiB) == "1 GiB");
  CHECK(formatBytes(512 * MiB) == "512 MiB");
  CHECK(formatBytes(GiB + GiB / 2) == "1.5 GiB");
}

TEST_CASE("enum names round-trip", "[types]")
{
  for (auto mode : {CacheMode::Cold, CacheMode::Warm, CacheMode::AsIs})
    CHECK(parseCacheMode(toString(mode)) == mode);
  // Every workload up to the last one declared has its row (word and traits): a new one without a row fails.
  for (int i = 0; i <= static_cast<int>(Workload::PeerTool); ++i) {
    const auto w = static_cast<Workload>(i);
    CAPTURE(i);
    CHECK(toString(w) != "unknown");
    CHECK(parseWorkload(toString(w)) == w);
    const WorkloadTraits t = workloadTraits(w);
    CHECK((t.readsFile || t.targetsFolder || t.durationBound));  // each works on something
  }
  for (auto c : {SampleContent::Random, SampleContent::Zeros, SampleContent::Text})
    CHECK(parseSampleContent(toString(c)) == c);
  CHECK_FALSE(parseCacheMode("lukewarm"));
}

TEST_CASE("read methods are written and read through one table, with the words results have always used", "[types]")
{
  CHECK(toString(ReadMethod::Read) == "read");
  CHECK(toString(ReadMethod::Mapped) == "mmap");
  CHECK(toString(ReadMethod::Pipelined) == "pipelined");
  ReadMethods both(ReadMethod::Pipelined);
  both.add(ReadMethod::Read);
  CHECK(toString(both) == "read+pipelined");  // in the order of the enum, whatever the order they ran in
  CHECK(toString(ReadMethods{}).empty());
  for (std::string_view text :
       {"", "read", "mmap", "pipelined", "read+mmap", "read+pipelined", "read+mmap+pipelined"}) {
    const auto parsed = parseReadMethods(text);
    REQUIRE(parsed);
    CHECK(toString(*parsed) == text);
  }
  CHECK(parseReadMethods("mapped") == std::nullopt);  // ReadPath's word, not a method
  CHECK(parseReadMethods("read+") == std::nullopt);
  CHECK(parseReadMethods("+mmap") == std::nullopt);
  CHECK(parseReadMethods("MMAP") == std::nullopt);
  CHECK(parseReadMethods("read+copy") == std::nullopt);
}
