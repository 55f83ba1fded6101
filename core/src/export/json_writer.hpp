// Run documents and the history's exports are built as nlohmann/json documents (members keep their order) and
// printed by text(), which keeps HashScope's own form: the shortest round-trip numbers ("2", not "2.0"), NaN and
// inf as null, number series on one line, control characters and DEL escaped, never a byte that is not UTF-8.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace hashscope::json {

using Document = nlohmann::ordered_json;

// Appends `text` to `out` as a JSON string literal (quotes included). Control characters are escaped,
// UTF-8 passes through untouched; text that is not valid UTF-8 is written as quoteName(text, true).
void appendString(std::string& out, std::string_view text);
// A finite number as the shortest text that reads back to the same double; "null" for NaN/inf.
std::string number(double value);
// The document as text: two-space indents when `pretty`, else one line; an array of numbers (and nulls) on one
// line either way (keeps sample series compact).
std::string text(const Document& document, bool pretty);

}  // namespace hashscope::json
