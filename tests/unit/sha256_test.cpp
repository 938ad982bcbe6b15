#include <doctest/doctest.h>

#include <string>

#include "dynx/sha256.hpp"

using namespace dynx;

// Vectors from FIPS 180-2 (appendix B) and the NIST example values.
TEST_CASE("sha256 of the standard vectors") {
  CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  // 56 bytes: the padding needs a second block.
  CHECK(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST_CASE("sha256 of a million 'a's fed in chunks") {
  Sha256 h;
  std::string chunk(1000, 'a');
  for (int i = 0; i < 1000; ++i) h.update(chunk);
  CHECK(h.hex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("the digest does not depend on how the data is split") {
  std::string data;
  for (int i = 0; i < 300; ++i) data += static_cast<char>(i * 7);
  std::string whole = sha256_hex(data);
  for (size_t step : {1u, 3u, 63u, 64u, 65u, 127u}) {
    Sha256 h;
    for (size_t at = 0; at < data.size(); at += step) {
      std::string_view part = std::string_view(data).substr(at, step);
      h.update(part.data(), part.size());
    }
    CHECK(h.hex() == whole);
  }
}
