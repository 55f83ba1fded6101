#include "gui_test_helpers.hpp"

#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QLineEdit>
#include <QMessageBox>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <functional>
#include <cmath>

#include "hashscope/samples.hpp"
#include "logic/algorithm_model.hpp"
#include "logic/location_model.hpp"
#include "widgets/locations_panel.hpp"
#include "widgets/options_panel.hpp"
#include "widgets/samples_panel.hpp"

namespace hashscope::gui::test {

TinyBenchmark::TinyBenchmark(const QString& algorithm, const QString& sampleSize, double hashSeconds)
{
  location = dir.path() + QStringLiteral("/location");
  QDir().mkpath(location);
  settings = std::make_unique<AppSettings>(dir.path() + QStringLiteral("/settings.ini"));
  window = std::make_unique<MainWindow>(*settings);
  window->locationModel()->setCheckedPaths({});
  window->locationsPanel()->addFolder(location);
  window->algorithmModel()->setCheckedIds({algorithm});
  RunOptions options;
  options.hashSeconds = hashSeconds;
  options.preset = Preset::Quick;  // one pass, no waiting for a quiet machine: the tests check the plumbing
  options.waitQuiet = false;
  window->optionsPanel()->setFrom(options);
  window->samplesPanel()->setSampleSize(*parseSize(sampleSize.toStdString()));
  window->resize(1280, 800);
  window->show();
  // Let the first layout and paint happen now, not inside the measured run.
  if (!QTest::qWaitForWindowExposed(window.get()))
    qWarning("the test window was not exposed");
  QTest::qWait(100);
}

std::vector<QStringList> parseCsv(const QString& text)
{
  std::vector<QStringList> rows;
  QStringList row;
  QString field;
  bool quoted = false, any = false;
  for (qsizetype i = 0; i < text.size(); ++i) {
    const QChar c = text[i];
    if (quoted) {
      if (c == QLatin1Char('"') && i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) {
        field += c;
        ++i;
      } else if (c == QLatin1Char('"')) {
        quoted = false;
      } else {
        field += c;
      }
      continue;
    }
    if (c == QLatin1Char('"')) {
      quoted = true;
      any = true;
    } else if (c == QLatin1Char(',')) {
      row.append(field);
      field.clear();
      any = true;
    } else if (c == QLatin1Char('\n') || c == QLatin1Char('\r')) {
      if (c == QLatin1Char('\r') && i + 1 < text.size() && text[i + 1] == QLatin1Char('\n'))
        ++i;
      if (any || !field.isEmpty()) {
        row.append(field);
        rows.push_back(row);
      }
      row.clear();
      field.clear();
      any = false;
    } else {
      field += c;
      any = true;
    }
  }
  if (any || !field.isEmpty()) {
    row.append(field);
    rows.push_back(row);
  }
  return rows;
}

double contrastRatio(QColor a, QColor b)
{
  const auto luminance = [](QColor c) {
    const auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
  };
  const double la = luminance(a), lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

double greyDeviation(const QImage& image)
{
  double sum = 0, sum2 = 0;
  const double n = double(image.width()) * image.height();
  for (int y = 0; y < image.height(); ++y) {
    for (int x = 0; x < image.width(); ++x) {
      const double g = qGray(image.pixel(x, y));
      sum += g;
      sum2 += g * g;
    }
  }
  const double mean = sum / n;
  return std::sqrt(std::max(0.0, sum2 / n - mean * mean));
}

namespace {
// Calls `answer` on the application's modal widget every 20 ms until it returns true or `ms` have passed, from a
// timer: for code that asks with exec() while the test waits.
void answerNextModal(int ms, std::function<bool(QWidget*)> answer)
{
  auto* timer = new QTimer;
  auto* clock = new QElapsedTimer;
  clock->start();
  timer->setInterval(20);
  QObject::connect(timer, &QTimer::timeout, [timer, clock, ms, answer = std::move(answer)] {
    QWidget* modal = QApplication::activeModalWidget();
    if ((modal && answer(modal)) || clock->elapsed() > ms) {
      timer->stop();
      timer->deleteLater();
      delete clock;
    }
  });
  timer->start();
}
}  // namespace

void answerNextMessageBox(const QString& button, int ms) { answerNextMessageBoxSeen(button, ms); }

std::shared_ptr<SeenMessageBox> answerNextMessageBoxSeen(const QString& button, int ms)
{
  auto seen = std::make_shared<SeenMessageBox>();
  answerNextModal(ms, [button, seen](QWidget* modal) {
    auto* box = qobject_cast<QMessageBox*>(modal);
    if (!box)
      return false;
    for (QAbstractButton* b : box->buttons()) {
      if (b->text().remove(QLatin1Char('&')) == button) {
        *seen = {true, box->windowTitle(), box->text(), box->informativeText()};
        b->click();
        return true;
      }
    }
    return false;
  });
  return seen;
}

std::shared_ptr<QString> answerNextFileDialog(const QString& path, int ms)
{
  auto suggested = std::make_shared<QString>();
  answerNextModal(ms, [path, suggested](QWidget* modal) {
    auto* dialog = qobject_cast<QFileDialog*>(modal);
    if (!dialog)
      return false;
    const QStringList chosen = dialog->selectedFiles();
    *suggested = chosen.isEmpty() ? dialog->directory().absolutePath() : chosen.first();
    if (path.isEmpty()) {
      dialog->reject();
    } else {
      // Typed into the name box, as a user would: selectFile() leaves the box alone while it has the focus.
      if (auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit")))
        name->setText(path);
      else
        dialog->selectFile(path);
      static_cast<QDialog*>(dialog)->accept();  // QFileDialog::accept() is protected: the same, virtually
    }
    return true;
  });
  return suggested;
}

ScopedHistory::ScopedHistory(const QString& file) : m_had(qEnvironmentVariableIsSet("HASHSCOPE_HISTORY_DB")),
                                                     m_old(qgetenv("HASHSCOPE_HISTORY_DB"))
{
  qputenv("HASHSCOPE_HISTORY_DB", file.toUtf8());
}

ScopedHistory::~ScopedHistory()
{
  if (m_had)
    qputenv("HASHSCOPE_HISTORY_DB", m_old);
  else
    qunsetenv("HASHSCOPE_HISTORY_DB");
}

QStringList strayFiles(const QString& folder)
{
  QStringList stray;
  for (const QString& name : QDir(folder).entryList(QDir::Files | QDir::Hidden | QDir::System)) {
    if (!isSampleFileName(name.toStdString()))
      stray.append(name);
  }
  return stray;
}

}  // namespace hashscope::gui::test
