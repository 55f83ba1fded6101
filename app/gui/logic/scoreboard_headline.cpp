// The scoreboard's headline: the one sentence that answers "what limits hashing here?".
#include <QCoreApplication>

#include <algorithm>
#include <map>
#include <utility>

#include "logic/result_text.hpp"
#include "logic/scoreboard_detail.hpp"
#include "words.hpp"

namespace hashscope::gui::detail {

namespace {

QString tr(const char* text, const char* disambiguation = nullptr, int n = -1)
{
  return QCoreApplication::translate("hashscope::gui::Scoreboard", text, disambiguation, n);
}

// "a", "a and b", "a, b and c".
QString joined(const QStringList& items)
{
  if (items.size() <= 1)
    return items.value(0);
  return tr("%1 and %2").arg(items.mid(0, items.size() - 1).join(tr(", ")), items.last());
}

bool usable(const ScoreTile* t) { return t && t->measured && !t->failed; }

// The algorithms of a location's measured hash tiles that carry `badge`, in column order.
QStringList algorithmsWith(const Scoreboard& board, int row, Badge badge)
{
  QStringList out;
  for (int column = 0; column < board.columns.size(); ++column) {
    const ScoreTile* t = board.at(row, column);
    if (t->kind == ScoreTile::Kind::Hash && usable(t) && t->badge == badge)
      out << t->algorithm;
  }
  return out;
}

// The algorithm's per-core figure (its own place: the in-RAM tile's perCoreMBps, pooled from every location).
QString perCore(const Scoreboard& board, const QString& algorithm)
{
  const ScoreTile* t = board.find({}, algorithm, ScoreTile::Kind::InRam);
  return usable(t) && t->perCoreMBps > 0 ? speedText(t->perCoreMBps).text() : QString();
}

// "a is disk-bound", "b and c are CPU-bound".
QString group(const QStringList& algorithms, const QString& what)
{
  return (algorithms.size() == 1 ? tr("%1 is %2") : tr("%1 are %2")).arg(joined(algorithms), what);
}

// What one location says: its read speed and which algorithms it limits (those CPU-bound everywhere
// were named once already, in `cpuEverywhere`).
QString locationClause(const Scoreboard& board, int row, const QStringList& cpuEverywhere)
{
  const ScoreTile* read = board.readColumn >= 0 ? board.at(row, board.readColumn) : nullptr;
  // What the location reads alone, and, where its disk delivered more during a hash step, that too: no tile
  // then shows more than the headline says the location gives.
  QString reads = usable(read) ? speedText(read->mbps).text() : QString();
  if (usable(read) && read->deliveredMBps > 0)
    reads = tr("%1 alone (up to %2 while hashing)").arg(reads, speedText(read->deliveredMBps).text());
  const QString where = usable(read) && read->badge == Badge::Ram ? tr("%1, in RAM,").arg(board.rows[row])
                                                                  : board.rows[row];
  QStringList cpu = algorithmsWith(board, row, Badge::Cpu);
  for (const QString& a : cpuEverywhere)
    cpu.removeAll(a);
  // The groups in the order the sentence names them: what the location itself limits first.
#define HS_WORD(text) QT_TRANSLATE_NOOP("hashscope::gui::Scoreboard", text)
  const std::pair<Badge, const char*> kGroups[] = {
      {Badge::Disk, HS_WORD("I/O-bound")}, {Badge::Network, HS_WORD("network-bound")},
      {Badge::Server, HS_WORD("server-bound")}, {Badge::Cpu, HS_WORD("CPU-bound")},
      {Badge::Ram, HS_WORD("memory-bound")}, {Badge::Mixed, HS_WORD("mixed")}};
#undef HS_WORD
  QStringList groups;
  for (const auto& [badge, word] : kGroups) {
    const QStringList algorithms = badge == Badge::Cpu ? cpu : algorithmsWith(board, row, badge);
    if (!algorithms.isEmpty())
      groups << group(algorithms, tr(word));
  }
  if (groups.isEmpty()) {
    if (reads.isEmpty())
      return {};
    return cpuEverywhere.isEmpty() ? tr("%1 reads %2").arg(where, reads)
                                   : tr("%1 reads %2, more than the hashing needs").arg(where, reads);
  }
  return reads.isEmpty() ? tr("on %1, %2").arg(where, joined(groups))
                         : tr("%1 reads %2, so %3 there").arg(where, reads, joined(groups));
}

}  // namespace

QString headline(const Scoreboard& board)
{
  if (board.measuredCount() == 0) {
    const bool stopped = std::any_of(board.tiles.begin(), board.tiles.end(),
                                     [](const ScoreTile& t) { return t.unmeasured == ScoreTile::Unmeasured::Stopped; });
    return stopped ? tr("Stopped before the first result: nothing was measured.")
                   : tr("Measuring: the answer appears here as the results arrive.");
  }
  const int locationRows = board.inRamRow >= 0 ? board.inRamRow : int(board.rows.size());
  // An algorithm is CPU-bound "on this machine" when every location that measured it says so.
  QStringList cpu, speeds;
  for (int column = 0; column < board.columns.size(); ++column) {
    if (column == board.readColumn)
      continue;
    int seen = 0, onCpu = 0;
    for (int row = 0; row < locationRows; ++row) {
      const ScoreTile* t = board.at(row, column);
      if (usable(t) && t->badge != Badge::None) {
        ++seen;
        onCpu += t->badge == Badge::Cpu ? 1 : 0;
      }
    }
    if (seen > 0 && onCpu == seen) {
      cpu << board.columns[column];
      speeds << perCore(board, board.columns[column]);
    }
  }
  QStringList clauses;
  if (!cpu.isEmpty()) {
    const bool allSpeeds = !speeds.contains(QString());
    if (cpu.size() == 1)
      clauses << (allSpeeds ? tr("%1 is CPU-bound (%2 per core)").arg(cpu.first(), speeds.first())
                            : tr("%1 is CPU-bound").arg(cpu.first()));
    else
      clauses << (allSpeeds ? tr("%1 are CPU-bound (%2 per core)").arg(joined(cpu), joined(speeds))
                            : tr("%1 are CPU-bound").arg(joined(cpu)));
  }
  for (int row = 0; row < locationRows; ++row) {
    if (const QString clause = locationClause(board, row, cpu); !clause.isEmpty())
      clauses << clause;
  }
  if (clauses.isEmpty() && board.inRamRow >= 0) {  // only hash-memory so far
    QStringList inRam;
    for (int column = 0; column < board.columns.size(); ++column) {
      const ScoreTile* t = board.at(board.inRamRow, column);
      if (t->kind == ScoreTile::Kind::InRam && usable(t) && t->perCoreMBps > 0)
        inRam << tr("%1 hashes %2 per core").arg(t->algorithm, speedText(t->perCoreMBps).text());
    }
    if (!inRam.isEmpty())
      return tr("In RAM on this machine, %1.").arg(joined(inRam));
  }
  if (clauses.isEmpty())
    return tr("Measuring: the answer appears here as the results arrive.");
  return tr("On this machine %1.").arg(clauses.join(tr("; ")));
}

}  // namespace hashscope::gui::detail

