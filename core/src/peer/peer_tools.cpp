// findPeerTools() and runPeerTool(): the installed tools users compare against, run and checked.
#include "peer/peer_tools.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <ranges>

#include "hashscope/files.hpp"
#include "hashscope/peer.hpp"
#include "peer/process.hpp"

namespace hashscope {

namespace peer {

namespace {

CatalogueEntry hexTool(std::string name, std::string algorithm, std::string program,
                       std::vector<std::string> arguments = {})
{
  return {std::move(name), std::move(algorithm), std::move(program), std::move(arguments), OutputFormat::HexFirst};
}

std::vector<CatalogueEntry> buildCatalogue()
{
  std::vector<CatalogueEntry> c;
  for (const char* alg : {"md5", "sha1", "sha224", "sha256", "sha384", "sha512"})
    c.push_back(hexTool(std::string(alg) + "sum", alg, std::string(alg) + "sum"));
  c.push_back(hexTool("b2sum", "blake2b-512", "b2sum"));
  c.push_back({"cksum", "cksum", "cksum", {}, OutputFormat::Decimal});
  c.push_back({"sum-bsd", "sum-bsd", "sum", {"-r"}, OutputFormat::Decimal});
  c.push_back({"sum-sysv", "sum-sysv", "sum", {"-s"}, OutputFormat::Decimal});
  // openssl dgst -r prints the coreutils form ("HEX *FILE").
  const std::pair<const char*, const char*> openssl[] = {
      {"md5", "-md5"},           {"sha1", "-sha1"},         {"sha224", "-sha224"},
      {"sha256", "-sha256"},     {"sha384", "-sha384"},     {"sha512", "-sha512"},
      {"sha512-256", "-sha512-256"}, {"sha3-256", "-sha3-256"}, {"sha3-512", "-sha3-512"},
      {"blake2b-512", "-blake2b512"}, {"blake2s-256", "-blake2s256"}};
  for (const auto& [alg, flag] : openssl)
    c.push_back(hexTool(std::string("openssl-") + alg, alg, "openssl", {"dgst", flag, "-r"}));
  for (const char* alg : {"md5", "sha1", "sha256"})
    c.push_back(hexTool(std::string(alg) + "deep", alg, std::string(alg) + "deep"));
  for (const char* alg : {"md5", "sha1", "sha256"})
    c.push_back({std::string("hashdeep-") + alg, alg, "hashdeep", {"-c", alg}, OutputFormat::Hashdeep});
  // xxhsum -q: no progress line on stderr. -H2 is XXH128, -H3 the 64-bit XXH3 (xxHash 0.8).
  const std::pair<const char*, const char*> xxh[] = {
      {"xxh32", "-H0"}, {"xxh64", "-H1"}, {"xxh3-128", "-H2"}, {"xxh3-64", "-H3"}};
  for (const auto& [alg, flag] : xxh)
    c.push_back(hexTool(std::string("xxhsum-") + alg, alg, "xxhsum", {"-q", flag}));
  c.push_back(hexTool("b3sum", "blake3", "b3sum"));
  return c;
}

std::string lower(std::string_view text)
{
  std::string out(text);
  for (char& ch : out)
    ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

bool isHex(std::string_view text)
{
  return !text.empty() && std::ranges::all_of(text, [](unsigned char ch) { return std::isxdigit(ch) != 0; });
}

bool isDecimal(std::string_view text)
{
  return !text.empty() && std::ranges::all_of(text, [](unsigned char ch) { return std::isdigit(ch) != 0; });
}

std::string_view firstToken(std::string_view line)
{
  const auto begin = line.find_first_not_of(" \t\r");
  if (begin == std::string_view::npos)
    return {};
  line.remove_prefix(begin);
  return line.substr(0, line.find_first_of(" \t\r"));
}

// The lines of `output`, without the progress junk some tools leave before a '\r'.
std::vector<std::string_view> linesOf(std::string_view output)
{
  std::vector<std::string_view> lines;
  while (!output.empty()) {
    const auto end = output.find('\n');
    std::string_view line = output.substr(0, end);
    if (const auto cr = line.find_last_of('\r'); cr != std::string_view::npos && cr + 1 < line.size())
      line.remove_prefix(cr + 1);
    if (line.find_first_not_of(" \t\r") != std::string_view::npos)
      lines.push_back(line);
    if (end == std::string_view::npos)
      break;
    output.remove_prefix(end + 1);
  }
  return lines;
}

}  // namespace

const std::vector<CatalogueEntry>& catalogue()
{
  static const std::vector<CatalogueEntry> entries = buildCatalogue();
  return entries;
}

const CatalogueEntry* catalogueEntry(std::string_view name)
{
  const auto found = std::ranges::find(catalogue(), name, &CatalogueEntry::name);
  return found == catalogue().end() ? nullptr : &*found;
}

std::optional<std::string> parseDigest(std::string_view output, OutputFormat format)
{
  for (std::string_view line : linesOf(output)) {
    switch (format) {
    case OutputFormat::Hashdeep: {
      if (line.rfind("%%%%", 0) == 0 || line.rfind("##", 0) == 0)
        continue;
      const auto first = line.find(',');
      const auto second = first == std::string_view::npos ? first : line.find(',', first + 1);
      if (second == std::string_view::npos)
        continue;
      const std::string_view hex = line.substr(first + 1, second - first - 1);
      if (isHex(hex))
        return lower(hex);
      continue;
    }
    case OutputFormat::Decimal: {
      const std::string_view number = firstToken(line);
      if (isDecimal(number))
        return std::string(number);
      continue;
    }
    case OutputFormat::HexFirst: {
      // The BSD tag form "ALGO (FILE) = HEX" (xxhsum -H3 prints it even without --tag).
      if (const auto eq = line.rfind(") = "); eq != std::string_view::npos) {
        const std::string_view hex = firstToken(line.substr(eq + 4));
        if (isHex(hex))
          return lower(hex);
      }
      std::string_view token = firstToken(line);
      if (!token.empty() && token.front() == '\\')  // coreutils marks escaped file names with a leading '\'
        token.remove_prefix(1);
      if (isHex(token))
        return lower(token);
      continue;
    }
    }
  }
  return std::nullopt;
}

bool digestsEqual(const std::string& toolDigest, const std::string& hashscopeHex, OutputFormat format)
{
  if (toolDigest.empty() || hashscopeHex.empty())
    return false;
  if (format == OutputFormat::Decimal) {
    if (!isHex(hashscopeHex) || hashscopeHex.size() > 16 || !isDecimal(toolDigest) || toolDigest.size() > 20)
      return false;
    return std::strtoull(toolDigest.c_str(), nullptr, 10) == std::strtoull(hashscopeHex.c_str(), nullptr, 16);
  }
  return lower(toolDigest) == lower(hashscopeHex);
}

std::filesystem::path findProgram(std::string_view program, const std::vector<std::filesystem::path>& dirs)
{
  for (const auto& dir : dirs) {
    for (const std::string& suffix : executableSuffixes()) {
      const auto candidate = dir / (std::string(program) + suffix);
      if (isExecutableFile(candidate))
        return candidate;
    }
  }
  return {};
}

std::vector<std::filesystem::path> pathDirectories()
{
  std::vector<std::filesystem::path> dirs;
  if (const std::optional<std::string> path = pathVariableUtf8()) {
    for (const auto piece : std::views::split(*path, pathListSeparator())) {
      if (const std::string_view dir(piece.begin(), piece.end()); !dir.empty())
        dirs.push_back(pathFromUtf8(dir));
    }
  }
  return dirs;
}

}  // namespace peer

std::vector<PeerTool> findPeerTools(const std::string& algorithm)
{
  const std::vector<std::filesystem::path> dirs = peer::pathDirectories();
  std::vector<PeerTool> tools;
  for (const peer::CatalogueEntry& entry : peer::catalogue()) {
    if (!algorithm.empty() && entry.algorithm != algorithm)
      continue;
    const std::filesystem::path found = peer::findProgram(entry.program, dirs);
    if (!found.empty())
      tools.push_back({entry.name, entry.algorithm, found, entry.arguments});
  }
  return tools;
}

}  // namespace hashscope
