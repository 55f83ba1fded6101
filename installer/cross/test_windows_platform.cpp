// A small test of HashScope's Windows platform layer, cross-compiled with mingw-w64 and run under wine
// (or on Windows) by check-windows-platform.sh. Each part is compiled only when its *_win.cpp exists
// (HS_HAVE_*_WIN). File I/O, thread clocks, file locks and the history path must work; storage and
// counter results are printed, and only their failure to answer at all counts, because wine emulates
// volume and disk IOCTLs partially.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <future>
#include <iterator>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "hashscope/counters.hpp"
#include "hashscope/library.hpp"
#include "hashscope/storage.hpp"
#include "hashscope/workload.hpp"
#include "peer/process.hpp"
#include "platform/file_io.hpp"
#if HS_HAVE_MAPPED_FILE_WIN
#include "platform/mapped_file.hpp"
#endif
#if HS_HAVE_MACHINE_INFO_WIN
#include "export/machine_info.hpp"
#endif
#if HS_HAVE_OS_WIN
#include "common.hpp"
#include "os.hpp"
#endif

#include <fcntl.h>
#include <io.h>
#include <windows.h>
#include <shellapi.h>

namespace fs = std::filesystem;

#if HS_HAVE_OS_WIN
// os_win.cpp's executablePath() falls back to common.cpp's invokedPath() (the path the CLI was started by)
// when GetModuleFileNameW fails, and common.cpp brings the whole CLI with it: here the fallback answers
// nothing, so testCliOs sees GetModuleFileNameW's own answer.
std::filesystem::path hashscope::cli::invokedPath() { return {}; }
#endif

namespace {

int g_failures = 0;
int g_checks = 0;

void check(bool ok, const std::string& what) {
  ++g_checks;
  if (!ok) ++g_failures;
  std::printf("  [%s] %s\n", ok ? "ok" : "FAIL", what.c_str());
}

[[maybe_unused]] std::vector<std::byte> pattern(std::size_t size) {
  std::vector<std::byte> data(size);
  std::uint32_t x = 2463534242u;  // xorshift32: cheap, not periodic within a few MiB
  for (auto& b : data) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    b = static_cast<std::byte>(x & 0xff);
  }
  return data;
}

#if HS_HAVE_FILE_IO_WIN
void testFileIo(const fs::path& dir) {
  using namespace hashscope::platform;
  std::puts("file_io_win.cpp");
  const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
  const fs::path path = dir / ("hashscope-wincheck-" + std::to_string(stamp) + ".bin");
  const fs::path other = dir / ("hashscope-wincheck-" + std::to_string(stamp) + ".other");
  const std::size_t size = 3 * 1024 * 1024 + 123;  // not a multiple of any sector size
  const auto data = pattern(size);
  std::string error;

  {
    auto out = OutputFile::createExclusive(path, error);
    check(out.isOpen(), "createExclusive creates a new file " + error);
    bool wrote = true;
    for (std::size_t off = 0; off < size && wrote; off += 1024 * 1024) {
      const std::size_t n = std::min<std::size_t>(1024 * 1024, size - off);
      wrote = out.writeAt(data.data() + off, n, off, error);
    }
    check(wrote, "writeAt writes 3 MiB + 123 bytes " + error);
    check(out.flush(error), "flush " + error);
    out.evict();
    out.close();
  }
  {
    std::string again;
    auto dup = OutputFile::createExclusive(path, again);
    check(!dup.isOpen() && !again.empty(), "createExclusive refuses an existing name: " + again);
  }
  {
    auto in = InputFile::open(path, ReadMode::Cached, error);
    check(in.isOpen() && in.size() == size, "open cached, size " + std::to_string(in.size()) + " " + error);
    std::vector<std::byte> back(size + 10);
    const auto n = in.readAt(back.data(), back.size(), 0, error);
    check(n == static_cast<std::int64_t>(size) && std::equal(data.begin(), data.end(), back.begin()),
          "cached read returns the same bytes");
    check(in.readAt(back.data(), 16, size, error) == 0, "read at end of file returns 0");
  }
  {
    auto in = InputFile::open(path, ReadMode::Direct, error);
    const char* modes[] = {"not asked", "direct", "fallback", "memory-backed"};
    std::printf("  direct open: %s, alignment %zu, note \"%s\"\n", modes[static_cast<int>(in.direct())],
                in.alignment(), in.note().c_str());
    check(in.isOpen(), "open direct " + error);
    const std::size_t block = 1024 * 1024;
    auto buffer = allocateAligned(block, std::max<std::size_t>(in.alignment(), 4096));
    check(buffer != nullptr, "allocateAligned 1 MiB");
    std::uint64_t total = 0;
    bool same = true;
    for (;;) {
      const auto n = in.readAt(buffer.get(), block, total, error);
      if (n <= 0) {
        check(n == 0, "direct read until end of file " + error);
        break;
      }
      same = same && std::equal(buffer.get(), buffer.get() + n, data.begin() + static_cast<std::ptrdiff_t>(total));
      total += static_cast<std::uint64_t>(n);
    }
    check(total == size && same, "direct reads return every byte, " + std::to_string(total));
    std::string note;
    in.evict(note);
    std::printf("  evict note: \"%s\"\n", note.c_str());
  }
  {
    auto folder = InputFile::open(dir, ReadMode::Cached, error);
    check(!folder.isOpen() && !error.empty(), "a folder is refused: " + error);
    error.clear();
    auto missing = InputFile::open(dir / "hashscope-wincheck-missing", ReadMode::Cached, error);
    check(!missing.isOpen() && !error.empty(), "a missing file is refused: " + error);
  }
  {
    const auto a = fileId(path);
    const auto b = fileId(path);
    check(a && b && *a == *b && (a->device != 0 || a->inode != 0), "fileId is stable");
    auto o = OutputFile::createExclusive(other, error);
    o.close();
    const auto c = fileId(other);
    check(c && !(*c == *a), "fileId differs between files");
    std::string renameError;
    const bool renamed = renameNoReplace(path, other, renameError);
    check(!renamed && fs::exists(path) && !renameError.empty(),
          "renameNoReplace refuses to replace, with a reason: \"" + renameError + "\"");
  }
  std::printf("  isMemoryBacked(temp) = %d\n", hashscope::platform::isMemoryBacked(dir) ? 1 : 0);
  std::error_code ec;
  fs::remove(path, ec);
  fs::remove(other, ec);
}
#endif

