// parse(): nlohmann/json's strict parser (RFC 8259: number grammar, well-formed UTF-8, paired surrogates, no
// control characters) driving a SAX handler that adds HashScope's own rules: at most 64 levels, no key given
// twice, what is kept and what is streamed, and numbers beyond a double read as +-infinity.
#include "library/json_value.hpp"

#include <nlohmann/json.hpp>

#include <charconv>
#include <iterator>
#include <limits>
#include <unordered_set>
#include <utility>

namespace hashscope::json {

const Value& Value::operator[](std::string_view key) const
{
  static const Value null;
  if (m_type != Type::Object)
    return null;
  const auto it = m_object.find(key);
  return it == m_object.end() ? null : it->second;
}

namespace {

bool isNumberChar(char c) { return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'; }

// A number with RFC 8259's grammar that a double cannot hold: +-infinity when it is too large, nullopt for any
// other text (nlohmann reads it: a number too small is 0 there too, a malformed one is its error).
std::optional<double> outOfRange(std::string_view token)
{
  if (token.size() < 309 && token.find_first_of("eE") == std::string_view::npos)
    return std::nullopt;  // no exponent: only more than 308 digits is too large
  double d = 0;
  const auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), d);
  if (ec != std::errc::result_out_of_range || ptr != token.data() + token.size())
    return std::nullopt;
  // from_chars takes more than RFC 8259: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? and nothing after it.
  std::size_t i = token.front() == '-' ? 1 : 0;
  const auto digits = [&] {
    const std::size_t from = i;
    while (i < token.size() && token[i] >= '0' && token[i] <= '9')
      ++i;
    return i - from;
  };
  const std::size_t whole = digits();
  if (whole == 0 || (whole > 1 && token[i - whole] == '0'))
    return std::nullopt;
  if (i < token.size() && token[i] == '.' && (++i, digits() == 0))
    return std::nullopt;
  if (i < token.size() && (token[i] == 'e' || token[i] == 'E')) {
    i += i + 1 < token.size() && (token[i + 1] == '+' || token[i + 1] == '-') ? 2 : 1;
    if (digits() == 0)
      return std::nullopt;
  }
  if (i != token.size())
    return std::nullopt;
  const bool negative = token.front() == '-';
  const std::size_t e = std::min(token.find_first_of("eE"), token.size());
  const std::string_view mantissa = token.substr(negative ? 1 : 0, e - (negative ? 1 : 0));
  // The decimal place of the first significant digit (1 for "1.5", -2 for "0.001"), then the exponent.
  const std::size_t point = std::min(mantissa.find('.'), mantissa.size());
  const std::size_t first = mantissa.find_first_of("123456789");
  long long magnitude = first < point ? static_cast<long long>(point - first)
                                      : -static_cast<long long>(first - point - 1);
  long long exponent = 0;
  for (const char c : token.substr(std::min(e + 1, token.size())))
    if (c >= '0' && c <= '9')
      exponent = std::min<long long>(exponent * 10 + (c - '0'), 1LL << 40);
  magnitude += e < token.size() && token.find('-', e) != std::string_view::npos ? -exponent : exponent;
  if (magnitude <= 0)
    return std::nullopt;
  return negative ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
}

// What the reader and the handler share: where the reader is, and the value of the number it replaced last
// (the next number the handler is given).
struct Shared {
  std::size_t pos = 0;
  std::optional<double> replaced;
};

// The document's bytes as nlohmann reads them, with one change: nlohmann refuses a number beyond a double
// ("number overflow"), where HashScope reads +-infinity and lets the field's reader judge it (it names the
// field). Such a number reaches nlohmann as "0" padded with spaces to its length, so byte offsets hold, and
// its value waits in Shared::replaced. Strings are followed (quotes, backslashes) so no digit in them counts.
class Reader {
public:
  using iterator_category = std::forward_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  Reader(std::string_view text, std::size_t pos, Shared* shared) : m_text(text), m_pos(pos), m_shared(shared)
  {
    look();
  }

