// The readers of untrusted tensor files: safetensors headers and .npy files.
#include <doctest/doctest.h>

#include <cstring>
#include <string>

#include "dynx/export/runner.hpp"
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

TEST_CASE(".npy: versions, dtypes, and malformed files") {
  std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }";
  std::string file = std::string("\x93NUMPY\x01\x00", 8);
  file += static_cast<char>(header.size());
  file += '\0';
  file += header + std::string(24, '\0');
  auto t = runner::parse_npy(file, "x.npy");
  REQUIRE(t);
  CHECK(t->dtype == "float32");
  CHECK(t->shape == std::vector<int64_t>{2, 3});

  auto truncated = runner::parse_npy(file.substr(0, file.size() - 1), "x.npy");
  REQUIRE_FALSE(truncated);
  CHECK(truncated.error().message == "x.npy: truncated: the shape needs 24 bytes of data, the file has 23");
  CHECK_FALSE(runner::parse_npy("hello", "x.npy"));
  std::string fortran = file;
  fortran.replace(fortran.find("False"), 5, "True ");
  CHECK(runner::parse_npy(fortran, "x.npy").error().message.find("Fortran") != std::string::npos);
  std::string object = file;
  object.replace(object.find("<f4"), 3, "|O8");
  CHECK_FALSE(runner::parse_npy(object, "x.npy"));
}

TEST_CASE("compare: bitwise, within tolerance, outside, shape mismatch") {
  runner::HostTensor a{"float32", {2}, std::vector<unsigned char>(8)};
  runner::HostTensor b = a;
  float one = 1.0f, close = 1.00001f, far = 2.0f;
  std::memcpy(a.data.data(), &one, 4);
  std::memcpy(b.data.data(), &one, 4);
  CHECK(runner::compare("o", a, b, 1e-5, 1e-4).differing == 0);
  std::memcpy(b.data.data(), &close, 4);
  auto c = runner::compare("o", a, b, 1e-5, 1e-4);
  CHECK(c.differing == 1);
  CHECK(c.ok());
  std::memcpy(b.data.data(), &far, 4);
  CHECK_FALSE(runner::compare("o", a, b, 1e-5, 1e-4).ok());
  b.shape = {1, 2};
  CHECK_FALSE(runner::compare("o", a, b, 1e-5, 1e-4).shape_ok);
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
