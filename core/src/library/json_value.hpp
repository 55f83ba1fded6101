// The run documents' reader: a small DOM of what a reader keeps, filled by nlohmann/json's strict parser (see
// json_value.cpp). Numbers are doubles (run figures are measured values, not ids).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace hashscope::json {

// One parsed JSON value. Missing members read as null, so optional fields need no special casing.
class Value {
public:
  enum class Type { Null, Bool, Number, String, Array, Object };

  Type type() const { return m_type; }
  bool isNull() const { return m_type == Type::Null; }
  bool isObject() const { return m_type == Type::Object; }

  // The member `key` of an object (a null value when absent or when this is not an object).
  const Value& operator[](std::string_view key) const;
  const std::vector<Value>& items() const { return m_array; }

  std::string string(std::string def = {}) const { return m_type == Type::String ? m_string : def; }
  double number(double def = 0) const { return m_type == Type::Number ? m_number : def; }
  std::optional<double> optNumber() const
  {
    return m_type == Type::Number ? std::optional<double>(m_number) : std::nullopt;
  }
  bool boolean(bool def = false) const { return m_type == Type::Bool ? m_bool : def; }

private:
  friend class Parser;
  Type m_type = Type::Null;
  bool m_bool = false;
  double m_number = 0;
  std::string m_string;
  std::vector<Value> m_array;
  std::map<std::string, Value, std::less<>> m_object;
};

// Malformed JSON: the message says where ("at byte 123: expected ','").
struct ParseError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// How much of a document to keep. Whatever is not kept is still checked as strictly, so a document that
// parses is valid JSON all through; what is dropped costs no memory, whatever its size.
struct ParseOptions {
  // Members (at any depth) whose key this refuses are not kept; unset: every member is kept.
  std::function<bool(std::string_view key)> keep;
  // The elements of the top-level object's array `streamKey` go one by one to `onElement` (which may
  // throw to stop) and are not kept in the document.
  std::string_view streamKey;
  std::function<void(const Value& element)> onElement;
};

// Parses a whole document (RFC 8259: strict numbers, well-formed UTF-8, paired surrogates, at most 64
// levels); throws ParseError. `streamed` (when given) says whether the streamed array was there.
Value parse(std::string_view text, const ParseOptions& options = {}, bool* streamed = nullptr);

}  // namespace hashscope::json
