// Typed access to QSettings: one key constant per value, every value validated when read back so a
// corrupt or hand-edited settings file falls back to defaults instead of breaking the window.
#pragma once

#include <QByteArray>
#include <QSettings>
#include <QStringList>

#include <memory>
#include <optional>

#include "logic/run_options.hpp"

namespace hashscope::gui {

namespace SettingsKey {
inline constexpr char kCache[] = "options/cache";
inline constexpr char kWarm[] = "options/warm";
inline constexpr char kStreams[] = "options/streams";
inline constexpr char kRamp[] = "options/ramp";
inline constexpr char kMaxStreams[] = "options/maxStreams";
inline constexpr char kBlockSize[] = "options/blockSize";
inline constexpr char kPeers[] = "options/peers";
inline constexpr char kHashSeconds[] = "options/hashMemorySeconds";
inline constexpr char kPreset[] = "options/preset";
inline constexpr char kWaitQuiet[] = "options/waitQuiet";
inline constexpr char kSampleSize[] = "samples/size";
inline constexpr char kSampleContent[] = "samples/content";
inline constexpr char kKeepSamples[] = "samples/keep";
inline constexpr char kAlgorithms[] = "selection/algorithms";
inline constexpr char kLocations[] = "selection/locations";
inline constexpr char kExtraFolders[] = "selection/extraFolders";
inline constexpr char kMachines[] = "selection/machines";          // the Machines list's hosts
inline constexpr char kMachinesChecked[] = "selection/machinesTicked";  // ...those ticked, "local" included
inline constexpr char kGeometry[] = "window/geometry";
inline constexpr char kState[] = "window/state";
inline constexpr char kSplitter[] = "window/splitter";
inline constexpr char kTheme[] = "view/theme";  // "system", "light" or "dark"
inline constexpr char kLegend[] = "view/legend";  // the scoreboard's legend opened (true) or folded by the user
inline constexpr char kExportFolder[] = "export/folder";  // where the last export went
}  // namespace SettingsKey

// View > Theme: the platform's own look, or Fusion with a light or a dark palette (widgets/theme.hpp).
enum class Theme { System, Light, Dark };
QString toString(Theme theme);  // the settings value
std::optional<Theme> parseTheme(const QString& text);

// What the app remembers between runs. Reads never fail: invalid values give the defaults.
class AppSettings {
public:
  AppSettings();                                        // the platform's usual place
  explicit AppSettings(const QString& iniFile);         // tests: an isolated file
  bool wasCorrupt() const { return m_corrupt; }         // the file could not be parsed and was reset

  bool hasOptions() const;
  RunOptions options() const;
  void setOptions(const RunOptions& options);

  // nullopt means "never saved": the window then uses its defaults.
  std::optional<QStringList> algorithms() const;
  void setAlgorithms(const QStringList& ids);
  std::optional<QStringList> locations() const;
  void setLocations(const QStringList& paths);
  std::optional<QStringList> extraFolders() const;
  void setExtraFolders(const QStringList& paths);
  std::optional<QStringList> machines() const;
  std::optional<QStringList> machinesChecked() const;
  void setMachines(const QStringList& hosts, const QStringList& checked);

  QByteArray geometry() const;
  QByteArray windowState() const;
  QByteArray splitterState() const;
  void setWindowLayout(const QByteArray& geometry, const QByteArray& state, const QByteArray& splitter);

  Theme theme() const;  // System when missing or unknown
  void setTheme(Theme theme);
  // The scoreboard legend opened or folded by the user; nullopt (never chosen): it follows the room it has.
  std::optional<bool> legendShown() const;
  void setLegendShown(std::optional<bool> shown);
  QString exportFolder() const;  // empty when never saved
  void setExportFolder(const QString& folder);

  void sync();

private:
  void checkStatus();
  std::optional<QStringList> stringList(const char* key) const;
  std::unique_ptr<QSettings> m_settings;
  bool m_corrupt = false;
};

}  // namespace hashscope::gui