  const char& operator*() const
  {
    static const char zero = '0', space = ' ';
    if (m_pos < m_zeroUntil)
      return m_pos == m_zeroFrom ? zero : space;
    return m_text[m_pos];
  }
  Reader& operator++()
  {
    const char c = m_text[m_pos];
    if (m_inString && m_escaped)
      m_escaped = false;
    else if (m_inString && c == '\\')
      m_escaped = true;
    else if (c == '"')
      m_inString = !m_inString;
    ++m_pos;
    m_shared->pos = m_pos;
    look();
    return *this;
  }
  bool operator==(const Reader& other) const { return m_pos == other.m_pos; }

private:
  // At the start of a number token outside a string: replaces it when a double cannot hold it.
  void look()
  {
    if (m_inString || m_pos >= m_text.size() || m_pos < m_tokenEnd || (m_text[m_pos] != '-' && !isDigit(m_text[m_pos])))
      return;
    m_tokenEnd = m_pos;
    while (m_tokenEnd < m_text.size() && isNumberChar(m_text[m_tokenEnd]))
      ++m_tokenEnd;
    if (const auto value = outOfRange(m_text.substr(m_pos, m_tokenEnd - m_pos))) {
      m_shared->replaced = value;
      m_zeroFrom = m_pos;
      m_zeroUntil = m_tokenEnd;
    }
  }
  static bool isDigit(char c) { return c >= '0' && c <= '9'; }

  std::string_view m_text;
  std::size_t m_pos = 0;
  Shared* m_shared = nullptr;
  bool m_inString = false, m_escaped = false;
  std::size_t m_tokenEnd = 0, m_zeroFrom = 0, m_zeroUntil = 0;
};

using Json = nlohmann::json;

}  // namespace

// Builds the kept part of the document from nlohmann's events.
class Parser : public nlohmann::json_sax<Json> {
public:
  Parser(const ParseOptions& options, Shared& shared) : m_options(options), m_shared(shared) {}

  Value root;
  bool streamed = false;

  bool null() override { return add(Value{}); }
  bool boolean(bool flag) override
  {
    Value v;
    v.m_type = Value::Type::Bool;
    v.m_bool = flag;
    return add(std::move(v));
  }
  bool number_integer(number_integer_t n) override { return number(static_cast<double>(n)); }
  bool number_unsigned(number_unsigned_t n) override { return number(static_cast<double>(n)); }
  bool number_float(number_float_t n, const string_t&) override { return number(n); }
  bool string(string_t& text) override
  {
    Value v;
    v.m_type = Value::Type::String;
    v.m_string = std::move(text);
    return add(std::move(v));
  }
  bool binary(binary_t&) override { return false; }  // JSON text has none
  bool start_object(std::size_t) override { return open(Value::Type::Object); }
  bool start_array(std::size_t) override { return open(Value::Type::Array); }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }
  bool key(string_t& key) override
  {
    Frame& f = m_stack.back();
    // A key given twice: which value counts differs from reader to reader, so a run document that has one
    // could show one thing here and another elsewhere. Refused, wherever it is (kept or not).
    if (!f.keys.insert(key).second)
      fail(m_shared.pos - key.size() - 2, "the key \"" + key.substr(0, 64) + "\" is given twice in one object");
    f.streamNext = m_stack.size() == 1 && m_options.onElement && key == m_options.streamKey;
    f.keepNext = f.keep && (!m_options.keep || m_options.keep(key));
    f.key = std::move(key);
    return true;
  }
  bool parse_error(std::size_t position, const std::string& token, const nlohmann::detail::exception& e) override
  {
    // nlohmann's words without its prefix ("[json.exception.parse_error.101] parse error at line 1, column 2:
    // syntax error while parsing value - ") or the bytes it read (they may be anything).
    std::string what = e.what();
    what = what.substr(std::min(what.find(" - ") + 3, what.size()));
    if (const std::size_t read = what.find("; last read: '"); read != std::string::npos) {
      const std::size_t expected = what.rfind("'; expected ");
      what = what.substr(0, read) + (expected != std::string::npos && expected > read ? what.substr(expected + 1) : std::string());
    }
    if (what.find("UTF-8") != std::string::npos)
      what = "invalid UTF-8 in a string";
    else if (what.rfind("invalid number", 0) == 0)
      what = "malformed number" + what.substr(14);
    else if (what == "invalid literal" && !token.empty() && (token.back() == '+' || token.back() == '.'))
      what = "malformed number";
    fail(position > 0 ? position - 1 : 0, what);
  }

