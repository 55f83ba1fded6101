// Mapped reads with the window helper (issue 12): a helper thread populates the next window and unmaps the
// consumed ones. Same bytes as without it at any offset, a file truncated while mapped still gives an error
// (never a SIGBUS crash), and a stop ends the read with every window unmapped. Where the platform has no
// helper (mappingHelperSupported() false) `helped` is ignored and the same checks hold.
#include <unistd.h>

#include <cstdio>
#include <thread>

#include "catch.hpp"
#include "engine/workload_internal.hpp"
#include "hashscope/workload.hpp"
#include "platform/mapped_file.hpp"
#include "test_engine_support.hpp"

using namespace hashscope;
using hashscope::test::TempDir;

namespace {

// Hashes what it is given; stops (returns false) after `stopAfter` pieces when set.
class Collect final : public platform::MappedConsumer {
public:
  explicit Collect(Hasher& hasher, std::uint64_t stopAfter = 0) : m_hasher(hasher), m_stopAfter(stopAfter) {}
  bool consume(const std::byte* data, std::size_t size) override
  {
    if (m_stopAfter && m_pieces == m_stopAfter)
      return false;
    m_hasher.update(data, size);
    m_bytes += size;
    ++m_pieces;
    return true;
  }
  std::uint64_t m_bytes = 0, m_pieces = 0;

private:
  Hasher& m_hasher;
  std::uint64_t m_stopAfter;
};

std::uint64_t g_truncateAt = 0, g_truncateTo = 0;
void truncateHook(std::uint64_t window, void* context)
{
  if (window == g_truncateAt)
    REQUIRE(::truncate(static_cast<const char*>(context), static_cast<off_t>(g_truncateTo)) == 0);
}

struct HookReset {
  ~HookReset() { platform::setMappedWindowHookForTests(nullptr, nullptr); }
};

// Mapped windows of this process's files: lines of /proc/self/maps naming `file` (0 where there is no
// /proc/self/maps: macOS, where readMapped has no helper and unmaps every window itself).
int mappingsOf(const std::filesystem::path& file)
{
#ifndef __linux__
  (void)file;
  return 0;
#endif
  FILE* maps = std::fopen("/proc/self/maps", "r");
  REQUIRE(maps);
  int count = 0;
  char line[4096];
  while (std::fgets(line, sizeof line, maps))
    count += std::string(line).find(file.string()) != std::string::npos ? 1 : 0;
  std::fclose(maps);
  return count;
}

}  // namespace

TEST_CASE("the window helper reads the same bytes as the reader alone, at any offset", "[engine][mapped]")
{
  TempDir dir;
  const auto file = dir / "range.bin";
  const std::uint64_t window = 1 * MiB;
  const auto data = hashscope::test::writeRandomFile(file, 5 * window + 12345, 21);
  std::string error;
  platform::InputFile input = platform::InputFile::open(file, platform::ReadMode::Cached, error);
  REQUIRE(input.isOpen());
  const std::uint64_t ranges[][2] = {{0, data.size()}, {4097, 2 * window}, {window - 3, window + 7},
                                     {12345, 4 * window}, {0, window}, {0, window + 1}, {7, 1}};
  for (const auto& r : ranges) {
    for (bool helped : {false, true}) {
      INFO("offset " << r[0] << " length " << r[1] << " helped " << helped);
      auto hasher = makeHasher("md5");
      Collect collect(*hasher);
      bool stopped = true, cannotMap = true;
      CHECK(platform::readMapped(input, r[0], r[1], window, 100000, collect, stopped, helped, &cannotMap) == "");
      CHECK_FALSE(stopped);
      CHECK_FALSE(cannotMap);
      CHECK(collect.m_bytes == r[1]);
      CHECK(toHex(hasher->finish()) == hashscope::test::oneShotHex("md5", data.data() + r[0], r[1]));
    }
  }
  CHECK(mappingsOf(file) == 0);  // every window the helper prepared or was given is unmapped
}

