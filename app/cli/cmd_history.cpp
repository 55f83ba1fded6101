// `hashscope-cli history list|show|compare|export|import|remove|rename|baseline`: the run library.
#include "args.hpp"
#include "commands.hpp"
#include "hashscope/export.hpp"
#include "help.hpp"
#include "names.hpp"
#include "history_save.hpp"
#include "history_text.hpp"
#include "output_file.hpp"
#include "table.hpp"

namespace hashscope::cli {

namespace {

enum class Format { Table, Csv, Json };

Format formatOf(const Args& args)
{
  const auto format = args.value("format");
  if (!format || *format == "table")
    return Format::Table;
  if (*format == "csv")
    return Format::Csv;
  if (*format == "json")
    return Format::Json;
  throw UsageError("unknown --format '" + *format + "' (choose table, csv or json)");
}

std::int64_t parseRunId(const std::string& text)
{
  std::size_t used = 0;
  long long id = 0;
  try {
    id = std::stoll(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || id <= 0)
    throw UsageError("'" + text + "' is not a run id (see: hashscope-cli history list)");
  return id;
}

std::string shortTime(const std::string& iso)
{
  return iso.size() >= 16 ? iso.substr(0, 10) + " " + iso.substr(11, 5) : iso;
}

// At most a few items and how many more: an imported run may name 200 000 locations.
std::string joined(const std::vector<std::string>& items)
{
  constexpr std::size_t kShown = 6;
  std::string out;
  for (std::size_t i = 0; i < items.size() && i < kShown; ++i)
    out += (out.empty() ? "" : ", ") + items[i];
  if (items.size() > kShown)
    out += " and " + std::to_string(items.size() - kShown) + " more";
  return out;
}

// The widest a stored (maybe imported) string is shown in a table.
constexpr std::size_t kStoredCellWidth = 60;

RunRecord requireRecord(const RunLibrary& library, std::int64_t id)
{
  if (!library.exists())
    throw CommandError("there is no run " + std::to_string(id) + ": there is no history database at " +
                       library.path().string() + " (nothing was saved there yet)");
  const auto record = library.record(id);
  if (!record)
    throw CommandError("there is no run " + std::to_string(id) + " in the history (see: hashscope-cli history list)");
  return *record;
}

int list(const RunLibrary& library, Format format)
{
  const auto runs = library.list();
  if (format == Format::Json)
    return writeOut(historyJson(runs)) ? kExitOk : kExitFailure;
  if (format == Format::Csv)
    return writeOut(historyCsv(runs)) ? kExitOk : kExitFailure;
  Table table;
  table.elideCellsAt(kStoredCellWidth);
  table.addColumn("ID", Table::Align::Right);
  for (const char* header : {"Started (UTC)", "Name", "Machine", "Locations", "Algorithms", "Status"})
    table.addColumn(header);
  for (const RunRecord& r : runs)
    table.addRow({std::to_string(r.id) + (r.baseline ? "*" : ""), shortTime(r.startedAt.empty() ? r.savedAt : r.startedAt),
                  r.name, r.machine.summary(), joined(r.locations), joined(r.algorithms),
                  r.status + (r.origin == "imported" ? ", imported" : "")});
  std::string out = !library.exists() ? "There is no history at " + shownName(library.path().string()) +
                                           " yet: runs are saved there after each bench.\n"
                    : runs.empty()    ? "The history is empty: runs are saved there after each bench.\n"
                                      : table.render();
  if (library.baseline())
    out += "* the baseline: new runs are compared with it.\n";
  return writeOut(out) ? kExitOk : kExitFailure;
}

int show(const RunLibrary& library, std::int64_t id, Format format)
{
  const RunRecord record = requireRecord(library, id);
  if (format == Format::Json)
    return writeOut(library.document(id)) ? kExitOk : kExitFailure;
  const RunDocument doc = library.run(id);
  std::vector<std::vector<std::string>> rows;
  for (const RunTile& t : doc.tiles)
    rows.push_back({t.key.workload, t.key.algorithm, t.key.location, t.key.cache, std::to_string(t.key.streams),
                    t.failed ? "" : fixed(t.mbps, 1), t.failed ? "" : fixed(t.minMBps, 1),
                    t.failed ? "" : fixed(t.maxMBps, 1), std::to_string(t.passes), t.failed ? "failed" : "ok"});
  const std::vector<std::string> headers = {"Workload", "Algorithm", "Location", "Cache", "Streams", "MB/s",
                                            "Min", "Max", "Passes", "Status"};
  if (format == Format::Csv) {
    rows.insert(rows.begin(), headers);
    return writeOut(csvTable(rows)) ? kExitOk : kExitFailure;
  }
  Table table;
  table.elideCellsAt(kStoredCellWidth);
  for (std::size_t i = 0; i < headers.size(); ++i)
    table.addColumn(headers[i], i >= 4 && i <= 8 ? Table::Align::Right : Table::Align::Left);
  for (auto& row : rows)
    table.addRow(row);
  // Every field of a stored run may come from an imported file: escaped before it reaches the terminal.
  std::string out = describeRun(record) + "\n";
  out += shownText("  started " + record.startedAt + ", finished " + record.finishedAt + " (" + record.status + ")") + "\n";
  out += shownText("  machine " + record.machine.summary() + ", " + record.machine.os + "; HashScope " + record.version) +
         "\n";
  return writeOut(out + table.render()) ? kExitOk : kExitFailure;
}

int compare(const RunLibrary& library, const std::vector<std::int64_t>& ids, Format format)
{
  std::int64_t base = 0, other = 0;
  if (ids.size() == 2) {
    base = ids[0];
    other = ids[1];
  } else {
    const auto baseline = library.baseline();
    if (!baseline)
      throw UsageError("compare needs two run ids, or one with a baseline set (hashscope-cli history baseline ID)");
    base = *baseline;
    if (ids.size() == 1) {
      other = ids[0];
    } else {
      const auto runs = library.list();
      if (runs.empty() || runs.front().id == base)
        throw CommandError("there is no run newer than the baseline to compare with");
      other = runs.front().id;
    }
  }
  const RunRecord a = requireRecord(library, base), b = requireRecord(library, other);
  const Comparison c = compareRuns(library.run(base), library.run(other));
  if (format == Format::Json)
    return writeOut(comparisonJson(c, base, other)) ? kExitOk : kExitFailure;
  if (format == Format::Csv)
    return writeOut(comparisonCsv(c)) ? kExitOk : kExitFailure;
  const std::string out = "Base:  " + describeRun(a) + "\nOther: " + describeRun(b) + "\n" +
                          renderComparisonTable(c) + comparisonSummary(c) + ".\n";
  return writeOut(out) ? kExitOk : kExitFailure;
}

// `history import FILE...`: each file on its own (a bad one is reported and the others still tried); the
// same document twice is stored once unless --allow-duplicate. A database error ends it (every later file
// would fail the same way).
int importFiles(RunLibrary& library, const std::vector<std::string>& files, const Args& args)
{
  bool failed = false;
  for (const std::string& name : files) {
    try {
      const auto imported =
          library.import(readRunFile(name), args.value("name").value_or(""), args.has("allow-duplicate"));
      const std::string line = imported.duplicate
                                   ? name + " is already in the history as run " + std::to_string(imported.id) +
                                         ": not imported again (--allow-duplicate stores a copy)"
                                   : "imported " + name + " as run " + std::to_string(imported.id);
      if (!writeOut(shownText(line) + "\n"))
        return kExitFailure;
    } catch (const RunFormatError& e) {
      printError(name + ": " + e.what());
      failed = true;
    }
  }
  return failed ? kExitFailure : kExitOk;
}

}  // namespace

int runHistory(Context&, const Arguments& argv)
{
  const Args args({{"format", 'f', true, false},
                   {"output", 'o', true, false},
                   {"force", 0, false, false},
                   {"name", 0, true, false},
                   {"clear", 0, false, false},
                   {"history-db", 0, true, false},
                   {"allow-duplicate", 0, false, false},
                   {"help", 'h', false, false}},
                  argv);
  if (args.has("help"))
    return writeOut(helpText("history")) ? kExitOk : kExitFailure;
  if (args.positionals().empty())
    throw UsageError("missing history action: list, show, compare, export, import, remove, rename or baseline");
  const std::string action = args.positionals().front();
  const std::vector<std::string> operands(args.positionals().begin() + 1, args.positionals().end());
  const Format format = formatOf(args);
  auto ids = [&](std::size_t min, std::size_t max) {
    if (operands.size() < min || operands.size() > max)
      throw UsageError("history " + action + ": wrong number of run ids (see: hashscope-cli history --help)");
    std::vector<std::int64_t> out;
    for (const std::string& text : operands)
      out.push_back(parseRunId(text));
    return out;
  };
  if (action != "list" && action != "show" && action != "compare" && action != "export" && action != "import" &&
      action != "remove" && action != "rename" && action != "baseline")
    throw UsageError("unknown history action '" + action + "' (choose list, show, compare, export, import, remove, "
                     "rename or baseline)");
  try {
    // Only import may create the history; every other action reads or changes one that exists, and a
    // mistyped --history-db creates nothing.
    LibraryOptions options;
    options.create = action == "import";
    RunLibrary library(historyPath(args), options);
    if (action == "list")
      return list(library, format);
    if (action == "show")
      return show(library, ids(1, 1).front(), format);
    if (action == "compare")
      return compare(library, ids(0, 2), format);
    if (action == "export") {
      const std::int64_t id = ids(1, 1).front();
      requireRecord(library, id);
      const std::string json = library.document(id);
      if (const auto output = args.value("output")) {
        OutputFile file(*output, args.has("force"));
        if (const std::string error = file.commit(json); !error.empty())
          throw CommandError(error);
        return kExitOk;
      }
      return writeOut(json) ? kExitOk : kExitFailure;
    }
    if (action == "import") {
      if (operands.empty())
        throw UsageError("history import needs one or more hashscope.run JSON files");
      return importFiles(library, operands, args);
    }
    if (action == "remove") {
      library.remove(ids(1, 1000));  // all or none
      return kExitOk;
    }
    if (action == "rename") {
      if (operands.size() != 2)
        throw UsageError("usage: hashscope-cli history rename ID NAME (NAME \"\" removes it)");
      library.rename(parseRunId(operands[0]), operands[1]);
      return kExitOk;
    }
    // baseline
    if (args.has("clear")) {
      library.setBaseline(std::nullopt);
      return kExitOk;
    }
    const auto id = ids(0, 1);
    if (id.empty()) {
      const auto base = library.baseline();
      return writeOut(base ? describeRun(requireRecord(library, *base)) + "\n" : "no baseline set\n") ? kExitOk
                                                                                                     : kExitFailure;
    }
    library.setBaseline(id.front());
    return kExitOk;
  } catch (const LibraryError& e) {
    throw CommandError(e.what());
  }
}

}  // namespace hashscope::cli
