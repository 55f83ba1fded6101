// The CLI's verdict sentence: written here from the analysis's reason code and numbers (core writes no prose).
#pragma once

#include <string>

#include "hashscope/results.hpp"

namespace hashscope::cli {

// The whole sentence for a result, or "" when it was not analysed: why the verdict (one clause per reason
// code), then the numbers.
// "CPU-bound: the thread was busy nearly all the time and hardly waited for data. The md5 thread
// was busy 99% of the time and waited for data 1% while the disk (vda) was busy 21% and delivered 1320 MB,
// with the whole CPU 60% busy; reading alone runs at 2900 MB/s, md5 alone at 680 MB/s on a whole core, so
// 680 MB/s is the limit and this run reached 97% of it (660 MB/s)."
std::string evidenceSentence(const RunResult& result);

// "660 MB/s", "12.5 MB/s": decimal MB/s, no false precision.
std::string formatMBps(double mbps);

}  // namespace hashscope::cli
