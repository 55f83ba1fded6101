// The catalogue of peer tools and how to read each one's output (internal: exposed for tests).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hashscope::peer {

// How a tool prints its digest.
enum class OutputFormat {
  HexFirst,   // "HEX  FILE" (coreutils, *deep, b3sum, xxhsum, openssl -r "HEX *FILE"); also "ALGO (FILE) = HEX"
  Decimal,    // "NUMBER SIZE FILE" (cksum, sum): the first field, in decimal
  Hashdeep,   // "%%%%" and "##" header lines, then "SIZE,HEX,FILE"
};

// One tool HashScope knows how to run.
struct CatalogueEntry {
  std::string name;                    // "openssl-md5"
  std::string algorithm;               // HashScope's id ("md5"; b3sum: "blake3")
  std::string program;                 // looked up on PATH ("openssl")
  std::vector<std::string> arguments;  // before the file name
  OutputFormat format = OutputFormat::HexFirst;
};

const std::vector<CatalogueEntry>& catalogue();
const CatalogueEntry* catalogueEntry(std::string_view name);

// The digest a tool printed (as printed, lower-cased hex or decimal), or nullopt when there is none.
std::optional<std::string> parseDigest(std::string_view output, OutputFormat format);

// True when a tool's digest equals HashScope's hex digest (decimal sums compared as numbers).
bool digestsEqual(const std::string& toolDigest, const std::string& hashscopeHex, OutputFormat format);

}  // namespace hashscope::peer
