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

#include "platform/file_io.hpp"
#include "platform/thread_clock.hpp"

namespace hashscope {

class LiveCounters;

// The CPU time of every reader thread a stream used, as one clock the sampler can read at any time.
class StreamReaderClock final : public ThreadClock {
public:
  double cpuSeconds() const override;
  void attach(std::shared_ptr<platform::OwnThreadClock> clock);
  void detach();  // after the thread froze its clock

private:
  mutable std::mutex m_mutex;
  double m_finished = 0;
  std::shared_ptr<platform::OwnThreadClock> m_current;
};

// A block handed from the reader to the consumer: valid until the next call to next().
struct ReadBlock {
  const std::byte* data = nullptr;
  std::size_t size = 0;
  std::uint64_t offset = 0;
};

// One reader thread serving one consumer (single producer, single consumer), job after job: each job reads
// a byte range of one file in file order. Memory stays depth x blockSize whatever the file size.
class PipelinedReader {
public:
  // `stop` cancels everything; `counters`/`stream` (optional) receive the reader thread's clock.
  PipelinedReader(std::size_t blockSize, int depth, std::stop_token stop, LiveCounters* counters = nullptr,
                  int stream = 0);
  ~PipelinedReader();  // stops and joins the thread
  PipelinedReader(const PipelinedReader&) = delete;
  PipelinedReader& operator=(const PipelinedReader&) = delete;

  // False (with error()) when the buffers could not be allocated.
  bool ok() const { return m_error.empty(); }

  // Starts reading [offset, offset+length) of `file`, which must outlive the job. Call only when idle (at
  // first, or after next() returned false). `dropBehind` evicts each range once consumed (cold fallback).
  void start(platform::InputFile& file, std::uint64_t offset, std::uint64_t length, bool dropBehind);

  // Gives the next block of the job, releasing the previous one. False at the end of the range, on a read
  // error (see error()) or when stopped (see stopped()).
  bool next(ReadBlock& block);

  const std::string& error() const { return m_jobError; }
  bool stopped() const { return m_stop.stop_requested(); }
  // The reader thread's CPU time so far (all jobs), readable at any time.
  double readerCpuSeconds() const { return m_clock->cpuSeconds(); }

private:
  struct Slot {
    platform::AlignedBuffer buffer;
    ReadBlock block;
  };
  void run();
  void runJob();

  std::size_t m_blockSize;
  std::vector<Slot> m_slots;
  std::stop_source m_stopSource;  // ours: the caller's token and our destructor both trigger it
  std::stop_token m_stop;
  std::stop_callback<std::function<void()>> m_forward;
  std::shared_ptr<StreamReaderClock> m_clock = std::make_shared<StreamReaderClock>();
  std::string m_error;

  std::mutex m_mutex;
  std::condition_variable_any m_cv;
  // Job state, guarded by m_mutex.
  platform::InputFile* m_file = nullptr;
  std::uint64_t m_offset = 0, m_end = 0;
  bool m_dropBehind = false;
  bool m_hasJob = false, m_jobDone = true;
  std::uint64_t m_produced = 0, m_consumed = 0, m_taken = 0;
  std::string m_jobError;

  std::thread m_thread;  // last: starts after everything above exists
};

}  // namespace hashscope
