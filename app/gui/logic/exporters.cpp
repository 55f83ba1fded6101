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

}  // namespace hashscope::gui
