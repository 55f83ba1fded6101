// Hashers made and used on many threads at once, including the first, lazy library set-up.
#include "catch.hpp"
#include "hashscope/hash.hpp"

#include <atomic>
#include <string>
#include <thread>
#include <vector>

using namespace hashscope;

TEST_CASE("Hashers can be created and used on several threads at once", "[hash][threads]")
{
  // Run first in a fresh process (e.g. `hashscope_core_tests [threads]` under TSan) this also
  // races the one-time EVP_MD fetch and implementation-string set-up.
  const std::string text(100000, 'x');
  std::vector<std::string> reference;
  std::atomic<int> failures{0};
  std::vector<std::vector<std::string>> results(4);
  {
    std::vector<std::jthread> threads;
    for (std::size_t t = 0; t < results.size(); ++t) {
      threads.emplace_back([&, t] {
        for (const AlgorithmInfo& algorithm : allAlgorithms()) {
          auto hasher = makeHasher(algorithm.id);
          if (hasher == nullptr) {
            ++failures;
            continue;
          }
          hasher->update(text.data(), text.size());
          results[t].push_back(toHex(hasher->finish()));
        }
      });
    }
  }
  CHECK(failures == 0);
  for (const AlgorithmInfo& algorithm : allAlgorithms()) {
    auto hasher = makeHasher(algorithm.id);
    hasher->update(text.data(), text.size());
    reference.push_back(toHex(hasher->finish()));
  }
  for (const auto& r : results) {
    CHECK(r == reference);
  }
}

TEST_CASE("An empty update with a null pointer changes nothing", "[hash][incremental]")
{
  for (const AlgorithmInfo& algorithm : allAlgorithms()) {
    INFO(algorithm.id);
    auto hasher = makeHasher(algorithm.id);
    REQUIRE(hasher != nullptr);
    const Digest empty = hasher->finish();
    hasher->reset();
    hasher->update(nullptr, 0);
    CHECK(hasher->finish() == empty);
    hasher->reset();
    hasher->update("abc", 3);
    hasher->update(nullptr, 0);
    const Digest withNull = hasher->finish();
    hasher->reset();
    hasher->update("abc", 3);
    CHECK(hasher->finish() == withNull);
  }
}
