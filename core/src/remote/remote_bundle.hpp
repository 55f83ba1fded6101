// The portable bundle a host without this version of hashscope-cli gets: tests/bench/bundle.sh's layout
// (bin/hashscope-cli, lib/ with its shared libraries), packed once per run as a tar file for ssh's stdin.
#pragma once

#include <filesystem>
#include <stop_token>
#include <string>

#include "hashscope/remote.hpp"

namespace hashscope::remote {

// A fresh local folder (owner-only), removed with everything in it by the destructor.
class LocalTempFolder {
public:
  LocalTempFolder();
  ~LocalTempFolder();
  LocalTempFolder(const LocalTempFolder&) = delete;
  LocalTempFolder& operator=(const LocalTempFolder&) = delete;
  const std::filesystem::path& path() const { return m_path; }  // empty when it could not be made

private:
  std::filesystem::path m_path;
};

// This machine's `uname -sm` ("Linux x86_64"), "" when uname cannot be run.
std::string localPlatform();

// Packs the bundle into `tarFile`: options.bundle's bin/ and lib/, or else options.selfExecutable and the
// shared libraries ldd lists for it (the C library and its loader excepted: they must be the target's own).
// Returns "" or a sentence saying what is missing.
std::string packBundle(const RemoteOptions& options, const std::filesystem::path& tarFile, std::stop_token stop);

}  // namespace hashscope::remote
