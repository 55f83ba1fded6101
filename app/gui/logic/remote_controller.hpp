// The Machines list's other machines: core's runRemoteBenches on a worker thread (never the GUI thread), all
// hosts at once, each line a host prints and the runs' end handed to the GUI thread as signals. Stop asks
// every remote run to stop (core ends them within a second or two and removes their folders there). Each
// measured machine's run is stored in the history under the machine's name by the window, as the CLI does.
#pragma once

#include <QObject>
#include <QString>

#include <vector>

#include "hashscope/remote.hpp"
#include "logic/job_tracker.hpp"

namespace hashscope::gui {

class RemoteController : public QObject {
  Q_OBJECT
public:
  explicit RemoteController(QObject* parent = nullptr);
  ~RemoteController() override;  // stops the runs and joins their thread

  // The ssh client, its config and the bundle (tests: a loopback lab's); the executable defaults to the
  // hashscope-cli next to this program.
  void setBaseOptions(const RemoteOptions& options) { m_base = options; }
  const RemoteOptions& baseOptions() const { return m_base; }

  // False when runs are still going or `hosts` is empty.
  bool start(const std::vector<RemoteHost>& hosts, const std::vector<std::string>& benchArguments);
  void stop();
  void stopAndWait();
  bool isRunning() const { return m_job.isRunning(); }
  const std::vector<RemoteRun>& runs() const { return m_runs; }  // the last runs' outcome, after finished()

Q_SIGNALS:
  void line(const QString& host, const QString& text);  // one line of a host's progress, made safe to show
  void finished(bool stopped);

private:
  RemoteOptions m_base;
  std::vector<RemoteRun> m_runs;
  JobTracker m_job{this};  // last: its thread joined before the members above go
};

}  // namespace hashscope::gui
