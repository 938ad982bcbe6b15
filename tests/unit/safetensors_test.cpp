// The reader of untrusted safetensors headers (the .npy reader is runner.cpp's: runner_test.cpp).
#include <doctest/doctest.h>

#include <string>

#include "dynx/runtime/safetensors.hpp"

using namespace dynx;

namespace {

std::string safetensors(const std::string& header, size_t data_bytes) {
  std::string out(8, '\0');
  for (int i = 0; i < 8; ++i) out[static_cast<size_t>(i)] = static_cast<char>((header.size() >> (8 * i)) & 0xff);
  return out + header + std::string(data_bytes, '\x01');
}

bool parse(const std::string& file, std::string* error, runtime::SafetensorsHeader* header = nullptr) {
  runtime::SafetensorsHeader h;
  return runtime::parse_safetensors(reinterpret_cast<const unsigned char*>(file.data()), file.size(),
                                    header ? header : &h, error);
}

}  // namespace

TEST_CASE("safetensors: a good file, and each way a header can lie") {
  std::string error;
  runtime::SafetensorsHeader h;
  REQUIRE(parse(safetensors(R"({"w":{"dtype":"F32","shape":[2,3],"data_offsets":[0,24]},"__metadata__":{"a":"b"}})", 24),
                &error, &h));
  REQUIRE(h.entries.size() == 1);
  CHECK(h.entries[0].shape == std::vector<int64_t>{2, 3});
  CHECK(h.metadata.at("a") == "b");
  CHECK(h.find("w") != nullptr);

  CHECK_FALSE(parse("abc", &error));
  CHECK(error == "truncated: 3 bytes, not even a header length");
  CHECK_FALSE(parse(safetensors("{", 0), &error));
  CHECK(error == "the header is not valid JSON");
  CHECK_FALSE(parse(safetensors(R"({"w":{"dtype":"F32","shape":[2,3],"data_offsets":[0,24]}})", 23), &error));
  CHECK(error.rfind("truncated: tensor 'w' ends at byte", 0) == 0);
  CHECK_FALSE(parse(safetensors(R"({"w":{"dtype":"F32","shape":[2,3],"data_offsets":[0,20]}})", 24), &error));
  CHECK(error == "tensor 'w': data_offsets hold 20 bytes, the shape needs 24");
  CHECK_FALSE(parse(safetensors(R"({"w":{"dtype":"X9","shape":[1],"data_offsets":[0,1]}})", 1), &error));
  CHECK(error == "tensor 'w': unknown dtype X9");
  CHECK_FALSE(parse(safetensors(R"({"w":{"dtype":"F32","shape":[-1],"data_offsets":[0,4]}})", 4), &error));
  CHECK_FALSE(parse(safetensors(R"({"w":{"dtype":"F32","shape":[4611686018427387904,4],"data_offsets":[0,4]}})", 4),
                    &error));
  CHECK_FALSE(parse(safetensors(R"({"w":{"dtype":"F32","shape":[1],"data_offsets":[8,4]}})", 8), &error));
  std::string huge(8, '\xff');
  CHECK_FALSE(parse(huge, &error));
  CHECK(error.find("implausible") != std::string::npos);
}

TEST_CASE("safetensors dtype names: sizes and torch names, exact names only") {
  CHECK(runtime::safetensors_dtype_size("BF16") == 2);
  CHECK(runtime::safetensors_dtype_size("C128") == 16);
  CHECK(runtime::safetensors_dtype_size("X9") == 0);
  CHECK(runtime::safetensors_dtype("bool") == "BOOL");
  CHECK(runtime::safetensors_dtype("torch.float32").empty());
  CHECK(runtime::torch_dtype("I8") == "int8");
  CHECK(runtime::torch_dtype("f32").empty());
}

TEST_CASE("view_bytes: the bytes a strided view reads, refused when negative or past 64 bits") {
  auto bytes = [](std::vector<int64_t> sizes, std::vector<int64_t> strides, int64_t offset, size_t item) {
    uint64_t n = 0;
    return runtime::view_bytes(sizes.data(), strides.data(), sizes.size(), offset, item, &n) ? int64_t(n) : -1;
  };
  CHECK(bytes({2, 3}, {3, 1}, 0, 4) == 24);
  CHECK(bytes({2, 2}, {2, 1}, 1, 4) == 20);       // elements 0..4 (it starts at 1)
  CHECK(bytes({}, {}, 5, 8) == 48);               // a scalar at element 5
  CHECK(bytes({3, 0}, {1, 1}, 1000, 4) == 0);     // empty: reads nothing
  CHECK(bytes({3}, {0}, 0, 4) == 4);              // broadcast
  CHECK(bytes({-1}, {1}, 0, 4) == -1);
  CHECK(bytes({2}, {-1}, 0, 4) == -1);
  CHECK(bytes({2}, {1}, -1, 4) == -1);
  CHECK(bytes({(int64_t{1} << 62) + 1, 32}, {32, 1}, 0, 4) == -1);  // the element count overflows
  CHECK(bytes({int64_t{1} << 61}, {1}, 0, 8) == -1);                // the byte count overflows
  CHECK(bytes({2, 2}, {INT64_MAX, 1}, 0, 1) == -1);
  CHECK(bytes({1}, {1}, INT64_MAX, 1) == -1);
}
