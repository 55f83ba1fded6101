// The engine's window on the operating system's files: cache-controlled reads, exclusive writes, eviction.
// One implementation per OS (file_io_linux.cpp, file_io_mac.cpp, file_io_win.cpp), chosen by CMake.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

namespace hashscope::platform {

// Page-aligned (or more) heap memory, as direct I/O needs. Freed with the platform's matching call.
struct AlignedDeleter {
  void operator()(std::byte* p) const noexcept;
};
using AlignedBuffer = std::unique_ptr<std::byte[], AlignedDeleter>;
// nullptr when the allocation fails. `alignment` must be a power of two.
AlignedBuffer allocateAligned(std::size_t size, std::size_t alignment);

// How a file should be opened for reading.
enum class ReadMode {
  Cached,  // through the page cache, with a sequential-access hint
  Direct,  // bypass the page cache where the filesystem allows it (O_DIRECT, F_NOCACHE, NO_BUFFERING)
};

// What opening with ReadMode::Direct achieved.
enum class DirectResult {
  NotAsked,      // opened cached, as asked
  Direct,        // the page cache is bypassed for every read
  Fallback,      // direct I/O impossible here: reads are cached, evict() is the best we can do (see note())
  MemoryBacked,  // the file lives in RAM (tmpfs, ramfs): there is no disk and no cache to bypass
};

class Folder;

// An OS handle (fd, HANDLE; -1 for none) that closes on destruction: what makes the files below move-only.
class UniqueHandle {
public:
  UniqueHandle(std::intptr_t value = -1) : m_value(value) {}
  UniqueHandle(UniqueHandle&& other) noexcept : m_value(std::exchange(other.m_value, -1)) {}
  UniqueHandle& operator=(UniqueHandle other) noexcept  // the old handle closes with `other`
  {
    std::swap(m_value, other.m_value);
    return *this;
  }
  ~UniqueHandle() { reset(); }
  operator std::intptr_t() const { return m_value; }
  void reset();  // closes it (close, CloseHandle)

private:
  std::intptr_t m_value;
};

// A regular file opened for positional reads. Refuses FIFOs, devices, sockets and directories without
// blocking on them. Move-only; closes on destruction.
class InputFile {
public:
  // Opens `path` (however long). On failure: a closed file and one sentence in `error`. `lookFirst` false
  // skips the look before opening (the caller just saw a regular file): the handle is still checked, and the
  // open never blocks.
  static InputFile open(const std::filesystem::path& path, ReadMode mode, std::string& error, bool lookFirst = true);
  // Opens the file `path` (the folder's path and the file's name) relative to the open `folder`: one name looked
  // up, and never outside the folder should it be renamed or replaced. Like open() with `lookFirst` false.
  static InputFile openIn(const Folder& folder, const std::filesystem::path& path, ReadMode mode, std::string& error);

  bool isOpen() const { return m_handle != -1; }
  std::uint64_t size() const { return m_size; }
  const std::filesystem::path& path() const { return m_path; }
  DirectResult direct() const { return m_direct; }
  const std::string& note() const { return m_note; }  // why direct I/O was not possible, when it was not
  // Buffers, offsets and lengths of every read must be multiples of this (1 when reads are cached).
  std::size_t alignment() const { return m_alignment; }
  // The OS handle (fd, HANDLE), for mapping the file (mapped_file_*.cpp).
  std::intptr_t nativeHandle() const { return m_handle; }

  // Reads up to `size` bytes at `offset`. Returns the bytes read (0 at end of file), or -1 with `error` set.
  // Retries interrupted calls; a short count means end of file.
  std::int64_t readAt(void* buffer, std::size_t size, std::uint64_t offset, std::string& error);

  // Drops the file's cached pages (flushing them first): the next reads come from the device.
  // Advice to the OS: it reports what it did in `note` ("" when it is confident).
  void evict(std::string& note);
  // Drops cached pages of one range just consumed, so a cached "cold" read does not fill the cache. Cheap.
  void dropRange(std::uint64_t offset, std::uint64_t length);

