#include "logic/legend.hpp"

#include <QCoreApplication>
#include <QStringList>

namespace hashscope::gui {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("hashscope::gui::Legend", text); }

QString esc(const QString& text) { return text.toHtmlEscaped(); }

}  // namespace

QList<LegendEntry> scoreboardLegend()
{
  using Key = LegendEntry::Key;
  return {
      {Key::Badge, Badge::Cpu, {}, tr("the hashing was the limit: a faster disk would not help")},
      {Key::Badge, Badge::Disk, {}, tr("the storage could not deliver the data faster")},
      {Key::Badge, Badge::Ram, {}, tr("reading the data out of memory (a RAM-backed folder or the page cache) was the limit")},
      {Key::Badge, Badge::Mixed, {}, tr("no single resource explains the speed")},
      {Key::Badge, Badge::Network, {}, tr("a network share: the link to the server carried the data at its speed")},
      {Key::Badge, Badge::Server, {}, tr("a network or FUSE location: the link had room, but the server (or FUSE "
                                         "daemon) delivered no faster")},
      {Key::Mark, Badge::None, QStringLiteral("\u26a0"),
       tr("this result has a problem of its own (wide spread, served from cache, ...): point at it or open the tile")},
      {Key::Text, Badge::None, tr("97% of the limit"),
       tr("the speed against what this machine allows: the lower of the read speed and the hash speed \u00d7 "
          "streams")},
      {Key::Text, Badge::None, tr("600\u2013620, 3 passes"),
       tr("the slowest and fastest pass; the big number is the median pass")},
      {Key::Text, Badge::None, tr("in RAM (CPU)"),
       tr("hashing a buffer already in memory, with no disk at all: its own passes, and beside them the "
          "algorithm's speed per core (per second of CPU time, from every location's passes)")},
      {Key::Text, Badge::None, tr("read"), tr("reading the sample file alone, without hashing: the storage's speed")},
  };
}

QString readingResultsHtml()
{
  QString html = QStringLiteral("<h2>") % esc(tr("Reading the results")) % QStringLiteral("</h2>");
  const auto para = [&html](const QString& text) { html += QStringLiteral("<p>") % esc(text) % QStringLiteral("</p>"); };
  const auto heading = [&html](const QString& text) { html += QStringLiteral("<h3>") % esc(text) % QStringLiteral("</h3>"); };
  para(tr("HashScope answers one question: how fast can this machine hash files, and what holds it back, the disk "
          "or the CPU? Speeds are in decimal MB/s (1 MB = 1,000,000 bytes; GB/s from 10,000 MB/s), sizes in MiB and "
          "GiB (1 MiB = 1024 \u00d7 1024 bytes)."));
  heading(tr("The headline"));
  para(tr("The sentence above the tiles is the answer: which algorithms are CPU-bound on this machine (with their "
          "speed per core), and for each folder how fast it reads and which algorithms it limits. The line under "
          "it, when there is one, says what is wrong with the run as a whole, for instance that other programs used "
          "the CPU during most steps: then run again on a quiet machine before trusting the figures."));
  heading(tr("The tiles"));
  para(tr("One tile per folder and algorithm shows hashing the sample file end to end (reading and hashing "
          "together). The read column is reading alone; the in RAM (CPU) row is hashing a buffer already in memory, "
          "with the algorithm's speed per core beside it. A hash tile's limit is the lower of what its storage can "
          "deliver (reading alone, or more where the disk delivered more during a hash step: the tile's details name "
          "which) and the hash speed per core \u00d7 streams; \"% of the limit\" says how close it came, and \"at "
          "the limit\" means within the limit's own noise. Every figure of a tile comes from the same passes."));
  html += QStringLiteral("<ul>");
  for (const LegendEntry& e : scoreboardLegend()) {
    const QString key = e.key == LegendEntry::Key::Badge ? badgeText(e.badge) : e.keyText;
    html += QStringLiteral("<li><b>") % esc(key) % QStringLiteral("</b>: ") % esc(e.text) % QStringLiteral("</li>");
  }
  html += QStringLiteral("</ul>");
  para(tr("Click a tile (or press Enter on it) for its evidence: what the hashing thread and the disk were doing, "
          "every pass, and its throughput over time. Esc closes the details."));
  heading(tr("Flags"));
  para(tr("Machine busy: other programs used the CPU while this step ran, so it measured less than this machine "
          "can do. Wide spread: the passes disagreed; the median is shown, more passes (Preset: thorough) steady it. "
          "Served from the page cache: the bytes came from RAM, not from the disk, so the result does not describe "
          "the disk. Limit estimate unreliable: the result beat its own limit, so the share of the limit is not "
          "shown."));
  heading(tr("While it runs"));
  para(tr("The status line names each phase as it happens: writing the sample, waiting for a quiet machine (with "
          "what it waits for and a Skip button), each pass of each step, and the time left, predicted from the speeds "
          "measured so far. The Live tab draws the running step on its own scale, with what limited each moment "
          "behind it; earlier steps are drawn faint, their results written next to their names."));
  heading(tr("Comparing runs"));
  para(tr("History keeps every run, finished or stopped. Compare puts two runs side by side and says first which "
          "settings differ (sample size, passes, cache mode): a comparison of different settings measures the "
          "settings as much as the machine. A change counts as faster or slower only beyond the spread of the "
          "passes on either side."));
  return html;
}

}  // namespace hashscope::gui