TEST_CASE("a file truncated under the window helper gives an error, not a crash", "[engine][mapped]")
{
  TempDir dir;
  const auto file = dir / "shrinks.bin";
  const std::string name = file.string();
  const std::uint64_t window = 1 * MiB;
  HookReset reset;
  struct Case {
    std::uint64_t size, at, to;
  };
  // Inside the window being hashed (the next one populated already), between windows, to nothing.
  for (const Case& c : {Case{4 * window + 100, 1, window + window / 2}, Case{4 * window, 1, 2 * window},
                        Case{3 * window, 0, 0}, Case{3 * window, 2, 2 * window + 4096}}) {
    INFO("size " << c.size << " truncated at window " << c.at << " to " << c.to);
    hashscope::test::writeRandomFile(file, c.size, 22);
    std::string error;
    platform::InputFile input = platform::InputFile::open(file, platform::ReadMode::Cached, error);
    REQUIRE(input.isOpen());
    g_truncateAt = c.at;
    g_truncateTo = c.to;
    platform::setMappedWindowHookForTests(truncateHook, const_cast<char*>(name.c_str()));
    auto hasher = makeHasher("xxh3-64");
    Collect collect(*hasher);
    bool stopped = false;
    CHECK(platform::readMapped(input, 0, c.size, window, 100000, collect, stopped, true) ==
          name + " got shorter while it was being read");
    CHECK_FALSE(stopped);
    CHECK(collect.m_bytes <= c.to);
    CHECK(mappingsOf(file) == 0);
  }
}

TEST_CASE("a stop ends a helped mapped read with every window unmapped", "[engine][mapped]")
{
  TempDir dir;
  const auto file = dir / "stop.bin";
  hashscope::test::writeRandomFile(file, 6 * MiB + 3, 23);
  std::string error;
  platform::InputFile input = platform::InputFile::open(file, platform::ReadMode::Cached, error);
  REQUIRE(input.isOpen());
  for (std::uint64_t stopAfter : {1u, 3u, 5u}) {
    INFO("stop after piece " << stopAfter);
    auto hasher = makeHasher("sha1");
    Collect collect(*hasher, stopAfter);
    bool stopped = false;
    CHECK(platform::readMapped(input, 0, input.size(), 2 * MiB, 1 * MiB, collect, stopped, true) == "");
    CHECK(stopped);
    CHECK(collect.m_pieces == stopAfter);
    CHECK(mappingsOf(file) == 0);
  }
  SECTION("through FileHasher: a stop requested between windows says cancelled")
  {
    std::stop_source stop;
    HookReset reset;
    platform::setMappedWindowHookForTests(
        [](std::uint64_t window, void* source) {
          if (window == 1)
            static_cast<std::stop_source*>(source)->request_stop();
        },
        &stop);
    const auto big = dir / "big.bin";
    hashscope::test::writeRandomFile(big, 40 * MiB, 24);
    FileHasher hasher({"md5"}, stop.get_token());
    const FileDigests d = hasher.hash(big);
    CHECK(d.error == big.string() + ": cancelled");
    CHECK(d.digests.empty());
    CHECK(std::string(hasher.lastReadMethod()) == "mmap");
    CHECK(mappingsOf(big) == 0);
  }
}

TEST_CASE("the window helper is used only when each stream's threads and its helper fit on the cores",
          "[engine][mapped]")
{
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  auto md5 = makeHasher("md5");
  Hasher* const list[] = {md5.get()};
  const bool helper = platform::mappingHelperSupported();
  CHECK(engine::mappedHelperFits(list, 1) == (helper && cores >= 2));
  CHECK(engine::mappedHelperFits(list, static_cast<int>(cores)) == false);  // the streams fill the cores
  CHECK(engine::mappedHelperFits(list, 0) == false);
  CHECK(engine::mappedHelperFits({}, 1) == (helper && cores >= 2));
}
