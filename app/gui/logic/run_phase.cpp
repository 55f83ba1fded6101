#include "logic/run_phase.hpp"

#include <QCoreApplication>

#include <cmath>

#include "logic/result_text.hpp"

namespace hashscope::gui {

namespace {

QString tr(const char* text, const char* disambiguation = nullptr, int n = -1)
{
  return QCoreApplication::translate("hashscope::gui::RunPhase", text, disambiguation, n);
}

QString cores(double value) { return QString::number(value, 'f', 1); }

// Before the sampler of a pass starts: what the engine does first.
QString beforeMeasuring(const RunPhase& p)
{
  const bool file = p.workload == Workload::HashFile || p.workload == Workload::HashTree ||
                    p.workload == Workload::PeerTool || p.workload == Workload::Read;
  if (!file)
    return {};
  if (p.cache == CacheMode::Warm)
    return tr("reading the file into the page cache first");
  if (p.cache == CacheMode::Cold && p.workload == Workload::PeerTool)
    return tr("dropping the file from the page cache first");
  return {};
}

}  // namespace

QString quietGivenUpText(const RunPhase& p)
{
  if (!p.quietGivenUp)
    return {};
  switch (p.quietOutcome) {
  case QuietOutcome::Skipped: return tr("not waiting for a quiet machine (skipped)");
  case QuietOutcome::TimedOut:
  case QuietOutcome::NotImproving:
    return tr("not waiting for a quiet machine: it stays busy, so busy steps are flagged");
  case QuietOutcome::Quiet:
  case QuietOutcome::Stopped: break;
  }
  return {};
}

QString phaseText(const RunPhase& p)
{
  switch (p.kind) {
  case RunPhase::Kind::Idle: return {};
  case RunPhase::Kind::Preparing: return tr("Preparing the run...");
  case RunPhase::Kind::Stopping: return tr("Stopping...");
  case RunPhase::Kind::Writing:
    return p.mbps > 0 ? tr("Writing the sample in %1: %2%, %3").arg(p.location).arg(int(p.fraction * 100)).arg(formatMBps(p.mbps))
                      : tr("Writing the sample in %1: %2%").arg(p.location).arg(int(p.fraction * 100));
  case RunPhase::Kind::Waiting: {
    const QString busy = tr("other processes use %1 of %2 cores (%3 of %4 s)")
                             .arg(cores(p.wait.otherCores), QString::number(std::lround(p.wait.cores)))
                             .arg(std::lround(p.wait.waited))
                             .arg(std::lround(p.wait.limit));
    return p.step > 0 ? tr("Waiting for a quiet machine before step %1 of %2: %3").arg(p.step).arg(p.total).arg(busy)
                      : tr("Waiting for a quiet machine: %1").arg(busy);
  }
  case RunPhase::Kind::Step: break;
  }
  QString text = tr("Step %1 of %2: %3").arg(p.step).arg(p.total).arg(p.title);
  if (p.passes > 1 && p.pass > 0)
    text += tr(": pass %1 of %2").arg(p.pass).arg(p.passes);
  if (!p.measuring && p.pass > 0) {
    if (const QString first = beforeMeasuring(p); !first.isEmpty())
      text += tr(", %1").arg(first);
  }
  if (const QString quiet = quietGivenUpText(p); !quiet.isEmpty())
    text += tr(" (%1)").arg(quiet);
  return text;
}

}  // namespace hashscope::gui
