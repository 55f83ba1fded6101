// parse(): a strict recursive-descent JSON parser (RFC 8259) with a nesting limit.
#include "library/json_value.hpp"

#include <unordered_set>

#include <algorithm>
#include <charconv>
#include <limits>

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
  Parser(std::string_view text, const ParseOptions& options) : m_text(text), m_options(options) {}

  Value document()
  {
    Value v = value(0, true);
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
  bool keeps(std::string_view key) const { return !m_options.keep || m_options.keep(key); }

  // One value. With `keep` false it is checked as strictly but nothing of it is stored (the value reads
  // as null): members a reader does not use cost no memory, however big.
  Value value(int depth, bool keep)
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
      // A key given twice: which value counts differs from reader to reader, so a run document that has one
      // could show one thing here and another elsewhere. Refused, wherever it is (kept or not).
      std::unordered_set<std::string> keys;
      do {
        skipSpace();
        const std::size_t keyAt = m_pos;
        std::string key = string();
        if (!keys.insert(key).second) {
          m_pos = keyAt;
          fail("the key \"" + key.substr(0, 64) + "\" is given twice in one object");
        }
        expect(':');
        if (depth == 0 && m_options.onElement && key == m_options.streamKey) {
          elements(depth + 1);
          continue;
        }
        const bool keepMember = keep && keeps(key);
        Value member = value(depth + 1, keepMember);
        if (keepMember)
          v.m_object.insert_or_assign(std::move(key), std::move(member));
      } while (take(','));
      expect('}');
    } else if (c == '[') {
      ++m_pos;
      v.m_type = Value::Type::Array;
      if (take(']'))
        return v;
      do {
        Value item = value(depth + 1, keep);
        if (keep)
          v.m_array.push_back(std::move(item));
      } while (take(','));
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
    if (!keep)
      return {};
    return v;
  }

  // The streamed array: each element goes to onElement as soon as it is read, and is not kept.
  void elements(int depth)
  {
    skipSpace();
    if (m_pos >= m_text.size() || m_text[m_pos] != '[')
      fail("expected an array for \"" + std::string(m_options.streamKey) + "\"");
    m_streamed = true;
    ++m_pos;
    if (take(']'))
      return;
    do
      m_options.onElement(value(depth + 1, true));
    while (take(','));
    expect(']');
  }

public:
  bool streamed() const { return m_streamed; }

