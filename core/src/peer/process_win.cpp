// Windows: CreateProcessW with pipes for stdout/stderr (one reader thread each, so neither pipe can fill
// up and stall the child), WaitForSingleObject in 50 ms steps for stop, GetProcessTimes for CPU times.
// The tool runs in a job object of its own, so TerminateJobObject ends all it started (which inherits its
// pipes) on stop and once the tool has ended, and the pipes reach end-of-file; KILL_ON_JOB_CLOSE even if
// HashScope dies. A reader still blocked (a handle held outside the job) has its read cancelled.
// Compiled with mingw-w64 and run under wine by installer/cross/check-windows-platform.sh.
#include <windows.h>

#include <algorithm>
#include <chrono>

#include "peer/child_io.hpp"
#include "peer/process.hpp"

namespace hashscope::peer {

namespace {

std::wstring widen(const std::string& text)
{
  if (text.empty())
    return {};
  const int size = MultiByteToWideChar(CP_UTF8, 0, text.data(), static_cast<int>(text.size()), nullptr, 0);
  std::wstring out(static_cast<std::size_t>(size), L'\0');
  MultiByteToWideChar(CP_UTF8, 0, text.data(), static_cast<int>(text.size()), out.data(), size);
  return out;
}

// Quotes one argument so CommandLineToArgvW (and the MSVC runtime) give it back unchanged.
void appendQuoted(std::wstring& line, const std::wstring& arg)
{
  if (!arg.empty() && arg.find_first_of(L" \t\n\v\"") == std::wstring::npos) {
    line += arg;
    return;
  }
  line += L'"';
  for (auto it = arg.begin();; ++it) {
    std::size_t backslashes = 0;
    while (it != arg.end() && *it == L'\\') {
      ++it;
      ++backslashes;
    }
    if (it == arg.end()) {
      line.append(backslashes * 2, L'\\');
      break;
    }
    if (*it == L'"') {
      line.append(backslashes * 2 + 1, L'\\');
      line += L'"';
    } else {
      line.append(backslashes, L'\\');
      line += *it;
    }
  }
  line += L'"';
}

std::string lastErrorText(const char* what)
{
  return std::string(what) + " (Windows error " + std::to_string(GetLastError()) + ")";
}

double seconds(const FILETIME& ft)
{
  return static_cast<double>((static_cast<std::uint64_t>(ft.dwHighDateTime) << 32) | ft.dwLowDateTime) / 1e7;
}

// One pipe's reader: a Win32 thread rather than std::thread, because CancelSynchronousIo needs its handle.
struct Reader {
  HANDLE pipe = nullptr;
  std::string* sink = nullptr;
  HANDLE thread = nullptr;
  std::size_t cap = 0;
  bool* truncated = nullptr;
  const std::function<void(std::string_view)>* tell = nullptr;
};

DWORD WINAPI readerMain(LPVOID param)
{
  Reader& reader = *static_cast<Reader*>(param);
  char buffer[16384];
  DWORD n = 0;
  // Ends at end-of-file (every write end closed), or when its blocked read is cancelled.
  while (ReadFile(reader.pipe, buffer, sizeof buffer, &n, nullptr) && n > 0) {
    const std::size_t room = reader.cap - std::min(reader.cap, reader.sink->size());
    reader.sink->append(buffer, std::min<std::size_t>(room, n));
    if (n > room && reader.truncated)
      *reader.truncated = true;
    if (reader.tell && *reader.tell)
      (*reader.tell)(std::string_view(buffer, n));
  }
  return 0;
}

// Waits for the reader to reach end-of-file, which comes once the tool's tree has ended. Past `graceMillis`
// the pipe is held by something outside the job: its blocked read is cancelled. A read that is not blocked
// (data still arriving) is not cancelled (ERROR_NOT_FOUND), so try again until the thread has ended.
void finishReader(Reader& reader, DWORD graceMillis)
{
  if (!reader.thread)
    return;
  if (WaitForSingleObject(reader.thread, graceMillis) == WAIT_TIMEOUT) {
    do {
      CancelSynchronousIo(reader.thread);
    } while (WaitForSingleObject(reader.thread, 10) == WAIT_TIMEOUT);
  }
  CloseHandle(reader.thread);
  reader.thread = nullptr;
}

// A job that ends every process in it when its last handle closes.
HANDLE makeKillOnCloseJob()
{
  HANDLE job = CreateJobObjectW(nullptr, nullptr);
  if (!job)
    return nullptr;
  JOBOBJECT_EXTENDED_LIMIT_INFORMATION limits{};
  limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
  if (!SetInformationJobObject(job, JobObjectExtendedLimitInformation, &limits, sizeof limits)) {
    CloseHandle(job);
    return nullptr;
  }
  return job;
}

}  // namespace

char pathListSeparator() { return ';'; }
// No ".bat"/".cmd": CreateProcessW runs those through cmd.exe, which parses the command line again by
// its own rules (& | % ^), so a file name among the arguments could run commands (CVE-2024-24576 class).
std::vector<std::string> executableSuffixes() { return {".exe", ".com", ""}; }

bool isExecutableFile(const std::filesystem::path& file)
{
  std::error_code ec;
  return std::filesystem::is_regular_file(file, ec);
}

ProcessOutcome runProcess(const std::filesystem::path& executable, const std::vector<std::string>& arguments,
                          std::stop_token stop, const ReadProgress& onRead, const ProcessIo& io)
{
  ProcessOutcome result;
  SECURITY_ATTRIBUTES inherit{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
  HANDLE outRead = nullptr, outWrite = nullptr, errRead = nullptr, errWrite = nullptr;
  if (!CreatePipe(&outRead, &outWrite, &inherit, 0) || !CreatePipe(&errRead, &errWrite, &inherit, 0)) {
    result.error = lastErrorText("Could not create a pipe");
    for (HANDLE h : {outRead, outWrite, errRead, errWrite})
      if (h)
        CloseHandle(h);
    return result;
  }
  // Our ends must not leak into the child, or the pipes never report end-of-file.
  SetHandleInformation(outRead, HANDLE_FLAG_INHERIT, 0);
  SetHandleInformation(errRead, HANDLE_FLAG_INHERIT, 0);
  // stdin: NUL, the file asked for, or a pipe held open (its write end ours) until the run ends.
  HANDLE nul = INVALID_HANDLE_VALUE, inWrite = nullptr;
  if (io.holdStdin) {
    if (!CreatePipe(&nul, &inWrite, &inherit, 0))
      nul = INVALID_HANDLE_VALUE;
    else
      SetHandleInformation(inWrite, HANDLE_FLAG_INHERIT, 0);
  } else {
    nul = CreateFileW(io.stdinFile.empty() ? L"NUL" : io.stdinFile.wstring().c_str(), GENERIC_READ,
                      FILE_SHARE_READ | FILE_SHARE_WRITE, &inherit, OPEN_EXISTING, 0, nullptr);
  }

  std::wstring commandLine;
  appendQuoted(commandLine, executable.wstring());
  for (const std::string& arg : arguments) {
    commandLine += L' ';
    appendQuoted(commandLine, widen(arg));
  }

  STARTUPINFOW si{};
  si.cb = sizeof si;
  si.dwFlags = STARTF_USESTDHANDLES;
  si.hStdInput = nul;
  si.hStdOutput = outWrite;
  si.hStdError = errWrite;
  PROCESS_INFORMATION pi{};
  const auto start = std::chrono::steady_clock::now();
  // Suspended until it is in the job, so nothing it starts can escape the job by starting first.
  const BOOL created = CreateProcessW(executable.wstring().c_str(), commandLine.data(), nullptr, nullptr, TRUE,
                                      CREATE_NO_WINDOW | CREATE_SUSPENDED, nullptr, nullptr, &si, &pi);
  const std::string createError = created ? std::string() : lastErrorText("Could not start the program");
  CloseHandle(outWrite);
  CloseHandle(errWrite);
  if (nul != INVALID_HANDLE_VALUE)
    CloseHandle(nul);
  if (!created) {
    if (inWrite)
      CloseHandle(inWrite);
    result.error = createError + ": " + executable.string();
    CloseHandle(outRead);
    CloseHandle(errRead);
    return result;
  }
  // Without a job (HashScope itself in a job that allows none inside it, before Windows 8), only the tool
  // can be killed; the readers still end (finishReader).
  HANDLE job = makeKillOnCloseJob();
  if (job && !AssignProcessToJobObject(job, pi.hProcess)) {
    CloseHandle(job);
    job = nullptr;
  }
  ResumeThread(pi.hThread);
  CloseHandle(pi.hThread);
  result.started = true;
  auto killTree = [&] {
    if (inWrite) {
      CloseHandle(inWrite);
      inWrite = nullptr;
    }
    if (job)
      TerminateJobObject(job, 1);
    else
      TerminateProcess(pi.hProcess, 1);
  };

  Reader out{outRead, &result.out, nullptr, io.maxCapture, &result.outTruncated, nullptr};
  Reader err{errRead, &result.err, nullptr, io.maxCapture, nullptr, &io.onErr};
  for (Reader* reader : {&out, &err}) {
    reader->thread = CreateThread(nullptr, 0, readerMain, reader, 0, nullptr);
    if (!reader->thread && result.error.empty()) {
      result.error = lastErrorText("Could not start a thread to read the program's output");
      killTree();
    }
  }
  // The child's read bytes are its live progress (child_io_win.cpp); 10 ms steps for the same reason as
  // in process_posix.cpp: the sampler turns them into MB/s every 100 ms.
  auto report = [&] {
    std::uint64_t bytes = 0;
    if (onRead && childReadBytes(reinterpret_cast<std::intptr_t>(pi.hProcess), bytes))
      onRead(bytes);
  };
  const DWORD waitMillis = onRead ? 10 : 50;
  while (WaitForSingleObject(pi.hProcess, waitMillis) == WAIT_TIMEOUT) {
    report();
    if (stop.stop_requested()) {
      killTree();
      result.killed = true;
      WaitForSingleObject(pi.hProcess, INFINITE);
      break;
    }
  }
  if (!result.killed)
    report();  // an ended process's counters stay readable while we hold its handle
  // Whatever the tool started and left running holds its pipes open: end it, so the readers see
  // end-of-file once they have read what the tool wrote.
  killTree();
  finishReader(out, 200);
  finishReader(err, 200);
  result.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CloseHandle(outRead);
  CloseHandle(errRead);
  if (job)
    CloseHandle(job);

  FILETIME created_{}, exited{}, kernel{}, user{};
  if (GetProcessTimes(pi.hProcess, &created_, &exited, &kernel, &user)) {
    result.userSeconds = seconds(user);
    result.systemSeconds = seconds(kernel);
  }
  DWORD code = 0;
  if (GetExitCodeProcess(pi.hProcess, &code)) {
    result.exited = !result.killed;
    result.exitCode = static_cast<int>(code);
  }
  CloseHandle(pi.hProcess);
  return result;
}

}  // namespace hashscope::peer
