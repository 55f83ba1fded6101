// The Machines list of the Setup page: "This machine" first (always there), then other machines reached over
// ssh, each a [USER@]HOST[:PORT] that core's parseRemoteHost accepts. Each row can be ticked, and says what
// its run is doing (progress, its error, the run it stored). Hosts come from the user's ~/.ssh/config (its
// Host lines only: nothing is run to list them) or are typed in.
#pragma once

#include <QAbstractTableModel>
#include <QStringList>

#include <vector>

#include "hashscope/remote.hpp"

namespace hashscope::gui {

// The names of `file`'s Host lines (an ssh_config), in order, without patterns (*, ?, !negations): the
// machines a user has named. Match blocks and Include are not followed; a missing file gives none.
QStringList sshConfigHosts(const QString& file);
QString defaultSshConfig();  // ~/.ssh/config

class MachineList : public QAbstractTableModel {
  Q_OBJECT
public:
  enum Column { NameColumn, StatusColumn, ColumnCount };
  explicit MachineList(QObject* parent = nullptr);

  // Adds a host typed as [USER@]HOST[:PORT], ticked; the error sentence when it is not one (or is listed).
  QString addHost(const QString& text);
  bool removeHost(int row);  // false for "This machine" (row 0) and rows out of range
  QStringList hosts() const;          // the hosts' labels, in order (what the settings keep)
  QStringList checkedHosts() const;   // ...of those ticked
  bool localChecked() const { return m_rows.front().checked; }
  // From the settings: hosts that no longer parse are dropped; `checked` ticks those named, and the local one
  // when it names localName().
  void restore(const QStringList& hosts, const QStringList& checked);
  QStringList checkedNames() const;   // the ticked rows' names, "This machine" as localName()
  static QString localName() { return QStringLiteral("local"); }
  std::vector<RemoteHost> checkedRemoteHosts() const;

  void setStatus(const QString& host, const QString& text);  // `host` as label(); "" = this machine
  void clearStatus();

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role) override;

private:
  struct Row {
    QString label;  // "" for this machine
    bool checked = true;
    QString status;
  };
  int rowOf(const QString& label) const;
  std::vector<Row> m_rows{Row{}};
};

}  // namespace hashscope::gui
