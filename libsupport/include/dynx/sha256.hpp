// SHA-256, for content-addressed caches (dynx-aot's compiled objects).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace dynx {

class Sha256 {
 public:
  Sha256();
  void update(std::string_view data);
  void update(const void* data, size_t size);
  std::string hex();  // finishes; the object is spent afterwards

 private:
  void block(const unsigned char* p);
  uint32_t state_[8];
  unsigned char buffer_[64];
  size_t buffered_ = 0;
  uint64_t length_ = 0;
};

std::string sha256_hex(std::string_view data);

}  // namespace dynx
