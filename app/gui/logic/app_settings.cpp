#include "logic/app_settings.hpp"

#include <algorithm>
#include <cmath>

namespace hashscope::gui {

namespace {

QString key(const char* k) { return QString::fromLatin1(k); }

// A stored integer, or `fallback` when missing, of the wrong type or out of range.
long long readInt(const QSettings& s, const char* k, long long fallback, long long lo, long long hi)
{
  bool ok = false;
  const long long value = s.value(key(k)).toLongLong(&ok);
  return ok && value >= lo && value <= hi ? value : fallback;
}

// nullopt when missing or not a yes/no value.
std::optional<bool> readOptionalBool(const QSettings& s, const char* k)
{
  const QString text = s.value(key(k)).toString().toLower();
  if (text == QLatin1String("true") || text == QLatin1String("1"))
    return true;
  if (text == QLatin1String("false") || text == QLatin1String("0"))
    return false;
  return std::nullopt;
}

bool readBool(const QSettings& s, const char* k, bool fallback) { return readOptionalBool(s, k).value_or(fallback); }

}  // namespace

QString toString(Theme theme)
{
  switch (theme) {
  case Theme::Light: return QStringLiteral("light");
  case Theme::Dark: return QStringLiteral("dark");
  case Theme::System: break;
  }
  return QStringLiteral("system");
}

std::optional<Theme> parseTheme(const QString& text)
{
  for (const Theme t : {Theme::System, Theme::Light, Theme::Dark}) {
    if (text.compare(toString(t), Qt::CaseInsensitive) == 0)
      return t;
  }
  return std::nullopt;
}

AppSettings::AppSettings() : m_settings(std::make_unique<QSettings>()) { checkStatus(); }

AppSettings::AppSettings(const QString& iniFile)
    : m_settings(std::make_unique<QSettings>(iniFile, QSettings::IniFormat))
{
  checkStatus();
}

void AppSettings::checkStatus()
{
  if (m_settings->status() == QSettings::FormatError) {
    // Unreadable file: start over rather than half-trust it.
    m_corrupt = true;
    m_settings->clear();
  }
}

bool AppSettings::hasOptions() const { return m_settings->contains(key(SettingsKey::kCache)); }

RunOptions AppSettings::options() const
{
  const QSettings& s = *m_settings;
  RunOptions o;
  if (auto cache = parseCacheMode(s.value(key(SettingsKey::kCache)).toString().toStdString()))
    o.cache = *cache;
  o.warm = readBool(s, SettingsKey::kWarm, o.warm);
  o.streams = int(readInt(s, SettingsKey::kStreams, o.streams, 1, 256));
  o.ramp = readBool(s, SettingsKey::kRamp, o.ramp);
  o.maxStreams = int(readInt(s, SettingsKey::kMaxStreams, o.maxStreams, 0, 256));
  o.blockSize = std::uint64_t(readInt(s, SettingsKey::kBlockSize, (long long)o.blockSize, 4096, 256 * MiB));
  o.peers = readBool(s, SettingsKey::kPeers, o.peers);
  if (auto preset = parsePreset(s.value(key(SettingsKey::kPreset)).toString().toStdString()))
    o.preset = *preset;
  o.waitQuiet = readBool(s, SettingsKey::kWaitQuiet, waitsQuietByDefault(o.preset));
  bool ok = false;
  const double seconds = s.value(key(SettingsKey::kHashSeconds)).toDouble(&ok);
  if (ok && std::isfinite(seconds) && seconds >= 0.05 && seconds <= 60)
    o.hashSeconds = seconds;
  o.sampleSize = std::uint64_t(readInt(s, SettingsKey::kSampleSize, (long long)o.sampleSize, 4096,
                                       (long long)(1024 * GiB)));
  if (auto content = parseSampleContent(s.value(key(SettingsKey::kSampleContent)).toString().toStdString()))
    o.content = *content;
  o.keepSamples = readBool(s, SettingsKey::kKeepSamples, o.keepSamples);
  return o;
}

void AppSettings::setOptions(const RunOptions& o)
{
  QSettings& s = *m_settings;
  s.setValue(key(SettingsKey::kCache), QString::fromUtf8(toString(o.cache).data()));
  s.setValue(key(SettingsKey::kWarm), o.warm);
  s.setValue(key(SettingsKey::kStreams), o.streams);
  s.setValue(key(SettingsKey::kRamp), o.ramp);
  s.setValue(key(SettingsKey::kMaxStreams), o.maxStreams);
  s.setValue(key(SettingsKey::kBlockSize), qulonglong(o.blockSize));
  s.setValue(key(SettingsKey::kPeers), o.peers);
  s.setValue(key(SettingsKey::kPreset), QString::fromUtf8(toString(o.preset).data()));
  s.setValue(key(SettingsKey::kWaitQuiet), o.waitQuiet);
  s.setValue(key(SettingsKey::kHashSeconds), o.hashSeconds);
  s.setValue(key(SettingsKey::kSampleSize), qulonglong(o.sampleSize));
  s.setValue(key(SettingsKey::kSampleContent), QString::fromUtf8(toString(o.content).data()));
  s.setValue(key(SettingsKey::kKeepSamples), o.keepSamples);
}

std::optional<QStringList> AppSettings::stringList(const char* k) const
{
  const QVariant v = m_settings->value(key(k));
  if (!v.isValid())
    return std::nullopt;
  QStringList list = v.toStringList();
  list.removeAll(QString());
  return list;
}

std::optional<QStringList> AppSettings::algorithms() const { return stringList(SettingsKey::kAlgorithms); }
void AppSettings::setAlgorithms(const QStringList& ids) { m_settings->setValue(key(SettingsKey::kAlgorithms), ids); }
std::optional<QStringList> AppSettings::locations() const { return stringList(SettingsKey::kLocations); }
void AppSettings::setLocations(const QStringList& paths) { m_settings->setValue(key(SettingsKey::kLocations), paths); }
std::optional<QStringList> AppSettings::extraFolders() const { return stringList(SettingsKey::kExtraFolders); }
void AppSettings::setExtraFolders(const QStringList& paths)
{
  m_settings->setValue(key(SettingsKey::kExtraFolders), paths);
}

std::optional<QStringList> AppSettings::machines() const { return stringList(SettingsKey::kMachines); }
std::optional<QStringList> AppSettings::machinesChecked() const
{
  return stringList(SettingsKey::kMachinesChecked);
}
void AppSettings::setMachines(const QStringList& hosts, const QStringList& checked)
{
  m_settings->setValue(key(SettingsKey::kMachines), hosts);
  m_settings->setValue(key(SettingsKey::kMachinesChecked), checked);
}

QByteArray AppSettings::geometry() const { return m_settings->value(key(SettingsKey::kGeometry)).toByteArray(); }
QByteArray AppSettings::windowState() const { return m_settings->value(key(SettingsKey::kState)).toByteArray(); }
QByteArray AppSettings::splitterState() const
{
  return m_settings->value(key(SettingsKey::kSplitter)).toByteArray();
}

void AppSettings::setWindowLayout(const QByteArray& geometry, const QByteArray& state, const QByteArray& splitter)
{
  m_settings->setValue(key(SettingsKey::kGeometry), geometry);
  m_settings->setValue(key(SettingsKey::kState), state);
  m_settings->setValue(key(SettingsKey::kSplitter), splitter);
}

Theme AppSettings::theme() const
{
  return parseTheme(m_settings->value(key(SettingsKey::kTheme)).toString()).value_or(Theme::System);
}
void AppSettings::setTheme(Theme theme) { m_settings->setValue(key(SettingsKey::kTheme), toString(theme)); }

std::optional<bool> AppSettings::legendShown() const { return readOptionalBool(*m_settings, SettingsKey::kLegend); }
void AppSettings::setLegendShown(std::optional<bool> shown)
{
  if (shown)
    m_settings->setValue(key(SettingsKey::kLegend), *shown);
  else
    m_settings->remove(key(SettingsKey::kLegend));
}
QString AppSettings::exportFolder() const { return m_settings->value(key(SettingsKey::kExportFolder)).toString(); }
void AppSettings::setExportFolder(const QString& folder)
{
  m_settings->setValue(key(SettingsKey::kExportFolder), folder);
}

void AppSettings::sync() { m_settings->sync(); }

}  // namespace hashscope::gui
