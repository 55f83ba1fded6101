#include "args.hpp"

namespace hashscope::cli {

Args::Args(std::vector<OptionSpec> specs, const std::vector<std::string>& argv, OptionWording wording)
    : m_specs(std::move(specs)), m_wording(wording)
{
  bool optionsEnded = false;
  for (std::size_t i = 0; i < argv.size(); ++i) {
    const std::string& arg = argv[i];
    if (optionsEnded || arg == "-" || arg.size() < 2 || arg[0] != '-') {
      m_positionals.push_back(arg);
      continue;
    }
    if (arg == "--") {
      optionsEnded = true;
      continue;
    }
    if (arg[1] == '-') {
      const auto eq = arg.find('=');
      const std::string typed = arg.substr(2);
      const OptionSpec& spec = findLong(typed.substr(0, eq == std::string::npos ? std::string::npos : eq - 2), typed);
      if (!spec.takesValue) {
        if (eq != std::string::npos)
          fail("option '--" + spec.name + "' takes no value", "option '--" + spec.name + "' doesn't allow an argument");
        record(spec, {});
      } else if (eq != std::string::npos) {
        record(spec, arg.substr(eq + 1));
      } else if (i + 1 < argv.size()) {
        record(spec, argv[++i]);
      } else {
        fail("option '--" + spec.name + "' needs a value", "option '--" + spec.name + "' requires an argument");
      }
      continue;
    }
    // A cluster of short options: flags first, the last one may take a value ("-rj4", "-a md5").
    for (std::size_t k = 1; k < arg.size(); ++k) {
      const OptionSpec* spec = findShort(arg[k]);
      if (!spec)
        fail(std::string("unknown option '-") + arg[k] + "'", std::string("invalid option -- '") + arg[k] + "'");
      if (!spec->takesValue) {
        record(*spec, {});
        continue;
      }
      if (k + 1 < arg.size())
        record(*spec, arg.substr(k + 1));
      else if (i + 1 < argv.size())
        record(*spec, argv[++i]);
      else
        fail(std::string("option '-") + arg[k] + "' needs a value",
             std::string("option requires an argument -- '") + arg[k] + "'");
      break;
    }
  }
}

void Args::fail(const std::string& hashscope, const std::string& getopt) const
{
  if (m_wording == OptionWording::Getopt)
    throw GetoptError(getopt);
  throw UsageError(hashscope);
}

// An exact name, else the one option the typed text is a prefix of (as getopt_long allows). `typed` is
// everything after "--", a value included, as getopt quotes it.
const OptionSpec& Args::findLong(std::string_view name, std::string_view typed) const
{
  std::vector<const OptionSpec*> candidates;
  for (const auto& spec : m_specs) {
    if (spec.name == name)
      return spec;
    if (!name.empty() && spec.name.compare(0, name.size(), name) == 0)
      candidates.push_back(&spec);
  }
  if (candidates.size() == 1)
    return *candidates.front();
  if (candidates.empty())
    fail("unknown option '--" + std::string(name) + "'", "unrecognized option '--" + std::string(typed) + "'");
  std::string names, quoted;
  for (const OptionSpec* spec : candidates) {
    names += (names.empty() ? "--" : ", --") + spec->name;
    quoted += " '--" + spec->name + "'";
  }
  fail("option '--" + std::string(name) + "' is ambiguous (" + names + ")",
       "option '--" + std::string(typed) + "' is ambiguous; possibilities:" + quoted);
}

const OptionSpec* Args::findShort(char c) const
{
  for (const auto& spec : m_specs) {
    if (spec.shortName == c)
      return &spec;
  }
  return nullptr;
}

void Args::record(const OptionSpec& spec, std::string value)
{
  m_sequence.emplace_back(spec.name, value);
  auto& slot = m_values[spec.name];
  if (!spec.repeatable)
    slot.clear();
  slot.push_back(std::move(value));
}

bool Args::has(std::string_view name) const
{
  return m_values.find(name) != m_values.end();
}

std::optional<std::string> Args::value(std::string_view name) const
{
  const auto it = m_values.find(name);
  if (it == m_values.end() || it->second.empty())
    return std::nullopt;
  return it->second.back();
}

std::vector<std::string> Args::values(std::string_view name) const
{
  const auto it = m_values.find(name);
  return it == m_values.end() ? std::vector<std::string>{} : it->second;
}

std::vector<std::string> Args::list(std::string_view name) const
{
  std::vector<std::string> out;
  for (const auto& value : values(name)) {
    std::size_t start = 0;
    for (;;) {
      const auto comma = value.find(',', start);
      const std::string item =
          value.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      if (!item.empty())
        out.push_back(item);
      if (comma == std::string::npos)
        break;
      start = comma + 1;
    }
  }
  return out;
}

} // namespace hashscope::cli
