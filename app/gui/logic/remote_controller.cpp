#include "logic/remote_controller.hpp"

#include <QCoreApplication>
#include <QDir>

#include <exception>

#include "logic/plain_text.hpp"
#include "logic/result_text.hpp"

namespace hashscope::gui {

namespace {

// A host's line is untrusted: no control characters (an escape sequence, a carriage return), and short.
QString shownLine(std::string_view text)
{
  QString out = qs(text);
  out.removeIf([](QChar c) { return c.category() == QChar::Other_Control; });
  return elidedText(out.trimmed(), 200);
}

}  // namespace

RemoteController::RemoteController(QObject* parent) : QObject(parent)
{
  // The CLI is installed next to the app (and the build puts both in bin/): the one a host without its own
  // hashscope-cli gets a copy of.
#ifdef Q_OS_WIN
  const QString cli = QStringLiteral("hashscope-cli.exe");
#else
  const QString cli = QStringLiteral("hashscope-cli");
#endif
  m_base.selfExecutable = toPath(QDir(QCoreApplication::applicationDirPath()).filePath(cli));
}

RemoteController::~RemoteController() { stopAndWait(); }

bool RemoteController::start(const std::vector<RemoteHost>& hosts, const std::vector<std::string>& benchArguments)
{
  if (m_job.isRunning() || hosts.empty())
    return false;
  m_runs.clear();
  RemoteOptions options = m_base;
  options.benchArguments = benchArguments;
  m_job.start(
      [this, hosts, options](std::stop_token stop, std::uint64_t id) {
        RemoteObserver observer;
        observer.line = [this, id](const RemoteHost& host, std::string_view text) {
          const QString label = qs(host.label()), shown = shownLine(text);
          m_job.post(id, [this, label, shown] { Q_EMIT line(label, shown); });
        };
        std::vector<RemoteRun> runs;
        try {
          runs = runRemoteBenches(hosts, options, observer, stop, true);
        } catch (const std::exception& e) {  // never across the thread boundary: each host says it
          for (const RemoteHost& host : hosts) {
            RemoteRun run;
            run.host = host;
            run.error = e.what();
            runs.push_back(std::move(run));
          }
        }
        return std::pair{std::move(runs), stop.stop_requested()};
      },
      [this](std::uint64_t, std::pair<std::vector<RemoteRun>, bool> result) {
        m_runs = std::move(result.first);
        Q_EMIT finished(result.second);
      });
  return true;
}

void RemoteController::stop() { m_job.requestStop(); }

void RemoteController::stopAndWait() { m_job.cancel(); }

}  // namespace hashscope::gui