#if HS_HAVE_THREAD_CLOCK_WIN
void testThreadClock() {
  std::puts("thread_clock_win.cpp");
  auto clock = hashscope::currentThreadClock();
  const double before = clock->cpuSeconds();
  volatile std::uint64_t sink = 0;
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(200);
  while (std::chrono::steady_clock::now() < until) {
    for (int i = 0; i < 10000; ++i) sink = sink + static_cast<std::uint64_t>(i) * 2654435761u;
  }
  const double after = clock->cpuSeconds();
  std::printf("  thread CPU %.3f s -> %.3f s\n", before, after);
  check(after > before, "thread CPU clock advances while spinning");
  double user = 0, system = 0;
  hashscope::processCpuSeconds(user, system);
  std::printf("  process CPU user %.3f s, system %.3f s\n", user, system);
  check(user + system > 0, "process CPU time is positive");
}
#endif

#if HS_HAVE_STORAGE_WIN
hashscope::StorageInfo testStorage(const fs::path& dir) {
  std::puts("storage_win.cpp");
  auto info = hashscope::describeStorage(dir);
  std::printf("  %s: fs \"%s\", mount \"%s\", device \"%s\" (%s), %llu of %llu bytes free, error \"%s\"\n",
              dir.string().c_str(), info.filesystem.c_str(), info.mountPoint.string().c_str(),
              info.device.name.c_str(), std::string(hashscope::toString(info.kind)).c_str(),
              static_cast<unsigned long long>(info.freeBytes), static_cast<unsigned long long>(info.totalBytes),
              info.error.c_str());
  std::printf("  label: %s\n", info.label.c_str());
  check(info.totalBytes > 0 || !info.error.empty(), "describeStorage answers (sizes or an error)");
  const auto all = hashscope::candidateLocations();
  std::printf("  candidateLocations: %zu\n", all.size());
  for (const auto& l : all) std::printf("    %s\n", l.label.c_str());
  return info;
}
#endif