  void close() { m_handle.reset(); }

private:
  // POSIX: opens `name` relative to the folder descriptor `dirFd` (AT_FDCWD for a path).
  static InputFile openAt(int dirFd, const char* name, const std::filesystem::path& path, ReadMode mode,
                          std::string& error, bool lookFirst);
  // POSIX: the platform's part of openAt (file_io_linux/_mac.cpp), on the opened regular file (still
  // O_NONBLOCK): read-ahead hints, and for ReadMode::Direct the way around the page cache.
  void setReadMode(ReadMode mode);
  UniqueHandle m_handle;
  std::uint64_t m_size = 0;
  std::size_t m_alignment = 1;
  DirectResult m_direct = DirectResult::NotAsked;
  std::string m_note;
  std::filesystem::path m_path;
};

// A file HashScope creates itself: always exclusively (never opens, truncates or replaces anything that
// exists). Move-only; closes on destruction but never removes (the caller owns the name).
class OutputFile {
public:
  // Creates `path`, failing when anything exists under that name. `error` gets one sentence.
  static OutputFile createExclusive(const std::filesystem::path& path, std::string& error);
  // Opens a second handle on a file this process created (parallel writers). Never creates.
  static OutputFile openExisting(const std::filesystem::path& path, std::string& error);

  bool isOpen() const { return m_handle != -1; }
  // Writes all `size` bytes at `offset` (looping over short writes). False with `error` set on failure.
  bool writeAt(const void* data, std::size_t size, std::uint64_t offset, std::string& error);
  // Pushes written data to the device (fdatasync, F_FULLFSYNC, FlushFileBuffers).
  bool flush(std::string& error);
  // Bounds dirty memory while writing a big file: starts writeback of [offset, offset+length) and waits for
  // (and drops from the cache) the range started kWriteBehindLag calls earlier, so a few ranges stay in
  // flight. Keep ranges small (a few MiB): a wait, and so a cancellation, takes one range's write time.
  // A no-op where the OS has no such call.
  void writeBehind(std::uint64_t offset, std::uint64_t length);
  // Drops the file's pages from the cache after flush(), so the next read of it is cold.
  void evict();
  void close() { m_handle.reset(); }

private:
  // POSIX: opens `path` with `flags`, wording the errors a user can act on (createExclusive, openExisting).
  static OutputFile openWith(const std::filesystem::path& path, int flags, std::string& error);
  // POSIX: what the platform does to a descriptor opened for writing (macOS: F_NOCACHE; Linux: nothing).
  void setWriteMode();
  UniqueHandle m_handle;
  std::filesystem::path m_path;
  static constexpr int kWriteBehindLag = 4;
  struct Range {
    std::uint64_t offset = 0, length = 0;
  };
  Range m_inFlight[kWriteBehindLag];  // ring of the ranges handed to writeBehind, oldest at m_next
  int m_next = 0;
};

// Renames `from` to `to`, failing (never replacing) when `to` exists. `error` gets one sentence.
bool renameNoReplace(const std::filesystem::path& from, const std::filesystem::path& to, std::string& error);
// POSIX: the platform's exclusive rename (renameat2 RENAME_NOREPLACE, renamex_np RENAME_EXCL): 0, ENOTSUP
// where the filesystem has none (renameNoReplace then links and unlinks), or the errno.
int renameExclusive(const std::filesystem::path& from, const std::filesystem::path& to);

// Identity of a file or folder on this machine (device + inode, volume serial + file index): detects loops.
struct FileId {
  std::uint64_t device = 0;
  std::uint64_t inode = 0;
  bool operator==(const FileId&) const = default;
};
// The identity of what `path` names after following links; nullopt when it cannot be read.
std::optional<FileId> fileId(const std::filesystem::path& path);

// What a folder entry is. Link: a symbolic link (or reparse point), not followed.
enum class EntryKind { Regular, Folder, Link, Fifo, Socket, Device, Other, Unknown };
struct FolderEntry {
  std::string name;
  EntryKind kind = EntryKind::Unknown;  // Unknown: the listing did not say (ask Folder::look)
};

// An open folder (POSIX: a descriptor; Windows: its path). Entries are opened relative to it, so a folder
// replaced by a link after it was opened is never followed out of its tree. Move-only.
class Folder {
public:
  Folder() = default;
  ~Folder();
  Folder(Folder&& other) noexcept;
  Folder& operator=(Folder&& other) noexcept;
  Folder(const Folder&) = delete;
  Folder& operator=(const Folder&) = delete;

  // Opens the folder `path` (following links), past PATH_MAX piece by piece. Closed with `ec` on failure.
  static Folder open(const std::filesystem::path& path, std::error_code& ec);
  // Opens ".." (its path: this one's without the last name), which is not the folder that path names when a
  // link led here: check id() against the one expected.
  Folder openParent(std::error_code& ec) const;
  // Opens the subfolder `name`. `followLink` false: fails when `name` was swapped for a link since listed.
  Folder openChild(const std::string& name, bool followLink, std::error_code& ec) const;
  // Every entry but "." and "..", in the order the filesystem gives them.
  std::vector<FolderEntry> list(std::error_code& ec) const;
  // What `name` is after following links, and its size (a regular file's): one look.
  EntryKind look(const std::string& name, std::uint64_t& size, std::error_code& ec) const;
  // The folder's identity (loops), looked up once when it was opened; nullopt when it could not be read.
  std::optional<FileId> id() const;
  // The same folder opened again by path for a thread with its own descriptor table, checked to be the very
  // folder. Closed on failure, with `ec` set, or `replaced` when another folder is there now.
  Folder reopen(std::error_code& ec, bool& replaced) const;

