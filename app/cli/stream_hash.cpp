#include "stream_hash.hpp"

#include "file_checks.hpp"

#include <cerrno>
#include <memory>
#include <system_error>

namespace hashscope::cli {

FileDigests hashStream(std::FILE* stream, const std::vector<std::string>& algorithms, std::uint64_t blockSize)
{
  FileDigests out;
  std::vector<std::unique_ptr<Hasher>> hashers;
  for (const auto& id : algorithms)
    hashers.push_back(makeHasher(id));
  std::vector<char> buffer(static_cast<std::size_t>(blockSize));
  for (;;) {
    const std::size_t n = std::fread(buffer.data(), 1, buffer.size(), stream);
    for (auto& hasher : hashers)
      hasher->update(buffer.data(), n);
    out.size += n;
    if (n < buffer.size()) {
      if (std::ferror(stream))
        out.error = "read error: " + describeError(std::error_code(errno, std::generic_category()));
      break;
    }
  }
  for (auto& hasher : hashers)
    out.digests.push_back(hasher->finish());
  return out;
}

FileDigests hashToEnd(const std::filesystem::path& path, const std::vector<std::string>& algorithms,
                      std::uint64_t blockSize)
{
  std::FILE* file = std::fopen(path.string().c_str(), "rb");
  if (!file) {
    FileDigests out;
    out.error = "cannot open: " + describeError(std::error_code(errno, std::generic_category()));
    return out;
  }
  FileDigests out = hashStream(file, algorithms, blockSize);
  std::fclose(file);
  return out;
}

} // namespace hashscope::cli
