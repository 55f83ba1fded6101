// BLAKE3 from a system libblake3 (vcpkg, Homebrew): its compression functions are internal and may not
// be exported, so one stream is hashed on one thread through the public API (see blake3_tree.cpp).
#include "hash/blake3_tree.hpp"

namespace hashscope::detail {

bool blake3TreeAvailable()
{
  return false;
}

std::unique_ptr<Blake3Tree> makeBlake3Tree(unsigned)
{
  return nullptr;
}

std::string blake3DispatchPath()
{
  return {};
}

} // namespace hashscope::detail
