// How HashScope recognises its own sample files: the name, a marker it wrote (a file tag, or a hidden
// sidecar where the filesystem keeps no tags), and the exact size; a name alone proves nothing.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "hashscope/types.hpp"
#include "platform/file_io.hpp"

namespace hashscope::engine {

// What a name says: a sample ("hashscope-sample-random-1GiB.bin") or its partial file
// (".hashscope-sample-random-1GiB.bin.partial").
struct SampleName {
  std::uint64_t size = 0;
  SampleContent content = SampleContent::Random;
  bool partial = false;
};
std::optional<SampleName> parseSampleEntryName(std::string_view name);
// The units of a sample's size in its name, largest first ("1GiB", never "1024MiB").
inline constexpr std::pair<std::string_view, std::uint64_t> kSizeUnits[] = {
    {"TiB", 1024 * GiB}, {"GiB", GiB}, {"MiB", MiB}, {"KiB", KiB}, {"B", 1}};
std::filesystem::path partialPathOf(const std::filesystem::path& sample);

// The marker: "hashscope-sample 1 <complete|writing> <size> <content> <random id> [<device>:<inode>]".
// The file identity is only kept in a sidecar, which (unlike a tag) does not vanish with its file.
struct SampleMarker {
  bool complete = false;
  std::uint64_t size = 0;
  SampleContent content = SampleContent::Random;
  std::optional<platform::FileId> owner;
};
std::string encodeMarker(const SampleMarker& marker);
std::optional<SampleMarker> decodeMarker(std::string_view text);

// The hidden file holding the marker where tags are unsupported: ".<name>.hashscope" (one leading dot).
std::filesystem::path sidecarOf(const std::filesystem::path& file);
// Marks `file` (which exists): a tag where the filesystem keeps them, else its sidecar bound to the file's
// identity. "" or one error sentence. `usedSidecar` says which.
std::string writeMarker(const std::filesystem::path& file, SampleMarker marker, bool& usedSidecar);
// Writes the sidecar of `file` (which need not exist yet) for a file of identity `owner`. Replaces only a
// sidecar holding a HashScope marker that does not mark the file now named `file` (a sample another HashScope
// finished first keeps its marker); anything else under that name is left untouched (error).
std::string writeSidecar(const std::filesystem::path& file, SampleMarker marker, platform::FileId owner);
// Removes the sidecar of `file` when it holds a HashScope marker.
void removeSidecar(const std::filesystem::path& file);
// The marker of `file`: its tag, else its sidecar; nullopt when it has none.
std::optional<SampleMarker> readMarker(const std::filesystem::path& file);

// Why `file`, named `name`, of `actualSize` bytes and identity `id`, is not a HashScope file of that name
// ("" when it is one). Reads the marker; touches nothing.
std::string markerProblem(const std::filesystem::path& file, const SampleName& name, std::uint64_t actualSize,
                          const std::optional<platform::FileId>& id);

// Tries a lock for up to ~2 s (other HashScope processes only hold locks briefly to look at a file).
platform::FileLock lockSoon(const std::filesystem::path& path, platform::FileLock::Mode mode,
                            platform::FileLock::Outcome& outcome, std::string& error);

// Removes the partial file `partial` when its writer is gone and it is HashScope's ("" then, and also when
// it is gone already); otherwise one error sentence and nothing is touched ("... another HashScope is
// writing it", and `beingWritten`, when given, set to true).
std::string clearStalePartial(const std::filesystem::path& partial, bool* beingWritten = nullptr);

}  // namespace hashscope::engine
