#include <doctest/doctest.h>

#include <vector>

#include "dynx/runtime/input_checks.hpp"

using namespace dynx::runtime;

namespace {

constexpr DLDataType kF32{kDLFloat, 32, 1};
constexpr DLDataType kF64{kDLFloat, 64, 1};
constexpr DLDataType kI64{kDLInt, 64, 1};

// A tensor over a buffer that owns nothing: shape and strides live in the struct.
struct Tensor {
  std::vector<int64_t> shape, strides;
  std::vector<float> data;
  DLTensor t{};
  Tensor(std::vector<int64_t> s, DLDataType dtype = kF32, std::vector<int64_t> st = {}) : shape(std::move(s)),
                                                                                          strides(std::move(st)) {
    int64_t n = 1;
    for (auto d : shape) n *= d;
    data.assign(static_cast<size_t>(n > 0 ? n : 1), 0.f);
    t.data = data.data();
    t.device = {kDLCPU, 0};
    t.ndim = static_cast<int32_t>(shape.size());
    t.dtype = dtype;
    t.shape = shape.data();
    t.strides = strides.empty() ? nullptr : strides.data();
  }
};

// x: float32[s0, 4], y: int64[s0], z: float32[3]
const DimSpec kX[] = {{0, 0}, {4, -1}};
const DimSpec kY[] = {{0, 0}};
const DimSpec kZ[] = {{3, -1}};
const InputSpec kInputs[] = {{"x", kF32, 2, kX, kDLCPU, true}, {"y", kI64, 1, kY, kDLCPU, true},
                             {"z", kF32, 1, kZ, kDLCPU, true}};
const SymbolSpec kSymbols[] = {{"s0", 2, 64}};
const Signature kSignature{kInputs, 3, kSymbols, 1};

std::string failure(Tensor& x, Tensor& y, Tensor& z) {
  const DLTensor* inputs[] = {&x.t, &y.t, &z.t};
  int64_t symbols[1];
  std::string message;
  bool ok = check_inputs(kSignature, inputs, 3, symbols, &message);
  return ok ? std::string() : message;
}

}  // namespace

TEST_CASE("inputs that match the signature pass and bind the dynamic sizes") {
  Tensor x({8, 4}), y({8}, kI64), z({3});
  const DLTensor* inputs[] = {&x.t, &y.t, &z.t};
  int64_t symbols[1] = {0};
  std::string message;
  CHECK(check_inputs(kSignature, inputs, 3, symbols, &message));
  CHECK(symbols[0] == 8);
  Tensor strided({8, 4}, kF32, {4, 1});  // explicit row-major strides are fine too
  CHECK(failure(strided, y, z).empty());
}

TEST_CASE("each way an input can be wrong is named, with the input") {
  Tensor y({8}, kI64), z({3});
  {
    Tensor x({8, 5});
    CHECK(failure(x, y, z) == "input 'x': size mismatch at dim 1: expected 4, got 5");
  }
  {
    Tensor x({8, 4}, kF64);
    CHECK(failure(x, y, z) == "input 'x': dtype mismatch: expected float32, got float64");
  }
  {
    Tensor x({8, 4, 1});
    CHECK(failure(x, y, z) == "input 'x': rank mismatch: expected 2, got 3");
  }
  {
    Tensor x({1, 4});
    CHECK(failure(x, y, z) == "input 'x': size at dim 0 is 1, outside the range 2..64 of s0");
  }
  {
    Tensor x({100, 4});
    CHECK(failure(x, y, z) == "input 'x': size at dim 0 is 100, outside the range 2..64 of s0");
  }
  {
    Tensor x({16, 4});
    CHECK(failure(x, y, z) ==
          "input 'y': size mismatch at dim 0: expected s0 = 16 (as bound by an earlier input), got 8");
  }
  {
    Tensor x({8, 4}, kF32, {1, 8});  // a transposed view
    CHECK(failure(x, y, z) == "input 'x': not contiguous: strides [1, 8] (pass a contiguous copy)");
  }
  {
    Tensor x({8, 4});
    x.t.device = {kDLCUDA, 0};
    CHECK(failure(x, y, z) == "input 'x': device mismatch: expected cpu, got cuda");
  }
  {
    Tensor x({8, 4});
    x.t.data = nullptr;
    CHECK(failure(x, y, z) == "input 'x': data is null");
  }
  {
    Tensor x({8, 4});
    const DLTensor* inputs[] = {&x.t, nullptr, &z.t};
    int64_t symbols[1];
    std::string message;
    CHECK_FALSE(check_inputs(kSignature, inputs, 3, symbols, &message));
    CHECK(message == "input 'y': is null");
    CHECK_FALSE(check_inputs(kSignature, inputs, 2, symbols, &message));
    CHECK(message == "expected 3 inputs, got 2");
    CHECK_FALSE(check_inputs(kSignature, nullptr, 3, symbols, &message));
    CHECK(message == "the inputs array is null");
  }
}

