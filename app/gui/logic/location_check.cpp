#include "logic/location_check.hpp"

#include <QCoreApplication>
#include <QFileInfo>

#include "hashscope/samples.hpp"
#include "logic/result_text.hpp"

namespace hashscope::gui {

namespace {
QString tr(const char* text) { return QCoreApplication::translate("hashscope::gui::LocationCheck", text); }

// The words for the tiles, from the engine's sentence (which stays the full account, in the tooltip and above
// the tiles).
QString shortTextOf(const QString& sentence)
{
  if (sentence.contains(QLatin1String("no such folder")))
    return tr("folder missing");
  if (sentence.contains(QLatin1String("is not a folder")))
    return tr("not a folder");
  if (sentence.contains(QLatin1String("read-only")))
    return tr("read-only");
  if (sentence.contains(QLatin1String("permission denied")))
    return tr("no write permission");
  return tr("location unusable");
}
}  // namespace

std::optional<LocationProblem> checkLocation(const QString& path, bool reusesSample)
{
  const QFileInfo info(path);
  if (!info.exists())
    return LocationProblem{path, tr("folder missing"),
                           tr("%1 no longer exists (deleted, or its disk unmounted): choose an existing folder")
                               .arg(path)};
  if (!info.isDir())
    return LocationProblem{path, tr("not a folder"), tr("%1 is not a folder: choose a folder").arg(path)};
  if (reusesSample)
    return std::nullopt;
  const QString problem = qs(sampleLocationProblem(toPath(path)));
  if (problem.isEmpty())
    return std::nullopt;
  return locationProblemFrom(path, problem);
}

LocationProblem locationProblemFrom(const QString& location, const QString& sentence)
{
  return {location, shortTextOf(sentence), sentence};
}

void applyLocationProblems(Scoreboard& board, const QList<LocationProblem>& problems, bool ended)
{
  if (problems.isEmpty())
    return;
  QStringList sentences;
  for (const LocationProblem& p : problems) {
    QString sentence = p.sentence.trimmed();
    if (!sentence.endsWith(QLatin1Char('.')))
      sentence += QLatin1Char('.');
    if (!sentences.contains(sentence))
      sentences.append(sentence);
    for (ScoreTile& tile : board.tiles) {
      if (tile.kind != ScoreTile::Kind::Empty && !tile.measured && tile.location == p.location) {
        tile.unmeasured = ScoreTile::Unmeasured::NotMeasured;  // not pending: this run will not measure it
        tile.unmeasuredReason = tr("not measured: %1").arg(p.shortText);
        tile.unmeasuredDetail = p.sentence;
      }
    }
  }
  const QString said = sentences.join(QLatin1Char(' '));
  if (ended && board.measuredCount() == 0) {
    board.headline = tr("Nothing was measured: %1").arg(said);
    return;
  }
  board.caveat = board.caveat.isEmpty() ? said : said + QLatin1Char(' ') + board.caveat;
}

}  // namespace hashscope::gui
