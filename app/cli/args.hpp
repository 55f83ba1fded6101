// A small command-line parser with GNU getopt_long's rules: long options (--name value, --name=value) that
// may be abbreviated to any unique prefix (--stat for --status), short options (-a value, -avalue, -r,
// -rj4), options and operands in any order, "--" to end options, and "-" as an ordinary argument (stdin).
#pragma once

#include "common.hpp"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hashscope::cli {

// One option a command accepts.
struct OptionSpec {
  std::string name;   // long name without dashes: "algorithm"
  char shortName = 0; // 'a', or 0 for none
  bool takesValue = false;
  bool repeatable = false; // may be given several times (values collected in order)
};

// How a bad option is worded: as hashscope-cli's one-line usage error (exit 2), or as GNU getopt words it
// for a tool hashscope-cli was started as ("invalid option -- 'x'", then "Try 'md5sum --help' ...").
enum class OptionWording { HashScope, Getopt };

// A bad option in the Getopt wording: what() is getopt's sentence, without the program name.
struct GetoptError : UsageError {
  using UsageError::UsageError;
};

// The parsed command line of one command. Throws UsageError (or GetoptError) on unknown, ambiguous or
// malformed options.
class Args {
public:
  Args(std::vector<OptionSpec> specs, const std::vector<std::string>& argv,
       OptionWording wording = OptionWording::HashScope);

  bool has(std::string_view name) const;
  // The value of a single-valued option (the last one given), if present.
  std::optional<std::string> value(std::string_view name) const;
  // Every value of a repeatable option, in order.
  std::vector<std::string> values(std::string_view name) const;
  // The same with comma-separated lists split ("-a md5,sha1" = "-a md5 -a sha1"); not for paths.
  std::vector<std::string> list(std::string_view name) const;
  const std::vector<std::string>& positionals() const { return m_positionals; }
  // Every option given, in command-line order: (long name, value). For options whose effect depends on
  // which came last (md5sum's --status, --warn and --quiet undo each other).
  const std::vector<std::pair<std::string, std::string>>& sequence() const { return m_sequence; }

private:
  const OptionSpec& findLong(std::string_view name, std::string_view typed) const;
  const OptionSpec* findShort(char c) const;
  void record(const OptionSpec& spec, std::string value);
  [[noreturn]] void fail(const std::string& hashscope, const std::string& getopt) const;

  std::vector<OptionSpec> m_specs;
  OptionWording m_wording;
  std::map<std::string, std::vector<std::string>, std::less<>> m_values;
  std::vector<std::pair<std::string, std::string>> m_sequence;
  std::vector<std::string> m_positionals;
};

} // namespace hashscope::cli
