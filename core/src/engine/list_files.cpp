// listFiles: every regular file under a folder, sorted, with loops, special files and unreadable folders
// reported instead of followed. The walk goes from open folder to open folder (platform::Folder): each
// entry costs one name lookup, and a folder swapped for a link while the tree is walked is not followed.
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <system_error>

#include "engine/workload_internal.hpp"
#include "hashscope/files.hpp"
#include "hashscope/workload.hpp"
#include "platform/file_io.hpp"

namespace hashscope {

namespace {

namespace fs = std::filesystem;
using platform::EntryKind;

std::string reason(const std::error_code& ec)
{
  if (ec == std::errc::permission_denied)
    return "permission denied";
  if (ec == std::errc::no_such_file_or_directory)
    return "no such file";
  return ec.message();
}

// The sentence for an entry that is not a regular file or a folder; "" for those two.
std::string kindProblem(const std::string& path, EntryKind kind)
{
  switch (kind) {
  case EntryKind::Regular:
  case EntryKind::Folder: return "";
  case EntryKind::Fifo: return path + " is a FIFO, not a regular file: skipped";
  case EntryKind::Socket: return path + " is a socket, not a regular file: skipped";
  case EntryKind::Device: return path + " is a device, not a regular file: skipped";
  default: return path + " is not a regular file: skipped";
  }
}

// One folder made ready for the walk: opened, its entries listed, sorted by name, and each looked at as the
// walk needs it (a link's or an unlisted kind's look, a file's size when walked with sizes). System calls per
// entry, none of it the walk's order or state: listers make it ready on other threads while the walk hands
// out the files of the folders before it. Each entry's path too (most of the walk's own work: one lister beside
// it took the walking thread from 770 to 585 perf samples building the paths itself, to 130 without), except in
// a folder of more than kMadePaths entries, whose paths the walk builds as it goes: a path holds several times
// the memory of its name, and a folder of a million files must not hold a million paths.
struct ReadyEntry {
  platform::FolderEntry entry;  // the name and the kind the listing gave
  EntryKind kind = EntryKind::Unknown;  // after the look, if looked
  std::uint64_t size = 0;
  std::error_code ec;                   // the look's
  bool isLink = false;
  bool looked = false;
  fs::path path;  // empty in a folder too big to have them made ahead
};
inline constexpr std::size_t kMadePaths = 4096;
struct ReadyFolder {
  std::shared_ptr<platform::Folder> folder;  // null when it could not be opened (openError says why)
  std::error_code openError, listError;
  std::vector<ReadyEntry> entries;
};

// Lists and looks at the entries of `folder` (open).
void makeReady(ReadyFolder& ready, bool sizes, LinkPolicy links)
{
  const platform::Folder& folder = *ready.folder;
  std::vector<platform::FolderEntry> listed = folder.list(ready.listError);
  // Sorting each folder's names and visiting them in this order lists the whole tree sorted by path (a
  // folder's files come right after its name).
  std::sort(listed.begin(), listed.end(),
            [](const platform::FolderEntry& a, const platform::FolderEntry& b) { return a.name < b.name; });
  ready.entries.reserve(listed.size());
  const bool paths = listed.size() <= kMadePaths;
  for (platform::FolderEntry& entry : listed) {
    ReadyEntry e;
    if (paths)
      e.path = folder.path() / pathFromUtf8(entry.name);
    std::error_code linkError;  // a listing without types (DT_UNKNOWN) says nothing of links: look, unless all are followed
    e.isLink = entry.kind == EntryKind::Link ||
               (entry.kind == EntryKind::Unknown && links != LinkPolicy::Follow &&
                fs::is_symlink(fs::symlink_status(folder.path() / pathFromUtf8(entry.name), linkError)));
    e.kind = entry.kind;
    e.looked = e.isLink || entry.kind == EntryKind::Unknown || (entry.kind == EntryKind::Regular && sizes);
    if (e.looked)
      e.kind = folder.look(entry.name, e.size, e.ec);
    e.entry = std::move(entry);
    ready.entries.push_back(std::move(e));
  }
}

// Opens the subfolder `name` of `parent` (without following a link unless it was listed as one: see visit)
// and makes it ready.
ReadyFolder openReady(const platform::Folder& parent, const std::string& name, bool followLink, bool sizes,
                      LinkPolicy links)
{
  ReadyFolder ready;
  platform::Folder child = parent.openChild(name, followLink, ready.openError);
  if (!child.isOpen())
    return ready;
  ready.folder = std::make_shared<platform::Folder>(std::move(child));
  makeReady(ready, sizes, links);
  return ready;
}

// Threads that make subfolders ready ahead of the walk (engine::listerThreads says how many). The walk asks for
// the next subfolders of the folder it is in (Listers::ask), newest asks first, since the walk needs them first
// (depth first); taking one that no lister has started makes it on the walk's thread instead of waiting.
class Listers {
public:
  struct Job {
    std::shared_ptr<const platform::Folder> parent;
    std::string name;
    bool followLink = false;
    enum class State { Queued, Running, Done } state = State::Queued;
    ReadyFolder ready;
    std::exception_ptr failure;
  };

