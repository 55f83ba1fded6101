// hashscope-cli started under another name (a link made by `hashscope-cli install-links DIR`): md5sum,
// sha1sum, sha224sum, sha256sum, sha384sum, sha512sum, b2sum, b3sum, xxhsum, cksum or sum. It then is that
// tool: its options, output, messages (prefixed with the name it was started as) and exit statuses, plus
// HashScope's -j N.
#pragma once

#include "commands.hpp"
#include "digest_requests.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hashscope::cli {

// The tool a program name means ("md5sum", "/usr/local/bin/sha256sum", "b2sum.exe"), if any.
std::optional<Tool> toolForProgram(std::string_view argv0);
std::string_view toolName(Tool tool);
// Every tool name install-links makes a link for.
std::vector<std::string_view> toolNames();

// Runs `args` (without the program name) as `tool` and returns the exit status.
int runTool(Context& context, Tool tool, const std::vector<std::string>& args);

std::string toolHelp(Tool tool, const std::string& program);
std::string toolVersion(Tool tool);

// `hashscope-cli install-links DIR`: a link to this executable under each tool name in DIR. Existing files
// are never replaced (links to this executable are kept and counted).
int runInstallLinks(Context& context, const Arguments& args);

} // namespace hashscope::cli
