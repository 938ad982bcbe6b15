#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <filesystem>

#include "dynx/export/runner.hpp"
#include "dynx/files.hpp"

using namespace dynx;
using namespace dynx::runner;
namespace fs = std::filesystem;

namespace {

HostTensor floats(std::vector<int64_t> shape, std::vector<float> values) {
  HostTensor t;
  t.dtype = "float32";
  t.shape = std::move(shape);
  t.data.resize(values.size() * sizeof(float));
  std::memcpy(t.data.data(), values.data(), t.data.size());
  return t;
}

}  // namespace

TEST_CASE("dtype sizes and DLPack types") {
  CHECK(dtype_size("float32") == 4);
  CHECK(dtype_size("bfloat16") == 2);
  CHECK(dtype_size("bool") == 1);
  CHECK(dtype_size("complex128") == 16);
  CHECK(dtype_size("float8") == 0);
  auto dt = dl_dtype("int64");
  REQUIRE(dt.has_value());
  CHECK(dt->code == kDLInt);
  CHECK(dt->bits == 64);
  CHECK(dt->lanes == 1);
  CHECK(dl_dtype("bool")->code == 6);
  CHECK(dl_dtype("nope").error().message == "unknown dtype nope");
}

TEST_CASE(".npy files round-trip, with the header NumPy writes") {
  TempDir temp;
  REQUIRE(temp.create(fs::temp_directory_path(), "dynx-runner-test-").has_value());
  const fs::path& dir = temp.path();
  HostTensor t = floats({2, 3}, {1, 2, 3, 4, 5, 6});
  std::string path = (dir / "t.npy").string();
  REQUIRE(write_npy(path, t.view()).has_value());
  auto bytes = read_file(path);
  REQUIRE(bytes.has_value());
  CHECK(bytes->size() % 64 == 24 % 64);  // 64-byte aligned header + 24 bytes of data
  CHECK(bytes->find("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }") == 10);
  auto back = read_npy(path);
  REQUIRE(back.has_value());
  CHECK(back->dtype == "float32");
  CHECK(back->shape == std::vector<int64_t>{2, 3});
  CHECK(back->data == t.data);
  HostTensor flags;
  flags.dtype = "bool";
  flags.shape = {3};
  flags.data = {1, 0, 1};
  REQUIRE(write_npy(path, flags.view()).has_value());
  CHECK(read_file(path)->find("'descr': '|b1'") != std::string::npos);
  CHECK(read_file(path)->find("'shape': (3,)") != std::string::npos);
  CHECK(read_npy((dir / "missing.npy").string()).error().message.find("No such file or directory") !=
        std::string::npos);
}

TEST_CASE("parse_npy names what it refuses") {
  CHECK(parse_npy("hello", "x.npy").error().message == "x.npy: not a .npy file");  // and the others in ".npy: ..."
  auto npy = [](const std::string& header) {
    std::string text = "\x93NUMPY";
    text += '\x01';
    text += '\x00';
    std::string h = header + "\n";
    text += static_cast<char>(h.size());
    text += '\x00';
    return text + h;
  };
  CHECK(parse_npy(npy("{'descr': '>f4', 'fortran_order': False, 'shape': (1,), }"), "b.npy").error().message ==
        "b.npy: big-endian data is not supported");
  CHECK(parse_npy(npy("{'descr': '<U4', 'fortran_order': False, 'shape': (1,), }"), "u.npy").error().message ==
        "u.npy: unsupported dtype '<U4'");
  // The shape is a tuple of non-negative integers, or the file is malformed.
  auto shape_of = [&](const std::string& shape) {
    std::string data(2 * 8 * 32 * 4, '\0');
    auto t = parse_npy(npy("{'descr': '<f4', 'fortran_order': False, 'shape': " + shape + ", }") + data, "s.npy");
    return t ? std::string("ok ") + std::to_string(t->shape.size()) : t.error().message;
  };
  CHECK(shape_of("(2, 8, 32)") == "ok 3");
  CHECK(shape_of("(4,)") == "ok 1");
  CHECK(shape_of("()") == "ok 0");
  CHECK(shape_of("(-2, 8, 32)") == "s.npy: malformed header: the shape (-2, 8, 32) is not a tuple of sizes");
  CHECK(shape_of("(2.0, 8, 32)") == "s.npy: malformed header: the shape (2.0, 8, 32) is not a tuple of sizes");
  CHECK(shape_of("(2,, 8)") == "s.npy: malformed header: the shape (2,, 8) is not a tuple of sizes");
  CHECK(shape_of("(,)") == "s.npy: malformed header: the shape (,) is not a tuple of sizes");
}

