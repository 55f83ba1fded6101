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
  static const char* const kHex = "0123456789abcdef";
  out += '"';
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    switch (c) {
    case '"': out += "\\\""; break;
    case '\\': out += "\\\\"; break;
    case '\b': out += "\\b"; break;
    case '\f': out += "\\f"; break;
    case '\n': out += "\\n"; break;
    case '\r': out += "\\r"; break;
    case '\t': out += "\\t"; break;
    default:
      if (u < 0x20 || u == 0x7f) {
        out += "\\u00";
        out += kHex[u >> 4];
        out += kHex[u & 0xf];
      } else {
        out += c;  // UTF-8 bytes pass through: JSON text is UTF-8
      }
    }
  }
  out += '"';
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
