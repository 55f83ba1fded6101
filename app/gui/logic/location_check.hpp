// The ticked locations checked before a run (still there, a folder, writable where the run writes), and what
// the scoreboard says about a location that could not be measured: a reason on each of its tiles, a sentence
// above them. A folder deleted or turned read-only since it was ticked is found before anything starts, and
// its tiles never read a bare "not measured".
#pragma once

#include <QList>
#include <QString>

#include <optional>

#include "logic/scoreboard.hpp"

namespace hashscope::gui {

// One location that could not be (or was not) measured.
struct LocationProblem {
  QString location;
  QString shortText;  // on its tiles, after "not measured: ": "folder missing", "read-only", ...
  QString sentence;   // what to do: "/mnt/usb is on a read-only filesystem: choose another location"
};

// Why `path` cannot be benchmarked now, or nothing. `reusesSample`: the run reads a sample already there and
// writes nothing, so a read-only location is fine (the sample's own checks stay core's: sampleLocationProblem).
std::optional<LocationProblem> checkLocation(const QString& path, bool reusesSample);
// A location error the run itself reported (the engine's sentence), with the short words for its tiles.
LocationProblem locationProblemFrom(const QString& location, const QString& sentence);

// The tiles of those locations that have no result say why; the sentences go before the caveat line, and
// into the headline once the run has ended with nothing measured.
void applyLocationProblems(Scoreboard& board, const QList<LocationProblem>& problems, bool ended);

}  // namespace hashscope::gui
