// Jobs spread over worker threads with bounded memory: the one job pool behind hash -r and hash-tree.
// Jobs are numbered in the order they are added; workers take them in that order; a consumer
// receives the results in that order too (or nobody does: the workers' own tallies are the result).
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "hashscope/waits.hpp"

namespace hashscope {

// A thread the pool needed could not be started (EAGAIN: a memory limit such as ulimit -v, or too many
// processes). Nothing was lost: the jobs started before it were stopped and joined.
struct ThreadStartError : std::runtime_error {
  ThreadStartError()
      : std::runtime_error("cannot start a thread: the memory limit (ulimit -v) or the process limit (ulimit -u) "
                           "is too low")
  {
  }
};

// One producer adds jobs, workers take and finish them, and (Delivery::InOrder) one consumer takes the
// results in the order the jobs were added. At most `window` jobs are added and not yet handed back, so
// memory stays bounded: the producer waits for room. Every wait ends at once on `stop`. Nothing locks while
// nobody waits; a party that must wait sleeps until there is enough for it: no job costs a wake-up:
// - workers sleep on a futex; the producer wakes one every 16 jobs added (or at flush()), and a worker that
//   takes a job while announced ones remain wakes the next;
// - the consumer waits for the last of the next kConsumerBatch jobs (at most kPatience), not for each;
// - the producer waits for an eighth of the window to be free again.
template <class Job, class Result>
class JobRing {
public:
  enum class Delivery { InOrder, None };

  JobRing(std::size_t window, std::stop_token stop, Delivery delivery = Delivery::InOrder)
      : m_slots(std::max<std::size_t>(window, 1)), m_stop(std::move(stop)), m_delivery(delivery),
        m_wake(m_stop, std::function<void()>([this] { wakeAll(); }))
  {
  }
  JobRing(const JobRing&) = delete;
  JobRing& operator=(const JobRing&) = delete;

  std::size_t window() const { return m_slots.size(); }
  // Stopped by the caller's stop, or by a failure: a producer walking a tree stops walking too.
  std::stop_token stopToken() const { return m_stop; }

  // Producer (one thread). Adds `job` as the next job; waits while the window is full. False when stopped.
  bool add(Job job)
  {
    const std::size_t index = m_added.load(std::memory_order_relaxed);
    Slot& slot = m_slots[index % m_slots.size()];
    if (slot.state.load() != kFree) {
      flush();  // the workers may have to clear the way: let them see everything first
      // Resume once an eighth of the window is free, not at every freed slot.
      const std::size_t resume = index + std::max<std::size_t>(m_slots.size() / 8, 1) - 1;
      Slot& last = m_slots[resume % m_slots.size()];
      m_producerAwaits.store(resume - m_slots.size());
      const bool room = wait(m_producerWaiting, m_producerCv, [&] {
        return slot.state.load() == kFree && last.state.load() == kFree;
      });
      if (!room)
        return false;
    }
    slot.job = std::move(job);
    slot.state.store(kAdded);
    m_added.store(index + 1);
    if (++m_unannounced >= kAnnounceEvery)
      flush();
    return true;
  }
  // Producer: wakes the workers that wait for jobs added since the last time (add() does every 16 jobs).
  void flush()
  {
    m_unannounced = 0;
    m_announced.store(m_added.load(std::memory_order_relaxed));
    wakeWorker();
  }
  // Producer: no job will be added any more (the workers and the consumer end once all are done).
  void close()
  {
    flush();
    m_closed.store(true);
    wakeAllWorkers();
    wake(m_consumerCv);
  }

  // Worker (any number of threads). The next job to run, with its number; nullopt when no job will come (closed
  // and all taken) or when stopped. The job stays in its slot until finish() (and the consumer) are done with it.
  struct Taken {
    std::size_t index;
    Job* job;
  };
  std::optional<Taken> take()
  {
    for (;;) {
      std::size_t index = m_taken.load();
      if (index < m_added.load()) {
        if (!m_taken.compare_exchange_weak(index, index + 1))
          continue;
        // Announced jobs are left and a worker may sleep: this one wakes the next (a chain, see the class).
        if (index + 1 < m_announced.load())
          wakeWorker();
        return Taken{index, &m_slots[index % m_slots.size()].job};
      }
      if ((m_closed.load() && index >= m_added.load()) || m_stop.stop_requested())
        return std::nullopt;
      // Sleep until the next announcement. The waiter count is raised before the last look at the jobs, and
      // wakers read it after adding jobs, closing or stopping (all sequentially consistent): what changes
      // meanwhile is either seen here or changes the epoch, and the wait returns at once.
      const std::uint32_t seen = m_workersEpoch.load();
      m_workersWaiting.fetch_add(1);
      if (m_taken.load() >= m_added.load() && !m_closed.load() && !m_stop.stop_requested())
        waitWhileEquals(m_workersEpoch, seen, std::memory_order_seq_cst);
      m_workersWaiting.fetch_sub(1);
    }
  }
  // Worker: job `index` is done. With Delivery::None its slot is free again at once.
  void finish(std::size_t index, Result result)
  {
    Slot& slot = m_slots[index % m_slots.size()];
    if (m_delivery == Delivery::None) {
      slot.job = Job();
      slot.state.store(kFree);
      if (m_producerWaiting.load() > 0)
        wake(m_producerCv);
      return;
    }
    slot.result = std::move(result);
    slot.state.store(kDone);
    if (m_consumerWaiting.load() > 0 && m_consumerAwaits.load() == index)
      wake(m_consumerCv);
  }