  Listers(bool sizes, LinkPolicy links, unsigned threads) : m_sizes(sizes), m_links(links), m_threads(threads) {}
  ~Listers()
  {
    {
      std::lock_guard lock(m_mutex);
      m_quit = true;
      m_queue.clear();
    }
    m_cv.notify_all();
    for (std::thread& t : m_pool)
      t.join();
  }
  Listers(const Listers&) = delete;
  Listers& operator=(const Listers&) = delete;

  // Room for another job: they hold the folders they made ready open, at most an eighth of the descriptor
  // limit (half of what Folder::keepLimit lets the walk keep for its files), and at most 64.
  bool hasRoom() const { return m_threads > 0 && m_outstanding < m_maxOutstanding; }

  // Asks for `jobs` (the next subfolders of one folder, in walk order), ahead of those asked for before.
  void ask(const std::vector<std::shared_ptr<Job>>& jobs)
  {
    if (jobs.empty())
      return;
    {
      std::lock_guard lock(m_mutex);
      if (m_pool.empty()) {
        for (unsigned i = 0; i < m_threads; ++i)
          m_pool.emplace_back([this] { run(); });
      }
      m_queue.insert(m_queue.begin(), jobs.begin(), jobs.end());
      m_outstanding += jobs.size();
    }
    m_cv.notify_all();
  }

  // The job's folder, ready: made here if no lister started it, else waited for.
  ReadyFolder take(Job& job)
  {
    std::unique_lock lock(m_mutex);
    --m_outstanding;
    if (job.state == Job::State::Queued) {
      m_queue.erase(std::find_if(m_queue.begin(), m_queue.end(), [&](const auto& j) { return j.get() == &job; }));
      lock.unlock();
      return openReady(*job.parent, job.name, job.followLink, m_sizes, m_links);
    }
    m_cv.wait(lock, [&] { return job.state == Job::State::Done; });
    release(job);
    if (job.failure)
      std::rethrow_exception(job.failure);
    return std::move(job.ready);
  }
  // A job the walk will not take (stopped, or its folder ended early): dropped, or waited for if running.
  void drop(Job& job)
  {
    std::unique_lock lock(m_mutex);
    --m_outstanding;
    if (job.state == Job::State::Queued) {
      m_queue.erase(std::find_if(m_queue.begin(), m_queue.end(), [&](const auto& j) { return j.get() == &job; }));
      return;
    }
    m_cv.wait(lock, [&] { return job.state == Job::State::Done; });
    release(job);
  }

private:
  // Folders made ready and not yet taken hold this many entries at most (with their paths about 20 MB) before
  // the listers wait for the walk: sibling folders of a million files each must not all be listed ahead at once.
  static constexpr std::size_t kMaxReadyEntries = 1u << 16;

  // A done job leaves the listers' count (under m_mutex).
  void release(const Job& job)
  {
    m_readyEntries -= job.ready.entries.size();
    m_cv.notify_all();
  }

