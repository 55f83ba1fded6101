// A --host value read, and words quoted for the remote shell: the two places user text meets ssh.
#include <charconv>

#include "hashscope/remote.hpp"

namespace hashscope {

namespace {

bool fail(std::string* error, std::string text)
{
  if (error)
    *error = std::move(text);
  return false;
}

// A name ssh takes as a host and nothing else: letters, digits and . _ - (and : % for IPv6 addresses and their
// zones), never a leading '-' (an option to ssh). Shell characters are refused outright: ssh before 9.6 passed a
// host name into a configured ProxyCommand's shell unchecked (CVE-2023-51385).
bool plainHost(std::string_view host, std::string* error)
{
  if (host.empty())
    return fail(error, "no host name");
  if (host.front() == '-')
    return fail(error, "a host name cannot start with '-' (ssh would read it as an option)");
  for (const char c : host) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       c == '.' || c == '_' || c == '-' || c == ':' || c == '%';
    if (!plain)
      return fail(error, "a host name holds only letters, digits and . _ - (an IPv6 address : and %)");
  }
  return true;
}

}  // namespace

std::string RemoteHost::label() const
{
  const std::string name = port > 0 && host.find(':') != std::string::npos ? "[" + host + "]" : host;
  return (user.empty() ? "" : user + "@") + name + (port > 0 ? ":" + std::to_string(port) : "");
}

std::optional<RemoteHost> parseRemoteHost(std::string_view text, std::string* error)
{
  RemoteHost out;
  if (const auto at = text.rfind('@'); at != std::string_view::npos) {
    out.user = std::string(text.substr(0, at));
    text.remove_prefix(at + 1);
    if (out.user.empty() || !plainHost(out.user, nullptr))
      return fail(error, "the user before '@' must be a plain name"), std::nullopt;
  }
  std::string_view portText;
  if (!text.empty() && text.front() == '[') {  // [::1]:2222
    const auto close = text.find(']');
    if (close == std::string_view::npos)
      return fail(error, "'[' without ']' around an address"), std::nullopt;
    out.host = std::string(text.substr(1, close - 1));
    const std::string_view rest = text.substr(close + 1);
    if (!rest.empty() && rest.front() != ':')
      return fail(error, "only ':PORT' may follow ']'"), std::nullopt;
    if (!rest.empty())
      portText = rest.substr(1);
  } else if (const auto colon = text.find(':'); colon != std::string_view::npos && text.rfind(':') == colon) {
    out.host = std::string(text.substr(0, colon));
    portText = text.substr(colon + 1);
  } else {
    out.host = std::string(text);  // a name, or a bare IPv6 address (no port)
  }
  if (!plainHost(out.host, error))
    return std::nullopt;
  if (text.find(':') != std::string_view::npos && portText.empty() && text.back() == ':')
    return fail(error, "no port after ':'"), std::nullopt;
  if (!portText.empty()) {
    const auto [ptr, ec] = std::from_chars(portText.data(), portText.data() + portText.size(), out.port);
    if (ec != std::errc() || ptr != portText.data() + portText.size() || out.port < 1 || out.port > 65535)
      return fail(error, "the port must be a number from 1 to 65535"), std::nullopt;
  }
  return out;
}

std::string shellQuote(std::string_view word)
{
  std::string out = "'";
  for (const char c : word) {
    if (c == '\'')
      out += "'\\''";  // end the quotes, an escaped quote, quotes again
    else
      out += c;
  }
  return out + "'";
}

}  // namespace hashscope
