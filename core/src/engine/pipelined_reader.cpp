#include "engine/pipelined_reader.hpp"

#include <algorithm>

#include "hashscope/workload.hpp"

namespace hashscope {

double StreamReaderClock::cpuSeconds() const
{
  std::lock_guard lock(m_mutex);
  return m_finished + (m_current ? m_current->cpuSeconds() : 0.0);
}

void StreamReaderClock::attach(std::shared_ptr<platform::OwnThreadClock> clock)
{
  std::lock_guard lock(m_mutex);
  m_current = std::move(clock);
}

void StreamReaderClock::detach()
{
  std::lock_guard lock(m_mutex);
  if (m_current)
    m_finished += m_current->cpuSeconds();
  m_current.reset();
}

namespace {

constexpr std::size_t kBufferAlignment = 4096;

std::uint64_t alignDown(std::uint64_t v, std::uint64_t a) { return v / a * a; }
std::uint64_t alignUp(std::uint64_t v, std::uint64_t a) { return (v + a - 1) / a * a; }

}  // namespace

PipelinedReader::PipelinedReader(std::size_t blockSize, int depth, std::stop_token stop, LiveCounters* counters,
                                 int stream)
    : m_blockSize(std::max<std::size_t>(blockSize, 1)), m_stop(m_stopSource.get_token()),
      m_forward(std::move(stop), std::function<void()>([this] { m_stopSource.request_stop(); }))
{
  // A direct read may start up to one alignment unit before the wanted offset and round its length up:
  // one extra unit of room covers both.
  const std::size_t capacity = alignUp(m_blockSize, kBufferAlignment) + kBufferAlignment;
  m_slots.resize(static_cast<std::size_t>(std::max(depth, 2)));
  for (Slot& slot : m_slots) {
    slot.buffer = platform::allocateAligned(capacity, kBufferAlignment);
    if (!slot.buffer) {
      m_error = "Not enough memory for the read buffers (" + formatBytes(capacity * m_slots.size()) + ")";
      return;
    }
  }
  if (counters)
    counters->registerThread(stream, true, m_clock);
  m_thread = std::thread([this] { run(); });
}

PipelinedReader::~PipelinedReader()
{
  m_stopSource.request_stop();
  {
    std::lock_guard lock(m_mutex);  // wakes the reader even if it is between its check and its wait
  }
  m_cv.notify_all();
  if (m_thread.joinable())
    m_thread.join();
}

void PipelinedReader::start(platform::InputFile& file, std::uint64_t offset, std::uint64_t length,
                            bool dropBehind)
{
  {
    std::lock_guard lock(m_mutex);
    m_file = &file;
    m_offset = offset;
    m_end = offset + length;
    m_dropBehind = dropBehind;
    m_produced = m_consumed = m_taken = 0;
    m_jobError.clear();
    m_jobDone = false;
    m_hasJob = true;
  }
  m_cv.notify_all();
}

bool PipelinedReader::next(ReadBlock& block)
{
  std::unique_lock lock(m_mutex);
  if (m_taken > m_consumed) {
    ++m_consumed;  // the block handed out last time is free again
    m_cv.notify_all();
  }
  m_cv.wait(lock, m_stop, [this] { return m_taken < m_produced || m_jobDone; });
  if (m_taken < m_produced && !m_stop.stop_requested()) {
    block = m_slots[m_taken % m_slots.size()].block;
    ++m_taken;
    return true;
  }
  return false;
}

void PipelinedReader::run()
{
  auto own = platform::makeThreadClock();
  m_clock->attach(own);
  while (!m_stop.stop_requested()) {
    {
      std::unique_lock lock(m_mutex);
      if (!m_cv.wait(lock, m_stop, [this] { return m_hasJob; }))
        break;
      m_hasJob = false;
    }
    runJob();
    {
      std::lock_guard lock(m_mutex);
      m_jobDone = true;
    }
    m_cv.notify_all();
  }
  {
    std::lock_guard lock(m_mutex);
    m_jobDone = true;
  }
  m_cv.notify_all();
  own->freeze();
  m_clock->detach();
}

void PipelinedReader::runJob()
{
  platform::InputFile& file = *m_file;  // set under the mutex before m_hasJob; unchanged until m_jobDone
  const std::uint64_t align = std::max<std::size_t>(file.alignment(), 1);
  const bool direct = align > 1;
  std::string error;
  if (direct && align > kBufferAlignment) {
    std::lock_guard lock(m_mutex);
    m_jobError = "The device needs a direct I/O alignment of " + std::to_string(align) + " bytes, more than "
                 "HashScope supports";
    return;
  }
  std::uint64_t pos = m_offset;
  const std::uint64_t end = m_end;
  const std::uint64_t step = direct ? std::max<std::uint64_t>(alignDown(m_blockSize, align), align) : m_blockSize;
  std::uint64_t index = 0;
  while (pos < end) {
    {
      std::unique_lock lock(m_mutex);
      if (!m_cv.wait(lock, m_stop, [&] { return m_produced - m_consumed < m_slots.size(); }))
        return;
    }
    Slot& slot = m_slots[index % m_slots.size()];
    const std::uint64_t want = std::min(step, end - pos);
    std::uint64_t readPos = pos, skip = 0, request = want;
    if (direct) {
      readPos = alignDown(pos, align);
      skip = pos - readPos;
      request = alignUp(skip + want, align);
    }
    const std::int64_t n = file.readAt(slot.buffer.get(), static_cast<std::size_t>(request), readPos, error);
    if (n < 0) {
      std::lock_guard lock(m_mutex);
      m_jobError = error;
      return;
    }
    // Only the bytes returned count (a short read at end of file), and never past the range's end.
    const std::uint64_t got = static_cast<std::uint64_t>(n) > skip
                                  ? std::min<std::uint64_t>(static_cast<std::uint64_t>(n) - skip, want)
                                  : 0;
    if (got < want) {
      std::lock_guard lock(m_mutex);
      m_jobError = file.path().string() + " got shorter while it was being read";
      if (got == 0)
        return;
    }
    if (m_dropBehind)
      file.dropRange(readPos, static_cast<std::uint64_t>(n));
    slot.block = ReadBlock{slot.buffer.get() + skip, static_cast<std::size_t>(got), pos};
    pos += got;
    ++index;
    {
      std::lock_guard lock(m_mutex);
      ++m_produced;
    }
    m_cv.notify_all();
    if (got < want)
      return;
  }
}

}  // namespace hashscope