#if HS_HAVE_FILE_LOCK_WIN
void testFileLock(const fs::path& dir) {
  using namespace hashscope::platform;
  std::puts("file_lock_win.cpp");
  const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
  const fs::path path = dir / ("hashscope-wincheck-lock-" + std::to_string(stamp) + ".bin");
  std::string error;
  {
    auto out = OutputFile::createExclusive(path, error);
    check(out.isOpen(), "a file to lock is created " + error);
  }
  FileLock::Outcome first{}, second{};
  auto shared = FileLock::tryLock(path, FileLock::Mode::Shared, first, error);
  check(first == FileLock::Outcome::Locked && shared.isLocked(), "a shared lock is taken " + error);
  auto other = FileLock::tryLock(path, FileLock::Mode::Exclusive, second, error);
  check(second == FileLock::Outcome::Busy && !other.isLocked(), "an exclusive lock over it is Busy " + error);
  check(shared.stillNamedBy(path), "the lock still names its file");
  // HashScope locks a sample while it is written under a partial name, then renames it into place and
  // asks whether the final name names the locked file. Under wine the held handle reports volume serial 0
  // after the rename (network shares can too): the check must still recognise the file.
  const fs::path renamed = path.string() + ".renamed";
  check(MoveFileExW(path.c_str(), renamed.c_str(), 0) != 0, "the locked file can be renamed");
  check(shared.stillNamedBy(renamed), "after a rename the lock names the file by its new name");
  check(!shared.stillNamedBy(path), "after a rename the old name names nothing the lock holds");
  {
    auto stranger = OutputFile::createExclusive(path, error);
    check(stranger.isOpen(), "another file takes the old name " + error);
  }
  check(!shared.stillNamedBy(path), "another file under the old name is not the locked file");
  fs::remove(path);
  check(MoveFileExW(renamed.c_str(), path.c_str(), 0) != 0, "the locked file is renamed back");
  shared.unlock();
  other = FileLock::tryLock(path, FileLock::Mode::Exclusive, second, error);
  check(second == FileLock::Outcome::Locked, "after unlock the exclusive lock is taken " + error);
  other.unlock();
  const auto wrote = writeTag(path, "hashscope-check", error);
  std::printf("  writeTag: %d %s\n", static_cast<int>(wrote), error.c_str());
  if (wrote == TagResult::Ok)
    check(readTag(path).value_or("") == "hashscope-check", "the tag reads back");
  else
    check(wrote == TagResult::Unsupported, "writeTag says Unsupported when it cannot tag");
  fs::remove(path);
}
#endif

#if HS_HAVE_FOLDER_WIN
void testFolder(const fs::path& dir) {
  using namespace hashscope::platform;
  std::puts("folder_win.cpp");
  const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
  const fs::path root = dir / ("hashscope-wincheck-folder-" + std::to_string(stamp));
  std::error_code ec;
  fs::create_directories(root / "sub", ec);
  std::ofstream(root / "a.bin", std::ios::binary) << std::string(1234, 'x');
  auto folder = Folder::open(root, ec);
  check(folder.isOpen() && !ec, "a folder opens " + ec.message());
  auto entries = folder.list(ec);
  std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  check(!ec && entries.size() == 2 && entries[0].name == "a.bin" && entries[1].name == "sub",
        "list gives both entries and neither . nor .. (" + std::to_string(entries.size()) + ")");
  if (entries.size() == 2)
    check((entries[0].kind == EntryKind::Regular || entries[0].kind == EntryKind::Unknown) &&
              (entries[1].kind == EntryKind::Folder || entries[1].kind == EntryKind::Unknown),
          "list tells a file from a folder where it says");
  std::uint64_t size = 0;
  check(folder.look("a.bin", size, ec) == EntryKind::Regular && size == 1234, "look gives a file's kind and size");
  check(folder.look("sub", size, ec) == EntryKind::Folder, "look gives a folder's kind");
  auto child = folder.openChild("sub", false, ec);
  check(child.isOpen() && !ec, "openChild opens a subfolder " + ec.message());
  const auto id = folder.id();
  const auto byPath = fileId(root);
  check(id && byPath && *id == *byPath, "a folder's id is its path's fileId");
  check(child.id() && id && !(*child.id() == *id), "a subfolder has an id of its own");
  auto notFolder = folder.openChild("a.bin", false, ec);
  check(!notFolder.isOpen() && ec, "openChild refuses a file: " + ec.message());
  auto missing = Folder::open(root / "no-such-folder", ec);
  check(!missing.isOpen() && ec, "a missing folder is an error: " + ec.message());
  fs::remove_all(root, ec);
}
#endif

