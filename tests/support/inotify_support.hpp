// Counts the opens and closes of the files in some folders (Linux inotify): which files a command opened, and
// whether it closed each one again. For tests that a file is read once and nothing is left open.
#pragma once

#if defined(__linux__)
#include <poll.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace hashscope::test {

class OpenCounter {
public:
  // Watches every folder in `folders` (a file's events are reported to the folder it is in).
  explicit OpenCounter(const std::vector<std::filesystem::path>& folders)
  {
    m_fd = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    for (const auto& f : folders) {
      const int wd = m_fd >= 0 ? ::inotify_add_watch(m_fd, f.c_str(), IN_OPEN | IN_CLOSE_NOWRITE | IN_CLOSE_WRITE) : -1;
      if (wd >= 0)
        m_folders[wd] = f;
      else
        m_ok = false;
    }
  }
  ~OpenCounter()
  {
    if (m_fd >= 0)
      ::close(m_fd);
  }
  OpenCounter(const OpenCounter&) = delete;
  OpenCounter& operator=(const OpenCounter&) = delete;
  bool ok() const { return m_fd >= 0 && m_ok; }

  // Reads every event queued so far; false when the kernel's queue overflowed (counts incomplete).
  bool collect()
  {
    alignas(inotify_event) char buffer[64 * 1024];
    for (;;) {
      const ssize_t n = ::read(m_fd, buffer, sizeof buffer);
      if (n <= 0)
        return !m_overflow;
      for (char* p = buffer; p < buffer + n;) {
        const auto* e = reinterpret_cast<const inotify_event*>(p);
        if (e->mask & IN_Q_OVERFLOW)
          m_overflow = true;
        if (e->len > 0 && !(e->mask & IN_ISDIR)) {
          const std::string file = (m_folders[e->wd] / e->name).string();
          if (e->mask & IN_OPEN)
            ++opens[file];
          if (e->mask & (IN_CLOSE_NOWRITE | IN_CLOSE_WRITE))
            ++closes[file];
        }
        p += sizeof(inotify_event) + e->len;
      }
    }
  }

  std::map<std::string, int> opens, closes;

private:
  int m_fd = -1;
  bool m_ok = true, m_overflow = false;
  std::map<int, std::filesystem::path> m_folders;
};

}  // namespace hashscope::test
#endif
