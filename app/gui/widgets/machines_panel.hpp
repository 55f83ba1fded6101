// The Machines list on the Setup page: this machine and others reached over ssh, ticked to be measured
// (logic/machine_list.hpp), with a box to type a host in, the hosts of ~/.ssh/config to pick from, and Remove.
#pragma once

#include <QGroupBox>

class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace hashscope::gui {

class MachineList;

class MachinesPanel : public QGroupBox {
  Q_OBJECT
public:
  explicit MachinesPanel(MachineList* model, QWidget* parent = nullptr);
  // Adds what the box holds (or `text`); a bad host is said under the list, and the box keeps it to fix.
  bool addTyped(const QString& text = {});
  void setSshConfig(const QString& file) { m_sshConfig = file; }  // tests: another file than ~/.ssh/config
  QStringList configHosts() const;  // the Host entries offered, those not listed yet
  bool addFromConfig(const QString& host);
  QTableView* view() const { return m_view; }
  QLineEdit* hostEdit() const { return m_edit; }
  QString message() const;

Q_SIGNALS:
  void machinesChanged();

protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

private:
  void showConfigMenu();
  void removeSelected();
  void say(const QString& text);
  MachineList* m_model;
  QTableView* m_view;
  QLineEdit* m_edit;
  QPushButton* m_add;
  QPushButton* m_fromConfig;
  QPushButton* m_remove;
  QLabel* m_message;
  QString m_sshConfig;
};

}  // namespace hashscope::gui
