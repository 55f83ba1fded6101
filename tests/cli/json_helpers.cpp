#include "json_helpers.hpp"

#include <cctype>
#include <cstdlib>

namespace clitest {

namespace {

class Parser {
public:
  explicit Parser(const std::string& text) : m_text(text) {}

  Json document()
  {
    Json value = parseValue();
    skipSpace();
    if (m_pos != m_text.size())
      fail("trailing characters");
    return value;
  }

private:
  [[noreturn]] void fail(const std::string& what) const
  {
    throw std::runtime_error("JSON: " + what + " at offset " + std::to_string(m_pos));
  }
  void skipSpace()
  {
    while (m_pos < m_text.size() &&
           (m_text[m_pos] == ' ' || m_text[m_pos] == '\n' || m_text[m_pos] == '\r' || m_text[m_pos] == '\t'))
      ++m_pos;
  }
  char peek()
  {
    skipSpace();
    if (m_pos >= m_text.size())
      fail("unexpected end");
    return m_text[m_pos];
  }
  void expect(char c)
  {
    if (peek() != c)
      fail(std::string("expected '") + c + "'");
    ++m_pos;
  }
  void literal(const char* word)
  {
    for (const char* p = word; *p; ++p, ++m_pos) {
      if (m_pos >= m_text.size() || m_text[m_pos] != *p)
        fail(std::string("bad literal, expected ") + word);
    }
  }

  Json parseValue()
  {
    Json value;
    const char c = peek();
    if (c == '{') {
      value.type = Json::Type::Object;
      ++m_pos;
      if (peek() == '}') {
        ++m_pos;
        return value;
      }
      for (;;) {
        if (peek() != '"')
          fail("expected a key");
        const std::string key = parseString();
        expect(':');
        value.object[key] = parseValue();
        if (peek() == ',') {
          ++m_pos;
          continue;
        }
        expect('}');
        return value;
      }
    }
    if (c == '[') {
      value.type = Json::Type::Array;
      ++m_pos;
      if (peek() == ']') {
        ++m_pos;
        return value;
      }
      for (;;) {
        value.array.push_back(parseValue());
        if (peek() == ',') {
          ++m_pos;
          continue;
        }
        expect(']');
        return value;
      }
    }
    if (c == '"') {
      value.type = Json::Type::String;
      value.string = parseString();
      return value;
    }
    if (c == 't' || c == 'f') {
      value.type = Json::Type::Bool;
      value.boolean = c == 't';
      literal(c == 't' ? "true" : "false");
      return value;
    }
    if (c == 'n') {
      literal("null");
      return value;
    }
    value.type = Json::Type::Number;
    value.number = parseNumber();
    return value;
  }

  std::string parseString()
  {
    expect('"');
    std::string out;
    while (m_pos < m_text.size()) {
      const char c = m_text[m_pos++];
      if (c == '"')
        return out;
      if (static_cast<unsigned char>(c) < 0x20)
        fail("control character in string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (m_pos >= m_text.size())
        break;
      const char e = m_text[m_pos++];
      switch (e) {
      case '"':
        out += '"';
        break;
      case '\\':
        out += '\\';
        break;
      case '/':
        out += '/';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'u': {
        if (m_pos + 4 > m_text.size())
          fail("short \\u escape");
        for (int i = 0; i < 4; ++i) {
          if (!std::isxdigit(static_cast<unsigned char>(m_text[m_pos + static_cast<std::size_t>(i)])))
            fail("bad \\u escape");
        }
        const long code = std::strtol(m_text.substr(m_pos, 4).c_str(), nullptr, 16);
        m_pos += 4;
        out += code < 0x80 ? static_cast<char>(code) : '?'; // the tests only compare ASCII
        break;
      }
      default:
        fail("bad escape");
      }
    }
    fail("unterminated string");
  }

  double parseNumber()
  {
    const std::size_t start = m_pos;
    if (m_pos < m_text.size() && m_text[m_pos] == '-')
      ++m_pos;
    auto digits = [&] {
      const std::size_t from = m_pos;
      while (m_pos < m_text.size() && std::isdigit(static_cast<unsigned char>(m_text[m_pos])))
        ++m_pos;
      if (m_pos == from)
        fail("expected a digit");
    };
    if (m_pos < m_text.size() && m_text[m_pos] == '0')
      ++m_pos;
    else
      digits();
    if (m_pos < m_text.size() && m_text[m_pos] == '.') {
      ++m_pos;
      digits();
    }
    if (m_pos < m_text.size() && (m_text[m_pos] == 'e' || m_text[m_pos] == 'E')) {
      ++m_pos;
      if (m_pos < m_text.size() && (m_text[m_pos] == '+' || m_text[m_pos] == '-'))
        ++m_pos;
      digits();
    }
    return std::strtod(m_text.substr(start, m_pos - start).c_str(), nullptr);
  }

  const std::string& m_text;
  std::size_t m_pos = 0;
};

} // namespace

Json parseJson(const std::string& text)
{
  return Parser(text).document();
}

} // namespace clitest