TEST_CASE("to_host copies a strided view densely") {
  HostTensor t = floats({2, 3}, {1, 2, 3, 4, 5, 6});
  DLTensor view = t.view();
  int64_t shape[] = {3, 2};
  int64_t strides[] = {1, 3};  // the transpose
  view.shape = shape;
  view.strides = strides;
  auto host = to_host(view);
  REQUIRE(host.has_value());
  CHECK(host->shape == std::vector<int64_t>{3, 2});
  CHECK(host->data == floats({3, 2}, {1, 4, 2, 5, 3, 6}).data);
}

TEST_CASE("compare: NaN against NaN, the largest difference, dtype mismatch") {
  HostTensor expected = floats({4}, {1, 2, 3, NAN});
  CHECK(compare("y", expected, expected, 0, 0).ok());
  Comparison c = compare("y", floats({4}, {1, 2.0001f, 4, NAN}), expected, 1e-3, 0);
  CHECK(c.count == 4);
  CHECK(c.differing == 2);
  CHECK(c.outside == 1);
  CHECK(c.max_abs == doctest::Approx(1.0));
  CHECK_FALSE(c.ok());
  HostTensor doubles = expected;
  doubles.dtype = "float64";
  CHECK_FALSE(compare("y", doubles, expected, 1, 1).dtype_ok);
}

TEST_CASE(".npy: versions, dtypes, and malformed files") {
  std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }";
  std::string file = std::string("\x93NUMPY\x01\x00", 8);
  file += static_cast<char>(header.size());
  file += '\0';
  file += header + std::string(24, '\0');
  auto t = parse_npy(file, "x.npy");
  REQUIRE(t);
  CHECK(t->dtype == "float32");
  CHECK(t->shape == std::vector<int64_t>{2, 3});

  auto truncated = parse_npy(file.substr(0, file.size() - 1), "x.npy");
  REQUIRE_FALSE(truncated);
  CHECK(truncated.error().message == "x.npy: truncated: the shape needs 24 bytes of data, the file has 23");
  CHECK_FALSE(parse_npy("hello", "x.npy"));
  std::string fortran = file;
  fortran.replace(fortran.find("False"), 5, "True ");
  CHECK(parse_npy(fortran, "x.npy").error().message.find("Fortran") != std::string::npos);
  std::string object = file;
  object.replace(object.find("<f4"), 3, "|O8");
  CHECK_FALSE(parse_npy(object, "x.npy"));
}

TEST_CASE("compare: bitwise, within tolerance, outside, shape mismatch") {
  HostTensor a{"float32", {2}, std::vector<unsigned char>(8)};
  HostTensor b = a;
  float one = 1.0f, close = 1.00001f, far = 2.0f;
  std::memcpy(a.data.data(), &one, 4);
  std::memcpy(b.data.data(), &one, 4);
  CHECK(compare("o", a, b, 1e-5, 1e-4).differing == 0);
  std::memcpy(b.data.data(), &close, 4);
  auto c = compare("o", a, b, 1e-5, 1e-4);
  CHECK(c.differing == 1);
  CHECK(c.ok());
  std::memcpy(b.data.data(), &far, 4);
  CHECK_FALSE(compare("o", a, b, 1e-5, 1e-4).ok());
  b.shape = {1, 2};
  CHECK_FALSE(compare("o", a, b, 1e-5, 1e-4).shape_ok);
}
