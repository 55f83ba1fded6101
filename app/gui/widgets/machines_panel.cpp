#include "widgets/machines_panel.hpp"

#include <QKeyEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include "logic/machine_list.hpp"

namespace hashscope::gui {

MachinesPanel::MachinesPanel(MachineList* model, QWidget* parent)
    : QGroupBox(tr("Machines"), parent), m_model(model), m_sshConfig(defaultSshConfig())
{
  m_view = new QTableView(this);
  m_view->setObjectName(QStringLiteral("machinesView"));
  m_view->setModel(model);
  m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_view->setSelectionMode(QAbstractItemView::SingleSelection);
  m_view->verticalHeader()->hide();
  m_view->setShowGrid(false);
  m_view->setWordWrap(false);
  m_view->setTabKeyNavigation(false);  // Tab leaves the list in one press; the arrows and Space work inside it
  m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_view->horizontalHeader()->setStretchLastSection(true);
  m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
  // A few rows tall (it scrolls beyond): the page keeps its room for the locations and the sample below.
  const int rows = m_view->verticalHeader()->defaultSectionSize();
  m_view->setMinimumHeight(rows * 3 + m_view->horizontalHeader()->sizeHint().height() + 4);
  m_view->setMaximumHeight(rows * 4 + m_view->horizontalHeader()->sizeHint().height() + 4);
  m_view->setToolTip(tr("Tick the machines to benchmark: this one, and others over ssh with your own keys, agent "
                        "and ~/.ssh/config (never a password). Each machine's run is saved in the history "
                        "under its name."));

  m_edit = new QLineEdit(this);
  m_edit->setPlaceholderText(tr("user@host:port"));
  m_edit->setAccessibleName(tr("Machine to add"));
  m_edit->setToolTip(tr("A machine you reach with ssh: [USER@]HOST[:PORT], for example alice@server:2222 "
                        "(Enter adds it)"));
  m_add = new QPushButton(tr("Add"), this);
  m_add->setToolTip(tr("Add the machine typed in the box"));
  m_fromConfig = new QPushButton(tr("From ssh config..."), this);
  m_fromConfig->setToolTip(tr("Pick one of the Host entries of ~/.ssh/config (read only; nothing is run)"));
  m_remove = new QPushButton(tr("Remove"), this);
  m_remove->setToolTip(tr("Remove the selected machine from the list (Delete)"));
  m_message = new QLabel(this);
  m_message->setWordWrap(true);
  m_message->setObjectName(QStringLiteral("machinesMessage"));
  m_message->hide();

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(m_edit, 1);
  buttons->addWidget(m_add);
  buttons->addWidget(m_fromConfig);
  buttons->addWidget(m_remove);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(m_view, 1);
  layout->addLayout(buttons);
  layout->addWidget(m_message);

  connect(m_add, &QPushButton::clicked, this, [this] { addTyped(); });
  connect(m_edit, &QLineEdit::returnPressed, this, [this] { addTyped(); });
  connect(m_fromConfig, &QPushButton::clicked, this, &MachinesPanel::showConfigMenu);
  connect(m_remove, &QPushButton::clicked, this, &MachinesPanel::removeSelected);
  m_view->installEventFilter(this);  // Delete in the list removes the selected machine
  connect(model, &QAbstractItemModel::dataChanged, this, [this](const QModelIndex&, const QModelIndex&,
                                                                const QList<int>& roles) {
    if (roles.contains(Qt::CheckStateRole))
      Q_EMIT machinesChanged();
  });
  connect(model, &QAbstractItemModel::rowsInserted, this, &MachinesPanel::machinesChanged);
  connect(model, &QAbstractItemModel::rowsRemoved, this, &MachinesPanel::machinesChanged);
}

bool MachinesPanel::eventFilter(QObject* watched, QEvent* event)
{
  if (watched == m_view && event->type() == QEvent::KeyPress &&
      static_cast<QKeyEvent*>(event)->matches(QKeySequence::Delete)) {
    removeSelected();
    return true;
  }
  return QGroupBox::eventFilter(watched, event);
}

QString MachinesPanel::message() const { return m_message->isVisible() ? m_message->text() : QString(); }

void MachinesPanel::say(const QString& text)
{
  m_message->setText(text);
  m_message->setVisible(!text.isEmpty());
}

bool MachinesPanel::addTyped(const QString& text)
{
  const QString host = text.isEmpty() ? m_edit->text() : text;
  if (host.trimmed().isEmpty())
    return false;
  const QString error = m_model->addHost(host);
  say(error);
  if (!error.isEmpty())
    return false;
  m_edit->clear();
  m_view->setCurrentIndex(m_model->index(m_model->rowCount() - 1, 0));
  return true;
}

QStringList MachinesPanel::configHosts() const
{
  QStringList out;
  const QStringList listed = m_model->hosts();
  for (const QString& host : sshConfigHosts(m_sshConfig))
    if (!listed.contains(host))
      out.append(host);
  return out;
}

bool MachinesPanel::addFromConfig(const QString& host) { return addTyped(host); }

void MachinesPanel::showConfigMenu()
{
  const QStringList hosts = configHosts();
  if (hosts.isEmpty()) {
    say(tr("%1 names no other machine (its Host lines without * or ?).").arg(m_sshConfig));
    return;
  }
  QMenu menu(this);
  for (const QString& host : hosts)
    menu.addAction(host, this, [this, host] { addFromConfig(host); });
  menu.exec(m_fromConfig->mapToGlobal(QPoint(0, m_fromConfig->height())));
}

void MachinesPanel::removeSelected()
{
  const QModelIndex current = m_view->currentIndex();
  if (current.isValid() && m_model->removeHost(current.row()))
    say({});
  else if (current.isValid())
    say(tr("This machine stays in the list: untick it to measure only the others."));
}

}  // namespace hashscope::gui
