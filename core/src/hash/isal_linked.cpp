// ISA-L linked into the program (isal.hpp), where the build found it; else none.
#include "hash/isal.hpp"
#include "hashscope/hash.hpp"

#if defined(HASHSCOPE_HAVE_ISAL)
#include <isa-l/crc.h>
#include <isa-l/igzip_lib.h>
#if __has_include(<isa-l.h>)  // the version's header (not in every install)
#include <isa-l.h>
#endif
#endif

namespace hashscope::detail {

const IsalFunctions* isal()
{
#if defined(HASHSCOPE_HAVE_ISAL)
#if defined(ISAL_MAJOR_VERSION) && defined(ISAL_MINOR_VERSION)
#define HASHSCOPE_STRING(x) #x
#define HASHSCOPE_VERSION(major, minor) HASHSCOPE_STRING(major) "." HASHSCOPE_STRING(minor)
  static const IsalFunctions linked{crc32_gzip_refl, crc32_ieee, crc32_iscsi, isal_adler32,
                                    HASHSCOPE_VERSION(ISAL_MAJOR_VERSION, ISAL_MINOR_VERSION)};
#else
  static const IsalFunctions linked{crc32_gzip_refl, crc32_ieee, crc32_iscsi, isal_adler32, ""};
#endif
  return &linked;
#else
  return nullptr;
#endif
}

} // namespace hashscope::detail

namespace hashscope {

std::vector<std::string> librariesOpenedWhenNeeded()
{
  return {}; // every library HashScope uses here is linked: ldd lists them
}

} // namespace hashscope
