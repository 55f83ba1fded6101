#include "export/json_writer.hpp"

#include "hashscope/hash.hpp"

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

void Writer::newline()
{
  if (!m_pretty)
    return;
  m_out += '\n';
  m_out.append(m_stack.size() * 2, ' ');
}

void Writer::beforeValue()
{
  if (m_afterKey) {
    m_afterKey = false;
    return;
  }
  if (m_stack.empty())
    return;
  Level& level = m_stack.back();
  if (!level.empty)
    m_out += ',';
  level.empty = false;
  newline();
}

void Writer::beginObject()
{
  beforeValue();
  m_out += '{';
  m_stack.push_back({false, true});
}

void Writer::endObject()
{
  const bool empty = m_stack.back().empty;
  m_stack.pop_back();
  if (!empty)
    newline();
  m_out += '}';
}

void Writer::beginArray()
{
  beforeValue();
  m_out += '[';
  m_stack.push_back({true, true});
}

void Writer::endArray()
{
  const bool empty = m_stack.back().empty;
  m_stack.pop_back();
  if (!empty)
    newline();
  m_out += ']';
}

void Writer::key(std::string_view name)
{
  beforeValue();
  appendString(m_out, name);
  m_out += m_pretty ? ": " : ":";
  m_afterKey = true;
}

void Writer::value(std::string_view text)
{
  beforeValue();
  appendString(m_out, text);
}

void Writer::value(double n)
{
  beforeValue();
  m_out += number(n);
}

void Writer::value(std::int64_t n)
{
  beforeValue();
  m_out += std::to_string(n);
}

void Writer::value(std::uint64_t n)
{
  beforeValue();
  m_out += std::to_string(n);
}

void Writer::value(bool flag)
{
  beforeValue();
  m_out += flag ? "true" : "false";
}

void Writer::null()
{
  beforeValue();
  m_out += "null";
}

void Writer::numberArray(const std::vector<double>& values)
{
  beforeValue();
  m_out += '[';
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0)
      m_out += ',';
    m_out += number(values[i]);
  }
  m_out += ']';
}

}  // namespace hashscope::json
