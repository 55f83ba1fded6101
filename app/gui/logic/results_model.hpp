// The results table: one row per finished run (location, device, algorithm, peer tool, workload, streams,
// cache, MB/s, CPU %, disk %, limit, efficiency, verdict). Qt::UserRole gives numeric sort keys for
// QSortFilterProxyModel; rows served from the page cache are tinted and say so. follow() makes it track a
// BenchmarkController's run by itself (views listen to the standard model signals).
#pragma once

#include <QAbstractTableModel>

#include <memory>
#include <vector>

#include "hashscope/export.hpp"
#include "hashscope/results.hpp"

namespace hashscope {
struct MachineFingerprint;
}

namespace hashscope::gui {

class BenchmarkController;

class ResultsModel : public QAbstractTableModel {
  Q_OBJECT
public:
  enum Column {
    LocationColumn, DeviceColumn, AlgorithmColumn, ToolColumn, WorkloadColumn, StreamsColumn, CacheColumn,
    SpeedColumn, CpuColumn, DiskColumn, LimitColumn, EfficiencyColumn, VerdictColumn, ColumnCount
  };
  static constexpr int SortRole = Qt::UserRole;

  explicit ResultsModel(QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  // Empties at each run's start, appends each result as it arrives, takes the final list at the end.
  void follow(const BenchmarkController* controller);
  void clear();
  void append(const RunResult& result);
  // Same runs (the final analysis of a provisional list): dataChanged; otherwise a model reset.
  void setResults(const std::vector<RunResult>& results);
  const std::vector<RunResult>& results() const { return m_results; }

  // When the followed run happened (UTC ISO-8601, as the run library and the CLI write it) and how it ended
  // ("finished" or "stopped"; empty while it runs), as export options: the JSON export and the history save
  // both write these, so the two files say the same.
  const ExportOptions& when() const { return m_when; }
  // How the run ended, when the window knows more than the results tell ("incomplete": a location was left out).
  void setStatus(const std::string& status) { m_when.status = status; }

  // A run read back from the history (History > Open) in place of the followed one, with when and where it was
  // measured and its stored document (the JSON export writes that document as it is: the record).
  void showSavedRun(const std::vector<RunResult>& results, const ExportOptions& when, const MachineFingerprint& machine,
                    const QString& version, const QByteArray& document);
  // Where the results were measured: this machine, or the saved run's.
  const MachineFingerprint& machine() const;
  QString version() const;                              // of the HashScope that measured them
  const QByteArray& document() const { return m_document; }  // a saved run's JSON; empty for a run made here

private:
  QVariant display(const RunResult& r, int column) const;
  QVariant sortKey(const RunResult& r, int column) const;
  ExportOptions m_when;
  std::vector<RunResult> m_results;
  std::shared_ptr<const MachineFingerprint> m_machine;  // a saved run's; null: this machine
  QString m_version;
  QByteArray m_document;
};

}  // namespace hashscope::gui
