// parse(): a strict recursive-descent JSON parser (RFC 8259) with a nesting limit.
#include "library/json_value.hpp"

#include <charconv>
#include <cstdlib>

namespace hashscope::json {

const Value& Value::operator[](std::string_view key) const
{
  static const Value null;
  if (m_type != Type::Object)
    return null;
  const auto it = m_object.find(key);
  return it == m_object.end() ? null : it->second;
}

class Parser {
public:
  explicit Parser(std::string_view text) : m_text(text) {}

  Value document()
  {
    Value v = value(0);
    skipSpace();
    if (m_pos != m_text.size())
      fail("unexpected text after the document");
    return v;
  }

private:
  [[noreturn]] void fail(const std::string& what) const
  {
    throw ParseError("invalid JSON at byte " + std::to_string(m_pos) + ": " + what);
  }
  void skipSpace()
  {
    while (m_pos < m_text.size() &&
           (m_text[m_pos] == ' ' || m_text[m_pos] == '\t' || m_text[m_pos] == '\n' || m_text[m_pos] == '\r'))
      ++m_pos;
  }
  bool take(char c)
  {
    skipSpace();
    if (m_pos < m_text.size() && m_text[m_pos] == c) {
      ++m_pos;
      return true;
    }
    return false;
  }
  void expect(char c)
  {
    if (!take(c))
      fail(std::string("expected '") + c + "'");
  }
  bool literal(std::string_view word)
  {
    if (m_text.substr(m_pos, word.size()) != word)
      return false;
    m_pos += word.size();
    return true;
  }

  Value value(int depth)
  {
    if (depth > 64)
      fail("nested too deeply");
    skipSpace();
    if (m_pos >= m_text.size())
      fail("unexpected end");
    Value v;
    const char c = m_text[m_pos];
    if (c == '{') {
      ++m_pos;
      v.m_type = Value::Type::Object;
      if (take('}'))
        return v;
      do {
        skipSpace();
        std::string key = string();
        expect(':');
        v.m_object.insert_or_assign(std::move(key), value(depth + 1));
      } while (take(','));
      expect('}');
    } else if (c == '[') {
      ++m_pos;
      v.m_type = Value::Type::Array;
      if (take(']'))
        return v;
      do
        v.m_array.push_back(value(depth + 1));
      while (take(','));
      expect(']');
    } else if (c == '"') {
      v.m_type = Value::Type::String;
      v.m_string = string();
    } else if (literal("true")) {
      v.m_type = Value::Type::Bool;
      v.m_bool = true;
    } else if (literal("false")) {
      v.m_type = Value::Type::Bool;
    } else if (literal("null")) {
    } else {
      v.m_type = Value::Type::Number;
      v.m_number = number();
    }
    return v;
  }

  double number()
  {
    const std::size_t start = m_pos;
    while (m_pos < m_text.size() && std::string_view("+-0123456789.eE").find(m_text[m_pos]) != std::string_view::npos)
      ++m_pos;
    const std::string token(m_text.substr(start, m_pos - start));
    if (token.empty())
      fail("unexpected character");
    char* end = nullptr;
    const double d = std::strtod(token.c_str(), &end);
    if (end != token.c_str() + token.size())
      fail("malformed number");
    return d;
  }

  unsigned hex4()
  {
    if (m_pos + 4 > m_text.size())
      fail("short \\u escape");
    unsigned code = 0;
    const auto [ptr, ec] = std::from_chars(m_text.data() + m_pos, m_text.data() + m_pos + 4, code, 16);
    if (ec != std::errc() || ptr != m_text.data() + m_pos + 4)
      fail("malformed \\u escape");
    m_pos += 4;
    return code;
  }

  static void appendUtf8(std::string& out, unsigned cp)
  {
    if (cp < 0x80) {
      out += char(cp);
    } else if (cp < 0x800) {
      out += char(0xC0 | (cp >> 6));
      out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += char(0xE0 | (cp >> 12));
      out += char(0x80 | ((cp >> 6) & 0x3F));
      out += char(0x80 | (cp & 0x3F));
    } else {
      out += char(0xF0 | (cp >> 18));
      out += char(0x80 | ((cp >> 12) & 0x3F));
      out += char(0x80 | ((cp >> 6) & 0x3F));
      out += char(0x80 | (cp & 0x3F));
    }
  }

  std::string string()
  {
    if (m_pos >= m_text.size() || m_text[m_pos] != '"')
      fail("expected a string");
    ++m_pos;
    std::string out;
    while (true) {
      if (m_pos >= m_text.size())
        fail("unterminated string");
      const char c = m_text[m_pos++];
      if (c == '"')
        return out;
      if (static_cast<unsigned char>(c) < 0x20)
        fail("control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (m_pos >= m_text.size())
        fail("unterminated escape");
      const char e = m_text[m_pos++];
      switch (e) {
      case '"': out += '"'; break;
      case '\\': out += '\\'; break;
      case '/': out += '/'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'u': {
        unsigned cp = hex4();
        if (cp >= 0xD800 && cp < 0xDC00 && m_text.substr(m_pos, 2) == "\\u") {
          m_pos += 2;
          const unsigned low = hex4();
          if (low < 0xDC00 || low > 0xDFFF)
            fail("unpaired surrogate");
          cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
        }
        appendUtf8(out, cp);
        break;
      }
      default: fail("unknown escape");
      }
    }
  }

  std::string_view m_text;
  std::size_t m_pos = 0;
};

Value parse(std::string_view text) { return Parser(text).document(); }

}  // namespace hashscope::json