  void run()
  {
    std::unique_lock lock(m_mutex);
    for (;;) {
      m_cv.wait(lock, [this] { return m_quit || (!m_queue.empty() && m_readyEntries < kMaxReadyEntries); });
      if (m_quit)
        return;
      std::shared_ptr<Job> job = m_queue.front();
      m_queue.pop_front();
      job->state = Job::State::Running;
      lock.unlock();
      try {
        job->ready = openReady(*job->parent, job->name, job->followLink, m_sizes, m_links);
      } catch (...) {
        job->failure = std::current_exception();
      }
      lock.lock();
      job->state = Job::State::Done;
      m_readyEntries += job->ready.entries.size();
      m_cv.notify_all();
    }
  }

  const bool m_sizes;
  const LinkPolicy m_links;
  const unsigned m_threads;
  const std::size_t m_maxOutstanding = std::clamp<std::size_t>(platform::Folder::keepLimit() / 2, 1, 64);
  std::mutex m_mutex;
  std::condition_variable m_cv;
  std::deque<std::shared_ptr<Job>> m_queue;  // guarded by m_mutex, like the two below
  std::size_t m_outstanding = 0;             // asked for and not yet taken or dropped
  std::size_t m_readyEntries = 0;            // in the folders of done jobs not yet taken or dropped
  bool m_quit = false;
  std::vector<std::thread> m_pool;
};

std::atomic<int> g_listerThreads{-1};  // setListerThreads

}  // namespace

namespace engine {

unsigned listerThreads()
{
  if (const int fixed = g_listerThreads.load(std::memory_order_relaxed); fixed >= 0)
    return static_cast<unsigned>(fixed);
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  return cores < 8 ? 0 : std::min(4u, cores / 4);
}

void setListerThreads(int threads) { g_listerThreads.store(threads, std::memory_order_relaxed); }

}  // namespace engine

namespace {

class TreeWalker {
public:
  TreeWalker(const TreeSink& sink, std::stop_token stop, bool sizes, LinkPolicy links, const fs::path& root)
      : m_sink(sink), m_stop(std::move(stop)), m_sizes(sizes), m_keepLimit(platform::Folder::keepLimit()),
        m_links(links), m_listers(sizes, links, engine::listerThreads())
  {
    std::error_code ec;
    if (links == LinkPolicy::FollowWithinTree)
      m_root = fs::canonical(root, ec);
  }

  // The root folder, opened.
  void walkRoot(platform::Folder opened)
  {
    ReadyFolder ready;
    ready.folder = std::make_shared<platform::Folder>(std::move(opened));
    makeReady(ready, m_sizes, m_links);
    walk(std::move(ready));
  }

  // A file given as the root (not a folder): looked at through its path.
  void visitRoot(const fs::path& path)
  {
    std::error_code ec;
    const fs::file_status st = fs::status(path, ec);
    if (ec) {
      problem(path.string() + (ec.value() == ELOOP ? ": symbolic link loop, skipped" : ": " + reason(ec) + ", skipped"));
      return;
    }
    if (st.type() != fs::file_type::regular) {
      problem(kindProblem(path.string(), kindOf(st.type())));
      return;
    }
    std::uint64_t size = 0;
    if (m_sizes)
      size = fs::file_size(path, ec);
    addFile(path, nullptr, ec ? 0 : size);
  }

private:
  using Job = Listers::Job;