  // Consumer (one thread, Delivery::InOrder). The next job in order and its result; false once every job
  // added before close() was handed over, or when stopped. It waits for a batch, not for each job (see the
  // class); `beforeWait` runs on this thread before a longer wait: a caller flushes its output there, so
  // nothing done waits behind a slow job, while the short waits cost no flush each.
  static constexpr std::chrono::milliseconds kPatience{20};
  static constexpr std::size_t kConsumerBatch = 64;
  bool next(Job& job, Result& result, const std::function<void()>& beforeWait = {})
  {
    const std::size_t index = m_consumed;
    Slot& slot = m_slots[index % m_slots.size()];
    auto ready = [this](std::size_t i) {
      return (i < m_added.load() && m_slots[i % m_slots.size()].state.load() == kDone) ||
             (m_closed.load() && i >= m_added.load());
    };
    if (!ready(index)) {
      // Short waits: for the batch's last job, then (should the batch's first still run) for the first.
      const std::size_t added = m_added.load();
      const std::size_t last = added > index ? std::min(index + kConsumerBatch, added) - 1 : index;
      for (const std::size_t awaited : {last, index}) {
        if (ready(index))
          break;
        m_consumerAwaits.store(awaited);
        const bool soon = wait(m_consumerWaiting, m_consumerCv, [&] { return ready(awaited); }, kPatience);
        if (m_stop.stop_requested())
          return false;
        if (!soon)
          break;
      }
      if (!ready(index)) {
        if (beforeWait)
          beforeWait();
        m_consumerAwaits.store(index);
        if (!wait(m_consumerWaiting, m_consumerCv, [&] { return ready(index); }))
          return false;
      }
    }
    if (index >= m_added.load())
      return false;  // closed, and everything was handed over
    job = std::move(slot.job);
    result = std::move(*slot.result);
    slot.result.reset();
    slot.job = Job();
    m_consumed = index + 1;
    slot.state.store(kFree);
    if (m_producerWaiting.load() > 0 && m_producerAwaits.load() == index)
      wake(m_producerCv);
    return true;
  }

private:
  enum : std::uint8_t { kFree, kAdded, kDone };
  static constexpr int kAnnounceEvery = 16;
  struct Slot {
    Job job{};
    std::optional<Result> result;
    std::atomic<std::uint8_t> state{kFree};
  };

  // Waits on `cv` until `ready()` or a stop, for at most `patience` if given: true when ready, not stopped.
  // The waiter count is raised under the lock before the last check, and wakers read it after changing the
  // state (both sequentially consistent) and take the lock before notifying: no change is missed.
  template <class Ready>
  bool wait(std::atomic<int>& waiting, std::condition_variable& cv, Ready ready,
            std::optional<std::chrono::milliseconds> patience = {})
  {
    std::unique_lock lock(m_mutex);
    waiting.fetch_add(1);
    const auto done = [&] { return ready() || m_stop.stop_requested(); };
    const bool inTime = patience ? cv.wait_for(lock, *patience, done) : (cv.wait(lock, done), true);
    waiting.fetch_sub(1);
    return inTime && !m_stop.stop_requested();
  }
  void wake(std::condition_variable& cv)
  {
    { std::lock_guard lock(m_mutex); }
    cv.notify_all();
  }
  // One sleeping worker, if any, wakes (the epoch changes). Several at once: each that finds a job while
  // announced ones are left wakes the next.
  void wakeWorker()
  {
    if (m_workersWaiting.load() == 0)
      return;
    m_workersEpoch.fetch_add(1);
    notifyOne(m_workersEpoch);
  }
  void wakeAllWorkers()
  {
    m_workersEpoch.fetch_add(1);
    notifyAll(m_workersEpoch);
  }
  void wakeAll()
  {
    wakeAllWorkers();
    { std::lock_guard lock(m_mutex); }
    m_producerCv.notify_all();
    m_consumerCv.notify_all();
  }