#if HS_HAVE_MAPPED_FILE_WIN
// Collects what readMapped hands over; stops after `stopAfter` bytes when set.
class Collect final : public hashscope::platform::MappedConsumer {
public:
  std::vector<std::byte> got;
  std::size_t largestPiece = 0;
  std::size_t stopAfter = 0;
  bool consume(const std::byte* data, std::size_t size) override {
    got.insert(got.end(), data, data + size);
    largestPiece = std::max(largestPiece, size);
    return stopAfter == 0 || got.size() < stopAfter;
  }
};

void testMappedFile(const fs::path& dir) {
  using namespace hashscope::platform;
  std::puts("mapped_file_win.cpp");
  const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
  const fs::path path = dir / ("hashscope-wincheck-mapped-" + std::to_string(stamp) + ".bin");
  const std::size_t size = 5 * 1024 * 1024 + 77;  // several windows, a partial last page
  const auto data = pattern(size);
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(size));
  std::string error;
  auto in = InputFile::open(path, ReadMode::Cached, error);
  check(in.isOpen(), "the file opens cached " + error);
  constexpr std::size_t window = 1024 * 1024, piece = 256 * 1024;
#ifndef _MSC_VER
  // Mapped reads need structured exception handling (an I/O error inside a view is an exception), which
  // MinGW's g++ lacks: its builds read through buffers, and readMapped says so before consuming anything.
  {
    Collect none;
    bool stopped = false, cannotMap = false;
    const auto err = readMapped(in, 0, size, window, piece, none, stopped, false, &cannotMap);
    check(!mappingSupported() && !err.empty() && cannotMap && none.got.empty(),
          "a MinGW build does not map, and says so without consuming: " + err);
  }
  in = {};
  fs::remove(path);
  return;
#endif
  check(mappingSupported(), "mapping is supported");
  for (const bool helped : {false, true}) {
    if (helped && !mappingHelperSupported())
      continue;
    Collect all;
    bool stopped = false;
    const auto err = readMapped(in, 0, size, window, piece, all, stopped, helped);
    check(err.empty() && !stopped && all.got.size() == size && std::equal(data.begin(), data.end(), all.got.begin()),
          std::string(helped ? "helped: " : "") + "every byte arrives through 1 MiB windows " + err);
    check(all.largestPiece <= piece, "pieces are at most the size asked for");
  }
  {
    Collect part;
    bool stopped = false;
    const std::uint64_t offset = 3 * 1024 * 1024 + 5;  // not on the mapping granularity
    const auto err = readMapped(in, offset, 1000, window, piece, part, stopped);
    check(err.empty() && part.got.size() == 1000 &&
              std::equal(part.got.begin(), part.got.end(), data.begin() + static_cast<std::ptrdiff_t>(offset)),
          "a range at an unaligned offset reads its own bytes " + err);
  }
  {
    Collect early;
    early.stopAfter = 100000;
    bool stopped = false;
    const auto err = readMapped(in, 0, size, window, piece, early, stopped);
    check(err.empty() && stopped && early.got.size() < size, "a consumer that says stop stops the read");
  }
  {
    Collect past;
    bool stopped = false;
    const auto err = readMapped(in, 0, size + 2 * window, window, piece, past, stopped);
    check(!err.empty() && !stopped, "a range past the end is an error, not a crash: " + err);
  }
  in = {};
  fs::remove(path);
}
#endif

#if HS_HAVE_MACHINE_INFO_WIN
void testMachineInfo() {
  std::puts("machine_info_win.cpp");
  const auto& m = hashscope::machineInfo();
  std::printf("  cpu \"%s\", %d logical cores, %s (kernel %s), %llu bytes of RAM\n", m.cpuModel.c_str(),
              m.logicalCores, m.os.c_str(), m.kernel.c_str(), static_cast<unsigned long long>(m.memoryBytes));
  check(!m.cpuModel.empty() && m.cpuModel.back() != ' ', "the CPU name is read from the registry, trimmed");
  check(m.logicalCores > 0, "the logical cores are counted");
  check(m.os.rfind("Windows ", 0) == 0 && !m.kernel.empty() && m.os == "Windows " + m.kernel,
        "the OS version comes from RtlGetVersion");
  check(m.memoryBytes > 0, "the physical memory is read");
  check(&hashscope::machineInfo() == &m, "it is read once per process");
}
#endif

