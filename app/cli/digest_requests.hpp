// What `hash` and `check` do, however they were asked: by hashscope-cli's own commands, or by the name of
// a tool hashscope-cli was started as (md5sum, cksum ..., see tools.hpp), which decides the line formats,
// the list rules and how messages are worded.
#pragma once

#include "checklist.hpp"
#include "common.hpp"
#include "hashscope/hash.hpp"
#include "hashscope/types.hpp"
#include "hashscope/workload.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hashscope::cli {

// Who is speaking: hashscope-cli itself, or the tool it imitates.
enum class Tool { HashScope, Md5sum, Sha1sum, Sha224sum, Sha256sum, Sha384sum, Sha512sum, B2sum, Cksum, Sum, B3sum, Xxhsum };

// Messages of the GNU tools: the system's error texts ("No such file or directory") and names quoted as
// coreutils 9.11 quotes them; hashscope-cli's own commands use its sentences instead.
inline bool gnuWording(Tool tool)
{
  return tool != Tool::HashScope && tool != Tool::B3sum && tool != Tool::Xxhsum;
}

// How the tool names standard input in digest lines and lists: "-", or "stdin" (xxhsum).
inline std::string stdinNameOf(Tool tool)
{
  return tool == Tool::Xxhsum ? "stdin" : "-";
}

// A `hash` run: every file's digest lines, in argument order.
struct HashRequest {
  Tool tool = Tool::HashScope;
  std::vector<std::string> algorithms;   // ids, in the order their lines are printed
  std::vector<std::string> paths;        // "-" is stdin; none: stdin, named "-" (no name in cksum and sum lines)
  bool recursive = false;                // folders: every file under them (hashscope-cli hash -r)
  LinkPolicy links = LinkPolicy::Skip;   // -r: symbolic links under a folder (--follow: those that stay inside)
  int jobs = 1;                          // files hashed at a time
  std::uint64_t blockSize = 1 * MiB;
  DigestLineFormat format;               // tag, binary, escape, base64, crcNumbers
  char delimiter = '\n';                 // '\0' with -z
  bool raw = false;                      // the digest's bytes alone (cksum --raw, b3sum --raw)
  std::string stdinName = "-";           // xxhsum names stdin "stdin"
  bool dashIsStdin = true;               // false (xxhsum): a "-" among the paths is the file of that name
  bool littleEndian = false;             // xxhsum --little-endian: digests byte-reversed, tags with "_LE"
  Blake3Options blake3;                  // b3sum --keyed, --derive-key, --length
};
int hashFiles(Context& context, const HashRequest& request);

// A `check` run: every list, every line.
struct CheckRequest {
  Tool tool = Tool::HashScope;
  ListRules rules;
  std::vector<std::string> lists; // none: stdin
  bool quiet = false;             // no OK lines
  bool status = false;            // no output at all: the exit status tells
  bool warn = false;              // a message for each improperly formatted line
  bool strict = false;            // improperly formatted lines fail the check
  bool ignoreMissing = false;     // listed files that do not exist are skipped
  int jobs = 1;                   // entries checked at a time (results still in list order)
  bool dashIsStdin = true;        // false (xxhsum): a "-" among the lists is the file of that name
};
int checkLists(Context& context, const CheckRequest& request);

// md5sum's rule for --status, --warn and --quiet: each undoes the other two, so the last one given holds.
// True when `option` (a long name) was one of them.
inline bool applyReportOption(CheckRequest& request, std::string_view option)
{
  if (option != "status" && option != "warn" && option != "quiet")
    return false;
  request.status = option == "status";
  request.warn = option == "warn";
  request.quiet = option == "quiet";
  return true;
}

} // namespace hashscope::cli