namespace hashscope::gui {

void addCaveat(Scoreboard& board, bool stopped)
{
  // Counted over the results behind the tiles (a tile per result), by the rule the CLI's caveat follows too.
  std::vector<std::vector<FlagCode>> marks;
  for (const ScoreTile& t : board.tiles) {
    if (!t.measured || t.failed)
      continue;
    std::vector<FlagCode> codes;
    for (const QString& code : t.flagCodes) {
      if (const auto known = parseFlagCode(code.toStdString()))
        codes.push_back(*known);
    }
    marks.push_back(std::move(codes));
  }
  QStringList sentences;
  board.caveatCodes.clear();
  for (FlagCode code : words::caveatCodes(marks)) {
    sentences << qs(words::caveatFor(code, words::countOf(marks, code), int(marks.size())));
    board.caveatCodes << qs(toString(code));
  }
  if (stopped) {
    int planned = 0;
    for (const ScoreTile& t : board.tiles)
      planned += t.kind != ScoreTile::Kind::Empty ? 1 : 0;
    if (board.measuredCount() < planned)
      sentences.prepend(QCoreApplication::translate("hashscope::gui::Scoreboard",
                                                    "Stopped: %1 of %2 tiles were measured before the run was stopped.")
                            .arg(board.measuredCount())
                            .arg(planned));
  }
  board.caveat = sentences.join(QLatin1Char(' '));
}

}  // namespace hashscope::gui
