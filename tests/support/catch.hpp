// Catch2 v2 (Debian 12: catch2/catch.hpp) and v3 (vcpkg, Homebrew) behind one include.
#pragma once
#if __has_include(<catch2/catch_test_macros.hpp>)
#include <catch2/catch_approx.hpp>
#include <catch2/catch_session.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>
#define HASHSCOPE_CATCH3 1
using Catch::Approx;
#else
#include <catch2/catch.hpp>
#endif