private:
  // RFC 8259's grammar exactly: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?. Read with from_chars (no
  // locale: a German app reads "1.5" as 1.5 too). A number beyond a double's range reads as +-infinity (or
  // 0 when it is too small): the document stays what it was, and its reader judges the value.
  double number()
  {
    const std::size_t start = m_pos;
    auto digits = [&] {
      const std::size_t from = m_pos;
      while (m_pos < m_text.size() && m_text[m_pos] >= '0' && m_text[m_pos] <= '9')
        ++m_pos;
      return m_pos - from;
    };
    if (m_pos < m_text.size() && m_text[m_pos] == '-')
      ++m_pos;
    if (m_pos >= m_text.size() || m_text[m_pos] < '0' || m_text[m_pos] > '9')
      fail(m_pos == start && std::string_view("+.").find(m_text[start]) == std::string_view::npos
               ? "unexpected character"
               : "malformed number");
    if (m_text[m_pos] == '0')
      ++m_pos;
    else
      digits();
    if (m_pos < m_text.size() && m_text[m_pos] >= '0' && m_text[m_pos] <= '9')
      fail("malformed number (leading zero)");
    if (m_pos < m_text.size() && m_text[m_pos] == '.') {
      ++m_pos;
      if (digits() == 0)
        fail("malformed number (no digit after the point)");
    }
    if (m_pos < m_text.size() && (m_text[m_pos] == 'e' || m_text[m_pos] == 'E')) {
      ++m_pos;
      if (m_pos < m_text.size() && (m_text[m_pos] == '+' || m_text[m_pos] == '-'))
        ++m_pos;
      if (digits() == 0)
        fail("malformed number (no digit in the exponent)");
    }
    const char* first = m_text.data() + start;
    const char* last = m_text.data() + m_pos;
    double d = 0;
    const auto [ptr, ec] = std::from_chars(first, last, d);
    if (ec == std::errc::result_out_of_range)
      return outOfRange(std::string_view(first, static_cast<std::size_t>(last - first)));
    if (ec != std::errc() || ptr != last)
      fail("malformed number");
    return d;
  }

  // A well-formed number a double cannot hold: infinity when its magnitude is too large, else 0.
  static double outOfRange(std::string_view token)
  {
    const bool negative = token.front() == '-';
    // The decimal exponent of the first significant digit: above 0 means large.
    long long position = 0;  // digits before the point, counted from the first non-zero one
    bool seenNonZero = false, afterPoint = false;
    std::size_t i = negative ? 1 : 0;
    long long leadingZerosAfterPoint = 0;
    for (; i < token.size() && token[i] != 'e' && token[i] != 'E'; ++i) {
      if (token[i] == '.') {
        afterPoint = true;
      } else if (!seenNonZero && token[i] == '0') {
        if (afterPoint)
          ++leadingZerosAfterPoint;
      } else {
        seenNonZero = true;
        if (!afterPoint)
          ++position;
      }
    }
    long long exponent = 0;
    if (i < token.size()) {
      const std::string_view e = token.substr(i + 1);
      const bool minus = !e.empty() && e.front() == '-';
      for (char c : e)
        if (c >= '0' && c <= '9')
          exponent = std::min<long long>(exponent * 10 + (c - '0'), 1LL << 40);
      if (minus)
        exponent = -exponent;
    }
    const long long magnitude = (position > 0 ? position : -leadingZerosAfterPoint) + exponent;
    const double value = magnitude > 0 ? std::numeric_limits<double>::infinity() : 0.0;
    return negative ? -value : value;
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

  // The length of the well-formed UTF-8 sequence at m_pos (RFC 3629: no overlong forms, no surrogates,
  // nothing above U+10FFFF); fails on anything else.
  std::size_t utf8Sequence()
  {
    const auto byte = [&](std::size_t i) {
      return m_pos + i < m_text.size() ? static_cast<unsigned char>(m_text[m_pos + i]) : 0u;
    };
    const unsigned b0 = byte(0);
    std::size_t n = 0;
    unsigned low = 0x80, high = 0xBF;  // the allowed range of the second byte
    if (b0 >= 0xC2 && b0 <= 0xDF) {
      n = 2;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
      n = 3;
      if (b0 == 0xE0)
        low = 0xA0;
      if (b0 == 0xED)
        high = 0x9F;
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
      n = 4;
      if (b0 == 0xF0)
        low = 0x90;
      if (b0 == 0xF4)
        high = 0x8F;
    } else {
      fail("invalid UTF-8 in a string");
    }
    if (byte(1) < low || byte(1) > high)
      fail("invalid UTF-8 in a string");
    for (std::size_t i = 2; i < n; ++i)
      if (byte(i) < 0x80 || byte(i) > 0xBF)
        fail("invalid UTF-8 in a string");
    return n;
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
      if (static_cast<unsigned char>(c) >= 0x80) {  // JSON text is UTF-8: a stray byte is refused, not kept
        --m_pos;
        const std::size_t n = utf8Sequence();
        out.append(m_text.substr(m_pos, n));
        m_pos += n;
        continue;
      }
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
        // A code point outside the BMP comes as a surrogate pair; half a pair is no character and
        // could not be written back as UTF-8.
        if (cp >= 0xDC00 && cp <= 0xDFFF)
          fail("unpaired surrogate");
        if (cp >= 0xD800 && cp < 0xDC00) {
          if (m_text.substr(m_pos, 2) != "\\u")
            fail("unpaired surrogate");
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
  const ParseOptions& m_options;
  bool m_streamed = false;
};

Value parse(std::string_view text, const ParseOptions& options, bool* streamed)
{
  Parser parser(text, options);
  Value v = parser.document();
  if (streamed)
    *streamed = parser.streamed();
  return v;
}

}  // namespace hashscope::json