  void walk(ReadyFolder ready)
  {
    const std::shared_ptr<const platform::Folder> folder = ready.folder;
    // Kept, shared with the files listed in it, which are then opened relative to it. Past the limit (a tree
    // of thousands of folders must not use up the process's descriptors) files are opened by path.
    std::shared_ptr<const platform::Folder> kept;
    if (m_kept < m_keepLimit) {
      kept = folder;
      ++m_kept;
    }
    const auto id = folder->id();
    if (id)
      m_path.push_back(*id);
    if (ready.listError && ready.entries.empty()) {
      problem(folder->path().string() + ": cannot open the folder (" + reason(ready.listError) + "), skipped");
    } else {
      if (ready.listError)
        problem(folder->path().string() + ": could not list the whole folder (" + reason(ready.listError) + ")");
      // The subfolders, in walk order, each with the job that makes it ready ahead (null: made when reached).
      std::vector<std::pair<std::size_t, std::shared_ptr<Job>>> subfolders;
      for (std::size_t i = 0; i < ready.entries.size(); ++i) {
        const ReadyEntry& e = ready.entries[i];
        if (e.kind == EntryKind::Folder && !e.ec && !(e.isLink && m_links == LinkPolicy::Skip))
          subfolders.emplace_back(i, nullptr);
      }
      std::size_t asked = 0, next = 0;  // subfolders asked for ahead; the next one the walk reaches
      for (std::size_t i = 0; i < ready.entries.size(); ++i) {
        if (m_stop.stop_requested())
          break;
        // Keep the listers ahead of the walk: ask for the next subfolders while there is room.
        std::vector<std::shared_ptr<Job>> jobs;
        for (; asked < subfolders.size() && m_listers.hasRoom() && asked - next < kAhead; ++asked) {
          const ReadyEntry& e = ready.entries[subfolders[asked].first];
          auto job = std::make_shared<Job>();
          job->parent = folder;
          job->name = e.entry.name;
          job->followLink = e.looked;
          subfolders[asked].second = job;
          jobs.push_back(std::move(job));
        }
        m_listers.ask(jobs);
        std::shared_ptr<Job> job;
        if (next < subfolders.size() && subfolders[next].first == i) {
          job = std::move(subfolders[next].second);
          ++next;
          asked = std::max(asked, next);
        }
        visit(*folder, kept, ready.entries[i], job.get());
      }
      for (; next < asked; ++next) {  // stopped: what was asked for and not reached
        if (subfolders[next].second)
          m_listers.drop(*subfolders[next].second);
      }
    }
    if (id)
      m_path.pop_back();
    if (m_sink.folderDone)
      m_sink.folderDone();
  }

  static EntryKind kindOf(fs::file_type type)
  {
    switch (type) {
    case fs::file_type::regular: return EntryKind::Regular;
    case fs::file_type::directory: return EntryKind::Folder;
    case fs::file_type::fifo: return EntryKind::Fifo;
    case fs::file_type::socket: return EntryKind::Socket;
    case fs::file_type::block:
    case fs::file_type::character: return EntryKind::Device;
    default: return EntryKind::Other;
    }
  }

  void addFile(fs::path path, const std::shared_ptr<const platform::Folder>& folder, std::uint64_t size)
  {
    m_sink.file(std::move(path), folder, size);
  }
  void problem(std::string sentence) { m_sink.problem(std::move(sentence)); }
  void notFollowed(std::string sentence)
  {
    if (m_sink.notFollowed)
      m_sink.notFollowed(std::move(sentence));
  }

  // The link policy, in one place: false (and a line in notFollowed) for a link that is not to be followed.
  bool followsLink(const fs::path& path)
  {
    if (m_links == LinkPolicy::Follow)
      return true;
    if (m_links == LinkPolicy::Skip) {
      notFollowed(path.string() + ": a symbolic link, not followed");
      return false;
    }
    std::error_code ec;
    const fs::path target = fs::canonical(path, ec);
    if (ec)  // dangling or a loop: looked at (and reported) as before
      return true;
    const auto [rootEnd, targetAt] = std::mismatch(m_root.begin(), m_root.end(), target.begin(), target.end());
    if (!m_root.empty() && rootEnd == m_root.end())
      return true;
    notFollowed(path.string() + ": a symbolic link out of the folder (to " + target.string() + "), not followed");
    return false;
  }

