#include "hashscope/workload.hpp"

namespace hashscope {

LiveCounters::LiveCounters(int streams)
{
  const auto n = static_cast<std::size_t>(std::max(streams, 1));
  m_streams.reserve(n);
  for (std::size_t i = 0; i < n; ++i)
    m_streams.push_back(std::make_unique<Stream>());
  m_workerClocks.resize(n);
  m_readerClocks.resize(n);
}

void LiveCounters::registerThread(int stream, bool reader, std::shared_ptr<ThreadClock> clock)
{
  if (stream < 0 || stream >= streams())
    return;
  std::lock_guard lock(m_clockMutex);
  (reader ? m_readerClocks : m_workerClocks)[static_cast<std::size_t>(stream)] = std::move(clock);
}

std::uint64_t LiveCounters::totalBytes() const
{
  std::uint64_t total = 0;
  for (const auto& s : m_streams)
    total += s->bytes.load(std::memory_order_relaxed);
  return total;
}

std::shared_ptr<ThreadClock> LiveCounters::clock(int stream, bool reader) const
{
  if (stream < 0 || stream >= streams())
    return nullptr;
  std::lock_guard lock(m_clockMutex);
  return (reader ? m_readerClocks : m_workerClocks)[static_cast<std::size_t>(stream)];
}

}  // namespace hashscope
