#include "digest_types.hpp"

namespace hashscope::cli {

const std::vector<DigestTypeInfo>& digestTypes()
{
  using T = DigestType;
  static const std::vector<DigestTypeInfo> types{
      {T::Bsd, "bsd", "BSD", 16},          {T::Sysv, "sysv", "SYSV", 16},        {T::Crc, "crc", "CRC", 32},
      {T::Crc32b, "crc32b", "CRC32B", 32}, {T::Md5, "md5", "MD5", 128},          {T::Sha1, "sha1", "SHA1", 160},
      {T::Sha224, "sha224", "SHA224", 224}, {T::Sha256, "sha256", "SHA256", 256}, {T::Sha384, "sha384", "SHA384", 384},
      {T::Sha512, "sha512", "SHA512", 512}, {T::Sha2, "sha2", "SHA2", 512},       {T::Sha3, "sha3", "SHA3", 512},
      {T::Blake2b, "blake2b", "BLAKE2b", 512}, {T::Sm3, "sm3", "SM3", 256}};
  return types;
}

const DigestTypeInfo& digestTypeInfo(DigestType type)
{
  return digestTypes()[static_cast<std::size_t>(type)];
}

std::optional<DigestType> digestTypeNamed(std::string_view name)
{
  for (const auto& info : digestTypes())
    if (info.name == name)
      return info.type;
  return std::nullopt;
}

std::optional<DigestType> digestTypeTagged(std::string_view tag)
{
  for (const auto& info : digestTypes())
    if (info.tag == tag)
      return info.type;
  return std::nullopt;
}

bool takesLength(DigestType type)
{
  return type == DigestType::Sha2 || type == DigestType::Sha3 || type == DigestType::Blake2b;
}

bool printsNumbers(DigestType type)
{
  return type == DigestType::Bsd || type == DigestType::Sysv || type == DigestType::Crc ||
         type == DigestType::Crc32b;
}

std::string algorithmFor(DigestType type, int bits)
{
  switch (type) {
  case DigestType::Bsd:
    return "sum-bsd";
  case DigestType::Sysv:
    return "sum-sysv";
  case DigestType::Crc:
    return "cksum";
  case DigestType::Crc32b: // zlib's CRC-32, printed like cksum's (the caller asks for crcNumbers)
    return "crc32";
  case DigestType::Sha2:
    return "sha" + std::to_string(bits);
  case DigestType::Sha3:
    return "sha3-" + std::to_string(bits);
  case DigestType::Blake2b:
    return "blake2b-" + std::to_string(bits);
  default:
    return std::string(digestTypeInfo(type).name);
  }
}

} // namespace hashscope::cli