#if HS_HAVE_OS_WIN
void testCliOs(const fs::path& dir) {
  using namespace hashscope::cli;
  std::puts("app/cli/os_win.cpp");
  const fs::path exe = executablePath();
  check(exe.is_absolute() && exe.filename() == "test_windows_platform.exe",
        "executablePath() is this program: " + exe.string());
  const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
  const fs::path path = dir / ("hashscope-wincheck-os-" + std::to_string(stamp) + ".txt");
  const fs::path missing = dir / ("hashscope-wincheck-os-" + std::to_string(stamp) + ".missing");
  std::string error;
  std::FILE* out = createExclusive(path, error);
  check(out != nullptr, "createExclusive creates a new file " + error);
  if (out) {
    check(writeFully(out, "line\n", &error), "writeFully writes it " + error);
    std::fclose(out);
  }
  std::FILE* again = createExclusive(path, error);
  check(again == nullptr && !error.empty(), "createExclusive refuses an existing name: " + error);
  if (again)
    std::fclose(again);
  std::ifstream back(path, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(back)), std::istreambuf_iterator<char>());
  back.close();
  check(text == "line\n", "the file holds the bytes unchanged (binary, no \\r added)");
  std::FILE* none = openExisting(missing, error);
  check(none == nullptr && !error.empty() && !fs::exists(missing),
        "openExisting refuses a missing name and creates nothing: " + error);
  if (none)
    std::fclose(none);
  std::error_code ec;
  fs::remove(missing, ec);
  fs::remove(path, ec);
  check(physicalMemoryBytes() > 0, "physicalMemoryBytes reads the RAM size");
  check(terminalColumns() > 0, "terminalColumns answers (80 without a console)");
}
#endif

#if HS_HAVE_PROCESS_IO_WIN
void testProcessIo() {
  std::puts("process_io_win.cpp");
  hashscope::ProcessIo io;
  // Windows counts cache hits as reads, so the accounting is reported unavailable by design.
  check(!hashscope::readProcessIo(io), "readProcessIo says unavailable (cache hits are not separable)");
}
#endif

#if HS_HAVE_HISTORY_PATH_WIN
void testHistoryPath() {
  std::puts("history_path_win.cpp");
  const fs::path path = hashscope::defaultHistoryPath();
  std::printf("  %s\n", path.string().c_str());
  check(path.is_absolute() && path.filename() == hashscope::kHistoryFileName,
        "the default history is an absolute path to " + std::string(hashscope::kHistoryFileName));
}
#endif

#if HS_HAVE_PROCESS_WIN
// The program runs itself with `--echo-args`: the C runtime splits its command line by the same rules as
// CommandLineToArgvW, so getting the arguments back unchanged checks process_win.cpp's quoting.
void testProcess(const char* self) {
  std::puts("process_win.cpp");
  const std::vector<std::string> args = {"--echo-args", "plain", "two words", "", R"(quote"inside)",
                                         R"(trailing\)", R"(back\"quote)", "tab\there", "caf\xc3\xa9"};
  std::uint64_t lastRead = 0;
  const auto outcome = hashscope::peer::runProcess(fs::absolute(self), args, std::stop_token{},
                                                   [&](std::uint64_t bytes) { lastRead = bytes; });
  std::string expected;
  for (std::size_t i = 1; i < args.size(); ++i)
    expected += "[" + args[i] + "]\n";
  check(outcome.started && outcome.exited && outcome.exitCode == 0, "runProcess runs a program " + outcome.error);
  check(outcome.out == expected, "every argument arrives unchanged (quoting), got:\n" + outcome.out);
  std::printf("  wall %.3f s, user %.3f s, read progress %llu bytes\n", outcome.wallSeconds, outcome.userSeconds,
              static_cast<unsigned long long>(lastRead));
  const auto suffixes = hashscope::peer::executableSuffixes();
  check(std::find(suffixes.begin(), suffixes.end(), ".bat") == suffixes.end() &&
            std::find(suffixes.begin(), suffixes.end(), ".cmd") == suffixes.end(),
        "batch files are not peer tools (cmd.exe would parse their arguments)");
  const auto missing = hashscope::peer::runProcess(fs::path(self).parent_path() / "no-such-tool.exe", {},
                                                   std::stop_token{});
  check(!missing.started && !missing.error.empty(), "a missing program is an error: " + missing.error);
}

