// Turning engine values into the words, numbers and colours the GUI shows (one place, all through tr()).
#pragma once

#include <QColor>
#include <QString>

#include "hashscope/results.hpp"
#include "hashscope/storage.hpp"

namespace hashscope::gui {

// Engine text for the GUI. A run imported from elsewhere may hold a right-to-left override (U+202E) in its CPU's
// name or a location: shown raw it would reverse the rest of the sentence it is in ("805 MB/s" as "508 s/BM"),
// so the bidi controls are shown escaped ("\u202e"), as the CLI shows them.
QString qs(std::string_view text);  // plain_text.cpp
inline QString qs(const std::string& text) { return qs(std::string_view(text)); }
inline QString qs(const char* text) { return qs(std::string_view(text)); }
inline QString qs(const std::filesystem::path& path) { return QString::fromStdU16String(path.u16string()); }
inline std::filesystem::path toPath(const QString& text) { return std::filesystem::path(text.toStdU16String()); }

// Warning text on the application palette's background (its base and window colours): #C0392B on a light
// palette, #FF8A80 on a dark one, both at least 4.5:1 (WCAG AA) against what they are drawn on.
QColor warningTextColor();
QString verdictName(Verdict verdict);            // "CPU-bound", "I/O-bound" ... (translated)
QColor verdictColor(Verdict verdict);            // band / cell colour, readable on light and dark palettes
QString mediaBadge(MediaKind kind);              // "SSD", "HDD", "RAM", "network" ...
QString formatBytes(std::uint64_t bytes);        // "1 GiB"
QString formatMBps(double mbps);                 // "1234 MB/s", "12.3 MB/s"
QString formatDuration(double seconds);          // "1 min 05 s", "12 s"
QString workloadName(Workload workload);         // "hash-file" (the CLI's spelling)
QString cacheLabel(const RunResult& result);     // "cold (direct)", "warm", "as-is"
QString resultTitle(const RunResult& result);    // "md5 hash-file (cold), /tmp"
QString deviceLabel(const StorageInfo& info);    // "vda (HDD)" or "RAM, no device"
// The verdict with its evidence, ready to show under the results; HTML-escaped. Warnings in `warning`
// (by default the application palette's warningTextColor()).
QString verdictSentenceHtml(const RunResult& result, const QColor& warningColour = {});
// The loud warning for results that describe RAM, not the disk (empty when not applicable).
QString cacheWarning(const RunResult& result);
// A RAM-backed location's note ("RAM-backed location: no disk was involved."): information, not a warning.
QString memoryBackedNote(const RunResult& result);
// Why the verdict, from the analysis's reason code (translated): "the data came from the page cache, not
// the device". Empty when the result was not analysed.
QString reasonText(const RunResult& result);
// The evidence behind a verdict, written here from the reason code and the analysis's numbers (translated),
// e.g. "CPU-bound: the thread was busy nearly all the time and hardly waited for data. The md5 thread
// was busy 99% of the time and waited for data 1% while the disk was busy 21% and delivered 1.1 GB, with the
// whole CPU 55% busy; 660 MB/s is the limit and this run reached 97% of it."
QString evidenceText(const RunResult& result);
// The sentence for one flag of a result ("Machine busy, not representative: ..."), translated.
QString flagText(const Flag& flag);
// Mean CPU share of the hashing/working threads, 0..100 per thread (from the analysis or the streams).
double workerCpuPercent(const RunResult& result);

}  // namespace hashscope::gui