TEST_CASE("booleans match in either DLPack spelling") {
  const DimSpec dims[] = {{2, -1}};
  const InputSpec spec[] = {{"mask", DLDataType{kDLBoolCode, 8, 1}, 1, dims, kDLCPU, true}};
  const Signature sig{spec, 1, nullptr, 0};
  Tensor old_style({2}, DLDataType{kDLUInt, 1, 1}), new_style({2}, DLDataType{kDLBoolCode, 8, 1}),
      bytes({2}, DLDataType{kDLUInt, 8, 1});
  std::string message;
  for (Tensor* t : {&old_style, &new_style}) {
    const DLTensor* inputs[] = {&t->t};
    CHECK(check_inputs(sig, inputs, 1, nullptr, &message));
  }
  const DLTensor* inputs[] = {&bytes.t};
  CHECK_FALSE(check_inputs(sig, inputs, 1, nullptr, &message));
  CHECK(message == "input 'mask': dtype mismatch: expected bool, got uint8");
}

TEST_CASE("sizes whose product overflows are refused, not multiplied (found by fuzz_signature)") {
  // u: float32[s1, s1, s1] with s1 unbounded: three huge sizes that agree.
  const DimSpec dims[] = {{0, 0}, {0, 0}, {0, 0}};
  const InputSpec inputs[] = {{"u", kF32, 3, dims, kDLCPU, true}};
  const SymbolSpec symbols[] = {{"s1", 2, -1}};
  const Signature signature{inputs, 1, symbols, 1};
  int64_t shape[] = {int64_t{1} << 40, int64_t{1} << 40, int64_t{1} << 40};
  float data = 0;
  DLTensor u{};
  u.data = &data;
  u.device = {kDLCPU, 0};
  u.ndim = 3;
  u.dtype = kF32;
  u.shape = shape;
  const DLTensor* list[] = {&u};
  int64_t values[1];
  std::string message;
  CHECK_FALSE(check_inputs(signature, list, 1, values, &message));
  CHECK(message ==
        "input 'u': sizes [1099511627776, 1099511627776, 1099511627776] describe more elements than memory can hold");
}

TEST_CASE("dtype_name: every DLPack dtype a model carries, and the widths dynx has none of") {
  CHECK(dtype_name(DLDataType{kDLFloat, 32, 1}) == "float32");
  CHECK(dtype_name(DLDataType{kDLBfloat, 16, 1}) == "bfloat16");
  CHECK(dtype_name(DLDataType{kDLUInt, 8, 1}) == "uint8");
  CHECK(dtype_name(DLDataType{kDLUInt, 1, 1}) == "bool");
  CHECK(dtype_name(DLDataType{kDLBoolCode, 8, 1}) == "bool");
  CHECK(dtype_name(DLDataType{kDLBoolCode, 16, 1}) == "bool");
  CHECK(dtype_name(DLDataType{kDLComplex, 128, 1}) == "complex128");
  CHECK(dtype_name(DLDataType{kDLFloat, 8, 1}) == "float?");
  CHECK(dtype_name(DLDataType{kDLInt, 4, 1}) == "int?");
  CHECK(dtype_name(DLDataType{kDLFloat, 32, 4}) == "vector dtype");
  CHECK(dtype_name(DLDataType{kDLOpaqueHandle, 0, 1}) == "dtype code 3");
}