  // How many folders a caller may keep open: a share of the descriptor limit (macOS starts with 256); no
  // limit where no handle is held.
  static std::size_t keepLimit();

  bool isOpen() const { return !m_path.empty(); }
  const std::filesystem::path& path() const { return m_path; }
  std::intptr_t nativeHandle() const { return m_handle; }  // the descriptor (-1 on Windows)

private:
  static Folder adopt(int fd, std::filesystem::path path, std::error_code& ec);  // POSIX
  void close();
  std::intptr_t m_handle = -1;
  std::filesystem::path m_path;
  std::optional<FileId> m_id;
  // The descriptor table the handle belongs to: 0 for the process's, else the thread with its own. Closed from
  // another thread the number would name another descriptor, so such a handle is left to its thread's end.
  std::uint64_t m_table = 0;
};

// Gives the calling thread a descriptor table of its own holding only the standard streams (Linux 5.9+:
// close_range(3, ~0, CLOSE_RANGE_UNSHARE)): with many threads opening small files, the shared table's lock and
// reference counts cost more than the reading. Folders other threads opened must be reopened (Folder::reopen).
// Only for threads that open files for themselves. False where not possible: the thread shares the table.
bool useOwnDescriptorTable();
// Whether the calling thread has a descriptor table of its own (useOwnDescriptorTable succeeded on it).
bool hasOwnDescriptorTable();

// How many bytes of `path` the page cache holds now (POSIX: mmap + mincore, nothing read). Nullopt where it
// cannot be asked (unmappable: FUSE direct_io, some network filesystems; Windows). On FUSE the open may drop
// the cached pages, as every open will: the answer is what a reader finds.
std::optional<std::uint64_t> residentBytes(const std::filesystem::path& path);

// True when the folder or file lives in RAM (tmpfs, ramfs): reads never touch a disk.
bool isMemoryBacked(const std::filesystem::path& path);

// True when the file lives on a kernel pseudo filesystem (procfs, sysfs, debugfs, configfs ...), whose
// files report a size (0, 4096) that is not their length: they are read to end of file instead.
bool isPseudoFilesystem(const std::filesystem::path& path);

// ---- how HashScope marks and protects its own files (sample files) ----

// An advisory lock that HashScope processes respect. POSIX: flock(), per open file description, so two
// FileLocks in one process conflict like two processes (fcntl locks would not). Windows: LockFileEx on one
// byte far past any file's end, so the data's reads and writes are never blocked. Move-only.
class FileLock {
public:
  enum class Mode { Shared, Exclusive };
  enum class Outcome { Locked, Busy, Failed };  // Busy: another holder's lock conflicts

  // Opens the regular file `path` (a symbolic link is refused) and tries the lock without waiting.
  // `error` gets one sentence when the outcome is Failed.
  static FileLock tryLock(const std::filesystem::path& path, Mode mode, Outcome& outcome, std::string& error);

  bool isLocked() const { return m_handle != -1; }
  // Switches between shared and exclusive without waiting. Not atomic (another process may lock in
  // between): check stillNamedBy() afterwards. False when the new lock could not be had (then none is held).
  bool relock(Mode mode);
  // True when `path` still names the locked file (it was not removed or replaced since it was opened).
  bool stillNamedBy(const std::filesystem::path& path) const;
  // The locked file's current size in bytes.
  std::uint64_t size() const;
  void unlock() { m_handle.reset(); }  // releases the lock and closes the file

private:
  UniqueHandle m_handle;
};

// A short text tag on a file, which a user's file cannot carry by accident: an extended attribute
// (user.hashscope.sample, macOS com.hashscope.sample) or an NTFS stream "hashscope.sample". Unsupported: the
// filesystem keeps none (FAT, ramfs, some network filesystems): keep the information elsewhere.
enum class TagResult { Ok, Unsupported, Failed };
TagResult writeTag(const std::filesystem::path& file, const std::string& value, std::string& error);
// The tag's value; nullopt when the file has none (or the filesystem keeps none). Links are not followed.
std::optional<std::string> readTag(const std::filesystem::path& file);

}  // namespace hashscope::platform
