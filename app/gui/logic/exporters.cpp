#include "logic/exporters.hpp"

#include <QAbstractItemModel>
#include <QCoreApplication>
#include <QSaveFile>

#include "hashscope/export.hpp"

namespace hashscope::gui {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("hashscope::gui::Exporters", text); }

}  // namespace

QString writeFileBytes(const QByteArray& bytes, const QString& path)
{
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly))
    return tr("Cannot write %1: %2").arg(path, file.errorString());
  if (file.write(bytes) != bytes.size() || !file.commit())
    return tr("Cannot write %1: %2").arg(path, file.errorString());
  return {};
}

QString writeResultsCsv(const std::vector<RunResult>& results, const QString& path)
{
  return writeFileBytes(QByteArray::fromStdString(toCsv(results)), path);
}

QString writeResultsJson(const std::vector<RunResult>& results, const QString& path, const ExportOptions& options)
{
  return writeFileBytes(QByteArray::fromStdString(toJson(results, options)), path);
}

QString writePng(const QImage& image, const QString& path)
{
  if (image.isNull())
    return tr("There is nothing to export yet.");
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly) || !image.save(&file, "PNG") || !file.commit())
    return tr("Cannot write %1: %2").arg(path, file.errorString());
  return {};
}

QDateTime runStartTime(const ExportOptions& when)
{
  QDateTime t = QDateTime::fromString(QString::fromStdString(when.startedAt), Qt::ISODate);
  return t.isValid() ? t.toLocalTime() : QDateTime();
}

QString exportBaseName(const ExportOptions& when, const QString& host)
{
  const QDateTime started = runStartTime(when);
  QString name = QStringLiteral("hashscope-") %
                 (started.isValid() ? started : QDateTime::currentDateTime()).toString(QStringLiteral("yyyy-MM-dd-HHmm"));
  QString machine;
  for (const QChar c : host) {
    if (c.isLetterOrNumber() && c.unicode() < 128)
      machine += c;
    else if ((c == QLatin1Char('-') || c == QLatin1Char('.')) && !machine.isEmpty())
      machine += c;
  }
  while (machine.endsWith(QLatin1Char('-')) || machine.endsWith(QLatin1Char('.')))
    machine.chop(1);
  return machine.isEmpty() ? name : name % QLatin1Char('-') % machine.left(40);
}

QString tableText(const QAbstractItemModel& model)
{
  auto clean = [](QString s) { return s.replace(QLatin1Char('\t'), QLatin1Char(' ')).replace(QLatin1Char('\n'), QLatin1Char(' ')); };
  QString text;
  for (int c = 0; c < model.columnCount(); ++c)
    text += (c ? QStringLiteral("\t") : QString()) % clean(model.headerData(c, Qt::Horizontal).toString());
  text += QLatin1Char('\n');
  for (int r = 0; r < model.rowCount(); ++r) {
    for (int c = 0; c < model.columnCount(); ++c)
      text += (c ? QStringLiteral("\t") : QString()) % clean(model.index(r, c).data().toString());
    text += QLatin1Char('\n');
  }
  return text;
}

QString tableTextWithHeader(const QStringList& lines, const QAbstractItemModel& model)
{
  QString text;
  for (const QString& line : lines) {
    if (!line.trimmed().isEmpty())
      text += QString(line).replace(QLatin1Char('\t'), QLatin1Char(' ')) % QLatin1Char('\n');
  }
  return (text.isEmpty() ? text : text % QLatin1Char('\n')) % tableText(model);
}

}  // namespace hashscope::gui