private:
  struct Frame {
    Value value;
    bool keep = true;      // whether this container is kept (its members are checked either way)
    bool stream = false;   // the streamed array: its elements go to onElement
    bool keepNext = true;  // its next element, or an object's next member: kept?
    bool streamNext = false;
    std::string key;
    std::unordered_set<std::string> keys;
  };

  [[noreturn]] static void fail(std::size_t at, const std::string& what)
  {
    throw ParseError("invalid JSON at byte " + std::to_string(at) + ": " + what);
  }

  bool number(double n)
  {
    Value v;
    v.m_type = Value::Type::Number;
    v.m_number = std::exchange(m_shared.replaced, std::nullopt).value_or(n);
    return add(std::move(v));
  }

  // Each value: at most 64 levels, and the streamed member must be an array.
  void check(bool array) const
  {
    if (m_stack.size() > 64)
      fail(m_shared.pos - 1, "nested too deeply");
    if (!m_stack.empty() && m_stack.back().streamNext && !array)
      fail(m_shared.pos - 1, "expected an array for \"" + std::string(m_options.streamKey) + "\"");
  }

  bool add(Value v)
  {
    check(false);
    place(std::move(v));
    return true;
  }

  // A finished value goes to its container (when kept), to onElement, or becomes the root.
  void place(Value v)
  {
    if (m_stack.empty()) {
      root = std::move(v);
      return;
    }
    Frame& parent = m_stack.back();
    if (parent.stream)
      m_options.onElement(v);
    else if (parent.keepNext && parent.value.m_type == Value::Type::Array)
      parent.value.m_array.push_back(std::move(v));
    else if (parent.keepNext)
      parent.value.m_object.insert_or_assign(std::move(parent.key), std::move(v));
  }

  bool open(Value::Type type)
  {
    check(type == Value::Type::Array);
    Frame f;
    f.value.m_type = type;
    if (!m_stack.empty()) {
      const Frame& parent = m_stack.back();
      f.stream = parent.value.m_type == Value::Type::Object && parent.streamNext;
      f.keep = (parent.stream || parent.keepNext) && !f.stream;
      streamed = streamed || f.stream;
    }
    f.keepNext = f.keep;
    m_stack.push_back(std::move(f));
    return true;
  }

  bool close()
  {
    Frame f = std::move(m_stack.back());
    m_stack.pop_back();
    if (!f.stream)
      place(f.keep ? std::move(f.value) : Value{});
    return true;
  }

  const ParseOptions& m_options;
  Shared& m_shared;
  std::vector<Frame> m_stack;
};

Value parse(std::string_view text, const ParseOptions& options, bool* streamed)
{
  // nlohmann skips a byte-order mark; this parser never did (readRunDocument takes one off itself).
  if (text.substr(0, 3) == "\xEF\xBB\xBF")
    throw ParseError("invalid JSON at byte 0: unexpected character");
  Shared shared;
  Parser parser(options, shared);
  Json::sax_parse(Reader(text, 0, &shared), Reader(text, text.size(), &shared), &parser);
  if (streamed)
    *streamed = parser.streamed;
  return std::move(parser.root);
}

}  // namespace hashscope::json
