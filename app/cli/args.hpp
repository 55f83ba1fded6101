// A small command-line parser: GNU-style long options (--name value, --name=value), short options
// (-a value, -avalue, -r, -rj4), "--" to end options, and "-" as an ordinary argument (stdin).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hashscope::cli {

// One option a command accepts.
struct OptionSpec {
  std::string name;   // long name without dashes: "algorithm"
  char shortName = 0; // 'a', or 0 for none
  bool takesValue = false;
  bool repeatable = false; // may be given several times (values collected in order)
};

// The parsed command line of one command. Throws UsageError on unknown options or missing values.
class Args {
public:
  Args(std::vector<OptionSpec> specs, const std::vector<std::string>& argv);

  bool has(std::string_view name) const;
  // The value of a single-valued option (the last one given), if present.
  std::optional<std::string> value(std::string_view name) const;
  // Every value of a repeatable option, in order.
  std::vector<std::string> values(std::string_view name) const;
  // The same with comma-separated lists split ("-a md5,sha1" = "-a md5 -a sha1"); not for paths.
  std::vector<std::string> list(std::string_view name) const;
  const std::vector<std::string>& positionals() const { return m_positionals; }

private:
  const OptionSpec& find(std::string_view longName) const;
  const OptionSpec* findShort(char c) const;
  void record(const OptionSpec& spec, std::string value);

  std::vector<OptionSpec> m_specs;
  std::map<std::string, std::vector<std::string>, std::less<>> m_values;
  std::vector<std::string> m_positionals;
};

} // namespace hashscope::cli
