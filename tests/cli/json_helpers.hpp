// A tiny strict JSON reader for the CLI tests (the CLI tests do not link Qt): enough to check that
// `bench --format json` is valid JSON and carries the fields it must.
#pragma once

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace clitest {

// One JSON value.
struct Json {
  enum class Type { Null, Bool, Number, String, Array, Object };
  Type type = Type::Null;
  bool boolean = false;
  double number = 0;
  std::string string;
  std::vector<Json> array;
  std::map<std::string, Json> object;

  bool has(const std::string& key) const { return type == Type::Object && object.count(key) > 0; }
  const Json& operator[](const std::string& key) const { return object.at(key); }
};

// Parses a whole document (RFC 8259, no extensions); throws std::runtime_error with the offset on error.
Json parseJson(const std::string& text);

} // namespace clitest
