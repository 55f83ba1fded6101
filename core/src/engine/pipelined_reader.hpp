// The pipelined reader: a reader thread keeps `depth` aligned buffers in flight so reading overlaps hashing.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include "hashscope/waits.hpp"
#include "platform/file_io.hpp"
#include "platform/thread_clock.hpp"

namespace hashscope {

class LiveCounters;

// The CPU time of all the reader threads of a stream, as one clock the sampler can read at any time.
class StreamReaderClock final : public ThreadClock {
public:
  double cpuSeconds() const override;
  void attach(std::shared_ptr<platform::OwnThreadClock> clock);

private:
  mutable std::mutex m_mutex;
  std::vector<std::shared_ptr<platform::OwnThreadClock>> m_clocks;  // frozen ones keep their final value
};

// A block handed from the reader to the consumer: valid until the next call to next().
struct ReadBlock {
  const std::byte* data = nullptr;
  std::size_t size = 0;
  std::uint64_t offset = 0;
};

// Reader threads serving one consumer, job after job: each job reads a byte range of one file, handed over
// in file order. Cached reads use one thread (the kernel reads ahead); direct reads have no readahead, so
// `queueDepth` threads each keep one read in flight, as a device queue of that depth would (fio --iodepth).
// Memory stays (queueDepth + 1) x blockSize whatever the file size: one buffer stays with the consumer.
class PipelinedReader {
public:
  // `stop` cancels everything; `counters`/`stream` (optional) receive the reader threads' clock.
  PipelinedReader(std::size_t blockSize, int queueDepth, std::stop_token stop, LiveCounters* counters = nullptr,
                  int stream = 0);
  ~PipelinedReader();  // stops and joins the threads
  PipelinedReader(const PipelinedReader&) = delete;
  PipelinedReader& operator=(const PipelinedReader&) = delete;

  // False (with error()) when the buffers could not be allocated.
  bool ok() const { return m_error.empty(); }

  // Starts reading [offset, offset+length) of `file`, which must outlive the job. Call only when idle (at
  // first, or after next() returned false). `dropBehind` evicts each range once read (cold fallback).
  void start(platform::InputFile& file, std::uint64_t offset, std::uint64_t length, bool dropBehind);

  // Gives the next block of the job, releasing the previous one. False at the end of the range, on a read
  // error (see error()) or when stopped (see stopped()); by then no read of the job is running any more,
  // so the file may be closed.
  bool next(ReadBlock& block);

  const std::string& error() const { return m_error.empty() ? m_jobError : m_error; }
  bool stopped() const { return m_stop.stop_requested(); }
  // True when every buffer holds a block the consumer has not released and no read runs: the reader waits
  // for the consumer (a slow hash), as it should, rather than reading further.
  bool waitingForConsumer() const;
  // The reader threads' CPU time so far (all jobs), readable at any time.
  double readerCpuSeconds() const { return m_clock->cpuSeconds(); }

private:
  enum class SlotState { Free, Reading, Ready, Failed };
  struct Slot {
    platform::AlignedBuffer buffer;
    ReadBlock block;
    SlotState state = SlotState::Free;
  };
  struct Job {
    platform::InputFile* file;
    std::uint64_t offset, end, step, align;
    bool dropBehind;
  };
  void run(std::size_t thread);
  // Reads block `index` of `job` into its slot; returns "" or the error. Called without the lock.
  std::string readBlock(const Job& job, std::uint64_t index, ReadBlock& block, bool& shortRead);

  std::size_t m_blockSize;
  std::vector<Slot> m_slots;
  std::stop_source m_stopSource;  // ours: the caller's token and our destructor both trigger it
  std::stop_token m_stop;
  StopCallback<std::function<void()>> m_forward;  // waits.hpp: mingw-safe
  std::shared_ptr<StreamReaderClock> m_clock = std::make_shared<StreamReaderClock>();
  std::string m_error;  // construction failure

  mutable std::mutex m_mutex;
  std::condition_variable_any m_cv;
  // Job state, guarded by m_mutex. Block i of a job covers [offset + i*step, min(end, offset + (i+1)*step)).
  Job m_job{nullptr, 0, 0, 1, 1, false};
  std::uint64_t m_blocks = 0;              // blocks in the job
  std::uint64_t m_generation = 0;          // bumped by start(): threads join each new job once
  int m_jobThreads = 1;                    // how many threads read this job
  std::uint64_t m_issued = 0, m_taken = 0, m_consumed = 0;
  bool m_failed = false;                   // a read failed: no more blocks are issued
  std::uint64_t m_failedIndex = 0;         // the first block that failed (or came back short)
  int m_inFlight = 0;                      // reads running right now
  std::string m_jobError;

  std::vector<std::thread> m_threads;  // last: they start after everything above exists
};

}  // namespace hashscope
