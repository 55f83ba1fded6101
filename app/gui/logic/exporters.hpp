// Writing results and charts to files, and the table as clipboard text. CSV and JSON come from the
// engine's exporters (hashscope::toCsv / toJson), so they are byte for byte what the CLI writes.
// Overwrite confirmation is the file dialog's job; these write whatever path they are given, atomically.
#pragma once

#include <QDateTime>
#include <QImage>
#include <QString>

#include <vector>

#include "hashscope/export.hpp"
#include "hashscope/results.hpp"

class QAbstractItemModel;

namespace hashscope::gui {

// Each returns an error sentence, or an empty string on success.
QString writeResultsCsv(const std::vector<RunResult>& results, const QString& path);
QString writeResultsJson(const std::vector<RunResult>& results, const QString& path,
                         const ExportOptions& options = {});
QString writePng(const QImage& image, const QString& path);
// Any bytes, written completely or not at all (QSaveFile): nothing is said to be saved that is not on disk.
QString writeFileBytes(const QByteArray& bytes, const QString& path);

// The name an export of a run suggests, without folder or extension: "hashscope-2026-11-26-1405-myhost", from
// when the run started (local time; now when it has no start) and the machine's host name (letters, digits,
// '-' and '.' kept), so exports of different runs and machines do not replace one another.
QString exportBaseName(const ExportOptions& when, const QString& host);
// The run's start as a local date and time (invalid when unknown).
QDateTime runStartTime(const ExportOptions& when);

// Tab-separated text of a table model (header row first), in the model's current (sorted) order.
QString tableText(const QAbstractItemModel& model);
// The same after `lines` (what the table is: the headline, the machine, the date), one per line, and an
// empty line.
QString tableTextWithHeader(const QStringList& lines, const QAbstractItemModel& model);

}  // namespace hashscope::gui