  std::vector<Slot> m_slots;
  std::atomic<std::size_t> m_added{0}, m_taken{0};
  std::atomic<std::size_t> m_announced{0};  // jobs the workers were told of (flush(), close())
  std::size_t m_consumed = 0;   // the consumer's own
  int m_unannounced = 0;        // the producer's own: jobs added since the workers were last woken
  std::atomic<bool> m_closed{false};
  std::atomic<std::size_t> m_consumerAwaits{~std::size_t{0}}, m_producerAwaits{~std::size_t{0}};
  std::stop_token m_stop;
  Delivery m_delivery;
  std::mutex m_mutex;
  std::condition_variable m_producerCv, m_consumerCv;
  std::atomic<std::uint32_t> m_workersEpoch{0};  // the workers sleep on it; changed (and notified) to wake them
  std::atomic<int> m_workersWaiting{0}, m_producerWaiting{0}, m_consumerWaiting{0};
  StopCallback<std::function<void()>> m_wake;  // last: wakes every waiter on a stop (waits.hpp: mingw-safe)
};

// Runs `produce(ring)` on a thread of its own (it adds the jobs in order with ring.add, which returns false
// once everything stops, and may call ring.flush() before a slow step so the workers see what is added),
// `work(worker, job)` for every job on `workers` threads, and `consume(job, result)` on the calling thread
// for every job, in the order added. At most `window` jobs are in flight. Returns once every job is consumed,
// or soon after a stop (within the job each worker is running); every thread is joined. Without `consume`
// nobody takes the results (Delivery::None) and `produce` runs on the calling thread. `beforeWait` runs on
// the calling thread once it has waited a moment for a result (JobRing::next). Each worker's thread runs
// `aroundWorker(worker, loop)`, which must call `loop()` (its jobs, until none is left), or `loop()` alone.
// An exception from produce, work, consume or aroundWorker stops everything and is thrown again here.
template <class Job, class Result>
void runOrdered(int workers, std::size_t window, std::stop_token stop,
                const std::function<void(JobRing<Job, Result>& ring)>& produce,
                const std::function<Result(int worker, Job& job)>& work,
                const std::function<void(Job& job, Result& result)>& consume,
                const std::function<void()>& beforeWait = {},
                const std::function<void(int worker, const std::function<void()>& loop)>& aroundWorker = {})
{
  std::stop_source inner;  // ours: a caller's stop and a failure both end everything
  const StopCallback forward(stop, [&inner] { inner.request_stop(); });  // waits.hpp: mingw-safe
  using Ring = JobRing<Job, Result>;
  Ring ring(window, inner.get_token(), consume ? Ring::Delivery::InOrder : Ring::Delivery::None);
  std::mutex failureMutex;
  std::exception_ptr failure;
  auto fail = [&](std::exception_ptr e) {
    {
      std::lock_guard lock(failureMutex);
      if (!failure)
        failure = e;
    }
    inner.request_stop();
  };
  auto producer = [&] {
    try {
      produce(ring);
    } catch (...) {
      fail(std::current_exception());
    }
    ring.close();
  };
  {
    std::vector<std::jthread> threads;
    try {
      threads.reserve(static_cast<std::size_t>(std::max(workers, 1)) + 1);
      if (consume)
        threads.emplace_back(producer);
      for (int w = 0; w < std::max(workers, 1); ++w) {
        threads.emplace_back([&, w] {
          try {
            auto loop = [&] {
              while (auto taken = ring.take())
                ring.finish(taken->index, work(w, *taken->job));
            };
            aroundWorker ? aroundWorker(w, loop) : loop();
          } catch (...) {
            fail(std::current_exception());
          }
        });
      }
    } catch (const std::system_error&) {
      // No thread to be had (a memory or process limit): those started end, and the caller hears why.
      inner.request_stop();
      threads.clear();  // joins
      throw ThreadStartError();
    }
    if (!consume) {
      producer();  // the workers end once every job is taken
    } else {
      try {
        Job job;
        Result result;
        while (ring.next(job, result, beforeWait))
          consume(job, result);
      } catch (...) {
        fail(std::current_exception());
      }
      inner.request_stop();  // nothing more is consumed: a producer or workers still busy end now
    }
  }  // joins
  if (failure)
    std::rethrow_exception(failure);
}

}  // namespace hashscope
