#include "args.hpp"

#include "common.hpp"

namespace hashscope::cli {

Args::Args(std::vector<OptionSpec> specs, const std::vector<std::string>& argv) : m_specs(std::move(specs))
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
      const std::string name = arg.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
      const OptionSpec& spec = find(name);
      if (!spec.takesValue) {
        if (eq != std::string::npos)
          throw UsageError("option '--" + name + "' takes no value");
        record(spec, {});
      } else if (eq != std::string::npos) {
        record(spec, arg.substr(eq + 1));
      } else if (i + 1 < argv.size()) {
        record(spec, argv[++i]);
      } else {
        throw UsageError("option '--" + name + "' needs a value");
      }
      continue;
    }
    // A cluster of short options: flags first, the last one may take a value ("-rj4", "-a md5").
    for (std::size_t k = 1; k < arg.size(); ++k) {
      const OptionSpec* spec = findShort(arg[k]);
      if (!spec)
        throw UsageError(std::string("unknown option '-") + arg[k] + "'");
      if (!spec->takesValue) {
        record(*spec, {});
        continue;
      }
      if (k + 1 < arg.size())
        record(*spec, arg.substr(k + 1));
      else if (i + 1 < argv.size())
        record(*spec, argv[++i]);
      else
        throw UsageError(std::string("option '-") + arg[k] + "' needs a value");
      break;
    }
  }
}

const OptionSpec& Args::find(std::string_view longName) const
{
  for (const auto& spec : m_specs) {
    if (spec.name == longName)
      return spec;
  }
  throw UsageError("unknown option '--" + std::string(longName) + "'");
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
