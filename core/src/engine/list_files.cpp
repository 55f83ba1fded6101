// listFiles: every regular file under a folder, sorted, with loops, special files and unreadable folders
// reported instead of followed (one walk, over 500 lines: its parallel listing, loop checks and descriptor
// budget share the folder queue). The walk goes from open folder to open folder (platform::Folder): an entry
// costs one name lookup, and a folder swapped for a link while the tree is walked is not followed.
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
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

// One folder made ready for the walk by a lister: opened, listed, sorted by name, each entry looked at as the
// walk needs it and its path built (the walk's costliest work), none of it the walk's state. A folder of more
// than kMadePaths entries gets no paths ahead: a path holds several times its name's memory.
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
inline constexpr std::size_t kMadePathsUpTo = 256;  // bytes of the folder's own path
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
  // Deep in a tree a path is long, and a level's paths stay while the walk is below it: names only there.
  const bool paths = listed.size() <= kMadePaths && folder.path().native().size() <= kMadePathsUpTo;
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
    if (!settle(job))
      return openReady(*job.parent, job.name, job.followLink, m_sizes, m_links);
    if (job.failure)
      std::rethrow_exception(job.failure);
    return std::move(job.ready);
  }
  // A job the walk will not take (stopped, or its folder ended early): dropped, or waited for if running.
  void drop(Job& job) { settle(job); }

