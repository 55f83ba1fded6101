// Which settings differ between two runs being compared (sample size, passes, cache modes, streams,
// reference length), worded for the top of the comparison: a comparison across settings measures the
// settings as much as the machine.
#pragma once

#include <QString>
#include <QStringList>

#include "hashscope/library.hpp"

namespace hashscope::gui {

// One phrase per differing setting, base first: "sample 64 MiB against 1 GiB", "1 pass against 3".
QStringList settingsDifferences(const RunSettings& base, const RunSettings& other);
// The sentence for the top of Compare, empty when the settings match.
QString settingsDifferenceText(const RunSettings& base, const RunSettings& other);

}  // namespace hashscope::gui
