#include "logic/sample_controller.hpp"

#include "logic/result_text.hpp"

namespace hashscope::gui {

SampleController::SampleController(QObject* parent) : QObject(parent), m_job(this) {}

SampleController::~SampleController() = default;  // m_job cancels and joins

bool SampleController::create(const QString& folder, std::uint64_t size, SampleContent content)
{
  if (m_job.isRunning())
    return false;
  const std::filesystem::path dir = toPath(folder);
  m_job.start(
      [this, dir, size, content](std::stop_token stop, JobTracker::JobId job) {
        auto onProgress = [this, job](const SampleProgress& p) {
          const double fraction = p.totalBytes ? double(p.bytesWritten) / double(p.totalBytes) : 0;
          const double mbps = p.mbPerSec();
          m_job.post(job, [=, this] { Q_EMIT progress(fraction, mbps); });
        };
        SampleResult result;
        try {
          result = createSample(dir, size, content, stop, onProgress);
        } catch (const std::exception& e) {
          result.error = e.what();
        }
        result.hold.release();  // creating a sample here does not use it: leave it free to delete
        return result;
      },
      [this](JobTracker::JobId, const SampleResult& result) {
        const QString error = result.cancelled ? tr("Sample creation cancelled; the partial file was removed.")
                                               : qs(result.error);
        Q_EMIT finished(result.ok(), qs(result.file.path), result.reused, result.mbPerSec, error);
      });
  return true;
}

void SampleController::cancel() { m_job.requestStop(); }

QString SampleController::remove(const QString& file) { return qs(removeSample(toPath(file))); }

}  // namespace hashscope::gui
