#include "logic/machine_list.hpp"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTextStream>

#include "logic/result_text.hpp"

namespace hashscope::gui {

QString defaultSshConfig() { return QDir::homePath() + QStringLiteral("/.ssh/config"); }

QStringList sshConfigHosts(const QString& file)
{
  // ssh_config: "Host a b c" or "Host=a", the keyword in any case. Patterns name no one machine, so they are
  // left out; a name that core cannot take as a host (an option-like "-x") is left out as well.
  QFile in(file);
  if (!in.open(QIODevice::ReadOnly | QIODevice::Text))
    return {};
  QStringList out;
  static const QRegularExpression keyword(QStringLiteral("^\\s*host(\\s*=\\s*|\\s+)(.*)$"),
                                          QRegularExpression::CaseInsensitiveOption);
  QTextStream text(&in);
  for (int lines = 0; !text.atEnd() && lines < 100000; ++lines) {
    const QRegularExpressionMatch m = keyword.match(text.readLine());
    if (!m.hasMatch())
      continue;
    QString names = m.captured(2);
    names.truncate(names.indexOf(QLatin1Char('#')) < 0 ? names.size() : names.indexOf(QLatin1Char('#')));
    for (const QString& name : names.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts)) {
      const bool pattern = name.contains(QLatin1Char('*')) || name.contains(QLatin1Char('?')) ||
                           name.startsWith(QLatin1Char('!'));
      if (!pattern && !out.contains(name) && parseRemoteHost(name.toStdString()))
        out.append(name);
    }
  }
  return out;
}

MachineList::MachineList(QObject* parent) : QAbstractTableModel(parent) {}

int MachineList::rowOf(const QString& label) const
{
  for (std::size_t i = 0; i < m_rows.size(); ++i)
    if (m_rows[i].label == label)
      return int(i);
  return -1;
}

QString MachineList::addHost(const QString& text)
{
  std::string why;
  const auto host = parseRemoteHost(text.trimmed().toStdString(), &why);
  if (!host)
    return tr("\"%1\" is not a machine to reach over ssh: %2. Type [USER@]HOST[:PORT], for example "
              "alice@server:2222.")
        .arg(text.trimmed(), qs(why));
  const QString label = qs(host->label());
  if (rowOf(label) >= 0)
    return tr("%1 is in the list already.").arg(label);
  beginInsertRows({}, rowCount(), rowCount());
  m_rows.push_back(Row{label, true, {}});
  endInsertRows();
  return {};
}

bool MachineList::removeHost(int row)
{
  if (row <= 0 || row >= rowCount())
    return false;
  beginRemoveRows({}, row, row);
  m_rows.erase(m_rows.begin() + row);
  endRemoveRows();
  return true;
}

QStringList MachineList::hosts() const
{
  QStringList out;
  for (std::size_t i = 1; i < m_rows.size(); ++i)
    out.append(m_rows[i].label);
  return out;
}

QStringList MachineList::checkedHosts() const
{
  QStringList out;
  for (std::size_t i = 1; i < m_rows.size(); ++i)
    if (m_rows[i].checked)
      out.append(m_rows[i].label);
  return out;
}

QStringList MachineList::checkedNames() const
{
  QStringList out = checkedHosts();
  if (localChecked())
    out.prepend(localName());
  return out;
}

std::vector<RemoteHost> MachineList::checkedRemoteHosts() const
{
  std::vector<RemoteHost> out;
  for (const QString& label : checkedHosts())
    if (const auto host = parseRemoteHost(label.toStdString()))
      out.push_back(*host);
  return out;
}

void MachineList::restore(const QStringList& hosts, const QStringList& checked)
{
  beginResetModel();
  m_rows.resize(1);
  m_rows.front().checked = checked.contains(localName());
  for (const QString& text : hosts) {
    const auto host = parseRemoteHost(text.toStdString());
    const QString label = host ? qs(host->label()) : QString();
    if (host && rowOf(label) < 0)
      m_rows.push_back(Row{label, checked.contains(label), {}});
  }
  endResetModel();
}

void MachineList::setStatus(const QString& host, const QString& text)
{
  const int row = rowOf(host);
  if (row < 0 || m_rows[std::size_t(row)].status == text)
    return;
  m_rows[std::size_t(row)].status = text;
  Q_EMIT dataChanged(index(row, StatusColumn), index(row, StatusColumn));
}

void MachineList::clearStatus()
{
  for (Row& r : m_rows)
    r.status.clear();
  Q_EMIT dataChanged(index(0, StatusColumn), index(rowCount() - 1, StatusColumn));
}

int MachineList::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }
int MachineList::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant MachineList::data(const QModelIndex& index, int role) const
{
  if (!index.isValid() || index.row() >= rowCount())
    return {};
  const Row& r = m_rows[std::size_t(index.row())];
  if (index.column() == NameColumn) {
    if (role == Qt::DisplayRole)
      return r.label.isEmpty() ? tr("This machine") : r.label;
    if (role == Qt::CheckStateRole)
      return r.checked ? Qt::Checked : Qt::Unchecked;
    if (role == Qt::ToolTipRole)
      return r.label.isEmpty() ? tr("The computer HashScope runs on: its ticked locations are measured")
                               : tr("Measured over ssh with your own keys and config: a hashscope-cli there, or "
                                    "a copy brought for the run and removed after it");
  }
  if (index.column() == StatusColumn && (role == Qt::DisplayRole || role == Qt::ToolTipRole))
    return r.status;
  return {};
}

QVariant MachineList::headerData(int section, Qt::Orientation orientation, int role) const
{
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
    return {};
  return section == NameColumn ? tr("Machine") : tr("Status");
}

Qt::ItemFlags MachineList::flags(const QModelIndex& index) const
{
  Qt::ItemFlags f = QAbstractTableModel::flags(index);
  if (index.column() == NameColumn)
    f |= Qt::ItemIsUserCheckable;
  return f;
}

bool MachineList::setData(const QModelIndex& index, const QVariant& value, int role)
{
  if (!index.isValid() || index.column() != NameColumn || role != Qt::CheckStateRole)
    return false;
  m_rows[std::size_t(index.row())].checked = value.toInt() == Qt::Checked;
  Q_EMIT dataChanged(index, index, {Qt::CheckStateRole});
  return true;
}

}  // namespace hashscope::gui