  // An entry of `folder` (`kept`: the same folder when its handle is kept for the files), made ready; `job`:
  // the listers' job for a subfolder asked for ahead, if any (taken here, or dropped when not entered).
  void visit(const platform::Folder& folder, const std::shared_ptr<const platform::Folder>& kept, ReadyEntry& e,
             Job* job)
  {
    fs::path path = e.path.empty() ? folder.path() / pathFromUtf8(e.entry.name) : std::move(e.path);
    if (e.isLink && !followsLink(path)) {
      if (job)
        m_listers.drop(*job);
      return;
    }
    if (e.ec) {
      if (e.entry.kind == EntryKind::Regular) {  // listed as a file but its size could not be read: hashing says why
        addFile(std::move(path), kept, 0);
        return;
      }
      if (e.ec.value() == ELOOP)
        problem(path.string() + ": symbolic link loop, skipped");
      else if (e.isLink && e.ec == std::errc::no_such_file_or_directory)
        problem(path.string() + ": dangling symbolic link, skipped");
      else
        problem(path.string() + ": " + reason(e.ec) + ", skipped");
      return;
    }
    if (e.kind == EntryKind::Regular) {
      addFile(std::move(path), kept, e.size);
      return;
    }
    if (e.kind != EntryKind::Folder) {
      problem(kindProblem(path.string(), e.kind));
      return;
    }
    // A folder listed as a folder is opened without following links: should it have been swapped for a
    // link since it was listed, the open fails instead of leaving the tree.
    ReadyFolder child = job ? m_listers.take(*job) : openReady(folder, e.entry.name, e.looked, m_sizes, m_links);
    if (!child.folder) {
      problem(path.string() + ": cannot open the folder (" + reason(child.openError) + "), skipped");
      return;
    }
    const auto id = child.folder->id();
    if (id && std::find(m_path.begin(), m_path.end(), *id) != m_path.end()) {
      problem(path.string() + ": symbolic link loop, skipped");
      return;
    }
    walk(std::move(child));
  }

  // Subfolders asked for ahead of the walk in each folder.
  static constexpr std::size_t kAhead = 8;

  const TreeSink& m_sink;
  std::stop_token m_stop;
  bool m_sizes;
  std::size_t m_keepLimit;
  std::size_t m_kept = 0;                // folder handles kept open for the files listed in them so far
  std::vector<platform::FileId> m_path;  // the folders from the root down to the one being listed
  LinkPolicy m_links;
  fs::path m_root;                       // FollowWithinTree: the root, links resolved
  Listers m_listers;                     // last: its threads stop before the rest goes
};

}  // namespace

void walkTree(const std::filesystem::path& root, std::stop_token stop, bool sizes, LinkPolicy links,
              const TreeSink& sink)
{
  try {
    std::error_code ec;
    const auto st = fs::status(root, ec);
    if (st.type() == fs::file_type::not_found) {
      sink.problem(root.string() + ": no such file or folder");
      return;
    }
    TreeWalker walker(sink, stop, sizes, links, root);
    if (st.type() == fs::file_type::directory) {
      platform::Folder folder = platform::Folder::open(root, ec);
      if (folder.isOpen())
        walker.walkRoot(std::move(folder));
      else
        sink.problem(root.string() + ": cannot open the folder (" + reason(ec) + "), skipped");
    } else {
      walker.visitRoot(root);
    }
  } catch (const std::exception& e) {
    sink.problem(root.string() + ": " + e.what());
  }
}

TreeListing listFiles(const std::filesystem::path& root, std::stop_token stop, bool sizes, LinkPolicy links)
{
  TreeListing out;
  TreeSink sink;
  sink.file = [&](std::filesystem::path path, const std::shared_ptr<const platform::Folder>& folder,
                  std::uint64_t size) {
    out.files.push_back(std::move(path));
    out.folders.push_back(folder);
    if (!sizes)
      return;
    out.sizes.push_back(size);
    out.totalBytes += size;
  };
  sink.problem = [&](std::string sentence) { out.errors.push_back(std::move(sentence)); };
  sink.notFollowed = [&](std::string sentence) { out.notFollowed.push_back(std::move(sentence)); };
  // Sorted by path: the walk visits every folder's entries in order (see walk()).
  walkTree(root, std::move(stop), sizes, links, sink);
  return out;
}

}  // namespace hashscope
