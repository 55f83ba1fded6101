// formatDigestLine against recorded tool output and, where installed, the real tools themselves.
#include "catch.hpp"
#include "skip.hpp"
#include "hashscope/hash.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <string>
#include <vector>

#if defined(_WIN32) // the tools are absent there and the tests skip, but popen must still compile
#define popen _popen
#define pclose _pclose
#endif

using namespace hashscope;
namespace fs = std::filesystem;

namespace {

Digest digestOf(std::string_view id, std::string_view data)
{
  auto hasher = makeHasher(id);
  REQUIRE(hasher != nullptr);
  hasher->update(data.data(), data.size());
  return hasher->finish();
}

std::string line(std::string_view id, std::string_view data, std::string_view path, bool tag)
{
  return formatDigestLine(*findAlgorithm(id), digestOf(id, data), data.size(), path, tag);
}

// Runs a command line and returns its stdout, or nothing when it failed (e.g. tool not installed).
std::optional<std::string> run(const std::string& command)
{
  FILE* pipe = popen((command + " 2>/dev/null").c_str(), "r");
  if (pipe == nullptr) {
    return std::nullopt;
  }
  std::string out;
  char buffer[4096];
  std::size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) {
    out.append(buffer, n);
  }
  if (pclose(pipe) != 0 || out.empty()) {
    return std::nullopt;
  }
  return out;
}