// `--hold-output PIDFILE run-on|exit`: starts a copy of this program (`--sleep`) that inherits stdout and
// stderr, writes that grandchild's pid to PIDFILE, prints a line, then runs on or exits at once.
int holdOutput(const char* self, const std::string& pidFile, bool runOn) {
  std::wstring line = L"\"" + fs::path(self).wstring() + L"\" --sleep";
  STARTUPINFOW si{};
  si.cb = sizeof si;
  si.dwFlags = STARTF_USESTDHANDLES;
  si.hStdInput = GetStdHandle(STD_INPUT_HANDLE);
  si.hStdOutput = GetStdHandle(STD_OUTPUT_HANDLE);
  si.hStdError = GetStdHandle(STD_ERROR_HANDLE);
  PROCESS_INFORMATION pi{};
  if (!CreateProcessW(nullptr, line.data(), nullptr, nullptr, TRUE, CREATE_NO_WINDOW, nullptr, nullptr, &si, &pi))
    return 3;
  CloseHandle(pi.hThread);
  CloseHandle(pi.hProcess);
  std::ofstream(pidFile + ".tmp") << pi.dwProcessId;
  MoveFileExW(fs::path(pidFile + ".tmp").wstring().c_str(), fs::path(pidFile).wstring().c_str(),
              MOVEFILE_REPLACE_EXISTING);
  _setmode(_fileno(stdout), _O_BINARY);  // "\n", not "\r\n"
  std::fputs("digest-line\n", stdout);
  std::fflush(stdout);
  if (runOn)
    Sleep(60000);
  return 0;
}

// How long a wait may last before the check calls it a hang. Only a hang bound, never a speed target:
// each wait below ends as soon as its condition holds. On a fresh wine prefix the first processes start
// slowly (wine sets the prefix up), and the machine may be loaded, so it is generous.
constexpr std::chrono::seconds kHangBound{120};

// True when the process is gone or ends within the hang bound.
bool processEnds(DWORD pid) {
  HANDLE h = OpenProcess(SYNCHRONIZE, FALSE, pid);
  if (!h)
    return true;
  const auto boundMs = static_cast<DWORD>(std::chrono::milliseconds(kHangBound).count());
  const bool ended = WaitForSingleObject(h, boundMs) == WAIT_OBJECT_0;
  if (!ended)
    TerminateProcess(h, 1);  // do not leave it behind when the check fails
  CloseHandle(h);
  return ended;
}

// The peer tool starts a process that inherits its output pipes: stopping the tool, or the tool ending,
// must end that process too (job object), and runProcess must not wait for it to close the pipes.
void testProcessTree(const char* self, const fs::path& dir) {
  std::puts("process_win.cpp: a tool's own children");
  for (const bool runOn : {true, false}) {
    const fs::path pidFile =
        dir / ("hashscope-wincheck-" + std::to_string(GetCurrentProcessId()) + (runOn ? "-stop.pid" : "-end.pid"));
    std::error_code ec;
    fs::remove(pidFile, ec);
    std::stop_source stop;
    auto task = std::make_shared<std::packaged_task<hashscope::peer::ProcessOutcome()>>(
        [self, pidFile, runOn, token = stop.get_token()] {
          return hashscope::peer::runProcess(fs::absolute(self),
                                             {"--hold-output", pidFile.string(), runOn ? "run-on" : "exit"}, token);
        });
    auto done = task->get_future();
    std::thread([task] { (*task)(); }).detach();  // left behind if it hangs: the check fails, the program ends
    // The pid file appears (written whole, then renamed) once the tool has started its child.
    const auto until = std::chrono::steady_clock::now() + kHangBound;
    while (!fs::exists(pidFile) && done.wait_for(std::chrono::milliseconds(5)) != std::future_status::ready &&
           std::chrono::steady_clock::now() < until) {
    }
    DWORD grandchild = 0;
    std::ifstream(pidFile) >> grandchild;
    check(grandchild != 0, "the tool started its own child");
    if (runOn)
      stop.request_stop();
    const bool returned = done.wait_for(kHangBound) == std::future_status::ready;
    check(returned, runOn ? "a stopped tool's run returns, though its child holds the pipes"
                          : "a tool that ended returns, though its child holds the pipes");
    if (returned) {
      const auto outcome = done.get();
      if (runOn)
        check(outcome.killed, "the run says it was killed");
      else
        check(outcome.exited && outcome.exitCode == 0 && outcome.out == "digest-line\n",
              "the run keeps the tool's output and exit code, got: " + outcome.out + outcome.error);
    }
    if (grandchild != 0)
      check(processEnds(grandchild), "the tool's child is ended too");
    fs::remove(pidFile, ec);
  }
}
#endif

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "--echo-args") {
    // argv is in the ANSI code page; the UTF-8 argument comes back intact only through the wide form.
    _setmode(_fileno(stdout), _O_BINARY);  // "\n", not "\r\n"
    int count = 0;
    wchar_t** wide = CommandLineToArgvW(GetCommandLineW(), &count);
    for (int i = 2; i < count; ++i) {
      const int size = WideCharToMultiByte(CP_UTF8, 0, wide[i], -1, nullptr, 0, nullptr, nullptr);
      std::string text(static_cast<std::size_t>(size > 0 ? size - 1 : 0), '\0');
      if (size > 1)
        WideCharToMultiByte(CP_UTF8, 0, wide[i], -1, text.data(), size, nullptr, nullptr);
      std::printf("[%s]\n", text.c_str());
    }
    LocalFree(wide);
    return 0;
  }
