#include "logic/run_options.hpp"

#include <QtGlobal>

#include <algorithm>
#include <utility>

namespace hashscope::gui {

const std::vector<std::string>& defaultAlgorithms()
{
  static const std::vector<std::string> ids{"md5", "sha256", "xxh3-64", "crc32"};
  return ids;
}

// Why 256 MiB, 3 passes, 0.5 s references and no warm pass or ramp by default: the first answer should come
// within a minute on a quiet two-core machine, its first tile within ten seconds. Cold reads bypass the page
// cache (O_DIRECT), so a bigger file is not more true, only slower: 256 MiB takes 0.25 s a pass at 1 GB/s
// and under 2 s on a 150 MB/s disk, and is written in a second or two. Each step still runs 3 passes (the
// median and the spread are the point), each reference 0.5 s (hashing a buffer in cache settles within
// milliseconds). Also warm and the stream ramp are one click away in Options: they double or more the steps.
std::uint64_t defaultSampleSize(std::uint64_t freeBytes)
{
  constexpr std::uint64_t floor = 16 * MiB;
  std::uint64_t size = RunOptions().sampleSize;
  while (size > floor && size > freeBytes / 4)
    size /= 2;
  return size;
}

const char* defaultSampleSizeRule()
{
  return QT_TRANSLATE_NOOP("RunOptions", "The default is 256 MiB, halved until it is at most a quarter of the free space of "
                                         "every ticked location\n(on RAM-backed ones such as /dev/shm that space is "
                                         "RAM), and never below 16 MiB.");
}

const std::vector<std::uint64_t>& offeredSampleSizes()
{
  static const std::vector<std::uint64_t> sizes{16 * MiB, 64 * MiB, 256 * MiB, 512 * MiB, 1 * GiB,
                                                2 * GiB,  4 * GiB,  8 * GiB};
  return sizes;
}

const std::vector<std::uint64_t>& offeredBlockSizes()
{
  static const std::vector<std::uint64_t> sizes{64 * KiB, 256 * KiB, 1 * MiB, 4 * MiB, 16 * MiB};
  return sizes;
}

bool waitsQuietByDefault(Preset preset) { return preset != Preset::Quick; }

std::vector<std::string> remoteBenchArguments(const RunOptions& options, const std::vector<std::string>& algorithms)
{
  const auto number = [](double value) { return std::to_string(value); };
  std::vector<std::string> out = {"--suite",
                                  "--preset", std::string(toString(options.preset)),
                                  "--size", std::to_string(options.sampleSize),
                                  "--content", std::string(toString(options.content)),
                                  "--cache", std::string(toString(options.cache)),
                                  "--block-size", std::to_string(options.blockSize),
                                  "--streams", std::to_string(std::max(1, options.streams)),
                                  "--duration", number(std::clamp(options.hashSeconds, 0.05, 60.0))};
  if (options.waitQuiet)
    out.insert(out.end(), {"--quiet-timeout", number(std::clamp(options.quietTimeout, 0.0, 600.0))});
  for (const auto& [flag, on] : {std::pair{"--warm", options.warm}, std::pair{"--ramp", options.ramp},
                                 std::pair{"--peers", options.peers}, std::pair{"--keep-sample", options.keepSamples}})
    if (on)
      out.emplace_back(flag);
  if (options.ramp && options.maxStreams > 0)
    out.insert(out.end(), {"--max-streams", std::to_string(options.maxStreams)});
  for (const std::string& algorithm : algorithms)
    out.insert(out.end(), {"--algorithm", algorithm});
  return out;
}

SuiteSpec makeSuiteSpec(const RunOptions& options, const std::vector<std::filesystem::path>& locations,
                        const std::vector<std::string>& algorithms)
{
  SuiteSpec spec;
  spec.locations = locations;
  spec.algorithms = algorithms;
  spec.sampleSize = options.sampleSize;
  spec.content = options.content;
  spec.cache = options.cache;
  spec.blockSize = options.blockSize;
  spec.streams = std::max(1, options.streams);
  spec.warm = options.warm;
  spec.ramp = options.ramp;
  spec.maxStreams = std::max(0, options.maxStreams);
  spec.peers = options.peers;
  spec.hashMemorySeconds = std::clamp(options.hashSeconds, 0.05, 60.0);
  spec.passes = passesOf(options.preset);
  spec.waitQuiet = options.waitQuiet;
  spec.quietTimeoutSeconds = std::clamp(options.quietTimeout, 0.0, 600.0);
  spec.removeSamplesAfter = !options.keepSamples;  // the suite only ever removes samples it created
  return spec;
}

}  // namespace hashscope::gui
