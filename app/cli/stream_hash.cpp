#include "stream_hash.hpp"

#include "file_checks.hpp"
#include "os.hpp"

#include <algorithm>
#include <cerrno>
#include <memory>
#include <system_error>

namespace hashscope::cli {

FileDigests hashStream(std::FILE* stream, const std::vector<std::string>& algorithms, std::uint64_t blockSize,
                       std::stop_token stop, std::error_code* code, const Blake3Options& blake3)
{
  FileDigests out;
  std::vector<std::unique_ptr<Hasher>> hashers;
  for (const auto& id : algorithms)
    hashers.push_back(makeHasher(id, blake3));
  // The buffer starts small and doubles up to the block size while reads fill it: a short input (an empty
  // file, a line on stdin) needs no 1 MiB buffer.
  std::vector<char> buffer(static_cast<std::size_t>(std::min<std::uint64_t>(blockSize, 64 * 1024)));
  for (;;) {
    if (stop.stop_requested()) {
      out.error = "interrupted";
      return out;
    }
    const std::size_t n = std::fread(buffer.data(), 1, buffer.size(), stream);
    for (auto& hasher : hashers)
      hasher->update(buffer.data(), n);
    out.size += n;
    if (n == buffer.size() && buffer.size() < blockSize)
      buffer.resize(static_cast<std::size_t>(std::min<std::uint64_t>(blockSize, 2 * buffer.size())));
    else if (n < buffer.size()) {
      if (std::ferror(stream)) {
        const std::error_code error(errno, std::generic_category());
        out.error = "read error: " + describeError(error);
        if (code)
          *code = error;
      }
      break;
    }
  }
  for (auto& hasher : hashers)
    out.digests.push_back(hasher->finish());
  return out;
}

FileDigests hashToEnd(const std::filesystem::path& path, const std::vector<std::string>& algorithms,
                      std::uint64_t blockSize, std::stop_token stop, std::error_code* code)
{
  std::FILE* file = openForReading(path);
  if (!file) {
    const std::error_code error(errno, std::generic_category());
    FileDigests out;
    out.error = "cannot open: " + describeError(error);
    if (code)
      *code = error;
    return out;
  }
  FileDigests out = hashStream(file, algorithms, blockSize, stop, code);
  std::fclose(file);
  return out;
}

std::error_code readFailure(const std::filesystem::path& path)
{
  std::error_code error;
  hashToEnd(path, {}, 64 * 1024, {}, &error);
  return error;
}

} // namespace hashscope::cli
