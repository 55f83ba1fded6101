// The words of HashScope's results, written once for both front ends: the verdict names, the evidence sentence,
// the flag (mark) sentences, the limit's source, the share of the limit, the run-wide caveat. The CLI prints
// them as they are; the GUI shows the same text (converted to QString), so a sentence reads the same wherever it
// appears. Core decides what is said (the reason codes, evidence::Clause, Figures); this library only words it.
// Standard C++ only (no Qt): the CLI links it too.
#pragma once

#include <string>
#include <vector>

#include "hashscope/figures.hpp"
#include "hashscope/results.hpp"

namespace hashscope::words {

// "660 MB/s", "12.5 MB/s": decimal MB/s, no false precision ("-" for nothing).
std::string mbps(double value);
// "1320 MB", "12.5 MB", "2.1 GB": decimal, as the speeds are.
std::string bytes(double value);
// "97%".
std::string percent(double value);

// "CPU-bound", "I/O-bound", "memory-bound", "mixed", "network-bound", "server-bound", "no verdict".
std::string verdictName(Verdict verdict);
// The same name for a verdict as a run document writes it ("io-bound" -> "I/O-bound"); a word this build does
// not know (a newer version's) as it is, "" as "no verdict".
std::string verdictName(std::string_view documentWord);
// Why the verdict, from the rule that decided it: "the data came from the page cache, not the device"; empty
// when the result was not analysed.
std::string reasonText(const RunResult& result);
// The whole evidence, one sentence each for the rule and the numbers, or "" when it was not analysed:
// "CPU-bound: the thread was busy nearly all the time and hardly waited for data. The md5 thread was busy 99% of
// the time and waited for data 1% while the disk (vda) was busy 21% and delivered 1320 MB, with the whole CPU
// 60% busy; reading alone runs at 2900 MB/s, md5 alone at 680 MB/s on a whole core, so 680 MB/s is the limit
// and this run reached 97% of it (660 MB/s)." The verdict's name is said once, at the start.
std::string evidence(const RunResult& result);

// The sentence of one mark (flag), with its numbers.
std::string flagSentence(const Flag& flag);
// The sentence of a mark known by its code only (a stored run keeps the code): its numbers stay in the document.
std::string flagSentence(FlagCode code);
// A mark's few words for a tile's badge row or a table cell: "machine busy", "wide spread", ...
std::string flagShort(FlagCode code);

// The share of the limit: "97% of the limit", "at the limit" (from kAtLimitShare up: never above 100%), or ""
// when the share is not shown.
std::string shareText(const Figures& figures);
// Where the limit comes from, in words: "reading alone", "reads between its passes", "what the disk delivered
// during the sha256 hash-file step", "md5 on one core", "blake3 on all its threads", "its own CPU time".
std::string limitSourceText(const Figures& figures);
// "limit 680 MB/s (md5 on one core)", or "" without a limit.
std::string limitText(const Figures& figures);
// A read step whose device delivered more during a hash step: "The disk delivered up to 1193 MB/s during the
// sha256 hash-file step, more than reading alone (902 MB/s)."; "" otherwise.
std::string deliveredNote(const Figures& figures);
// A hash-memory result's pooled per-core figure, one sentence: "md5 per core: 750 MB/s (743 MB/s to 757 MB/s over
// 6 passes in every location)."; "" when it has none.
std::string perCoreText(const RunResult& result, const Figures& figures);

// The run-wide caveat for a mark carried by `count` of `measured` results; "" for a mark that needs none.
std::string caveatFor(FlagCode code, int count, int measured);
// The marks the run-wide caveat speaks for, given each measured result's marks: a mark carried by at least half
// of them (and two or more), in first-seen order. The results keep their marks; the caveat names how many.
std::vector<FlagCode> caveatCodes(const std::vector<std::vector<FlagCode>>& marksOfMeasured);
int countOf(const std::vector<std::vector<FlagCode>>& marksOfMeasured, FlagCode code);

// The text with its first letter in capitals (a sentence that opens with a lower-case name).
std::string capitalised(std::string text);

}  // namespace hashscope::words
