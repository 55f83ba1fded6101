#include "help.hpp"

namespace hashscope::cli {

namespace {

constexpr std::string_view kOverview = R"(Usage: hashscope-cli COMMAND [OPTIONS]...
Measure how fast this machine hashes files, and whether the disk or the CPU holds it back.

Commands:
  hash        print digests of files, exactly like md5sum, sha256sum, b2sum, xxhsum, cksum, sum
  check       verify a checksum list, like md5sum -c
  bench       benchmark reading and hashing at a storage location, with a bottleneck verdict
  sample      create, list or remove HashScope's sample files
  algorithms  list the algorithms and the implementation in use on this machine
  locations   list the storage locations worth testing on this machine
  history     the saved runs: list, show, compare, export, import, remove
  plan        what hashing DATA in TIME needs, and what this machine would take
  install-links DIR  links named md5sum, sha1sum ... sha512sum, b2sum, b3sum, xxhsum, cksum, sum: started
              by such a name, hashscope-cli is that tool (same options, output, messages), plus -j N

Options:
  -h, --help     show this help (COMMAND --help shows the help of a command)
  -V, --version  show the version

Exit status: 0 success, 1 some file or run failed, 2 bad usage, 130 interrupted (Ctrl-C, SIGINT),
143 terminated (SIGTERM). An interrupt stops any command within a second and removes its partial files.
)";

constexpr std::string_view kHash =
    R"(Usage: hashscope-cli hash -a ALGO [-a ALGO]... [-r] [-j N] [OPTIONS] [PATH]...
Print the digest of each file, in the format of the algorithm's reference tool (md5sum, sha256sum,
b2sum, b3sum, xxhsum, cksum, sum), so the output can be compared byte for byte. With several algorithms
every line uses the BSD form "ALGO (PATH) = HEX". With no PATH, or when PATH is -, read stdin (cksum and
sum lines then name nothing, as those tools do).

Options:
  -a, --algorithm ALGO  algorithm to use (repeatable, or comma-separated; see: hashscope-cli algorithms);
                        cksum's names work too: blake2b, sha2 and sha3 with -l
  -l, --length BITS     digest length for -a blake2b (a multiple of 8 up to 512, like b2sum -l),
                        sha2 or sha3 (224, 256, 384 or 512)
  -r, --recursive       hash every file under each folder, sorted by path (like md5deep -r); symbolic
                        links under a folder are not followed (as md5deep -r and find do)
      --follow          with -r: follow the symbolic links whose target stays inside the folder (a link
                        out of it, to / or ../elsewhere, is never followed)
  -j, --jobs N          hash N files at a time (output order stays the same)
      --tag             BSD-style lines "ALGO (PATH) = HEX"; --untagged undoes it
  -b, --binary          '*' before the name (md5sum -b); -t, --text: ' ' (the default)
  -z, --zero            end each line with NUL, not newline, and do not escape names
      --base64          digests in base64, not hex (cksum --base64)
      --raw             the digest's bytes alone (one algorithm, one file)
      --block-size SIZE bytes per read (default 1M; --jobs x 4 blocks must fit in half of the RAM;
                        cached files copied on the hashing thread: pieces of at most 64K)
      --threads-per-file N  threads for one file (BLAKE3 only; default: all cores, like b3sum)
  -h, --help            show this help

Devices and FIFOs given as PATH are read to their end, like md5sum /dev/null and md5sum <(command)
(Ctrl-C stops one that never ends); under a folder (-r) they are skipped. Output is written in blocks
of whole lines, so instances writing into one pipe never tear each other's lines.
Exit status 1 when any file failed.
)";

