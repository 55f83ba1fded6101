#include "counters/proc_parsers.hpp"

#include <algorithm>
#include <array>
#include <charconv>

#include "storage/mountinfo.hpp"

namespace hashscope::counters {

using storage::parseNumber;

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
      if (tok.empty() || !parseNumber(tok, v[n]))
        break;
    }
    if (n < 4)
      continue;  // malformed
    const auto secs = [&](std::size_t i) { return static_cast<double>(v[i]) / ticksPerSecond; };
    const CpuTimes t{secs(0), secs(1), secs(2), secs(3), secs(4), secs(5), secs(6), secs(7)};
    if (label == "cpu") {
      out.all = t;
      haveTotal = true;
      continue;
    }
    std::uint64_t index = 0;
    if (!parseNumber(label.substr(3), index) || index > 65535)
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
    if (!parseNumber(tok, value))
      return false;
    if (n < v.size())
      v[n] = value;
    ++n;  // fields beyond 11 (discards, flushes) are counted, not kept
  }
  if (n == 4) {
    // Old kernels' partition lines: reads, sectors read, writes, sectors written.
    out = {.reads = v[0], .sectorsRead = v[1], .writes = v[2], .sectorsWritten = v[3], .hasTiming = false};
    return true;
  }
  out = DiskStatFields{};
  if (n < 11)
    return false;
  out = {v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10]};  // in the kernel's order
  return true;
}

bool findInDiskStats(std::string_view text, std::string_view device, DiskStatFields& out)
{
  std::size_t pos = 0;
  while (pos < text.size()) {
    // major minor name fields...
    const std::string_view line = lineAt(text, pos);
    std::size_t p = 0;
    std::uint64_t major = 0, minor = 0;
    const bool numbered = parseNumber(nextToken(line, p), major) && parseNumber(nextToken(line, p), minor);
    if (nextToken(line, p) != device)
      continue;
    DiskStatFields fields;
    if (!numbered || device.empty() || !parseDiskStatFields(line.substr(p), fields))
      return false;
    out = fields;
    return true;
  }
  return false;
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
      if (!parseNumber(nextToken(rest, p), value))
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
      if (!parseNumber(nextToken(line, p), value))
        return false;
    }
    out.normalRead = v[0];
    out.directRead = v[2];
    out.serverRead = v[4];
    return true;
  }
  return false;
}

bool parseProcIoField(std::string_view text, std::string_view name, std::uint64_t& out)
{
  const std::string key = std::string(name) + ":";
  std::size_t at = 0;
  while ((at = text.find(key, at)) != std::string_view::npos) {
    if (at == 0 || text[at - 1] == '\n')  // "read_bytes", not "cancelled_read_bytes"
      break;
    at += key.size();
  }
  if (at == std::string_view::npos)
    return false;
  std::string_view rest = text.substr(at + key.size());
  rest.remove_prefix(std::min(rest.find_first_not_of(" \t"), rest.size()));
  const auto end = rest.data() + rest.size();
  const auto [ptr, ec] = std::from_chars(rest.data(), end, out);
  return ec == std::errc() && ptr != rest.data() && (ptr == end || *ptr == '\n' || *ptr == ' ');
}

}  // namespace hashscope::counters
