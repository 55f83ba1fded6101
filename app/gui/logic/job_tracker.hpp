// One background job at a time on a std::jthread, with results delivered to the GUI thread only while
// the job is still the current one (the pattern of hotspot's JobTracker). Every job gets an id; whatever
// it posts travels tagged with that id through a queued call on the owner, and is dropped on arrival
// when the job was cancelled or replaced in the meantime. Used by BenchmarkController and
// SampleController, so the stale-result rules live in one place.
//
// Threading: start(), requestStop(), cancel() and the queries are GUI-thread only; post() may be called
// from any thread. The tracker must be a member of `owner` (it captures itself in the queued calls, which
// Qt discards together with the owner): declare it after the members the job touches, so it is destroyed,
// and its thread joined, before them.
#pragma once

#include <QMetaObject>
#include <QObject>

#include <cstdint>
#include <functional>
#include <stop_token>
#include <thread>
#include <utility>

namespace hashscope::gui {

class JobTracker {
public:
  using JobId = std::uint64_t;  // 0 = no job

  explicit JobTracker(QObject* owner) : m_owner(owner) {}
  ~JobTracker() { cancel(); }
  JobTracker(const JobTracker&) = delete;
  JobTracker& operator=(const JobTracker&) = delete;

  // Runs `work(stop, id)` on a new thread and hands `done(id, its return value)` to the GUI thread, unless
  // the job was cancelled or replaced first; by then the job is over (isRunning() is false). A job still running is cancelled (and joined) first: its
  // results are dropped. Returns the new job's id.
  template <class Work, class Done>
  JobId start(Work work, Done done)
  {
    const JobId id = begin();
    m_thread = std::jthread([this, id, work = std::move(work), done = std::move(done)](std::stop_token stop) mutable {
      auto result = work(stop, id);
      // The thread's last act: once this arrives the job is over, so finish() joins at once.
      post(id, [this, id, done = std::move(done), result = std::move(result)]() mutable {
        finish(id);
        done(id, std::move(result));
      });
    });
    return id;
  }

  // Any thread: runs `fn` on the owner's (GUI) thread if job `id` is still current when it arrives.
  template <class Fn>
  void post(JobId id, Fn fn) const
  {
    QMetaObject::invokeMethod(
        m_owner,
        [this, id, fn = std::move(fn)]() mutable {
          if (isCurrent(id))
            fn();
        },
        Qt::QueuedConnection);
  }

  // Asks the job to stop; it stays current, so its final result (marked cancelled by the job) still arrives.
  void requestStop() { m_thread.request_stop(); }
  // Stops the job, waits for its thread and drops everything it posted or will post.
  void cancel()
  {
    m_current = 0;
    m_thread.request_stop();
    if (m_thread.joinable())
      m_thread.join();
  }

  bool isRunning() const { return m_current != 0; }
  bool isCurrent(JobId id) const { return id != 0 && id == m_current; }
  JobId currentJob() const { return m_current; }
  bool stopRequested() const { return m_current != 0 && m_thread.get_stop_token().stop_requested(); }

private:
  JobId begin()
  {
    cancel();
    m_current = m_nextId++;
    return m_current;
  }
  void finish(JobId id)
  {
    if (!isCurrent(id))
      return;
    m_current = 0;
    if (m_thread.joinable())
      m_thread.join();
  }

  QObject* m_owner;
  JobId m_nextId = 1;
  JobId m_current = 0;  // GUI thread only
  std::jthread m_thread;
};

}  // namespace hashscope::gui
