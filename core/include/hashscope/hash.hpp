// Hash algorithms: one Hasher interface over OpenSSL EVP, xxHash, ISA-L/zlib and our own small sums.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hashscope {

enum class AlgorithmFamily { Cryptographic, Checksum, Fast };
std::string_view toString(AlgorithmFamily family);

using Digest = std::vector<std::uint8_t>;

// What HashScope knows about one algorithm, including the implementation in use on this machine.
struct AlgorithmInfo {
  std::string id;              // as the CLI spells it: "md5", "sha512-256", "xxh3-64", "cksum" ...
  std::string displayName;     // "MD5", "SHA-512/256", "XXH3 (64-bit)" ...
  AlgorithmFamily family = AlgorithmFamily::Cryptographic;
  std::size_t digestBytes = 0;
  std::string implementation;  // e.g. "OpenSSL 3.0.19 (SHA-NI)", "ISA-L 2.30 (PCLMULQDQ)", "xxHash 0.8.1 (AVX2)"
  std::string peerTool;        // the coreutils-style tool whose output we match ("md5sum", "b2sum -l 512", "xxhsum -H3"), or empty
  unsigned threadsPerStream = 1; // cores one stream can use by default: 1, but BLAKE3 hashes one file on all cores
};

// Where the threads of a hasher that splits one stream (Hasher::updateFrom) get its bytes: each thread fetches
// its own pieces, at once with the others, so no thread hands bytes to another and no barrier waits for a reader.
class PieceSource {
public:
  // The most bytes one piece asks for: 64 KiB, hashed while it is still in the core's cache.
  static constexpr std::size_t kMaxPiece = 64 * 1024;
  // Calls use(arg, data) with the `size` bytes at `offset` of the stream (offsets count from the first byte of
  // the updateFrom call), read into `buffer` (room for kMaxPiece bytes) or seen where they already are. Called
  // from several threads at once. False when the bytes cannot be had (a read error, a file that got shorter, a
  // stop): `use` did not run, or did not run to its end, and the hasher gives the update up.
  virtual bool with(std::uint64_t offset, std::size_t size, std::uint8_t* buffer,
                    void (*use)(void* arg, const std::uint8_t* data), void* arg) = 0;

protected:
  ~PieceSource() = default;
};

// Incremental hashing of one stream. Not thread-safe: one Hasher per thread.
class Hasher {
public:
  virtual ~Hasher() = default;
  virtual void update(const void* data, std::size_t size) = 0;
  // Finishes and returns the digest in canonical byte order (as the reference tool prints it).
  // After finish(), call reset() before the next update().
  virtual Digest finish() = 0;
  virtual void reset() = 0;
  virtual const AlgorithmInfo& info() const = 0;
  // Threads this hasher uses for one stream: 1, except for a tree hash (BLAKE3) that splits one stream.
  virtual unsigned threadsPerStream() const { return 1; }
  // Whether updateFrom works: a hasher that splits one stream over threads, whose threads fetch their parts.
  virtual bool fetchesPieces() const { return false; }
  // Hashes the next `length` bytes of the stream, fetched from `source` piece by piece by the threads that hash
  // them. False when a fetch failed: the stream is broken, reset() before the next update. Where
  // !fetchesPieces(): false, nothing hashed.
  virtual bool updateFrom(std::uint64_t /*length*/, PieceSource& /*source*/) { return false; }
};

// Every algorithm, in a stable display order.
const std::vector<AlgorithmInfo>& allAlgorithms();
// nullptr when the id is unknown. Besides the listed ids, "blake2b-N" (N a multiple of 8 from 8 to 504:
// BLAKE2b with an N-bit digest, as `b2sum -l N` computes it) is found too.
const AlgorithmInfo* findAlgorithm(std::string_view id);
// The same entries (the same objects), for what the algorithm is without asking the libraries and the CPU
// which implementation runs it: `implementation` and `threadsPerStream` are filled in only once allAlgorithms()
// or findAlgorithm() was asked for the algorithm (read neither here). What a drop-in tool needs to read its
// command line and write its lines: md5sum FILE pays for no CPUID (microseconds each in a VM) and no OpenSSL
// start-up to say which implementation it did not use (issue 41). A Hasher's info() is such an entry.
const std::vector<AlgorithmInfo>& algorithmFacts();
const AlgorithmInfo* findAlgorithmFacts(std::string_view id);
// A fresh hasher, or nullptr when the id is unknown. Fast: EVP_MD objects are fetched once per process.
std::unique_ptr<Hasher> makeHasher(std::string_view id);

