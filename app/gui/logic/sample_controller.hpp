// Creates a sample file on a background thread (with progress and cancel) and deletes samples on request.
#pragma once

#include <QObject>
#include <QString>

#include <cstdint>

#include "hashscope/samples.hpp"
#include "logic/job_tracker.hpp"

namespace hashscope::gui {

class SampleController : public QObject {
  Q_OBJECT
public:
  explicit SampleController(QObject* parent = nullptr);
  ~SampleController() override;  // cancels and joins: the engine removes the partial file

  bool isBusy() const { return m_job.isRunning(); }
  // Starts creating (or reusing) a sample; false when one is already being created.
  bool create(const QString& folder, std::uint64_t size, SampleContent content);
  void cancel();
  // Removes a HashScope sample; returns an error sentence, or an empty string on success.
  QString remove(const QString& file);

Q_SIGNALS:
  void progress(double fraction, double mbPerSec);
  void finished(bool ok, const QString& path, bool reused, double mbPerSec, const QString& error);

private:
  JobTracker m_job;
};

}  // namespace hashscope::gui