constexpr std::string_view kCheck = R"(Usage: hashscope-cli check [-a ALGO [-l BITS]] [OPTIONS] FILE...
Read checksum lists (as written by md5sum, sha*sum, b2sum, cksum, xxhsum or hashscope-cli hash) and check
each file: "PATH: OK", "PATH: FAILED" or "PATH: FAILED open or read", exactly as md5sum -c prints them
(coreutils 9.11: names quoted the shell's way where needed, 'a b': OK). Lines may be "HEX  PATH",
"HEX *PATH", "HEX PATH" (md5 -r), BSD tags "ALGO (PATH) = HEX" (hex or base64) or OpenSSL's
"ALGO(PATH)= HEX". The algorithm comes from the tag, from -a, or from the length of the digest; when a
length fits several (32 hex digits: md5, xxh3-128; 64: sha256, sha512-256, sha3-256, sm3, blake2s-256;
128: sha512, blake2b-512, sha3-512; 16: xxh64, xxh3-64; 8: xxh32, crc32, crc32c, adler32), a file is OK
when any of them matches. FILE - reads the list from stdin; a list may be a pipe: check <(cat list).

Options:
  -a, --algorithm ALGO  the algorithm of untagged lines (blake2b, sha2, sha3 with -l BITS)
      --ignore-missing  don't fail or report status for missing files
      --quiet           don't print OK for each successfully verified file
      --status          don't output anything, status code shows success
      --strict          exit non-zero for improperly formatted checksum lines
  -w, --warn            warn about improperly formatted checksum lines
  -j, --jobs N          check N files at a time (the output stays in list order)
  -h, --help            show this help
(--status, --warn and --quiet undo each other: the last one given holds, as in md5sum.)

Exit status 1 when any file failed or could not be read, a list had no valid line or (--ignore-missing)
verified no file, or (--strict) had an improperly formatted line.
)";

constexpr std::string_view kInstallLinks = R"(Usage: hashscope-cli install-links DIR
Make links to this hashscope-cli in DIR named md5sum, sha1sum, sha224sum, sha256sum, sha384sum,
sha512sum, b2sum, b3sum, xxhsum, cksum and sum. Started by one of those names, hashscope-cli is that tool:
the same options, output, messages (starting with that name) and exit statuses, plus -j N to hash (or with
-c check) N files at a time. An existing file in DIR is never replaced. To use the links before coreutils' own tools, put
DIR first in PATH (for example DIR=~/.local/hashscope/bin and PATH="$DIR:$PATH").
)";

constexpr std::string_view kBench = R"(Usage: hashscope-cli bench [--location DIR]... [OPTIONS]
       hashscope-cli bench --data PATH [OPTIONS]
Create (or reuse) a sample file at each location and measure reading and hashing it, then say what
limited the speed (cpu-bound, io-bound, memory-bound, mixed) with the numbers behind the verdict.
With --data, measure a file or folder you already have instead, where it is: nothing is written, so
a read-only disk, a NAS share, an archive or a photo library can be measured.

