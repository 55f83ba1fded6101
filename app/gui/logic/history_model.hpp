// The run history for the app: the RunLibrary (the same SQLite file as the CLI) behind a table model.
// One row per saved run, newest first; the Name column is editable (a name or tag).
#pragma once

#include <QAbstractTableModel>
#include <QByteArray>
#include <QStringList>

#include <functional>
#include <memory>
#include <thread>
#include <optional>
#include <vector>

#include "hashscope/export.hpp"
#include "hashscope/library.hpp"
#include "hashscope/results.hpp"

namespace hashscope::gui {

class HistoryModel : public QAbstractTableModel {
  Q_OBJECT
public:
  // Speed: the run's best end-to-end hashing; Sample and Preset: its sample size and passes per step.
  enum Column { Id, Started, Name, Speed, Sample, Preset, Locations, Algorithms, Machine, Status, ColumnCount };

  explicit HistoryModel(QObject* parent = nullptr);
  ~HistoryModel() override;

  // Opens the history file (defaultHistoryPath() unless given). Returns the error sentence, empty on success;
  // without a library the model is empty and every change fails with that sentence.
  QString open(const QString& file = {});
  bool isOpen() const { return m_library != nullptr; }
  // Open but read-only here (a read-only disk, a file or folder this user cannot write): runs can be
  // listed, opened, compared and exported, not saved, imported or changed.
  bool isReadOnly() const { return m_library && m_library->readOnly(); }
  QString path() const;
  QString openError() const { return m_openError; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role) override;

  const RunRecord& record(int row) const { return m_records.at(std::size_t(row)); }
  int rowOf(std::int64_t id) const;  // -1 when not listed
  std::optional<RunDocument> run(std::int64_t id) const;
  QByteArray document(std::int64_t id) const;  // the run's stored JSON, as saved; empty when it cannot be read
  std::optional<std::int64_t> baseline() const;
  QString title(std::int64_t id) const;  // "Run 12 — 22 Nov 2026 10:00, name"

  // Each returns the error sentence, empty on success, and refreshes the rows.
  QString saveRun(const std::vector<RunResult>& results, const ExportOptions& when, std::int64_t* id = nullptr);
  // A run document another machine made (measured over ssh), stored under `name` (the machine), as the
  // CLI's bench --host stores it: RunLibrary::save checks the document as for any run.
  QString saveDocument(const std::string& json, const QString& name, std::int64_t* id = nullptr);
  // Imports one file on the calling thread (a file the history already holds is not stored again: `id`
  // gets its run). For a few small files; the app's Import uses importFiles().
  QString importFile(const QString& file, std::int64_t* id = nullptr);
  // Imports files on a worker thread with its own connection to the history, so the window stays
  // responsive whatever the files hold: importProgress as each file starts, then importFinished (on this
  // object's thread) and the rows refreshed. False when an import is already running or there is no history.
  bool importFiles(const QStringList& files);
  bool importing() const { return m_importing; }
  // Written completely (QSaveFile) or not at all; the error says why. Never overwrites: the dialog asked.
  QString exportRun(std::int64_t id, const QString& file) const;
  QString remove(std::int64_t id);
  QString setBaseline(std::optional<std::int64_t> id);
  void refresh();

Q_SIGNALS:
  void runSaved(qint64 id);
  void importProgress(int done, int total, const QString& file);
  // `imported` runs added; `notes` says which files were already there; `errors` one sentence per file refused.
  void importFinished(int imported, const QStringList& notes, const QStringList& errors);

private:
  // Runs `edit` on the library and refreshes the rows: the error's text, or empty.
  QString change(const std::function<void(RunLibrary&)>& edit);

  std::unique_ptr<RunLibrary> m_library;
  std::vector<RunRecord> m_records;
  QString m_openError;
  std::thread m_importer;
  bool m_importing = false;
};

}  // namespace hashscope::gui