#if HS_HAVE_PROCESS_WIN
  if (argc > 1 && std::string(argv[1]) == "--sleep") {
    Sleep(60000);
    return 0;
  }
  if (argc > 3 && std::string(argv[1]) == "--hold-output")
    return holdOutput(argv[0], argv[2], std::string(argv[3]) == "run-on");
#endif
  const fs::path dir = fs::temp_directory_path();
  std::printf("HashScope Windows platform check, temp folder %s\n", dir.string().c_str());
#if HS_HAVE_FILE_IO_WIN
  testFileIo(dir);
#endif
#if HS_HAVE_THREAD_CLOCK_WIN
  testThreadClock();
#endif
#if HS_HAVE_FILE_LOCK_WIN
  testFileLock(dir);
#endif
#if HS_HAVE_FOLDER_WIN
  testFolder(dir);
#endif
#if HS_HAVE_MAPPED_FILE_WIN
  testMappedFile(dir);
#endif
#if HS_HAVE_MACHINE_INFO_WIN
  testMachineInfo();
#endif
#if HS_HAVE_OS_WIN
  testCliOs(dir);
#endif
#if HS_HAVE_PROCESS_IO_WIN
  testProcessIo();
#endif
#if HS_HAVE_HISTORY_PATH_WIN
  testHistoryPath();
#endif
#if HS_HAVE_PROCESS_WIN
  testProcess(argv[0]);
  testProcessTree(argv[0], dir);
#endif
#if HS_HAVE_STORAGE_WIN
  [[maybe_unused]] const auto info = testStorage(dir);
#endif
#if HS_HAVE_CPU_WIN
  {
    std::puts("cpu_win.cpp");
    auto cpu = hashscope::makeCpuCounterSource();
    hashscope::CpuSnapshot a, b;
    const bool ra = cpu && cpu->read(a);
    volatile double x = 1;
    for (int i = 0; i < 20000000; ++i) x = x * 1.0000001;
    const bool rb = cpu && cpu->read(b);
    std::printf("  read: %d %d, %zu cores, busy %.3f -> %.3f s, total %.3f -> %.3f s\n", ra, rb, b.cores.size(),
                a.all.busy(), b.all.busy(), a.all.total(), b.all.total());
    check(ra && rb && b.all.total() >= a.all.total(), "CPU counters read and do not go backwards");
  }
#endif
#if HS_HAVE_DISK_WIN && HS_HAVE_STORAGE_WIN
  {
    std::puts("disk_win.cpp");
    auto disk = hashscope::makeDiskCounterSource(info.device);
    hashscope::DiskSnapshot s;
    const bool ok = disk && disk->read(s);
    std::printf("  device \"%s\": source %s, read %d, %llu bytes read, busy %.3f s (wine may not emulate this)\n",
                info.device.name.c_str(), disk ? "made" : "null", ok ? 1 : 0,
                static_cast<unsigned long long>(s.readBytes), s.busySeconds);
  }
#endif
  std::printf("%d passed, %d failed\n", g_checks - g_failures, g_failures);
  return g_failures == 0 ? 0 : 1;
}
