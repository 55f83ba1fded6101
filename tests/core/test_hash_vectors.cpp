// Every algorithm against published test vectors (RFC 1321, FIPS 180-4 / 202, RFC 7693, CRC check
// values, xxHash sanity values) and the real `sum` outputs of this machine's coreutils.
#include "catch.hpp"
#include "hashscope/hash.hpp"
#include "skip.hpp"

#include <cstdint>
#include <string>
#include <string_view>

using namespace hashscope;

namespace {

std::string hashOf(std::string_view id, std::string_view data)
{
  auto hasher = makeHasher(id);
  REQUIRE(hasher != nullptr);
  hasher->update(data.data(), data.size());
  const Digest digest = hasher->finish();
  CHECK(digest.size() == hasher->info().digestBytes);
  return toHex(digest);
}

struct Vector {
  std::string_view id;
  std::string_view input;
  std::string_view hex;
};

const std::string_view k448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
const std::string_view k896 =
    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopq"
    "rstnopqrstu";

void checkAll(std::initializer_list<Vector> vectors)
{
  for (const Vector& v : vectors) {
    INFO(v.id << " of \"" << v.input << "\"");
    CHECK(hashOf(v.id, v.input) == v.hex);
  }
}

} // namespace

TEST_CASE("MD5: the RFC 1321 test suite", "[hash][vectors]")
{
  checkAll({
      {"md5", "", "d41d8cd98f00b204e9800998ecf8427e"},
      {"md5", "a", "0cc175b9c0f1b6a831c399e269772661"},
      {"md5", "abc", "900150983cd24fb0d6963f7d28e17f72"},
      {"md5", "message digest", "f96b697d7cb7938d525a2f31aaf161d0"},
      {"md5", "abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"},
      {"md5", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
       "d174ab98d277d9f5a5611c2c9f419d9f"},
      {"md5", "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
       "57edf4a22be3c955ac49da2e2107b67a"},
  });
}