// BLAKE3's modes beyond the plain 32-byte hash, as b3sum's --keyed, --derive-key and --length choose them.
struct Blake3Options {
  std::optional<std::array<std::uint8_t, 32>> key; // the keyed hash with this key
  std::optional<std::string> context;               // key derivation with this context; never with `key`
  std::size_t length = 32;                          // output bytes: any length, from the extendable output
  bool operator==(const Blake3Options&) const = default;
};
// makeHasher(id), with `blake3` applied when id is "blake3" (other ids ignore it). A BLAKE3 hasher in a mode
// other than the default hashes on one thread (the tree split knows only the default mode).
std::unique_ptr<Hasher> makeHasher(std::string_view id, const Blake3Options& blake3);

// How many threads a tree hash (BLAKE3) may use for one stream, for hashers made from now on: 0 (the
// default) means all hardware threads, 1 the single-threaded library path. Process-wide, so that every
// caller of makeHasher (hash, check, bench) follows the CLI's --threads-per-file.
void setThreadsPerStream(unsigned threads);
// The setting resolved: >= 1.
unsigned threadsPerStreamLimit();

// The files of the libraries HashScope opens only when first needed (Linux: ISA-L, at the first checksum), each
// opened now: what a copy of this program for another machine must carry besides what ldd lists.
std::vector<std::string> librariesOpenedWhenNeeded();

std::string toHex(const Digest& digest);
// RFC 4648 base64 with '=' padding, as `cksum --base64` prints digests.
std::string toBase64(const Digest& digest);

// One output line exactly as the reference tool prints it for a file of `size` bytes:
//   md5/sha*/blake2*/xxh*:  "HEX  PATH"         (tag=false, the coreutils default)
//                           "ALGO (PATH) = HEX" (tag=true, the BSD --tag form)
//   cksum:                  "CRC SIZE PATH"      (decimal, as POSIX cksum)
//   sum-bsd:                "CKSUM BLOCKS PATH"  (as `sum -r`, 1 KiB blocks, 5-digit zero-padded checksum)
//   sum-sysv:               "CKSUM BLOCKS PATH"  (as `sum -s`, 512-byte blocks)
// No trailing newline.
std::string formatDigestLine(const AlgorithmInfo& algorithm, const Digest& digest,
                             std::uint64_t size, std::string_view path, bool tag);

// The options of md5sum, b2sum and cksum that change a line, beyond the algorithm's own form.
struct DigestLineFormat {
  bool tag = false;        // the BSD form "TAG (PATH) = DIGEST" (not for cksum and sum, which ignore it)
  bool binary = false;     // untagged coreutils lines: '*' before the name (md5sum -b), else ' '
  bool escape = true;      // the backslash escaping of names with '\', newline or CR; off for -z lines
  bool base64 = false;     // the digest in base64 (cksum --base64), not hex; not for cksum and sum
  bool name = true;        // false: no name at all (cksum and sum reading stdin without file operands)
  bool crcNumbers = false; // "CRC SIZE PATH" in decimal for a 32-bit checksum (cksum -a crc32b)
};
std::string formatDigestLine(const AlgorithmInfo& algorithm, const Digest& digest, std::uint64_t size,
                             std::string_view path, const DigestLineFormat& format);

// GNU coreutils' escaping of a file name in a checksum line: '\\', "\n" and "\r" for a backslash, newline
// and carriage return (the caller starts such a line with '\'). Used to write lines and to read them back.
bool nameNeedsEscape(std::string_view name);
std::string escapeName(std::string_view name);

// The same escaping widened to printable text for messages and exports: also "\t", "\xHH" for every other
// control byte and, with `invalidUtf8`, for each byte outside well-formed UTF-8. Reversible (a backslash always
// starts an escape): callers quote only names that need it, and mark that they did.
std::string quoteName(std::string_view name, bool invalidUtf8);
bool hasControlChars(std::string_view text);
bool isValidUtf8(std::string_view text);
// The Unicode controls that reorder the text after them on screen (U+061C, U+200E, U+200F, U+202A-U+202E,
// U+2066-U+2069: bidi marks, embeddings, overrides and isolates), each written as "\u202e": an imported name
// holding U+202E cannot show the "805 MB/s" that follows it as "508 s/BM".
std::string withoutBidiControls(std::string_view text);
// Text fit for a CSV cell read on a terminal: withoutBidiControls, and every control character but the line
// breaks and tab a cell may hold (CR, LF, TAB: quoted, they read back unchanged) written as "\xHH" (C0, DEL,
// and C1 as UTF-8 C2 80-C2 9F: ESC and BEL can retitle, recolour or move what a terminal shows).
std::string visibleText(std::string_view text);
// `text` with every ill-formed UTF-8 sequence (each maximal part of one, as Unicode's "substitution of maximal
// subparts" says and Rust's String::from_utf8_lossy does) replaced by U+FFFD: how b3sum prints a name.
std::string lossyUtf8(std::string_view text);

}  // namespace hashscope
