#include "logic/run_reader.hpp"

#include <QCoreApplication>

#include "hashscope/analysis.hpp"

namespace hashscope::gui {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("hashscope::gui::RunReader", text); }

}  // namespace

std::optional<LoadedRun> readRun(const QByteArray& json, QString* error)
{
  const auto fail = [error](const QString& why) {
    if (error)
      *error = why;
    return std::nullopt;
  };
  // The library's reader: it refuses what is not a run document, with a sentence naming the field.
  RunDocument doc;
  LoadedRun run;
  const std::string_view text(json.constData(), std::size_t(json.size()));
  try {
    run.results = measuredResults(text, &doc);
  } catch (const std::exception& e) {
    return fail(QString::fromUtf8(e.what()));
  }
  if (run.results.empty())
    return fail(tr("The run holds no results."));
  analyseRun(run.results);
  run.when.startedAt = doc.startedAt;
  run.when.finishedAt = doc.finishedAt;
  run.when.status = doc.status;
  run.machine = doc.machine;
  run.version = QString::fromStdString(doc.version);
  return run;
}

}  // namespace hashscope::gui
