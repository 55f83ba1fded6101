// hashscope-cli's math library opened at the first call that needs it (Linux, GNU, static dependencies: the
// link in app/cli/CMakeLists.txt). Loading libm.so at start cost every call of every drop-in tool about 75 us
// (md5sum FILE 0.78 ms here), and a one-file call uses none of it: the math is the analysis' and SQLite's.
// glibc's libm.a cannot supply what it picks per CPU at load time (exp, log, pow, the trigonometry: their
// resolvers read the dynamic loader's CPU table), so those are defined here and forward to libm.so, opened
// once; the rest (round, fmod, sqrt, the rounding mode ...) come from libm.a. A function missing here fails
// the link (an undefined _dl_x86_cpu_features), never a run.
#include <dlfcn.h>
#include <gnu/lib-names.h>

#include <cstdio>
#include <cstdlib>

namespace {

void* libm()
{
  static void* const library = [] {
    void* opened = ::dlopen(LIBM_SO, RTLD_NOW | RTLD_LOCAL);
    if (opened == nullptr) {
      const char* why = ::dlerror();
      std::fprintf(stderr, "hashscope-cli: cannot open the math library %s: %s\n", LIBM_SO, why ? why : "");
      std::abort();
    }
    return opened;
  }();
  return library;
}

template <class Function>
Function find(const char* name)
{
  void* symbol = ::dlsym(libm(), name);
  if (symbol == nullptr) {
    std::fprintf(stderr, "hashscope-cli: %s has no %s\n", LIBM_SO, name);
    std::abort();
  }
  return reinterpret_cast<Function>(symbol);
}

using Unary = double (*)(double);
using Binary = double (*)(double, double);

} // namespace

// Each looks its function up once (a thread-safe static) and calls libm's own.
#define HASHSCOPE_FROM_LIBM_1(name)                                                                            \
  extern "C" double name(double x)                                                                             \
  {                                                                                                            \
    static const Unary f = find<Unary>(#name);                                                                 \
    return f(x);                                                                                               \
  }
#define HASHSCOPE_FROM_LIBM_2(name)                                                                            \
  extern "C" double name(double x, double y)                                                                   \
  {                                                                                                            \
    static const Binary f = find<Binary>(#name);                                                               \
    return f(x, y);                                                                                            \
  }

HASHSCOPE_FROM_LIBM_1(exp)
HASHSCOPE_FROM_LIBM_1(log)
HASHSCOPE_FROM_LIBM_2(pow)
HASHSCOPE_FROM_LIBM_1(trunc)
HASHSCOPE_FROM_LIBM_1(sin)
HASHSCOPE_FROM_LIBM_1(cos)
HASHSCOPE_FROM_LIBM_1(tan)
HASHSCOPE_FROM_LIBM_1(asin)
HASHSCOPE_FROM_LIBM_1(acos)
HASHSCOPE_FROM_LIBM_1(atan)
HASHSCOPE_FROM_LIBM_2(atan2)
HASHSCOPE_FROM_LIBM_1(sinh)
HASHSCOPE_FROM_LIBM_1(cosh)
HASHSCOPE_FROM_LIBM_1(tanh)
HASHSCOPE_FROM_LIBM_1(asinh)
HASHSCOPE_FROM_LIBM_1(acosh)
HASHSCOPE_FROM_LIBM_1(atanh)
