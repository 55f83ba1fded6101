// A small streaming JSON writer: correct escaping, finite numbers only (NaN/inf become null), optional
// pretty printing. Enough for HashScope's exports without pulling a JSON library into core/.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hashscope::json {

// Appends `text` to `out` as a JSON string literal (quotes included). Control characters are escaped,
// UTF-8 passes through untouched; text that is not valid UTF-8 is written as quoteName(text, true).
void appendString(std::string& out, std::string_view text);
// A finite number as the shortest text that reads back to the same double; "null" for NaN/inf.
std::string number(double value);

// Writes one JSON document. Calls must nest correctly (beginObject/endObject, key before each member).
class Writer {
public:
  explicit Writer(bool pretty) : m_pretty(pretty) {}

  void beginObject();
  void endObject();
  void beginArray();
  void endArray();
  void key(std::string_view name);
  void value(std::string_view text);
  void value(const char* text) { value(std::string_view(text)); }
  void value(const std::string& text) { value(std::string_view(text)); }
  void value(double number);
  void value(std::int64_t number);
  void value(std::uint64_t number);
  void value(int number) { value(static_cast<std::int64_t>(number)); }
  void value(bool flag);
  void null();
  // One member of the current object: key(name), then the value, as any value() overload takes it.
  template <typename T>
  void member(std::string_view name, const T& v)
  {
    key(name);
    value(v);
  }
  // Short arrays of numbers on one line even when pretty (keeps sample series compact).
  void numberArray(const std::vector<double>& values);

  const std::string& text() const { return m_out; }

private:
  void beforeValue();
  void newline();
  struct Level {
    bool array = false;
    bool empty = true;
  };
  std::string m_out;
  std::vector<Level> m_stack;
  bool m_pretty = true;
  bool m_afterKey = false;
};

}  // namespace hashscope::json