Options:
  -l, --location DIR     folder to test (repeatable; default: the system temp folder)
      --data PATH        existing data instead of samples: a file (read, hash-memory, hash-file) or a
                         folder (a read of every file under it, hash-memory, hash-tree like md5deep -r);
                         writes nothing; not with --location, --size, --content, --keep-sample, -w write.
                         Symbolic links under a folder are not followed, and a file or folder that
                         cannot be read is named and makes the exit status 1
      --follow           --data: follow the symbolic links whose target stays inside the folder (a link
                         out of it, to / or ../elsewhere, is never followed)
  -a, --algorithm ALGO   algorithm (repeatable; default: md5 sha256 xxh3-64 crc32)
  -w, --workload NAME    memory, hash-memory, write, read, hash-file, hash-tree (repeatable;
                         default: read, hash-memory, hash-file)
  -s, --size SIZE        sample file size (default 256M)
      --content KIND     random (default), zeros or text
  -j, --streams N        parallel streams (default 1)
      --cache MODE       cold (default), warm or as-is
      --block-size SIZE  bytes per read/update (default 1M; streams x (queue depth + 1) blocks must fit
                         in half of the RAM; cached files copied on the hashing thread: pieces of at
                         most 64K, each hashed while it is in the core's cache)
      --read-path HOW    how files are read: auto (default: one read() for small files, mapped pages
                         for cached files to hash where this machine maps pages for less CPU than it
                         copies them (measured once at start: not under shadow paging, for one),
                         read() copies otherwise, for cold reads and -w read), copy (read() into
                         buffers) or mapped (the page cache's pages; -w read then touches every byte;
                         not for cold reads of a disk)
      --queue-depth N    reads in flight per stream for cold (direct) reads, 1..64 (default 3), like
                         fio --iodepth
  -d, --duration SEC     duration of memory and hash-memory runs (default 1, at most 86400: a day)
      --suite            the full suite: read (cold), hash-memory, hash-file (cold), then the options below
                         (plain bench runs the same way, over the workloads listed with -w)
      --warm             add hash-file with a warm cache
      --ramp             add hash-file with 1, 2, 4 ... N streams (N: --max-streams, default logical cores)
      --max-streams N    top of the ramp
      --peers            add the installed peer tools (md5sum, openssl, xxhsum ...) on the same sample
      --sample-hz HZ     CPU/disk samples per second (default 10; 0 = no sampling; at most 1000)
      --keep-sample      keep the sample files this run created (reused ones are always kept)
      --passes N         run every step N times in the same cache state; report the median and
                         the slowest and fastest pass (default 1)
      --preset NAME      quick (1 pass), standard (3 passes) or thorough (5 passes)
      --wait-quiet       before each step, wait until other processes leave the CPU idle
      --quiet-timeout SEC  ...but no longer than SEC (default 30; implies --wait-quiet)
  -f, --format FMT       table (default), csv or json
  -o, --output FILE      write the results to FILE (never overwrites an existing file; - is stdout).
                         If FILE cannot be written (a full disk), the results go to stdout instead
      --force            allow --output to replace an existing file (only once the new one is complete)
      --no-save          do not save this run in the history (see: hashscope-cli history --help)
      --history-db FILE  save in this history file instead
      --progress-lines   a line on stderr as each step starts (what --host shows of each machine)
  -h, --help             show this help

Other machines over ssh (OpenSSH's client, your keys, agent and ~/.ssh/config; never a password):
      --host [USER@]HOST[:PORT]  run this benchmark there (repeatable); every option above but -f and -o
                         passes on. Where hashscope-cli of this version is not on its PATH, a bundle
                         (bin/, lib/) is copied into a fresh temporary folder there, removed afterwards
                         (also on failure, Stop and Ctrl-C). Each machine's run is saved in the history
                         under its name; the report shows each machine and the fleet's sum
      --hosts-parallel   run on every host at once (default: one after another)
      --bundle DIR       the bundle to copy (tests/bench/bundle.sh's layout; default: this build's
                         hashscope-cli and its libraries, for hosts of this machine's platform)
      --ssh-config FILE  give ssh this configuration file (ssh -F) instead of ~/.ssh/config
      --host-timeout S   how long a machine may take to say what it is before it is given up
                         (default 60 s)
)";

constexpr std::string_view kSample =
    R"(Usage: hashscope-cli sample create|list|remove --location DIR [OPTIONS]
Manage HashScope's sample files (named hashscope-sample-*.bin and marked by HashScope with an extended
attribute, or a hidden .hashscope file where the filesystem keeps none). Nothing else is ever removed,
nor a sample another HashScope is using.

  sample create --location DIR [--size SIZE] [--content random|zeros|text]
                create a sample (reuses an existing one of the same size and content)
  sample list   --location DIR
                list the samples in DIR, files only named like one, and partial files
  sample remove --location DIR [--size SIZE --content KIND | --all [--size SIZE] [--content KIND]]
                remove one sample, or every sample (and partial file left by a stopped run) with --all
  sample remove FILE...
                remove these files, only if they are HashScope samples

Options:
  -l, --location DIR   the folder, once (default: the system temp folder)
  -s, --size SIZE      sample size (default 256M); with --all: only samples of this size
      --content KIND   random (default), zeros or text; with --all: only samples of this content
      --all            remove: every sample in the folder (narrowed by --size and --content)
  -h, --help           show this help
)";

constexpr std::string_view kHistory = R"(Usage: hashscope-cli history ACTION [OPTIONS] [ID]...
Every bench run (finished or stopped) is saved in the history, the same SQLite file the app uses:
$HASHSCOPE_HISTORY_DB, else ~/.local/share/HashScope/HashScope/history.sqlite on Linux
(~/Library/Application Support/HashScope/HashScope on macOS, %APPDATA%\HashScope\HashScope on Windows).

