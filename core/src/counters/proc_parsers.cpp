#include "counters/proc_parsers.hpp"

#include <algorithm>
#include <array>
#include <charconv>

#include "storage/mountinfo.hpp"

namespace hashscope::counters {

namespace {

bool isSpace(char c)
{
  return c == ' ' || c == '\t' || c == '\r';
}

// Reads the next whitespace-separated token from `text` at `pos`; empty at the end.
std::string_view nextToken(std::string_view text, std::size_t& pos)
{
  while (pos < text.size() && isSpace(text[pos]))
    ++pos;
  std::size_t start = pos;
  while (pos < text.size() && !isSpace(text[pos]) && text[pos] != '\n')
    ++pos;
  return text.substr(start, pos - start);
}

bool toUnsigned(std::string_view token, std::uint64_t& out)
{
  if (token.empty())
    return false;
  auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), out);
  return ec == std::errc() && ptr == token.data() + token.size();
}

std::string_view lineAt(std::string_view text, std::size_t& pos)
{
  std::size_t eol = text.find('\n', pos);
  if (eol == std::string_view::npos)
    eol = text.size();
  std::string_view line = text.substr(pos, eol - pos);
  pos = eol + 1;
  return line;
}

}  // namespace

bool parseProcStat(std::string_view text, double ticksPerSecond, CpuSnapshot& out)
{
  if (ticksPerSecond <= 0)
    return false;
  bool haveTotal = false;
  std::size_t coreCount = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::string_view line = lineAt(text, pos);
    if (line.substr(0, 3) != "cpu") {
      if (haveTotal)
        break;  // the cpu lines come first; the rest (intr, ctxt ...) is not ours
      continue;
    }
    std::size_t p = 0;
    std::string_view label = nextToken(line, p);
    // user nice system idle iowait irq softirq steal (guest, guest_nice are inside user/nice already).
    // Old kernels have only the first 4 or 7: missing fields stay zero; more fields are ignored.
    std::array<std::uint64_t, 8> v{};
    std::size_t n = 0;
    for (; n < v.size(); ++n) {
      std::string_view tok = nextToken(line, p);
      if (tok.empty() || !toUnsigned(tok, v[n]))
        break;
    }
    if (n < 4)
      continue;  // malformed
    CpuTimes t;
    t.user = v[0] / ticksPerSecond;
    t.nice = v[1] / ticksPerSecond;
    t.system = v[2] / ticksPerSecond;
    t.idle = v[3] / ticksPerSecond;
    t.iowait = v[4] / ticksPerSecond;
    t.irq = v[5] / ticksPerSecond;
    t.softirq = v[6] / ticksPerSecond;
    t.steal = v[7] / ticksPerSecond;
    if (label == "cpu") {
      out.all = t;
      haveTotal = true;
      continue;
    }
    std::uint64_t index = 0;
    if (!toUnsigned(label.substr(3), index) || index > 65535)
      continue;
    if (coreCount == 0)
      out.cores.clear();  // keeps capacity: no allocation in steady state
    if (out.cores.size() <= index)
      out.cores.resize(index + 1);
    out.cores[index] = t;
    coreCount = std::max<std::size_t>(coreCount, index + 1);
  }
  if (coreCount == 0)
    out.cores.clear();
  return haveTotal;
}

bool parseDiskStatFields(std::string_view text, DiskStatFields& out)
{
  std::array<std::uint64_t, 11> v{};
  std::size_t n = 0;
  std::size_t pos = 0;
  for (;;) {
    std::string_view tok = nextToken(text, pos);
    if (tok.empty())
      break;
    std::uint64_t value = 0;
    if (!toUnsigned(tok, value))
      return false;
    if (n < v.size())
      v[n] = value;
    ++n;  // fields beyond 11 (discards, flushes) are counted, not kept
  }
  out = DiskStatFields{};
  if (n == 4) {
    // Old kernels' partition lines: reads, sectors read, writes, sectors written.
    out.reads = v[0];
    out.sectorsRead = v[1];
    out.writes = v[2];
    out.sectorsWritten = v[3];
    out.hasTiming = false;
    return true;
  }
  if (n < 11)
    return false;
  out.reads = v[0];
  out.readsMerged = v[1];
  out.sectorsRead = v[2];
  out.msReading = v[3];
  out.writes = v[4];
  out.writesMerged = v[5];
  out.sectorsWritten = v[6];
  out.msWriting = v[7];
  out.inFlight = v[8];
  out.ioTicksMs = v[9];
  out.weightedMs = v[10];
  return true;
}