TEST_CASE("SHA-1 and SHA-2: FIPS 180 / NIST examples", "[hash][vectors]")
{
  checkAll({
      {"sha1", "", "da39a3ee5e6b4b0d3255bfef95601890afd80709"},
      {"sha1", "abc", "a9993e364706816aba3e25717850c26c9cd0d89d"},
      {"sha1", k448, "84983e441c3bd26ebaae4aa1f95129e5e54670f1"},
      {"sha1", k896, "a49b2446a02c645bf419f995b67091253a04a259"},
      {"sha224", "", "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f"},
      {"sha224", "abc", "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"},
      {"sha224", k448, "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525"},
      {"sha224", k896, "c97ca9a559850ce97a04a96def6d99a9e0e0e2ab14e6b8df265fc0b3"},
      {"sha256", "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
      {"sha256", "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
      {"sha256", k448, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
      {"sha256", k896, "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"},
      {"sha384", "",
       "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b"},
      {"sha384", "abc",
       "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"},
      {"sha384", k448,
       "3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05abfe8f450de5f36bc6b0455a8520bc4e6f5fe95b1fe3c8452b"},
      {"sha384", k896,
       "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039"},
      {"sha512", "",
       "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f"
       "63b931bd47417a81a538327af927da3e"},
      {"sha512", "abc",
       "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd"
       "454d4423643ce80e2a9ac94fa54ca49f"},
      {"sha512", k448,
       "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c33596fd15c13b1b07f9aa1d3bea57789ca0"
       "31ad85c7a71dd70354ec631238ca3445"},
      {"sha512", k896,
       "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433a"
       "c7d329eeb6dd26545e96e55b874be909"},
      {"sha512-256", "", "c672b8d1ef56ed28ab87c3622c5114069bdd3ad7b8f9737498d0c01ecef0967a"},
      {"sha512-256", "abc", "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23"},
      {"sha512-256", k448, "bde8e1f9f19bb9fd3406c90ec6bc47bd36d8ada9f11880dbc8a22a7078b6a461"},
      {"sha512-256", k896, "3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a"},
  });
}

TEST_CASE("One million 'a': the long FIPS 180 messages", "[hash][vectors]")
{
  const std::string million(1000000, 'a');
  CHECK(hashOf("sha1", million) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f");
  CHECK(hashOf("sha224", million) == "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67");
  CHECK(hashOf("sha256", million) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  CHECK(hashOf("sha384", million) ==
        "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87f3d8985");
  CHECK(hashOf("sha512", million) ==
        "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31b"
        "eb009c5c2c49aa2e4eadb217ad8cc09b");
  CHECK(hashOf("sha512-256", million) == "9a59a052930187a97038cae692f30708aa6491923ef5194394dc68d56c74fb21");
}

TEST_CASE("SHA-3: FIPS 202 examples", "[hash][vectors]")
{
  checkAll({
      {"sha3-256", "", "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"},
      {"sha3-256", "abc", "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"},
      {"sha3-512", "",
       "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a615b2123af1f5f94c11e3e9402c3ac558"
       "f500199d95b6d3e301758586281dcd26"},
      {"sha3-512", "abc",
       "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e39340"
       "57340b4cf408d5a56592f8274eec53f0"},
  });
}

TEST_CASE("BLAKE2: RFC 7693 appendix examples", "[hash][vectors]")
{
  checkAll({
      {"blake2b-512", "abc",
       "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc95"
       "18d38aa8dbf1925ab92386edd4009923"},
      {"blake2b-512", "",
       "786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419d25e1031afee585313896444934eb04b"
       "903a685b1448b755d56f701afe9be2ce"},
      {"blake2s-256", "abc", "508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982"},
      {"blake2s-256", "", "69217a3079908094e11121d042354a7c1f55b6482ca1a51e1b250dfd1ed0eef9"},
  });
}

TEST_CASE("CRCs and checksums: the \"123456789\" check values and empty input", "[hash][vectors]")
{
  checkAll({
      {"crc32", "123456789", "cbf43926"},
      {"crc32", "", "00000000"},
      {"crc32c", "123456789", "e3069283"},
      {"crc32c", "", "00000000"},
      {"adler32", "123456789", "091e01de"},
      {"adler32", "", "00000001"},
      {"adler32", "Wikipedia", "11e60398"},
      {"cksum", "123456789", "377a6011"}, // 930766865, what `cksum` prints
      {"cksum", "", "ffffffff"},          // 4294967295
      // `sum -r` and `sum -s` (GNU coreutils 9.1) of "123456789": 53615 and 477; of nothing: 0.
      {"sum-bsd", "123456789", "d16f"},
      {"sum-bsd", "", "0000"},
      {"sum-sysv", "123456789", "01dd"},
      {"sum-sysv", "", "0000"},
  });
}

TEST_CASE("System V sum wraps its byte total at 2^32 like coreutils", "[hash][vectors]")
{
  // 16,843,010 bytes of 0xff sum to 0x1'0000'00fe: coreutils keeps an unsigned int, so it sees 0xfe.
  // Computed by `head -c 16843010 /dev/zero | tr '\0' '\377' | sum -s` here: "254 32897".
  const std::string ones(16843010, '\xff');
  CHECK(hashOf("sum-sysv", ones) == "00fe");
}

TEST_CASE("xxHash: reference sanity values, seed 0", "[hash][vectors]")
{
  checkAll({
      {"xxh32", "", "02cc5d05"},
      {"xxh64", "", "ef46db3751d8e999"},
      {"xxh3-64", "", "2d06800538d394c2"},
      {"xxh3-128", "", "99aa06d3014798d86001c324468d497f"},
      // As `xxhsum -H0/-H1/-H3/-H2` print them for a file holding "123456789".
      {"xxh32", "123456789", "937bad67"},
      {"xxh64", "123456789", "8cb841db40e6ae83"},
      {"xxh3-64", "123456789", "72dcb18b67a17dff"},
      {"xxh3-128", "123456789", "33119477ede5dcd5e9716427681d5860"},
  });
}

TEST_CASE("xxHash: the sanity buffer of xxHash's own self-test, seed 0", "[hash][vectors]")
{
  // xxHash's xsum_sanity_check.c fills its buffer like this; lengths 1, 14 and 222 (and the XXH3
  // value at length 1) are in its tables. The rest were recorded from libxxhash 0.8.1's scalar
  // and SSE2 code, so they also check HashScope's AVX2 build of XXH3 on long inputs (> 240 bytes).
  std::string buffer(2367, '\0');
  std::uint64_t generator = 2654435761u;
  for (char& c : buffer) {
    c = static_cast<char>(generator >> 56);
    generator *= 11400714785074694797ull;
  }
  const auto prefix = [&](std::size_t n) { return std::string_view(buffer).substr(0, n); };
  CHECK(hashOf("xxh32", prefix(1)) == "cf65b03e");
  CHECK(hashOf("xxh64", prefix(1)) == "e934a84adb052768");
  CHECK(hashOf("xxh3-64", prefix(1)) == "c44bdff4074eecdb");
  CHECK(hashOf("xxh3-128", prefix(1)) == "a6cd5e9392000f6ac44bdff4074eecdb");
  CHECK(hashOf("xxh32", prefix(14)) == "1208e7e2");
  CHECK(hashOf("xxh64", prefix(14)) == "8282dcc4994e35c8");
  CHECK(hashOf("xxh3-64", prefix(14)) == "1ac0bbda2b9fcf03");
  CHECK(hashOf("xxh3-128", prefix(14)) == "b2623398aa0bda1e352b80797cda6247");
  CHECK(hashOf("xxh32", prefix(222)) == "5bd11dbd");
  CHECK(hashOf("xxh64", prefix(222)) == "b641ae8cb691c174");
  CHECK(hashOf("xxh3-64", prefix(222)) == "b9163b558664d356");
  CHECK(hashOf("xxh3-128", prefix(222)) == "337e09641b948717f1aebd597cec6b3a");
  CHECK(hashOf("xxh32", prefix(2367)) == "4c8a9773");
  CHECK(hashOf("xxh64", prefix(2367)) == "a82418ddec0ea581");
  CHECK(hashOf("xxh3-64", prefix(2367)) == "cb37aeb9e5d361ed");
  CHECK(hashOf("xxh3-128", prefix(2367)) == "e89c0f6ff369b427cb37aeb9e5d361ed");
}

TEST_CASE("BLAKE3: the official test vectors, on one thread and split over several", "[hash][vectors][blake3]")
{
  // BLAKE3's test_vectors.json: input byte i is i % 251; the first 32 bytes of each "hash" (the
  // default-length digest). Checked on the library's own hasher (1 thread) and on HashScope's tree
  // split (4 threads; the tree hasher also runs where the machine has fewer cores).
  struct Blake3Vector {
    std::size_t length;
    std::string_view hex;
  };
  const Blake3Vector vectors[] = {
      {0, "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262"},
      {1, "2d3adedff11b61f14c886e35afa036736dcd87a74d27b5c1510225d0f592e213"},
      {1023, "10108970eeda3eb932baac1428c7a2163b0e924c9a9e25b35bba72b28f70bd11"},
      {1024, "42214739f095a406f3fc83deb889744ac00df831c10daa55189b5d121c855af7"},
      {1025, "d00278ae47eb27b34faecf67b4fe263f82d5412916c1ffd97c8cb7fb814b8444"},
      {2048, "e776b6028c7cd22a4d0ba182a8bf62205d2ef576467e838ed6f2529b85fba24a"},
      {2049, "5f4d72f40d7a5f82b15ca2b2e44b1de3c2ef86c426c95c1af0b6879522563030"},
      {3072, "b98cb0ff3623be03326b373de6b9095218513e64f1ee2edd2525c7ad1e5cffd2"},
      {3073, "7124b49501012f81cc7f11ca069ec9226cecb8a2c850cfe644e327d22d3e1cd3"},
      {4096, "015094013f57a5277b59d8475c0501042c0b642e531b0a1c8f58d2163229e969"},
      {4097, "9b4052b38f1c5fc8b1f9ff7ac7b27cd242487b3d890d15c96a1c25b8aa0fb995"},
      {5120, "9cadc15fed8b5d854562b26a9536d9707cadeda9b143978f319ab34230535833"},
      {5121, "628bd2cb2004694adaab7bbd778a25df25c47b9d4155a55f8fbd79f2fe154cff"},
      {6144, "3e2e5b74e048f3add6d21faab3f83aa44d3b2278afb83b80b3c35164ebeca205"},
      {6145, "f1323a8631446cc50536a9f705ee5cb619424d46887f3c376c695b70e0f0507f"},
      {7168, "61da957ec2499a95d6b8023e2b0e604ec7f6b50e80a9678b89d2628e99ada77a"},
      {7169, "a003fc7a51754a9b3c7fae0367ab3d782dccf28855a03d435f8cfe74605e7817"},
      {8192, "aae792484c8efe4f19e2ca7d371d8c467ffb10748d8a5a1ae579948f718a2a63"},
      {8193, "bab6c09cb8ce8cf459261398d2e7aef35700bf488116ceb94a36d0f5f1b7bc3b"},
      {16384, "f875d6646de28985646f34ee13be9a576fd515f76b5b0a26bb324735041ddde4"},
      {31744, "62b6960e1a44bcc1eb1a611a8d6235b6b4b78f32e7abc4fb4c6cdcce94895c47"},
      {102400, "bc3e3d41a1146b069abffad3c0d44860cf664390afce4d9661f7902e7943e085"},
  };
  std::string input(102400, '\0');
  for (std::size_t i = 0; i < input.size(); ++i)
    input[i] = static_cast<char>(i % 251);
  // Restores the process-wide default however the test case ends (a failing REQUIRE included).
  struct ThreadsGuard {
    ~ThreadsGuard() { setThreadsPerStream(0); }
  } guard;
  for (unsigned threads : {1u, 4u}) {
    setThreadsPerStream(threads);
    const unsigned used = makeHasher("blake3")->threadsPerStream();
    if (threads > 1 && used == 1) {
      // Without the tree hasher this pass would repeat the one-thread path: say so instead.
      HASHSCOPE_SKIP_PART("BLAKE3 comes from a system library without its compression functions: the vectors "
                          "were checked on one thread only");
    } else {
      CHECK(used == threads);
      for (const Blake3Vector& v : vectors) {
        INFO("blake3 of " << v.length << " bytes, " << threads << " thread(s)");
        CHECK(hashOf("blake3", std::string_view(input).substr(0, v.length)) == v.hex);
      }
    }
  }
}
