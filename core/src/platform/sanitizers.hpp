// Whether this build runs under ThreadSanitizer (GCC defines __SANITIZE_THREAD__, Clang answers __has_feature):
// one answer for the code and the tests that must behave differently there.
#pragma once

namespace hashscope::platform {

#if defined(__SANITIZE_THREAD__)
inline constexpr bool kThreadSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
inline constexpr bool kThreadSanitizer = true;
#else
inline constexpr bool kThreadSanitizer = false;
#endif
#else
inline constexpr bool kThreadSanitizer = false;
#endif

}  // namespace hashscope::platform
