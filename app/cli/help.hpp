// The --help texts of the CLI and of each command.
#pragma once

#include <string_view>

namespace hashscope::cli {

// The help of `command` ("" = the program overview); empty when the command is unknown.
std::string_view helpText(std::string_view command);

} // namespace hashscope::cli
