#include "logic/sample_controller.hpp"

#include <QPointer>

#include "logic/result_text.hpp"

namespace hashscope::gui {

SampleController::SampleController(QObject* parent) : QObject(parent) {}

SampleController::~SampleController()
{
  m_thread.request_stop();
  if (m_thread.joinable())
    m_thread.join();
}

bool SampleController::create(const QString& folder, std::uint64_t size, SampleContent content)
{
  if (m_activeJob != 0)
    return false;
  if (m_thread.joinable())
    m_thread.join();
  const std::uint64_t job = m_nextJob++;
  m_activeJob = job;
  QPointer<SampleController> self(this);
  const std::filesystem::path dir = toPath(folder);
  m_thread = std::jthread([=, this](std::stop_token stop) {
    auto onProgress = [=, this](const SampleProgress& p) {
      const double fraction = p.totalBytes ? double(p.bytesWritten) / double(p.totalBytes) : 0;
      const double mbps = p.mbPerSec();
      QMetaObject::invokeMethod(
          this,
          [=, this] {
            if (self && job == m_activeJob)
              Q_EMIT progress(fraction, mbps);
          },
          Qt::QueuedConnection);
    };
    SampleResult result;
    try {
      result = createSample(dir, size, content, stop, onProgress);
    } catch (const std::exception& e) {
      result.error = e.what();
    }
    result.hold.release();  // creating a sample here does not use it: leave it free to delete
    QMetaObject::invokeMethod(
        this,
        [=, this] {
          if (!self || job != m_activeJob)
            return;
          m_activeJob = 0;
          const QString error = result.cancelled ? tr("Sample creation cancelled; the partial file was removed.")
                                                 : qs(result.error);
          Q_EMIT finished(result.ok(), qs(result.file.path), result.reused, result.mbPerSec, error);
        },
        Qt::QueuedConnection);
  });
  return true;
}

void SampleController::cancel() { m_thread.request_stop(); }

QString SampleController::remove(const QString& file) { return qs(removeSample(toPath(file))); }

}  // namespace hashscope::gui