private:
  // Folders made ready and not yet taken hold this many entries at most (with their paths about 20 MB) before
  // the listers wait for the walk: sibling folders of a million files each must not all be listed ahead at once.
  static constexpr std::size_t kMaxReadyEntries = 1u << 16;

  // Takes `job` back from the listers: false when none had started it (it leaves the queue), else true once
  // it is done (its entries leave the listers' count).
  bool settle(Job& job)
  {
    std::unique_lock lock(m_mutex);
    --m_outstanding;
    if (job.state == Job::State::Queued) {
      std::erase_if(m_queue, [&](const auto& j) { return j.get() == &job; });
      return false;
    }
    m_cv.wait(lock, [&] { return job.state == Job::State::Done; });
    m_readyEntries -= job.ready.entries.size();
    m_cv.notify_all();
    return true;
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

// The walk, depth first, without recursion: one Level per folder from the root down to the one being listed,
// each holding its entries' names (never their paths: a path per level would make memory grow with the square of
// the depth). Descriptors stay bounded at any depth: only the deepest kOpenLevels levels keep their folder open;
// a shallower one is opened again when the walk climbs back to it ("..", checked to be the folder listed, else
// by path), and a file is handed its folder only while at most handOutLimit() folders are held by files not
// yet hashed (past that it is opened by path: InputFile::open and Folder::open take paths of any length).
class TreeWalker {
public:
  TreeWalker(const TreeSink& sink, std::stop_token stop, bool sizes, LinkPolicy links, const fs::path& root,
             unsigned listers)
      : m_sink(sink), m_stop(std::move(stop)), m_sizes(sizes),
        m_handOutLimit(std::max<std::size_t>(platform::Folder::keepLimit() / 2, 1)), m_links(links),
        m_listers(sizes, links, listers)
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
    enter(std::move(ready));
    while (!m_levels.empty())
      step();
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
    m_sink.file(path, nullptr, ec ? 0 : size);
  }

private:
  using Job = Listers::Job;

  // One folder on the way from the root to the one being listed.
  struct Level {
    std::shared_ptr<const platform::Folder> folder;  // null while closed (above the deepest kOpenLevels)
    std::optional<platform::FileId> id;
    std::vector<ReadyEntry> entries;
    // The subfolders, in walk order, each with the job that makes it ready ahead (null: made when reached).
    std::vector<std::pair<std::size_t, std::shared_ptr<Job>>> subfolders;
    std::size_t index = 0;          // the next entry to visit
    std::size_t asked = 0, next = 0;  // subfolders asked for ahead; the next one the walk reaches
    bool handedOut = false;         // `folder` was handed to files (counted in m_handedOut)
  };

  // Starts walking the folder `ready` (open, listed): a new deepest level.
  void enter(ReadyFolder ready)
  {
    Level level;
    level.folder = ready.folder;
    level.id = ready.folder->id();
    if (level.id)
      m_path.push_back(*level.id);
    if (ready.listError && ready.entries.empty()) {
      problem(ready.folder->path().string() + ": cannot open the folder (" + reason(ready.listError) + "), skipped");
    } else {
      if (ready.listError)
        problem(ready.folder->path().string() + ": could not list the whole folder (" + reason(ready.listError) + ")");
      level.entries = std::move(ready.entries);
      for (std::size_t i = 0; i < level.entries.size(); ++i) {
        const ReadyEntry& e = level.entries[i];
        if (e.kind == EntryKind::Folder && !e.ec && !(e.isLink && m_links == LinkPolicy::Skip))
          level.subfolders.emplace_back(i, nullptr);
      }
    }
    m_levels.push_back(std::move(level));
    // The deepest kOpenLevels keep their folders open; the one that just left that window closes (files and
    // the listers' jobs that hold it keep it open until they are done with it).
    if (m_levels.size() > kOpenLevels)
      m_levels[m_levels.size() - 1 - kOpenLevels].folder.reset();
  }

  // Visits the next entry of the deepest level, or leaves that level when it has none left.
  void step()
  {
    Level& level = m_levels.back();
    if (m_stop.stop_requested() || level.index >= level.entries.size()) {
      leave();
      return;
    }
    // Keep the listers ahead of the walk: ask for the next subfolders while there is room.
    std::vector<std::shared_ptr<Job>> jobs;
    for (; level.asked < level.subfolders.size() && m_listers.hasRoom() && level.asked - level.next < kAhead;
         ++level.asked) {
      const ReadyEntry& e = level.entries[level.subfolders[level.asked].first];
      auto job = std::make_shared<Job>();
      job->parent = level.folder;
      job->name = e.entry.name;
      job->followLink = e.looked;
      level.subfolders[level.asked].second = job;
      jobs.push_back(std::move(job));
    }
    m_listers.ask(jobs);
    std::shared_ptr<Job> job;
    const std::size_t i = level.index++;
    if (level.next < level.subfolders.size() && level.subfolders[level.next].first == i) {
      job = std::move(level.subfolders[level.next].second);
      ++level.next;
      level.asked = std::max(level.asked, level.next);
    }
    ReadyEntry entry = std::move(level.entries[i]);
    level.entries[i] = ReadyEntry();  // its name is not needed any more
    visit(entry, job.get());          // may enter a subfolder: `level` is not used after this
  }

  // The deepest level is done: its jobs not reached are dropped, and the walk climbs back to its parent,
  // opening the parent again if it was closed.
  void leave()
  {
    Level& level = m_levels.back();
    for (; level.next < level.asked; ++level.next) {  // stopped: what was asked for and not reached
      if (level.subfolders[level.next].second)
        m_listers.drop(*level.subfolders[level.next].second);
    }
    if (level.id)
      m_path.pop_back();
    if (m_sink.folderDone)
      m_sink.folderDone();
    const std::shared_ptr<const platform::Folder> child = std::move(level.folder);
    m_levels.pop_back();
    if (m_levels.empty() || m_levels.back().folder || m_stop.stop_requested())
      return;
    Level& parent = m_levels.back();
    if (!child) {  // the walk could not find its way back below here (said once): skipped up to an open folder
      parent.index = parent.entries.size();
      return;
    }
    std::error_code ec;
    platform::Folder again = child->openParent(ec);
    if (!again.isOpen() || !parent.id || again.id() != parent.id) {  // not there by "..": a link led down
      again = platform::Folder::open(child->path().parent_path(), ec);
      if (again.isOpen() && (!parent.id || again.id() != parent.id)) {
        again = platform::Folder();
        ec = std::make_error_code(std::errc::no_such_file_or_directory);
      }
    }
    if (!again.isOpen()) {
      problem(child->path().parent_path().string() + ": the folder was moved or removed while it was walked (" +
              reason(ec) + "): the rest of it was skipped");
      parent.index = parent.entries.size();
      return;
    }
    parent.folder = std::make_shared<platform::Folder>(std::move(again));
    parent.handedOut = false;
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

  // The deepest level's folder for a file listed in it, or null (opened by path) when files not yet hashed
  // already hold handOutLimit folders: a long queue of files, each from a folder of its own (a deep chain),
  // must not hold a descriptor each.
  std::shared_ptr<const platform::Folder> handOut()
  {
    Level& level = m_levels.back();
    if (level.handedOut)
      return level.folder;
    if (m_handedOut.size() >= m_handOutLimit)
      std::erase_if(m_handedOut, [](const std::weak_ptr<const platform::Folder>& f) { return f.expired(); });
    if (m_handedOut.size() >= m_handOutLimit)
      return nullptr;
    m_handedOut.push_back(level.folder);
    level.handedOut = true;
    return level.folder;
  }

  void problem(std::string sentence) { m_sink.problem(std::move(sentence)); }

  // The link policy, in one place: false (and a line in notFollowed) for a link that is not to be followed.
  bool followsLink(const fs::path& path)
  {
    if (m_links == LinkPolicy::Follow)
      return true;
    std::string why = ": a symbolic link, not followed";
    if (m_links == LinkPolicy::FollowWithinTree) {
      std::error_code ec;
      const fs::path target = fs::canonical(path, ec);
      if (ec)  // dangling or a loop: looked at (and reported) as before
        return true;
      const auto rootEnd = std::mismatch(m_root.begin(), m_root.end(), target.begin(), target.end()).first;
      if (!m_root.empty() && rootEnd == m_root.end())
        return true;
      why = ": a symbolic link out of the folder (to " + target.string() + "), not followed";
    }
    if (m_sink.notFollowed)
      m_sink.notFollowed(path.string() + why);
    return false;
  }

  // An entry of the deepest level's folder, made ready; `job`: the listers' job for a subfolder asked for
  // ahead, if any (taken here, or dropped when not entered).
  void visit(ReadyEntry& e, Job* job)
  {
    const platform::Folder& folder = *m_levels.back().folder;
    fs::path path = e.path.empty() ? folder.path() / pathFromUtf8(e.entry.name) : std::move(e.path);
    if (e.isLink && !followsLink(path)) {
      if (job)
        m_listers.drop(*job);
      return;
    }
    if (e.ec) {
      if (e.entry.kind == EntryKind::Regular) {  // listed as a file but its size could not be read: hashing says why
        m_sink.file(std::move(path), handOut(), 0);
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
      m_sink.file(std::move(path), handOut(), e.size);
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
    enter(std::move(child));
  }

  // Subfolders asked for ahead of the walk in each folder.
  static constexpr std::size_t kAhead = 8;
  // Levels whose folders stay open: the walk climbs back through them without opening anything.
  static constexpr std::size_t kOpenLevels = 16;

  const TreeSink& m_sink;
  std::stop_token m_stop;
  bool m_sizes;
  std::size_t m_handOutLimit;
  std::vector<std::weak_ptr<const platform::Folder>> m_handedOut;  // folders handed to files (some may be gone)
  std::vector<Level> m_levels;           // from the root down to the folder being listed
  std::vector<platform::FileId> m_path;  // the identities of those folders (loops)
  LinkPolicy m_links;
  fs::path m_root;                       // FollowWithinTree: the root, links resolved
  Listers m_listers;                     // last: its threads stop before the rest goes
};

}  // namespace

unsigned engine::listerThreads()
{
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  return cores < 8 ? 0 : std::min(4u, cores / 4);
}

void engine::walkTreeWithListers(unsigned listers, const std::filesystem::path& root, std::stop_token stop, bool sizes,
                                 LinkPolicy links, const TreeSink& sink)
{
  try {
    std::error_code ec;
    const auto st = fs::status(root, ec);
    if (st.type() == fs::file_type::not_found) {
      sink.problem(root.string() + ": no such file or folder");
      return;
    }
    TreeWalker walker(sink, stop, sizes, links, root, listers);
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

void walkTree(const std::filesystem::path& root, std::stop_token stop, bool sizes, LinkPolicy links,
              const TreeSink& sink)
{
  engine::walkTreeWithListers(engine::listerThreads(), root, std::move(stop), sizes, links, sink);
}

TreeListing engine::listFilesWithListers(unsigned listers, const std::filesystem::path& root, std::stop_token stop,
                                         bool sizes, LinkPolicy links)
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
  engine::walkTreeWithListers(listers, root, std::move(stop), sizes, links, sink);
  return out;
}

TreeListing listFiles(const std::filesystem::path& root, std::stop_token stop, bool sizes, LinkPolicy links)
{
  return engine::listFilesWithListers(engine::listerThreads(), root, std::move(stop), sizes, links);
}

}  // namespace hashscope