namespace {

bool parseDiskStatsLine(std::string_view line, DiskStatsLine& out, bool withName)
{
  std::size_t p = 0;
  std::uint64_t major = 0, minor = 0;
  if (!toUnsigned(nextToken(line, p), major) || !toUnsigned(nextToken(line, p), minor))
    return false;
  std::string_view name = nextToken(line, p);
  if (name.empty())
    return false;
  out.major = static_cast<unsigned>(major);
  out.minor = static_cast<unsigned>(minor);
  if (withName)
    out.name.assign(name);
  return parseDiskStatFields(line.substr(p), out.fields);
}

}  // namespace

bool findInDiskStats(std::string_view text, std::string_view device, DiskStatFields& out)
{
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::string_view line = lineAt(text, pos);
    std::size_t p = 0;
    nextToken(line, p);
    nextToken(line, p);
    if (nextToken(line, p) != device)
      continue;
    DiskStatsLine parsed;
    if (!parseDiskStatsLine(line, parsed, false))
      return false;
    out = parsed.fields;
    return true;
  }
  return false;
}

std::vector<DiskStatsLine> parseDiskStats(std::string_view text)
{
  std::vector<DiskStatsLine> lines;
  std::size_t pos = 0;
  while (pos < text.size()) {
    DiskStatsLine parsed;
    if (parseDiskStatsLine(lineAt(text, pos), parsed, true))
      lines.push_back(std::move(parsed));
  }
  return lines;
}

void accumulate(const DiskStatFields& f, DiskSnapshot& out)
{
  out.readBytes += f.sectorsRead * 512;
  out.writeBytes += f.sectorsWritten * 512;
  out.readOps += f.reads;
  out.writeOps += f.writes;
  out.busySeconds += static_cast<double>(f.ioTicksMs) / 1000.0;
  out.inFlight += static_cast<double>(f.inFlight);
}

bool parseNetDev(std::string_view text, std::string_view wanted, NetSnapshot& out)
{
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::string_view line = lineAt(text, pos);
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos)
      continue;  // the two header lines
    std::size_t p = 0;
    std::string_view name = line.substr(0, colon);
    if (nextToken(name, p) != wanted || !nextToken(name, p).empty())
      continue;
    // rx: bytes packets errs drop fifo frame compressed multicast; tx: bytes packets ...
    std::array<std::uint64_t, 10> v{};
    std::string_view rest = line.substr(colon + 1);
    p = 0;
    for (auto& value : v) {
      if (!toUnsigned(nextToken(rest, p), value))
        return false;
    }
    out.rxBytes = v[0];
    out.rxPackets = v[1];
    out.txBytes = v[8];
    out.txPackets = v[9];
    return true;
  }
  return false;
}

bool parseNfsMountStats(std::string_view text, std::string_view mountPoint, NfsBytes& out)
{
  bool inMount = false;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::string_view line = lineAt(text, pos);
    std::size_t p = 0;
    const std::string_view first = nextToken(line, p);
    if (first == "device") {
      // device SOURCE mounted on POINT with fstype TYPE [statvers=...]
      nextToken(line, p);
      const bool shaped = nextToken(line, p) == "mounted" && nextToken(line, p) == "on";
      const std::string point = storage::unescapeMountField(nextToken(line, p));
      const bool typed = nextToken(line, p) == "with" && nextToken(line, p) == "fstype";
      inMount = shaped && typed && point == mountPoint && nextToken(line, p).substr(0, 3) == "nfs";
      continue;
    }
    if (!inMount || first != "bytes:")
      continue;
    // normalreadbytes normalwritebytes directreadbytes directwritebytes serverreadbytes serverwritebytes ...
    std::array<std::uint64_t, 5> v{};
    for (auto& value : v) {
      if (!toUnsigned(nextToken(line, p), value))
        return false;
    }
    out.normalRead = v[0];
    out.directRead = v[2];
    out.serverRead = v[4];
    return true;
  }
  return false;
}

bool parseProcIoReadBytes(std::string_view text, std::uint64_t& out)
{
  constexpr std::string_view key = "read_bytes:";
  std::size_t at = 0;
  while ((at = text.find(key, at)) != std::string_view::npos) {
    if (at == 0 || text[at - 1] == '\n')  // "read_bytes", not "cancelled_read_bytes"
      break;
    at += key.size();
  }
  if (at == std::string_view::npos)
    return false;
  std::string_view rest = text.substr(at + key.size());
  while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t'))
    rest.remove_prefix(1);
  const auto end = rest.data() + rest.size();
  const auto [ptr, ec] = std::from_chars(rest.data(), end, out);
  return ec == std::errc() && ptr != rest.data() && (ptr == end || *ptr == '\n' || *ptr == ' ');
}

}  // namespace hashscope::counters