Actions:
  list                   the saved runs, newest first (* marks the baseline)
  show ID                one run: its machine and every result with its passes
  compare [BASE] [OTHER] each result's change in %: faster, slower or within the spread of its passes
                         (a single pass: +-3%); one ID compares it with the baseline, none the newest run
  export ID              the run's hashscope.run JSON (with timestamps and machine), to move it elsewhere
  import FILE...         add runs exported here or on another machine (each file on its own: a bad one
                         is reported and the others imported; a file already in the history is not
                         imported again). A run file is at most 256 MiB; every number in it is checked
  remove ID...           delete runs (all of them, or none when an ID is not in the history)
  rename ID NAME         name or tag a run ("" removes the name)
  baseline [ID|--clear]  set, show or clear the run that new runs are compared with

Options:
  -f, --format FORMAT    table (default), csv or json (list, show, compare)
  -o, --output FILE      export: write FILE (never overwrites without --force)
      --name NAME        import: name the imported runs
      --allow-duplicate  import: store a run again even when the history already holds the same file
      --history-db FILE  use this history file instead
  -h, --help             show this help

Reading actions (list, show, compare, export, baseline without ID) never create a history file.
Strings from a run (an imported one above all) are shown with control characters escaped; CSV cells
that would start a spreadsheet formula (= + - @, a tab or CR) begin with a ' (OWASP's advice).
)";

constexpr std::string_view kPlan = R"(Usage: hashscope-cli plan --data SIZE --time DURATION [-a ALGO] [--run ID... | --file RUN.json]
Plan from measured numbers: to hash SIZE in DURATION, the throughput needed, the cores at the measured
per-core hash speed, the storage read speed needed; then what this machine would take (time, and
whether hashing or storage limits it), and which measured algorithms would meet the target here.
The numbers come from a saved run (default: the newest that measured hash-memory; bench
-w hash-memory -j N measures how hashing scales with streams, -w read the storage).

Options:
      --data SIZE        1T, 500G, 1.5TB (decimal, T = 10^12 bytes) or 2TiB, 64MiB (binary)
      --time DURATION    90s, 1m, 1h30m, 2d, or seconds
  -a, --algorithm ALGO   the algorithm to plan for (default: all measured ones)
      --run ID           the run to use (see: hashscope-cli history list); given several times, the runs
                         are a fleet, one machine each (as bench --host saves them), and the plan says
                         how many machines like these the target needs (table only, with -a ALGO)
      --file RUN.json    a run exported as JSON instead of the history
  -f, --format FORMAT    table (default) or json
      --history-db FILE  use this history file instead
  -h, --help             show this help

Exit status 1 when the algorithm asked for was not measured in the run.
)";

constexpr std::string_view kAlgorithms = R"(Usage: hashscope-cli algorithms [--format table|csv]
List every algorithm: id (as -a spells it), family, digest bits, the implementation in use on this
machine, and the reference tool whose output `hashscope-cli hash` matches.
)";

constexpr std::string_view kLocations = R"(Usage: hashscope-cli locations [--format table|csv] [PATH]...
List the storage locations worth testing (the home and temp folders, mounted, writable, local volumes,
and every network and FUSE mount, writable or not), or describe the given PATHs: mount point,
filesystem, device, kind (SSD, HDD, RAM, network, fuse ...), free and total space, and whether this user
can write there. A network or FUSE location's device column names its server and link, as in
  network: nfs4 from nas:/export over eth0 (1 Gb/s)
  FUSE: gocryptfs from /home/u/c
A share that does not answer within a second is reported on stderr instead of holding up the list.
)";

} // namespace

std::string_view helpText(std::string_view command)
{
  if (command.empty())
    return kOverview;
  if (command == "hash")
    return kHash;
  if (command == "check")
    return kCheck;
  if (command == "bench")
    return kBench;
  if (command == "sample")
    return kSample;
  if (command == "algorithms")
    return kAlgorithms;
  if (command == "locations")
    return kLocations;
  if (command == "history")
    return kHistory;
  if (command == "install-links")
    return kInstallLinks;
  if (command == "plan")
    return kPlan;
  return {};
}

} // namespace hashscope::cli
