#include "logic/compare_settings.hpp"

#include <QCoreApplication>

#include <cmath>

#include "logic/result_text.hpp"

namespace hashscope::gui {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("hashscope::gui::CompareSettings", text); }

QString joinedCaches(const std::vector<std::string>& caches)
{
  QStringList out;
  for (const std::string& c : caches)
    out << qs(c);
  return out.isEmpty() ? tr("none") : out.join(QStringLiteral(" + "));
}

}  // namespace

QStringList settingsDifferences(const RunSettings& base, const RunSettings& other)
{
  QStringList out;
  if (base.sampleBytes != other.sampleBytes && base.sampleBytes > 0 && other.sampleBytes > 0)
    out << tr("sample %1 against %2").arg(formatBytes(base.sampleBytes), formatBytes(other.sampleBytes));
  if (base.passes != other.passes && base.passes > 0 && other.passes > 0)
    out << (base.passes == 1 ? tr("1 pass against %1") : tr("%1 passes against %2").arg(base.passes)).arg(other.passes);
  if (base.caches != other.caches && !base.caches.empty() && !other.caches.empty())
    out << tr("cache %1 against %2").arg(joinedCaches(base.caches), joinedCaches(other.caches));
  if (base.streams != other.streams)
    out << (base.streams == 1 ? tr("1 stream against %1") : tr("%1 streams against %2").arg(base.streams))
               .arg(other.streams);
  if (base.referenceSeconds > 0 && other.referenceSeconds > 0 &&
      std::abs(base.referenceSeconds - other.referenceSeconds) > 0.05 * std::max(base.referenceSeconds, other.referenceSeconds))
    out << tr("reference runs of %1 s against %2 s")
               .arg(QString::number(base.referenceSeconds, 'g', 2), QString::number(other.referenceSeconds, 'g', 2));
  return out;
}

QString settingsDifferenceText(const RunSettings& base, const RunSettings& other)
{
  const QStringList differences = settingsDifferences(base, other);
  if (differences.isEmpty())
    return {};
  return tr("Different settings: %1. Part of each change below comes from the settings, not the machine.")
      .arg(differences.join(tr("; ")));
}

}  // namespace hashscope::gui
