// ListChecker and Hashers (entry_check.hpp): one list entry checked against its file, or standard input.
#include "entry_check.hpp"

#include "common.hpp"
#include "hashscope/files.hpp"
#include "os.hpp"
#include "stream_hash.hpp"

#include <algorithm>
#include <cstdio>

namespace hashscope::cli {

namespace {

std::string joined(const std::vector<std::string>& ids)
{
  std::string out;
  for (const auto& id : ids)
    out += (out.empty() ? "" : ", ") + id;
  return out;
}

} // namespace

FileHasher& Hashers::forAlgorithms(const std::vector<std::string>& ids)
{
  auto& slot = m_hashers[ids];
  if (!slot)
    slot = std::make_unique<FileHasher>(ids, m_stop, nullptr, m_stream, kBlockSize, m_jobs);
  return *slot;
}

EntryCheck ListChecker::check(const ChecklistEntry& entry, Hashers& hashers)
{
  std::vector<std::string> order = entry.candidates;
  const bool ambiguous = order.size() > 1;
  if (ambiguous) {
    const std::lock_guard lock(m_mutex);
    const auto preferred = m_preferred.find(entry.digest.size());
    if (preferred != m_preferred.end())
      std::stable_partition(order.begin(), order.end(),
                            [&](const auto& id) { return id == preferred->second; });
  }
  EntryCheck out;
  // A line naming standard input is checked against standard input, as md5sum -c does (curl ... |
  // sha256sum -c list), never against a file of that name. It can be read once: every candidate at once.
  if (!m_stdinName.empty() && entry.name == m_stdinName) {
    const std::lock_guard lock(m_stdinMutex); // several lines naming it: the first gets the data, as md5sum's
    setBinaryStdio();
    const FileDigests digests = hashStream(stdin, order, Hashers::kBlockSize, m_stop, &out.code);
    return verdictOf(entry, order, digests, out);
  }
  const FileCheck file = checkInputFile(pathFromUtf8(entry.name));
  if (file.kind == FileCheck::Kind::Missing || file.kind == FileCheck::Kind::Error) {
    out.verdict =
        file.kind == FileCheck::Kind::Missing && m_ignoreMissing ? Verdict::Missing : Verdict::Unreadable;
    out.problem = file.problem;
    out.code = file.error;
    return out;
  }
  if (file.kind == FileCheck::Kind::Folder) {
    out.verdict = Verdict::Unreadable;
    out.problem = "is a folder";
    out.code = std::make_error_code(std::errc::is_a_directory);
    return out;
  }
  // Devices are read to their end (md5sum -c reads /dev/null); a FIFO or socket in a list would block
  // until someone writes to it, so it stays refused (md5sum -c waits there forever).
  if (file.kind == FileCheck::Kind::Special && !file.device) {
    out.verdict = Verdict::Unreadable;
    out.problem = file.problem;
    out.code = file.pipe ? std::make_error_code(std::errc::operation_would_block)
                         : std::make_error_code(std::errc::no_such_device_or_address);
    return out;
  }
  // First the likeliest algorithm alone; only when it does not match, the others in one more read.
  const std::vector<std::string> first(order.begin(), order.begin() + 1);
  const std::vector<std::string> others(order.begin() + 1, order.end());
  for (const auto* ids : {&first, &others}) {
    if (ids->empty())
      break;
    const FileDigests digests = hash(entry.name, file, *ids, hashers, out.code);
    if (!digests.error.empty() || digests.digests.size() != ids->size()) {
      if (!out.code)
        out.code = readFailure(entry.name);
      return verdictOf(entry, *ids, digests, out);
    }
    if (matches(entry, *ids, digests))
      return out;
    if (m_stop.stop_requested()) {
      out.verdict = Verdict::Unreadable;
      return out;
    }
  }
  return mismatch(entry, out);
}

void ListChecker::printNotes(bool quiet) const
{
  if (!quiet) {
    for (const auto& [digits, ids] : m_unusual)
      printError("untagged lines of " + std::to_string(digits) + " hex digits were checked as " +
                 joined(std::vector<std::string>(ids.begin(), ids.end())) + " (the length fits " +
                 joined(algorithmsForLength(digits)) + "; -a ALGO names the algorithm)");
  }
  for (const auto& [digits, ids] : m_ambiguousMismatch)
    printWarning("untagged digests of " + std::to_string(digits) + " hex digits match none of " +
                 joined(ids) + " (if the list was written with another algorithm, name it with -a ALGO)");
}

EntryCheck ListChecker::verdictOf(const ChecklistEntry& entry, const std::vector<std::string>& ids,
                                  const FileDigests& digests, EntryCheck& out)
{
  if (!digests.error.empty() || digests.digests.size() != ids.size()) {
    out.verdict = Verdict::Unreadable;
    out.problem = digests.error.empty() ? "cannot be read" : digests.error;
    if (!out.code)
      out.code = std::make_error_code(std::errc::io_error);
    return out;
  }
  if (matches(entry, ids, digests))
    return out;
  if (m_stop.stop_requested()) {
    out.verdict = Verdict::Unreadable;
    return out;
  }
  return mismatch(entry, out);
}

bool ListChecker::matches(const ChecklistEntry& entry, const std::vector<std::string>& ids,
                          const FileDigests& digests)
{
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (!entryMatches(entry, digests.digests[i]))
      continue;
    if (entry.candidates.size() > 1) {
      const std::lock_guard lock(m_mutex);
      m_preferred[entry.digest.size()] = ids[i];
      if (ids[i] != entry.candidates.front())
        m_unusual[entry.digest.size()].insert(ids[i]);
    }
    return true;
  }
  return false;
}

EntryCheck ListChecker::mismatch(const ChecklistEntry& entry, EntryCheck& out)
{
  if (entry.candidates.size() > 1) {
    const std::lock_guard lock(m_mutex);
    m_ambiguousMismatch.emplace(entry.digest.size(), entry.candidates);
  }
  out.verdict = Verdict::Mismatch;
  return out;
}

FileDigests ListChecker::hash(const std::string& name, const FileCheck& file,
                              const std::vector<std::string>& ids, Hashers& hashers, std::error_code& code)
{
  // Devices and FIFOs are read like md5sum reads them: to EOF. A regular file of size 0 (it may still have
  // content: /proc files) is read to its end by FileHasher, by the one rule hash uses too.
  if (file.kind != FileCheck::Kind::Regular)
    return hashToEnd(pathFromUtf8(name), ids, Hashers::kBlockSize, m_stop, &code);
  return hashers.forAlgorithms(ids).hash(pathFromUtf8(name),
                                         FileHasher::Seen::Regular); // just looked at: no second look
}

} // namespace hashscope::cli
