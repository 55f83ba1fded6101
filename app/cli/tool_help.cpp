// --help and --version of the tools hashscope-cli can be started as, worded as coreutils 9.11 words them
// (cksum's list of digests is read by coreutils' own tests), with HashScope's additions.
#include "tools.hpp"

#include "hashscope/types.hpp"

namespace hashscope::cli {

namespace {

std::string option(std::string_view names, std::string_view text)
{
  return "  " + std::string(names) + "\n         " + std::string(text) + "\n";
}

constexpr std::string_view kJobs = "  -j, --jobs=N\n"
                                   "         hash N files at a time (HashScope); the output order stays the same\n";
constexpr std::string_view kJobsCheck = "  -j, --jobs=N\n"
                                        "         hash, or with --check verify, N files at a time (HashScope);\n"
                                        "         the output order stays the same\n";
constexpr std::string_view kHelpVersion = "      --help\n         display this help and exit\n"
                                          "      --version\n         output version information and exit\n";

std::string checkOptions()
{
  return "\nThe following five options are useful only when verifying checksums:\n" +
         option("    --ignore-missing", "don't fail or report status for missing files") +
         option("    --quiet", "don't print OK for each successfully verified file") +
         option("    --status", "don't output anything, status code shows success") +
         option("    --strict", "exit non-zero for improperly formatted checksum lines") +
         option("-w, --warn", "warn about improperly formatted checksum lines") + "\n";
}

std::string gnuHelp(Tool tool, const std::string& program)
{
  std::string text = "Usage: " + program + " [OPTION]... [FILE]...\n";
  const bool cksum = tool == Tool::Cksum;
  const bool b2sum = tool == Tool::B2sum;
  struct Facts {
    Tool tool;
    std::string_view type;
    int bits;
    std::string_view reference;
  };
  static constexpr Facts kFacts[] = {{Tool::Md5sum, "MD5", 128, "RFC 1321"},     {Tool::Sha1sum, "SHA1", 160, "FIPS-180-1"},
                                     {Tool::Sha224sum, "SHA224", 224, "RFC 3874"}, {Tool::Sha256sum, "SHA256", 256, "FIPS-180-2"},
                                     {Tool::Sha384sum, "SHA384", 384, "FIPS-180-2"}, {Tool::Sha512sum, "SHA512", 512, "FIPS-180-2"},
                                     {Tool::B2sum, "BLAKE2b", 512, "RFC 7693"}};
  const Facts* facts = nullptr;
  for (const auto& f : kFacts)
    if (f.tool == tool)
      facts = &f;
  if (cksum)
    text += "Print or verify checksums.\nBy default use the 32 bit CRC algorithm.\n";
  else
    text += "Print or check " + std::string(facts->type) + " (" + std::to_string(facts->bits) + "-bit) checksums.\n";
  text += "\nWith no FILE, or when FILE is -, read standard input.\n";
  if (cksum || b2sum)
    text += "\nMandatory arguments to long options are mandatory for short options too.\n";
  if (cksum) {
    text += option("-a, --algorithm=TYPE", "select the digest type to use.  See DIGEST below");
    text += option("    --base64", "emit base64-encoded digests, not hexadecimal");
  } else {
    text += option("-b, --binary", "read in binary mode");
  }
  text += option("-c, --check", "read checksums from the FILEs and check them");
  if (cksum || b2sum)
    text += "  -l, --length=BITS\n         digest length in bits; must not exceed the max size\n"
            "         and must be a multiple of 8 for blake2b;\n"
            "         must be 224, 256, 384, or 512 for sha2 or sha3\n";
  if (cksum) {
    text += option("    --raw", "emit a raw binary digest, not hexadecimal");
    text += option("    --tag", "create a BSD-style checksum (the default)");
    text += option("    --untagged", "create a reversed style checksum, without digest type");
  } else {
    text += option("    --tag", "create a BSD-style checksum");
    text += option("-t, --text", "read in text mode (default)");
  }
  text += "  -z, --zero\n         end each output line with NUL, not newline,\n"
          "         and disable file name escaping\n";
  text += checkOptions();
  if (cksum)
    text += option("    --debug", "indicate which implementation used");
  text += kJobsCheck;
  text += kHelpVersion;
  if (cksum) {
    text += "\nDIGEST determines the digest algorithm and default output format:\n"
            "  sysv      (equivalent to sum -s)\n"
            "  bsd       (equivalent to sum -r)\n"
            "  crc       (equivalent to cksum)\n"
            "  crc32b    (only available through cksum)\n"
            "  md5       (equivalent to md5sum)\n"
            "  sha1      (equivalent to sha1sum)\n"
            "  sha2      (equivalent to sha{224,256,384,512}sum)\n"
            "  sha3      (only available through cksum)\n"
            "  blake2b   (equivalent to b2sum)\n"
            "  sm3       (only available through cksum)\n\n"
            "When checking, the input should be a former output of this program,\n"
            "or equivalent standalone program.\n";
  } else {
    text += "\nThe sums are computed as described in " + std::string(facts->reference) + ".\n" +
            "When checking, the input should be a former output of this program.\n"
            "The default mode is to print a line with: checksum, a space,\n"
            "a character indicating input mode ('*' for binary, ' ' for text\n"
            "or where binary is insignificant), and name for each FILE.\n\n"
            "There is no difference between binary mode and text mode on GNU systems.\n";
  }
  return text;
}

} // namespace

std::string toolHelp(Tool tool, const std::string& program)
{
  std::string text;
  switch (tool) {
  case Tool::Sum:
    text = "Usage: " + program + " [OPTION]... [FILE]...\nPrint or check BSD (16-bit) checksums.\n\n"
           "With no FILE, or when FILE is -, read standard input.\n" +
           option("-r", "use BSD sum algorithm (the default), use 1K blocks") +
           option("-s, --sysv", "use System V sum algorithm, use 512 bytes blocks") + std::string(kJobs) +
           std::string(kHelpVersion);
    break;
  case Tool::B3sum:
    text = "Usage: " + program + " [OPTIONS] [FILE]...\n"
           "Print or check BLAKE3 checksums. With no FILE, or when FILE is -, read standard input.\n\n"
           "  -c, --check            read BLAKE3 sums from the FILEs and check them\n"
           "      --quiet            don't print OK for each successfully verified file (with --check)\n"
           "      --no-names         omit file names in the output\n"
           "      --raw              write the raw digest bytes (one file only; implies --no-names)\n"
           "  -l, --length LEN       the number of output bytes, before hex encoding (default 32)\n"
           "      --keyed            the keyed mode: the key is exactly 32 raw bytes on standard input,\n"
           "                         so FILEs must be named\n"
           "      --derive-key CONTEXT  the key derivation mode with this context (not with --keyed)\n"
           "      --num-threads N    the most threads to use for one file (default: all cores; one\n"
           "                         with --length, --keyed or --derive-key)\n"
           "      --no-mmap          accepted; reading needs no mapping to be turned off\n"
           "  -j, --jobs N           hash or check N files at a time (HashScope)\n"
           "  -h, --help             display this help and exit\n"
           "  -V, --version          output version information and exit\n";
    break;
  case Tool::Xxhsum:
    text = "Usage: " + program + " [options] [files]\n"
           "Print or verify checksums using fast non-cryptographic algorithm xxHash.\n"
           "When no filename provided or when '-' is provided, uses stdin as input.\n\n"
           "  -H#              algorithm selection: 0,1,2,3 or 32,64,128 (default: 1)\n"
           "  -c, --check      read xxHash checksum from [files] and check them\n"
           "      --tag        produce BSD-style checksum lines\n"
           "      --little-endian  checksum values use little endian convention (default: big endian)\n"
           "  -q, --quiet      don't print OK for each successfully verified file\n"
           "      --status     don't output anything, status code shows success\n"
           "      --strict     exit non-zero for improperly formatted checksum lines\n"
           "      --warn       warn about improperly formatted checksum lines\n"
           "  -j, --jobs N     hash or check N files at a time (HashScope)\n"
           "  -h, --help       display this help and exit\n"
           "  -V, --version    output version information and exit\n\n"
           "The benchmark (-b) is hashscope-cli bench.\n";
    break;
  default:
    text = gnuHelp(tool, program);
    break;
  }
  return text + "\nThis is hashscope-cli (HashScope " + std::string(version()) + ") started as " +
         std::string(toolName(tool)) + ": same output, messages and exit statuses.\n";
}

std::string toolVersion(Tool tool)
{
  return std::string(toolName(tool)) + " (HashScope) " + std::string(version()) + "\n" +
         "hashscope-cli started as " + std::string(toolName(tool)) +
         "; see hashscope-cli --help.\nLicense GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.\n";
}

} // namespace hashscope::cli
