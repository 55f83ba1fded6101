// hashscope-test-ratefs: a tiny FUSE filesystem for the tests of network and FUSE locations. It serves one
// read-only file, the bytes of a backing file, at a known, limited rate, like a file server at the end of a
// link: every read request waits for a fixed round trip, and all requests together never get more than
// --rate bytes per second (one schedule shared by every thread, so N streams share one "link").
//
//   hashscope-test-ratefs --backing FILE --rate BYTES_PER_S [--latency-us N] [--keep-cache] MOUNTPOINT
//
// --keep-cache keeps the kernel's page cache of the file across opens (FOPEN_KEEP_CACHE), so a warm read
// really comes from RAM; without it the kernel drops the file's cached pages at every open, as sshfs does.
// The file appears as MOUNTPOINT/NAME with the backing file's name. The filesystem's type is
// fuse.hashscope-ratefs and its source "hashscope-ratefs". It runs in the foreground; SIGTERM unmounts it.
#define FUSE_USE_VERSION 31
#include <fuse.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

struct Config {
  std::string backing;
  std::string name;           // "/data.bin"
  int fd = -1;
  off_t size = 0;
  double rate = 0;            // bytes per second, all requests together
  std::chrono::microseconds latency{0};
  bool keepCache = false;
};
Config g;

std::mutex g_scheduleMutex;
Clock::time_point g_linkFree;  // when the "link" has sent everything scheduled so far

// Waits as a transfer of `bytes` over the shared link would: one round trip, then the bytes at the rate.
void throttle(std::size_t bytes)
{
  const auto arrival = Clock::now() + g.latency;
  Clock::time_point done;
  {
    std::lock_guard lock(g_scheduleMutex);
    const auto start = std::max(arrival, g_linkFree);
    done = start + std::chrono::duration_cast<Clock::duration>(
                       std::chrono::duration<double>(static_cast<double>(bytes) / g.rate));
    g_linkFree = done;
  }
  std::this_thread::sleep_until(done);
}

int rfGetattr(const char* path, struct stat* st, struct fuse_file_info*)
{
  std::memset(st, 0, sizeof *st);
  if (std::strcmp(path, "/") == 0) {
    st->st_mode = S_IFDIR | 0555;
    st->st_nlink = 2;
    return 0;
  }
  if (g.name != path)
    return -ENOENT;
  st->st_mode = S_IFREG | 0444;
  st->st_nlink = 1;
  st->st_size = g.size;
  return 0;
}

int rfReaddir(const char* path, void* buffer, fuse_fill_dir_t fill, off_t, struct fuse_file_info*,
              enum fuse_readdir_flags)
{
  if (std::strcmp(path, "/") != 0)
    return -ENOENT;
  fill(buffer, ".", nullptr, 0, static_cast<fuse_fill_dir_flags>(0));
  fill(buffer, "..", nullptr, 0, static_cast<fuse_fill_dir_flags>(0));
  fill(buffer, g.name.c_str() + 1, nullptr, 0, static_cast<fuse_fill_dir_flags>(0));
  return 0;
}

int rfOpen(const char* path, struct fuse_file_info* fi)
{
  if (g.name != path)
    return -ENOENT;
  if ((fi->flags & O_ACCMODE) != O_RDONLY)
    return -EROFS;
  fi->keep_cache = g.keepCache ? 1 : 0;
  return 0;
}

int rfRead(const char* path, char* out, std::size_t size, off_t offset, struct fuse_file_info*)
{
  if (g.name != path)
    return -ENOENT;
  if (offset >= g.size)
    return 0;
  size = static_cast<std::size_t>(std::min<off_t>(static_cast<off_t>(size), g.size - offset));
  throttle(size);
  std::size_t done = 0;
  while (done < size) {
    const ssize_t n = ::pread(g.fd, out + done, size - done, offset + static_cast<off_t>(done));
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return -errno;
    if (n == 0)
      break;
    done += static_cast<std::size_t>(n);
  }
  return static_cast<int>(done);
}

void* rfInit(struct fuse_conn_info*, struct fuse_config* config)
{
  // Attributes never change while mounted: no need to ask again. kernel_cache would override
  // keep_cache per open: leave it off so --keep-cache decides.
  config->attr_timeout = 60;
  config->entry_timeout = 60;
  config->kernel_cache = 0;
  return nullptr;
}

int usage()
{
  std::fprintf(stderr,
               "usage: hashscope-test-ratefs --backing FILE --rate BYTES_PER_S [--latency-us N] [--keep-cache] "
               "MOUNTPOINT\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv)
{
  std::string mountPoint;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--backing" && i + 1 < argc)
      g.backing = argv[++i];
    else if (arg == "--rate" && i + 1 < argc)
      g.rate = std::strtod(argv[++i], nullptr);
    else if (arg == "--latency-us" && i + 1 < argc)
      g.latency = std::chrono::microseconds(std::strtoll(argv[++i], nullptr, 10));
    else if (arg == "--keep-cache")
      g.keepCache = true;
    else if (!arg.empty() && arg[0] != '-' && mountPoint.empty())
      mountPoint = arg;
    else
      return usage();
  }
  if (g.backing.empty() || mountPoint.empty() || !(g.rate > 0))
    return usage();
  g.fd = ::open(g.backing.c_str(), O_RDONLY | O_CLOEXEC);
  struct stat st {};
  if (g.fd < 0 || ::fstat(g.fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    std::fprintf(stderr, "hashscope-test-ratefs: %s: not a readable file\n", g.backing.c_str());
    return 1;
  }
  g.size = st.st_size;
  const auto slash = g.backing.find_last_of('/');
  g.name = "/" + (slash == std::string::npos ? g.backing : g.backing.substr(slash + 1));
  g_linkFree = Clock::now();

  struct fuse_operations ops {};
  ops.getattr = rfGetattr;
  ops.readdir = rfReaddir;
  ops.open = rfOpen;
  ops.read = rfRead;
  ops.init = rfInit;
  std::vector<std::string> args{argv[0], "-f", "-o", "ro,fsname=hashscope-ratefs,subtype=hashscope-ratefs",
                                mountPoint};
  std::vector<char*> fuseArgv;
  for (auto& a : args)
    fuseArgv.push_back(a.data());
  return fuse_main(static_cast<int>(fuseArgv.size()), fuseArgv.data(), &ops, nullptr);
}
