#include "logic/history_model.hpp"

#include <QDateTime>
#include <QFont>
#include <QLocale>

#include "hashscope/export.hpp"
#include "hashscope/suite.hpp"
#include "logic/exporters.hpp"
#include "logic/plain_text.hpp"
#include "logic/result_text.hpp"

namespace hashscope::gui {

namespace {

// At most a screenful: an imported run may name 200 000 locations.
QString joined(const std::vector<std::string>& items)
{
  constexpr std::size_t kShown = 12;
  QStringList out;
  for (std::size_t i = 0; i < items.size() && i < kShown; ++i)
    out << qs(items[i]);
  QString text = out.join(QStringLiteral(", "));
  if (items.size() > kShown)
    text += HistoryModel::tr(" and %n more", nullptr, int(std::min<std::size_t>(items.size() - kShown, 1u << 30)));
  return text;
}

struct ImportOutcome {
  std::int64_t id = 0;
  bool duplicate = false;
  QString error;
};

// One file into `library`: read (bounded, checked), then stored unless the very same run is there already.
ImportOutcome importOne(RunLibrary& library, const QString& file)
{
  try {
    const auto imported = library.import(readRunFile(std::filesystem::path(file.toStdU16String())));
    return {imported.id, imported.duplicate, {}};
  } catch (const std::exception& e) {
    return {0, false, HistoryModel::tr("%1 was not imported: %2").arg(file, QString::fromUtf8(e.what()))};
  }
}

// "22 Nov 2026 10:00" in local time, from the stored UTC ISO-8601 text.
QString localTime(const std::string& iso)
{
  QDateTime t = QDateTime::fromString(qs(iso), Qt::ISODate);
  if (!t.isValid())
    return qs(iso);
  return QLocale().toString(t.toLocalTime(), QStringLiteral("d MMM yyyy HH:mm"));
}

// "standard (3 passes)", or the count when no preset has it.
QString presetText(int passes)
{
  for (const Preset p : {Preset::Quick, Preset::Standard, Preset::Thorough}) {
    if (passesOf(p) == passes)
      return passes == 1 ? HistoryModel::tr("%1 (1 pass)").arg(qs(toString(p)))
                         : HistoryModel::tr("%1 (%2 passes)").arg(qs(toString(p))).arg(passes);
  }
  return passes > 0 ? HistoryModel::tr("%1 passes").arg(passes) : QString();
}

}  // namespace

HistoryModel::HistoryModel(QObject* parent) : QAbstractTableModel(parent) {}

HistoryModel::~HistoryModel()
{
  if (m_importer.joinable())
    m_importer.join();  // what it posts here afterwards is dropped with this object
}

QString HistoryModel::open(const QString& file)
{
  beginResetModel();
  m_library.reset();
  m_records.clear();
  m_openError.clear();
  try {
    const std::filesystem::path path = file.isEmpty() ? defaultHistoryPath() : std::filesystem::path(file.toStdU16String());
    m_library = std::make_unique<RunLibrary>(path);
    m_records = m_library->list();
  } catch (const std::exception& e) {
    m_openError = tr("The run history cannot be used: %1").arg(QString::fromUtf8(e.what()));
  }
  endResetModel();
  return m_openError;
}

QString HistoryModel::path() const
{
  return m_library ? QString::fromStdU16String(m_library->path().u16string()) : QString();
}

void HistoryModel::refresh()
{
  beginResetModel();
  m_records = m_library ? m_library->list() : std::vector<RunRecord>{};
  endResetModel();
}

int HistoryModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_records.size()); }
int HistoryModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant HistoryModel::data(const QModelIndex& index, int role) const
{
  if (!index.isValid() || index.row() >= rowCount())
    return {};
  const RunRecord& r = record(index.row());
  if (role == Qt::DisplayRole || role == Qt::EditRole) {
    switch (index.column()) {
    case Id: return r.baseline && role == Qt::DisplayRole ? QString(QString::number(r.id) + tr(" (baseline)")) : QString::number(r.id);
    case Started: return localTime(r.startedAt.empty() ? r.savedAt : r.startedAt);
    case Name: return qs(r.name);
    case Speed:
      return r.headline.mbps > 0 ? tr("%1 %2").arg(qs(r.headline.algorithm), formatMBps(r.headline.mbps)) : QString();
    case Sample: return r.sampleBytes > 0 ? formatBytes(r.sampleBytes) : QString();
    case Preset: return presetText(r.passes);
    case Machine: return elidedText(qs(r.machine.summary()));
    case Locations: return joined(r.locations);
    case Algorithms: return joined(r.algorithms);
    case Status:
      return QString((r.status == "stopped"      ? tr("stopped")
                      : r.status == "failed"     ? tr("a step failed")
                      : r.status == "incomplete" ? tr("incomplete: a location was not measured")
                                                 : tr("finished")) +
                     (r.origin == "imported" ? tr(", imported") : QString()));
    default: return {};
    }
  }
  if (role == Qt::ToolTipRole) {
    if (index.column() == Name)
      return tr("Double-click, press F2 or choose Rename to name or tag this run");
    if (index.column() == Speed)
      return tr("The fastest end-to-end hashing of the run (hash-file), with its algorithm");
    return plainToolTip(tr("%1, %2; HashScope %3").arg(qs(r.machine.summary()), qs(r.machine.os), qs(r.version)));
  }
  if (role == Qt::FontRole && r.baseline) {
    QFont bold;
    bold.setBold(true);
    return bold;
  }
  if (role == Qt::UserRole)
    return qint64(r.id);
  return {};
}

