// Windows network interface counters: GetIfEntry2's 64-bit InOctets/OutOctets of the interface a share's
// traffic goes through (found by its alias, as StorageInfo::remote.interfaceName names it).
// Not run in HashScope's Linux workplace: compile-checked with mingw-w64.
#include <winsock2.h>
#include <ws2tcpip.h>
#include <iphlpapi.h>
#include <netioapi.h>
#include <windows.h>

#include <string>

#include "hashscope/counters.hpp"

namespace hashscope {

namespace {

std::wstring widen(const std::string& text)
{
  const int n = MultiByteToWideChar(CP_UTF8, 0, text.c_str(), -1, nullptr, 0);
  if (n <= 1)
    return {};
  std::wstring out(static_cast<std::size_t>(n - 1), L'\0');
  MultiByteToWideChar(CP_UTF8, 0, text.c_str(), -1, out.data(), n);
  return out;
}

class WinNetSource final : public NetCounterSource {
public:
  explicit WinNetSource(NET_LUID luid) : m_luid(luid) {}

  bool read(NetSnapshot& out) override
  {
    MIB_IF_ROW2 row{};
    row.InterfaceLuid = m_luid;
    if (GetIfEntry2(&row) != NO_ERROR)
      return false;
    out.rxBytes = row.InOctets;
    out.txBytes = row.OutOctets;
    out.rxPackets = row.InUcastPkts + row.InNUcastPkts;
    out.txPackets = row.OutUcastPkts + row.OutNUcastPkts;
    return true;
  }

private:
  NET_LUID m_luid;
};

}  // namespace

std::unique_ptr<NetCounterSource> makeNetCounterSource(const StorageInfo& storage)
{
  if (storage.remote.interfaceName.empty())
    return nullptr;
  NET_LUID luid{};
  if (ConvertInterfaceAliasToLuid(widen(storage.remote.interfaceName).c_str(), &luid) != NO_ERROR)
    return nullptr;
  return std::make_unique<WinNetSource>(luid);
}

}  // namespace hashscope
