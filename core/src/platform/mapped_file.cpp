// The parts of mapped-window reads every OS shares: the test hook and the wording of a shrunk file.
#include "platform/mapped_file.hpp"

namespace hashscope::platform {

namespace {

MappedWindowHook g_hook = nullptr;
void* g_hookContext = nullptr;

}  // namespace

void setMappedWindowHookForTests(MappedWindowHook hook, void* context)
{
  g_hook = hook;
  g_hookContext = context;
}

void runMappedWindowHook(std::uint64_t windowIndex)
{
  if (g_hook)
    g_hook(windowIndex, g_hookContext);
}

std::string shrankError(const InputFile& file) { return file.path().string() + " got shorter while it was being read"; }

}  // namespace hashscope::platform
