#include "logic/live_buffer.hpp"

namespace hashscope::gui {

void LiveBuffer::push(LiveSample sample)
{
  std::lock_guard lock(m_mutex);
  if (m_pending.size() >= m_capacity) {
    m_pending.erase(m_pending.begin());
    ++m_dropped;
  }
  m_pending.push_back(std::move(sample));
}

std::vector<LiveSample> LiveBuffer::drain()
{
  std::vector<LiveSample> out;
  std::lock_guard lock(m_mutex);
  out.swap(m_pending);
  return out;
}

void LiveBuffer::clear()
{
  std::lock_guard lock(m_mutex);
  m_pending.clear();
}

std::uint64_t LiveBuffer::dropped() const
{
  std::lock_guard lock(m_mutex);
  return m_dropped;
}

}  // namespace hashscope::gui