QVariant HistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
    return {};
  switch (section) {
  case Id: return tr("Run");
  case Started: return tr("Date");
  case Name: return tr("Name / tag");
  case Speed: return tr("Best speed");
  case Sample: return tr("Sample");
  case Preset: return tr("Preset");
  case Machine: return tr("Machine");
  case Locations: return tr("Locations");
  case Algorithms: return tr("Algorithms");
  case Status: return tr("Status");
  default: return {};
  }
}

Qt::ItemFlags HistoryModel::flags(const QModelIndex& index) const
{
  Qt::ItemFlags f = QAbstractTableModel::flags(index);
  if (index.isValid() && index.column() == Name)
    f |= Qt::ItemIsEditable;
  return f;
}

bool HistoryModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
  if (!m_library || !index.isValid() || index.column() != Name || role != Qt::EditRole)
    return false;
  try {
    const QByteArray name = value.toString().trimmed().toUtf8();
    m_library->rename(record(index.row()).id, name.toStdString());
    m_records[std::size_t(index.row())].name = name.toStdString();
    Q_EMIT dataChanged(index, index);
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

int HistoryModel::rowOf(std::int64_t id) const
{
  for (std::size_t i = 0; i < m_records.size(); ++i)
    if (m_records[i].id == id)
      return int(i);
  return -1;
}

std::optional<RunDocument> HistoryModel::run(std::int64_t id) const
{
  if (!m_library)
    return std::nullopt;
  try {
    return m_library->run(id);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

QByteArray HistoryModel::document(std::int64_t id) const
{
  if (!m_library)
    return {};
  try {
    return QByteArray::fromStdString(m_library->document(id));
  } catch (const std::exception&) {
    return {};
  }
}

std::optional<std::int64_t> HistoryModel::baseline() const
{
  return m_library ? m_library->baseline() : std::nullopt;
}

QString HistoryModel::title(std::int64_t id) const
{
  const int row = rowOf(id);
  if (row < 0)
    return tr("Run %1").arg(id);
  const RunRecord& r = record(row);
  QString text = tr("Run %1 \u2014 %2").arg(id).arg(localTime(r.startedAt.empty() ? r.savedAt : r.startedAt));
  if (!r.name.empty())
    text += QStringLiteral(", ") + qs(r.name);
  return text;
}

QString HistoryModel::saveRun(const std::vector<RunResult>& results, const ExportOptions& when, std::int64_t* id)
{
  if (!m_library)
    return m_openError;
  if (results.empty())
    return tr("Nothing was measured: no run to save.");
  try {
    const std::int64_t saved = m_library->save(toJson(results, when));
    refresh();
    if (id)
      *id = saved;
    Q_EMIT runSaved(saved);
    return {};
  } catch (const std::exception& e) {
    return tr("The run was not saved in the history: %1").arg(QString::fromUtf8(e.what()));
  }
}

QString HistoryModel::saveDocument(const std::string& json, const QString& name, std::int64_t* id)
{
  std::int64_t saved = 0;
  const QString error =
      change([&](RunLibrary& library) { saved = library.save(json, name.toStdString()); });
  if (!error.isEmpty())
    return tr("The run was not saved in the history: %1").arg(error);
  if (id)
    *id = saved;
  Q_EMIT runSaved(saved);
  return {};
}

QString HistoryModel::importFile(const QString& file, std::int64_t* id)
{
  if (!m_library)
    return m_openError;
  const ImportOutcome outcome = importOne(*m_library, file);
  if (!outcome.error.isEmpty())
    return outcome.error;
  refresh();
  if (id)
    *id = outcome.id;
  return {};
}

bool HistoryModel::importFiles(const QStringList& files)
{
  if (!m_library || m_importing || files.isEmpty())
    return false;
  if (m_importer.joinable())
    m_importer.join();  // the last import's thread, already done
  m_importing = true;
  m_importer = std::thread([this, path = m_library->path(), files] {
    int imported = 0;
    QStringList notes, errors;
    std::unique_ptr<RunLibrary> library;  // one connection per thread
    try {
      library = std::make_unique<RunLibrary>(path);
    } catch (const std::exception& e) {
      errors << tr("The run history cannot be used: %1").arg(QString::fromUtf8(e.what()));
    }
    for (int i = 0; library && i < files.size(); ++i) {
      QMetaObject::invokeMethod(
          this, [this, i, total = int(files.size()), file = files[i]] { Q_EMIT importProgress(i, total, file); },
          Qt::QueuedConnection);
      const ImportOutcome outcome = importOne(*library, files[i]);
      if (!outcome.error.isEmpty())
        errors << outcome.error;
      else if (outcome.duplicate)
        notes << tr("%1 is already in the history as run %2.").arg(files[i]).arg(outcome.id);
      else
        ++imported;
    }
    QMetaObject::invokeMethod(
        this,
        [this, imported, notes, errors] {
          m_importing = false;
          refresh();
          Q_EMIT importFinished(imported, notes, errors);
        },
        Qt::QueuedConnection);
  });
  return true;
}

QString HistoryModel::exportRun(std::int64_t id, const QString& file) const
{
  if (!m_library)
    return m_openError;
  try {
    const std::string json = m_library->document(id);
    return writeFileBytes(QByteArray::fromStdString(json), file);
  } catch (const std::exception& e) {
    return QString::fromUtf8(e.what());
  }
}

QString HistoryModel::change(const std::function<void(RunLibrary&)>& edit)
{
  if (!m_library)
    return m_openError;
  try {
    edit(*m_library);
  } catch (const std::exception& e) {
    return QString::fromUtf8(e.what());
  }
  refresh();
  return {};
}

QString HistoryModel::remove(std::int64_t id)
{
  return change([id](RunLibrary& library) { library.remove(id); });
}

QString HistoryModel::setBaseline(std::optional<std::int64_t> id)
{
  return change([id](RunLibrary& library) { library.setBaseline(id); });
}

}  // namespace hashscope::gui
