// What a folder holding HashScope samples lists. A sample's mark (who made it, for what) is an extended
// attribute on Linux and macOS and an alternate data stream on NTFS; where the file system keeps neither
// (wine's drives, FAT, exFAT) it is a sidecar file beside the sample (engine::sidecarOf names it), which the
// folder lists too. Tests that compare a folder's listing expect the sidecars exactly where the marks are.
#pragma once
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/sample_identity.hpp"

namespace hashscope::test {

inline std::string sampleSidecarName(const std::string& sample)
{
  return engine::sidecarOf(std::filesystem::path(sample)).filename().string();
}

// True when the sample at `sample` keeps its mark in a sidecar file.
inline bool markedBySidecar(const std::filesystem::path& sample)
{
  std::error_code error;
  return std::filesystem::exists(engine::sidecarOf(sample), error);
}

// The sorted listing of a folder that holds exactly these samples (file names), with their sidecars when
// `sidecars`.
inline std::vector<std::string> sampleListing(const std::vector<std::string>& samples, bool sidecars)
{
  std::vector<std::string> names = samples;
  if (sidecars) {
    for (const std::string& sample : samples)
      names.push_back(sampleSidecarName(sample));
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace hashscope::test
