#include "engine/pipelined_reader.hpp"

#include <algorithm>
#include <cstring>

#include "hashscope/workload.hpp"
#include "hashscope/waits.hpp"
#include "platform/mapped_file.hpp"

namespace hashscope {

double StreamReaderClock::cpuSeconds() const
{
  std::lock_guard lock(m_mutex);
  double total = 0;
  for (const auto& clock : m_clocks)
    total += clock->cpuSeconds();
  return total;
}

void StreamReaderClock::attach(std::shared_ptr<platform::OwnThreadClock> clock)
{
  std::lock_guard lock(m_mutex);
  m_clocks.push_back(std::move(clock));
}

namespace {

constexpr std::size_t kBufferAlignment = 4096;

std::uint64_t alignDown(std::uint64_t v, std::uint64_t a) { return v / a * a; }
std::uint64_t alignUp(std::uint64_t v, std::uint64_t a) { return (v + a - 1) / a * a; }

}  // namespace

PipelinedReader::PipelinedReader(std::size_t blockSize, int queueDepth, std::stop_token stop, LiveCounters* counters,
                                 int stream)
    : m_blockSize(std::max<std::size_t>(blockSize, 1)), m_stop(m_stopSource.get_token()),
      m_forward(std::move(stop), std::function<void()>([this] { m_stopSource.request_stop(); }))
{
  // A direct read may start up to one alignment unit before the wanted offset and round its length up:
  // one extra unit of room covers both.
  const std::size_t capacity = alignUp(m_blockSize, kBufferAlignment) + kBufferAlignment;
  m_slots.resize(static_cast<std::size_t>(std::clamp(queueDepth, 1, kMaxQueueDepth)) + 1);
  for (Slot& slot : m_slots) {
    slot.buffer = platform::allocateAligned(capacity, kBufferAlignment);
    if (!slot.buffer) {
      m_error = "Not enough memory for the read buffers (" + formatBytes(capacity * m_slots.size()) + ")";
      return;
    }
    // Touched now, so that the first reads into them do not fault their pages in (see StreamReads::prepare).
    std::memset(slot.buffer.get(), 0, capacity);
  }
  if (counters)
    counters->registerThread(stream, true, m_clock);
  m_threads.emplace_back([this] { run(0); });
}

PipelinedReader::~PipelinedReader()
{
  m_stopSource.request_stop();
  {
    std::lock_guard lock(m_mutex);  // no thread is between its check and its wait
  }
  m_cv.notify_all();
  for (auto& t : m_threads)
    t.join();
}

void PipelinedReader::start(platform::InputFile& file, std::uint64_t offset, std::uint64_t length,
                            bool dropBehind)
{
  const std::uint64_t align = std::max<std::size_t>(file.alignment(), 1);
  const bool direct = align > 1;
  const std::uint64_t step = direct ? std::max<std::uint64_t>(alignDown(m_blockSize, align), align) : m_blockSize;
  // Direct reads have no readahead: one thread per read in flight keeps the queue depth at the device. One
  // buffer stays with the consumer, so the others (queueDepth of them) are in flight.
  const std::size_t threads = direct ? m_slots.size() - 1 : 1;
  while (m_threads.size() < threads && !m_stop.stop_requested())
    m_threads.emplace_back([this, i = m_threads.size()] { run(i); });

  std::unique_lock lock(m_mutex);
  // Reads of the previous job may still run after an error or a stop: their buffers are not free yet.
  waitOrStop(m_cv, lock, m_stop, [this] { return m_inFlight == 0; });
  m_job = Job{&file, offset, offset + length, step, align, dropBehind};
  m_blocks = (length + step - 1) / step;
  m_issued = m_taken = m_consumed = 0;
  m_failed = false;
  m_failedIndex = 0;
  m_jobError.clear();
  for (Slot& slot : m_slots)
    slot.state = SlotState::Free;
  if (direct && align > kBufferAlignment) {
    m_blocks = 0;
    m_jobError = "The device needs a direct I/O alignment of " + std::to_string(align) +
                 " bytes, more than HashScope supports";
  }
  m_jobThreads = static_cast<int>(threads);
  ++m_generation;
  lock.unlock();
  m_cv.notify_all();
}

bool PipelinedReader::next(ReadBlock& block)
{
  std::unique_lock lock(m_mutex);
  if (m_taken > m_consumed) {
    m_slots[m_consumed % m_slots.size()].state = SlotState::Free;  // the block handed out last time
    ++m_consumed;
    m_cv.notify_all();
  }
  auto finishedEarly = [this] { return m_failed && m_taken > m_failedIndex; };
  // Once next() says "no more", no read of this job may still be running: the caller may close the file.
  // Reads in flight after an error or a stop end on their own, within one block's read time.
  auto endOfJob = [&] {
    m_cv.wait(lock, [this] { return m_inFlight == 0; });
    return false;
  };
  if (m_taken >= m_blocks || finishedEarly())
    return endOfJob();
  Slot& slot = m_slots[m_taken % m_slots.size()];
  waitOrStop(m_cv, lock, m_stop, [&] {
    return slot.state == SlotState::Ready || slot.state == SlotState::Failed || finishedEarly();
  });
  if (m_stop.stop_requested() || slot.state != SlotState::Ready)
    return endOfJob();
  block = slot.block;
  ++m_taken;
  return true;
}

bool PipelinedReader::waitingForConsumer() const
{
  std::lock_guard lock(m_mutex);
  return m_inFlight == 0 && m_issued < m_blocks && m_issued - m_consumed >= m_slots.size();
}

void PipelinedReader::run(std::size_t thread)
{
  auto own = platform::makeThreadClock();
  m_clock->attach(own);
  std::uint64_t seen = 0;
  std::unique_lock lock(m_mutex);
  while (waitOrStop(m_cv, lock, m_stop, [&] { return m_generation != seen; })) {
    seen = m_generation;
    if (thread >= static_cast<std::size_t>(m_jobThreads))
      continue;  // a cached job: one thread is enough
    for (;;) {
      waitOrStop(m_cv, lock, m_stop, [&] {
        return m_generation != seen || m_failed || m_issued >= m_blocks || m_issued - m_consumed < m_slots.size();
      });
      if (m_stop.stop_requested() || m_generation != seen || m_failed || m_issued >= m_blocks)
        break;
      const std::uint64_t index = m_issued++;
      Slot& slot = m_slots[index % m_slots.size()];
      slot.state = SlotState::Reading;
      ++m_inFlight;
      const Job job = m_job;
      lock.unlock();
      ReadBlock block;
      bool shortRead = false;
      std::string error = readBlock(job, index, block, shortRead);
      lock.lock();
      --m_inFlight;
      slot.block = block;
      slot.state = error.empty() || shortRead ? SlotState::Ready : SlotState::Failed;
      if (!error.empty() && (!m_failed || index < m_failedIndex)) {
        m_failed = true;
        m_failedIndex = index;
        m_jobError = error;
      }
      m_cv.notify_all();
    }
  }
  lock.unlock();
  own->freeze();
}

std::string PipelinedReader::readBlock(const Job& job, std::uint64_t index, ReadBlock& block, bool& shortRead)
{
  Slot& slot = m_slots[index % m_slots.size()];
  const std::uint64_t pos = job.offset + index * job.step;
  const std::uint64_t want = std::min(job.step, job.end - pos);
  std::uint64_t readPos = pos, skip = 0, request = want;
  if (job.align > 1) {
    readPos = alignDown(pos, job.align);
    skip = pos - readPos;
    request = alignUp(skip + want, job.align);
  }
  std::string error;
  const std::int64_t n = job.file->readAt(slot.buffer.get(), static_cast<std::size_t>(request), readPos, error);
  if (n < 0)
    return error;
  // Only the bytes returned count (a short read at end of file), and never past the range's end.
  const auto got = static_cast<std::uint64_t>(n) > skip
                       ? std::min<std::uint64_t>(static_cast<std::uint64_t>(n) - skip, want)
                       : 0;
  if (job.dropBehind && n > 0)
    job.file->dropRange(readPos, static_cast<std::uint64_t>(n));
  block = ReadBlock{slot.buffer.get() + skip, static_cast<std::size_t>(got), pos};
  if (got < want) {
    shortRead = got > 0;
    return platform::shrankError(*job.file);
  }
  return "";
}

}  // namespace hashscope
