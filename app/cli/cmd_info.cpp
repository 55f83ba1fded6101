// `hashscope-cli algorithms` and `hashscope-cli locations`: what this machine offers.
#include "args.hpp"
#include "commands.hpp"
#include "hashscope/hash.hpp"
#include "hashscope/storage.hpp"
#include "hashscope/types.hpp"
#include "help.hpp"
#include "table.hpp"

namespace hashscope::cli {

namespace {

// Renders as an aligned table or as CSV (RFC 4180 quoting), as --format asks.
std::string render(const Table& table, const std::vector<std::string>& headers,
                   const std::vector<std::vector<std::string>>& rows, bool csv)
{
  if (!csv)
    return table.render();
  auto quote = [](const std::string& cell) {
    if (cell.find_first_of(",\"\n\r") == std::string::npos)
      return cell;
    std::string out = "\"";
    for (char c : cell)
      out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
  };
  auto line = [&](const std::vector<std::string>& cells) {
    std::string out;
    for (std::size_t i = 0; i < cells.size(); ++i)
      out += (i ? "," : "") + quote(cells[i]);
    return out + "\r\n";
  };
  std::string out = line(headers);
  for (const auto& row : rows)
    out += line(row);
  return out;
}

bool csvFormat(const Args& args)
{
  const auto format = args.value("format");
  if (!format || *format == "table")
    return false;
  if (*format == "csv")
    return true;
  throw UsageError("unknown --format '" + *format + "' (choose table or csv)");
}

// Renders rows under headers, first column left-aligned, the rest as given.
std::string emit(const std::vector<std::pair<std::string, Table::Align>>& columns,
                 const std::vector<std::vector<std::string>>& rows, bool csv)
{
  Table table;
  std::vector<std::string> headers;
  for (const auto& [name, align] : columns) {
    table.addColumn(name, align);
    headers.push_back(name);
  }
  for (const auto& row : rows)
    table.addRow(row);
  return render(table, headers, rows, csv);
}

} // namespace

int runAlgorithms(Context&, const Arguments& argv)
{
  const Args args({{"format", 'f', true, false}, {"help", 'h', false, false}}, argv);
  if (args.has("help"))
    return writeOut(helpText("algorithms")) ? kExitOk : kExitFailure;
  if (!args.positionals().empty())
    throw UsageError("unexpected argument '" + args.positionals().front() + "'");
  const bool csv = csvFormat(args);
  std::vector<std::vector<std::string>> rows;
  for (const auto& info : allAlgorithms())
    rows.push_back({info.id, std::string(toString(info.family)), std::to_string(info.digestBytes * 8),
                    info.implementation, info.peerTool.empty() ? "-" : info.peerTool});
  using A = Table::Align;
  return writeOut(emit({{"id", A::Left},
                        {"family", A::Left},
                        {"bits", A::Right},
                        {"implementation", A::Left},
                        {"peer tool", A::Left}},
                       rows, csv))
             ? kExitOk
             : kExitFailure;
}

int runLocations(Context&, const Arguments& argv)
{
  const Args args({{"format", 'f', true, false}, {"help", 'h', false, false}}, argv);
  if (args.has("help"))
    return writeOut(helpText("locations")) ? kExitOk : kExitFailure;
  const bool csv = csvFormat(args);
  std::vector<StorageInfo> locations;
  for (const auto& path : args.positionals())
    locations.push_back(describeStorage(path));
  if (args.positionals().empty())
    locations = candidateLocations();

  bool failed = false;
  std::vector<std::vector<std::string>> rows;
  for (const auto& s : locations) {
    if (!s.error.empty()) {
      printError(s.error);
      // A path asked for that cannot be examined fails the command; a share in the list that did not
      // answer is only reported.
      failed = failed || !args.positionals().empty();
      continue;
    }
    std::string device = s.device.name.empty() ? "-" : s.device.name;
    if (!s.device.partition.empty() && s.device.partition != s.device.name)
      device += " (" + s.device.partition + ")";
    if (!s.device.model.empty())
      device += " " + s.device.model;
    if (const std::string remote = remoteSummary(s); !remote.empty())
      device = remote;  // the server and the link: "network: nfs4 from nas:/export over eth0 (1 Gb/s)"
    rows.push_back({s.path.string(), s.mountPoint.string(), s.filesystem.empty() ? "-" : s.filesystem, device,
                    std::string(toString(s.kind)), formatBytes(s.freeBytes), formatBytes(s.totalBytes),
                    s.readOnly ? "read-only" : (s.writable ? "yes" : "no")});
  }
  using A = Table::Align;
  const bool written = writeOut(emit({{"path", A::Left},
                                      {"mount point", A::Left},
                                      {"fs", A::Left},
                                      {"device", A::Left},
                                      {"kind", A::Left},
                                      {"free", A::Right},
                                      {"total", A::Right},
                                      {"writable", A::Left}},
                                     rows, csv));
  return failed || !written ? kExitFailure : kExitOk;
}

} // namespace hashscope::cli
