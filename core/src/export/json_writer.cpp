#include "export/json_writer.hpp"

#include "hashscope/hash.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace hashscope::json {

void appendString(std::string& out, std::string_view text)
{
  // The document must stay valid UTF-8 whatever a string holds: stray bytes become \xHH text (paths
  // are written through the same escaping with a flag saying so; see writePath in export_json.cpp).
  if (!isValidUtf8(text)) {
    appendString(out, quoteName(text, true));
    return;
  }
  // nlohmann escapes quotes, backslashes and control characters (\b \f \n \r \t, else \u00xx) and passes
  // UTF-8 through; DEL, which it leaves, is escaped too.
  const std::size_t from = out.size();
  out += Document(text).dump();
  for (std::size_t at = out.find('\x7f', from); at != std::string::npos; at = out.find('\x7f', at))
    out.replace(at, 1, "\\u007f");
}

std::string number(double value)
{
  if (!std::isfinite(value))
    return "null";
  if (value == 0)
    return "0";
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

namespace {

void write(std::string& out, const Document& v, bool pretty, std::size_t depth)
{
  const auto newline = [&](std::size_t level) {
    if (pretty) {
      out += '\n';
      out.append(level * 2, ' ');
    }
  };
  switch (v.type()) {
  case Document::value_t::object:
  case Document::value_t::array: {
    const bool object = v.is_object();
    const bool series = !object && std::all_of(v.begin(), v.end(), [](const Document& e) {
      return e.is_number() || e.is_null();
    });
    out += object ? '{' : '[';
    for (auto it = v.begin(); it != v.end(); ++it) {
      if (it != v.begin())
        out += ',';
      if (!series)
        newline(depth + 1);
      if (object) {
        appendString(out, it.key());
        out += pretty ? ": " : ":";
      }
      write(out, it.value(), pretty, depth + 1);
    }
    if (!series && !v.empty())
      newline(depth);
    out += object ? '}' : ']';
    return;
  }
  case Document::value_t::string: appendString(out, v.get_ref<const std::string&>()); return;
  case Document::value_t::boolean: out += v.get<bool>() ? "true" : "false"; return;
  case Document::value_t::number_integer: out += std::to_string(v.get<std::int64_t>()); return;
  case Document::value_t::number_unsigned: out += std::to_string(v.get<std::uint64_t>()); return;
  case Document::value_t::number_float: out += number(v.get<double>()); return;
  default: out += "null"; return;  // null (the only other kind a document built here holds)
  }
}

}  // namespace

std::string text(const Document& document, bool pretty)
{
  std::string out;
  write(out, document, pretty, 0);
  return out;
}

}  // namespace hashscope::json
