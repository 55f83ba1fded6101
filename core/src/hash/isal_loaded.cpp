// ISA-L opened at the first checksum that needs it (isal.hpp): dlopen of the library the build found
// (HASHSCOPE_ISAL_SONAME, "libisal.so.2"), its four functions looked up by name. A machine without it, or with
// one that lacks a function, gets none, and the checksums are computed by zlib and HashScope's own code.
#include "hash/isal.hpp"

#include "hashscope/hash.hpp"

#include <dlfcn.h>
#include <isa-l.h>

namespace hashscope::detail {
namespace {

template <class Function>
bool find(void* library, const char* name, Function& function)
{
  function = reinterpret_cast<Function>(::dlsym(library, name));
  return function != nullptr;
}

} // namespace

const IsalFunctions* isal()
{
#define HASHSCOPE_STRING(x) #x
#define HASHSCOPE_VERSION(major, minor) HASHSCOPE_STRING(major) "." HASHSCOPE_STRING(minor)
  static const IsalFunctions* const loaded = []() -> const IsalFunctions* {
    // Kept open for the process's life, as a linked library is.
    void* library = ::dlopen(HASHSCOPE_ISAL_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr)
      return nullptr;
    static IsalFunctions functions{};
    functions.version = HASHSCOPE_VERSION(ISAL_MAJOR_VERSION, ISAL_MINOR_VERSION);
    const bool all = find(library, "crc32_gzip_refl", functions.crc32Gzip) &&
                     find(library, "crc32_ieee", functions.crc32Ieee) &&
                     find(library, "crc32_iscsi", functions.crc32Iscsi) &&
                     find(library, "isal_adler32", functions.adler32);
    return all ? &functions : nullptr;
  }();
  return loaded;
}

} // namespace hashscope::detail

namespace hashscope {

std::vector<std::string> librariesOpenedWhenNeeded()
{
  const detail::IsalFunctions* functions = detail::isal();
  Dl_info where{};
  if (functions == nullptr || ::dladdr(reinterpret_cast<void*>(functions->crc32Gzip), &where) == 0 ||
      where.dli_fname == nullptr)
    return {};
  return {where.dli_fname};
}

} // namespace hashscope
