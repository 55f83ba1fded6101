// Helpers for the engine, reader and sample tests: a unique temporary folder and small files in it.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "engine/workload_internal.hpp"
#include "hashscope/hash.hpp"
#include "hashscope/samples.hpp"
#include "platform/mapped_file.hpp"
#include "skip.hpp"

#if defined(__linux__)
#include <sys/fsuid.h>
#include <thread>
#include <unistd.h>
#endif

namespace hashscope::test {

// One counter of this process's /proc/self/io ("rchar:" bytes returned by read calls, "read_bytes:" bytes the
// block layer read from storage, all threads); nullopt where there is no such file (not Linux).
inline std::optional<std::uint64_t> processIoCounter(std::string_view name)
{
  std::ifstream io("/proc/self/io");
  std::string key;
  std::uint64_t value = 0;
  while (io >> key >> value) {
    if (key == name)
      return value;
  }
  return std::nullopt;
}

// A fresh folder under `base` (the system temp folder by default), removed with everything in it at the end.
class TempDir {
public:
  explicit TempDir(std::filesystem::path base = std::filesystem::temp_directory_path())
  {
    static std::atomic<int> counter{0};
    std::random_device rd;
    for (int i = 0; i < 100; ++i) {
      m_path = base / ("hashscope-test-" + std::to_string(rd()) + "-" + std::to_string(counter++));
      if (std::filesystem::create_directory(m_path))
        return;
    }
    throw std::runtime_error("cannot create a temporary folder in " + base.string());
  }
  ~TempDir()
  {
    std::error_code ec;
    // Folders a test made read-only must become writable again before they can be emptied.
    for (auto it = std::filesystem::recursive_directory_iterator(m_path, ec);
         !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
      if (it->is_directory(ec) && !it->is_symlink(ec))
        std::filesystem::permissions(it->path(), std::filesystem::perms::owner_all,
                                     std::filesystem::perm_options::add, ec);
    }
    std::filesystem::remove_all(m_path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return m_path; }
  std::filesystem::path operator/(const std::string& name) const { return m_path / name; }

  // Names of everything directly inside the folder (hidden files too).
  std::vector<std::string> entries() const
  {
    std::vector<std::string> names;
    for (const auto& e : std::filesystem::directory_iterator(m_path))
      names.push_back(e.path().filename().string());
    return names;
  }

private:
  std::filesystem::path m_path;
};

inline std::vector<std::uint8_t> randomBytes(std::size_t size, std::uint64_t seed = 42)
{
  std::vector<std::uint8_t> data(size);
  fillContent(data.data(), size, SampleContent::Random, seed);
  return data;
}

inline void writeBytes(const std::filesystem::path& path, const std::vector<std::uint8_t>& data)
{
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size()));
  if (!out)
    throw std::runtime_error("cannot write " + path.string());
}

inline std::vector<std::uint8_t> writeRandomFile(const std::filesystem::path& path, std::size_t size,
                                                 std::uint64_t seed = 42)
{
  auto data = randomBytes(size, seed);
  writeBytes(path, data);
  return data;
}

// The digest of `data` in one update, the reference every streamed digest must equal.
inline std::string oneShotHex(const std::string& algorithm, const void* data, std::size_t size)
{
  auto hasher = makeHasher(algorithm);
  if (!hasher)
    throw std::runtime_error("unknown algorithm " + algorithm);
  hasher->update(data, size);
  return toHex(hasher->finish());
}

// A correctness bound for a stop, not the goal: a stop that takes seconds is a bug, one that takes
// 207 ms on a busy machine is not. The 200 ms goal is measured by tests/bench/stop_latency.sh.
inline double cancelBudgetSeconds()
{
  return 5.0;
}

inline double secondsSince(std::chrono::steady_clock::time_point t)
{
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

#if defined(__linux__)
// Runs `fn` on a thread whose filesystem identity is "nobody", so permission checks apply even to root
// (setfsuid drops CAP_DAC_OVERRIDE for that thread and the threads it starts). False when impossible.
template <typename Fn>
bool asNobody(Fn&& fn)
{
  bool ran = false;
  std::thread t([&] {
    if (::geteuid() == 0) {
      ::setfsgid(65534);
      ::setfsuid(65534);
      if (static_cast<int>(::setfsuid(static_cast<uid_t>(-1))) != 65534)
        return;
    }
    ran = true;
    fn();
  });
  t.join();
  return ran;
}
#endif

// The core tests' platform::mappingCosts() (mapping_costs_helpers.cpp, linked in place of the library's
// mapping_costs.cpp) answers `costs` until called again (set while no read runs); nullptr: what this machine
// measured. Returns the costs it answered before.
const platform::MappingCosts* overrideMappingCosts(const platform::MappingCosts* costs);

// While in scope, the engine's Auto read choice sees a machine where mapping pays (or, `pays` false, one where
// every first touch of a mapped page traps, as under shadow paging), whatever this machine measured.
// Costs in CPU seconds per GiB, as measured on each kind of machine.
class MappingCostsAs {
public:
  explicit MappingCostsAs(bool pays)
      : MappingCostsAs(platform::MappingCosts{true, pays ? 0.15 : 0.26, pays ? 0.15 : 0.98, pays ? 0.02 : 0.50})
  {
  }
  // These costs exactly (CPU seconds per GiB).
  explicit MappingCostsAs(const platform::MappingCosts& costs) : m_costs(costs), m_previous(overrideMappingCosts(&m_costs))
  {
  }
  ~MappingCostsAs() { overrideMappingCosts(m_previous); }  // an enclosing one's costs again
  MappingCostsAs(const MappingCostsAs&) = delete;
  MappingCostsAs& operator=(const MappingCostsAs&) = delete;

private:
  platform::MappingCosts m_costs;
  const platform::MappingCosts* m_previous;
};

}  // namespace hashscope::test

// Ends a test case of the mapped read path with a visible skip where this build cannot map files (a MinGW
// build: no SEH to catch the fault of a mapped page whose file shrank). In a test case's body only.
#define HASHSCOPE_SKIP_WITHOUT_MAPPING()                                                            \
  do {                                                                                              \
    if (!::hashscope::platform::mappingSupported())                                                 \
      HASHSCOPE_SKIP("this build cannot map files (MinGW: no SEH around mapped reads), so the mapped " \
                     "read path is not tested here");                                              \
  } while (false)
