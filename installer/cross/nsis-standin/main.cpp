// Stand-in program for the NSIS packaging check (see CMakeLists.txt beside it).
#include <cstdio>
int main() {
  std::puts("HashScope 0.2.0 (NSIS packaging stand-in)");
  return 0;
}