std::string shellQuote(const std::string& s)
{
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

// A scratch folder removed again at the end of each test.
struct ScratchDir {
  fs::path path;
  ScratchDir()
  {
    std::random_device rd;
    path = fs::temp_directory_path() / ("hashscope-test-hash-" + std::to_string(rd()));
    fs::create_directories(path);
  }
  ~ScratchDir()
  {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

} // namespace

TEST_CASE("Digest lines match recorded coreutils 9.1 / xxhsum 0.8.1 output", "[hash][format]")
{
  CHECK(line("md5", "123456789", "t.txt", false) == "25f9e794323b453885f5181f1b624d0b  t.txt");
  CHECK(line("md5", "123456789", "t.txt", true) == "MD5 (t.txt) = 25f9e794323b453885f5181f1b624d0b");
  CHECK(line("sha1", "123456789", "t.txt", true) ==
        "SHA1 (t.txt) = f7c3bc1d808e04732adf679965ccc34ca7ae3441");
  CHECK(line("sha224", "123456789", "t.txt", true) ==
        "SHA224 (t.txt) = 9b3e61bf29f17c75572fae2e86e17809a4513d07c8a18152acf34521");
  CHECK(line("blake2b-512", "123456789", "t.txt", true) ==
        "BLAKE2b (t.txt) = f5ab8bafa6f2f72b431188ac38ae2de7bb618fb3d38b6cbf639defcdd5e10a86b22fccff571da37e"
        "42b23b80b657ee4d936478f582280a87d6dbb1da73f5c47d");
  CHECK(line("xxh32", "123456789", "t.txt", false) == "937bad67  t.txt");
  CHECK(line("xxh32", "123456789", "t.txt", true) == "XXH32 (t.txt) = 937bad67");
  CHECK(line("xxh64", "123456789", "t.txt", true) == "XXH64 (t.txt) = 8cb841db40e6ae83");
  CHECK(line("xxh3-128", "123456789", "t.txt", false) == "33119477ede5dcd5e9716427681d5860  t.txt");
  CHECK(line("xxh3-128", "123456789", "t.txt", true) == "XXH128 (t.txt) = 33119477ede5dcd5e9716427681d5860");
  // xxhsum 0.8.1 prints XXH3 in the tagged form with or without --tag.
  CHECK(line("xxh3-64", "123456789", "t.txt", false) == "XXH3 (t.txt) = 72dcb18b67a17dff");
  CHECK(line("xxh3-64", "123456789", "t.txt", true) == "XXH3 (t.txt) = 72dcb18b67a17dff");
  CHECK(line("cksum", "123456789", "t.txt", false) == "930766865 9 t.txt");
  CHECK(line("cksum", "123456789", "t.txt", true) == "930766865 9 t.txt");
  CHECK(line("cksum", "", "e", false) == "4294967295 0 e");
  CHECK(line("sum-bsd", "123456789", "t.txt", false) == "53615     1 t.txt");
  CHECK(line("sum-bsd", "", "e", false) == "00000     0 e");
  CHECK(line("sum-sysv", "123456789", "t.txt", false) == "477 1 t.txt");
  CHECK(line("sum-sysv", "", "e", false) == "0 0 e");
  // Algorithms without a coreutils tool: coreutils layout, tag = upper-case display name.
  CHECK(line("crc32", "123456789", "t.txt", false) == "cbf43926  t.txt");
  CHECK(line("crc32", "123456789", "t.txt", true) == "CRC32 (t.txt) = cbf43926");
  CHECK(line("sha3-256", "", "e", true) ==
        "SHA3-256 (e) = a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a");
}

TEST_CASE("Block counts and padding of sum follow the real tool", "[hash][format]")
{
  const AlgorithmInfo& bsd = *findAlgorithm("sum-bsd");
  const AlgorithmInfo& sysv = *findAlgorithm("sum-sysv");
  // Recorded here: `sum -r` of 1,000,000 random bytes "30764   977", of 200,000,000 zeros "00000 195313";
  // `sum -s` of the same "49916 1954" and "0 390625".
  CHECK(formatDigestLine(bsd, Digest{0x78, 0x2c}, 1000000, "r1", false) == "30764   977 r1");
  CHECK(formatDigestLine(bsd, Digest{0x00, 0x00}, 200000000, "z200", false) == "00000 195313 z200");
  CHECK(formatDigestLine(sysv, Digest{0xc2, 0xfc}, 1000000, "r1", false) == "49916 1954 r1");
  CHECK(formatDigestLine(sysv, Digest{0x00, 0x00}, 200000000, "z200", false) == "0 390625 z200");
  CHECK(formatDigestLine(bsd, Digest{0x00, 0x01}, 1024, "k", false) == "00001     1 k");
  CHECK(formatDigestLine(bsd, Digest{0x00, 0x01}, 1025, "k", false) == "00001     2 k");
  CHECK(formatDigestLine(sysv, Digest{0x00, 0x01}, 513, "k", false) == "1 2 k");
}

TEST_CASE("Odd file names are escaped exactly where coreutils escapes them", "[hash][format]")
{
  // md5sum 'a\b' -> "\d41d8...  a\\b"; md5sum --tag -> "\MD5 (a\\b) = d41d8..."; newline and CR too.
  CHECK(line("md5", "", "a\\b", false) == "\\d41d8cd98f00b204e9800998ecf8427e  a\\\\b");
  CHECK(line("md5", "", "a\\b", true) == "\\MD5 (a\\\\b) = d41d8cd98f00b204e9800998ecf8427e");
  CHECK(line("md5", "", "n\nl", false) == "\\d41d8cd98f00b204e9800998ecf8427e  n\\nl");
  CHECK(line("md5", "", "c\rr", false) == "\\d41d8cd98f00b204e9800998ecf8427e  c\\rr");
  // xxhsum, cksum and sum print names verbatim.
  CHECK(line("xxh64", "", "a\\b", false) == "ef46db3751d8e999  a\\b");
  CHECK(line("xxh3-64", "", "a\\b", false) == "XXH3 (a\\b) = 2d06800538d394c2");
  CHECK(line("cksum", "", "n\nl", false) == "4294967295 0 n\nl");
  CHECK(line("sum-bsd", "", "a\\b", false) == "00000     0 a\\b");
}

TEST_CASE("Tabs and other control characters stay raw in digest lines, as md5sum writes them", "[hash][format]")
{
  CHECK(line("md5", "", "t\tx", false) == "d41d8cd98f00b204e9800998ecf8427e  t\tx");
  CHECK(line("md5", "", "e\x1bx", true) == "MD5 (e\x1bx) = d41d8cd98f00b204e9800998ecf8427e");
}

TEST_CASE("quoteName escapes every control character and stray byte, reversibly", "[hash][format]")
{
  CHECK(quoteName("plain caf\xc3\xa9", false) == "plain caf\xc3\xa9");
  CHECK(quoteName("a\\b\nc\rd\te", false) == "a\\\\b\\nc\\rd\\te");
  CHECK(quoteName(std::string("x\x1b\x7f\0y", 5), false) == "x\\x1b\\x7f\\x00y");
  // Bytes outside well-formed UTF-8 only when asked: a lone continuation byte, a truncated sequence, an
  // overlong '/', a UTF-16 surrogate, a code point above U+10FFFF.
  CHECK(quoteName("caf\xe9", false) == "caf\xe9");
  CHECK(quoteName("caf\xe9", true) == "caf\\xe9");
  CHECK(quoteName("\x80|\xe2\x82|\xc0\xaf|\xed\xa0\x80|\xf4\x90\x80\x80|\xe2\x82\xac", true) ==
        "\\x80|\\xe2\\x82|\\xc0\\xaf|\\xed\\xa0\\x80|\\xf4\\x90\\x80\\x80|\xe2\x82\xac");
  CHECK(isValidUtf8("caf\xc3\xa9 \xf0\x9f\x98\x80"));
  CHECK_FALSE(isValidUtf8("caf\xe9"));
  CHECK_FALSE(isValidUtf8("\xed\xa0\x80"));
  CHECK_FALSE(isValidUtf8("\xc3"));
  CHECK(hasControlChars("a\tb"));
  CHECK_FALSE(hasControlChars("a\\b caf\xc3\xa9"));
}

TEST_CASE("Digest lines equal the installed tools' output byte for byte", "[hash][format][tools]")
{
  struct Tool {
    std::string id;
    std::string command;
    bool tag;
  };
  const std::vector<Tool> tools = {
      {"md5", "md5sum", false},
      {"md5", "md5sum --tag", true},
      {"sha1", "sha1sum", false},
      {"sha1", "sha1sum --tag", true},
      {"sha224", "sha224sum", false},
      {"sha256", "sha256sum", false},
      {"sha256", "sha256sum --tag", true},
      {"sha384", "sha384sum", false},
      {"sha512", "sha512sum", false},
      {"sha512", "sha512sum --tag", true},
      {"blake2b-512", "b2sum", false},
      {"blake2b-512", "b2sum --tag", true},
      {"xxh32", "xxhsum -H0", false},
      {"xxh32", "xxhsum -H0 --tag", true},
      {"xxh64", "xxhsum -H1", false},
      {"xxh64", "xxhsum -H1 --tag", true},
      {"xxh3-64", "xxhsum -H3", false},
      {"xxh3-64", "xxhsum -H3 --tag", true},
      {"xxh3-128", "xxhsum -H2", false},
      {"xxh3-128", "xxhsum -H2 --tag", true},
      {"cksum", "cksum", false},
      {"sum-bsd", "sum -r", false},
      {"sum-sysv", "sum -s", false},
  };
  ScratchDir dir;
  std::mt19937_64 rng(42);
  std::vector<std::string> names = {"empty", "one", "small.bin", "blocks.bin", "big.bin"};
  const std::vector<std::size_t> sizes = {0, 1, 1000, 70001, 1 << 20};
  // A name with a backslash checks the escaping against the real tools (not possible on Windows).
#if !defined(_WIN32)
  names.push_back("back\\slash");
#endif
  int compared = 0;  // digest lines compared with a tool's
  for (std::size_t f = 0; f < names.size(); ++f) {
    const std::size_t size = sizes[f % sizes.size()];
    std::string data(size, '\0');
    for (char& c : data) {
      c = static_cast<char>(rng() & 0xff);
    }
    const fs::path file = dir.path / names[f];
    {
      std::ofstream out(file, std::ios::binary);
      out.write(data.data(), static_cast<std::streamsize>(data.size()));
    }
    const std::string path = file.string();
    for (const Tool& tool : tools) {
      const auto output = run(tool.command + " " + shellQuote(path));
      if (!output) {
        HASHSCOPE_SKIP_PART("`" << tool.command << "` is not available here");
        continue;
      }
      INFO(tool.command << " on " << names[f] << " (" << size << " bytes)");
      const AlgorithmInfo& info = *findAlgorithm(tool.id);
      CHECK(*output == formatDigestLine(info, digestOf(tool.id, data), size, path, tool.tag) + "\n");
      ++compared;
    }
    // openssl dgst has its own layout; compare the digest itself.
    for (const std::string id : {"sha512-256", "sha3-256", "sha3-512", "blake2s-256"}) {
      const std::string flag = id == "blake2s-256" ? "-blake2s256" : "-" + id;
      const auto output = run("openssl dgst -r " + flag + " " + shellQuote(path));
      if (!output) {
        HASHSCOPE_SKIP_PART("`openssl dgst " << flag << "` is not available here");
        continue;
      }
      INFO("openssl dgst " << flag << " on " << names[f]);
      CHECK(output->substr(0, output->find(' ')) == toHex(digestOf(id, data)));
      ++compared;
    }
  }
  if (compared == 0)
    HASHSCOPE_SKIP("none of the tools (md5sum, sha*sum, b2sum, xxhsum, cksum, sum, openssl) is installed: "
                   "no digest line compared");
}
