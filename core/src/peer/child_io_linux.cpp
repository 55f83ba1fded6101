// Linux: /proc/<pid>/io of our own child (same user: no privileges needed). rchar, not read_bytes, which
// counts storage fetches: those run ahead of the tool (readahead) and stay 0 for a warm file.
#include <charconv>
#include <string>
#include <string_view>

#include "counters/linux_sources.hpp"
#include "peer/child_io.hpp"

namespace hashscope::peer {

bool childReadBytes(std::intptr_t child, std::uint64_t& bytes)
{
  thread_local std::string buffer;
  const std::string path = "/proc/" + std::to_string(child) + "/io";
  if (!counters::readSmallFile(path.c_str(), buffer))
    return false;  // gone already, or no task I/O accounting in this kernel
  const std::string_view text(buffer);
  constexpr std::string_view key = "rchar:";
  const auto at = text.find(key);
  if (at == std::string_view::npos || (at != 0 && text[at - 1] != '\n'))
    return false;
  const auto begin = text.find_first_not_of(' ', at + key.size());
  if (begin == std::string_view::npos)
    return false;
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data() + begin, text.data() + text.size(), value);
  if (error != std::errc())
    return false;
  bytes = value;
  return true;
}

}  // namespace hashscope::peer
