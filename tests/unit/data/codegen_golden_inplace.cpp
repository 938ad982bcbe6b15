// golden source of tests/unit/data/graph_inplace.json
// second line * / ? ?=
// Backend libtorch: 3 typed operator calls, 0 through the dispatcher, 0 planned intermediate buffers. Generated code: do not edit.
#include "model_runtime.hpp"

#include <ATen/ops/add_ops.h>
#include <ATen/ops/clone_ops.h>
#include <ATen/ops/mul_ops.h>
#include <array>
#include <limits>
#include <tuple>
#include <utility>
#include <vector>

// The model's signature, read by its input checks.
namespace dynx_generated {
const dynx::runtime::SymbolSpec kSymbols[] = {
    {"", 0, -1},  // none: a placeholder (no empty arrays in C++)
};
const dynx::runtime::DimSpec kDims0[] = {{3, -1}, };
const dynx::runtime::InputSpec kInputs[] = {
    {"x", DLDataType{kDLFloat, 32, 1}, 1, kDims0, kDLCPU, true},  // L['x']
};
const dynx::runtime::Signature kSignature{kInputs, 1, kSymbols, 0};
}  // namespace dynx_generated

namespace dynx_generated {
namespace {

using dynx::model::Instance;

const char kSignatureJson[] = "{\"inputs\":[{\"dtype\":\"float32\",\"name\":\"x\",\"shape\":[3],\"source\":\"L['x']\",\"value\":\"l_x\"}],\"outputs\":[{\"dtype\":\"float32\",\"name\":\"clone\",\"shape\":[3]},{\"dtype\":\"float32\",\"name\":\"add_\",\"shape\":[3]},{\"dtype\":\"float32\",\"name\":\"mul_\",\"shape\":[3]}],\"symbols\":[]}";
const at::ScalarType kInputDtypes[] = {at::ScalarType::Float, };
const dynx::model::WeightSpec kWeights[] = {
    {"", at::ScalarType::Float, 0, nullptr, nullptr, 0, 0, false},  // placeholder
};
// Planned intermediates: a view each, into memory slots shared by values that are never alive together.
const dynx::model::BufferSpec kBuffers[] = {
    {at::ScalarType::Float, 0, nullptr, nullptr, 0},  // placeholder
};
const uint64_t kSlotBytes[] = {0};
const char* const kBoxedOps[] = {nullptr};

void forward(Instance& m, const at::Tensor* in, const int64_t* sym, at::Tensor* out) {
  (void)m;
  (void)in;
  (void)sym;
  const at::Tensor& v_l_x = in[0];  // user_input L['x']
  // c26_inplace.py:9
  at::Tensor v_clone = at::_ops::clone::call(v_l_x, std::nullopt);
  // c26_inplace.py:10
  at::Tensor v_add = at::_ops::add__Tensor::call(const_cast<at::Tensor&>(v_clone), m.constants[0], at::Scalar(int64_t{1}));
  // c26_inplace.py:11
  at::Tensor v_mul = at::_ops::mul__Tensor::call(const_cast<at::Tensor&>(v_add), m.constants[1]);
  out[0] = v_clone;
  out[1] = v_add;
  out[2] = v_mul;
}

void make_constants(std::vector<at::Tensor>& c) {
  (void)c;
  c.push_back(dynx::model::wrapped_scalar(at::Scalar(int64_t{1})));
  c.push_back(dynx::model::wrapped_scalar(at::Scalar(int64_t{3})));
}

}  // namespace
}  // namespace dynx_generated

extern "C" const unsigned char dynx_weights_data[];
extern "C" const uint64_t dynx_weights_size;

const dynx::model::ModelSpec dynx_model_spec = {
    dynx_generated::kSignatureJson, &dynx_generated::kSignature, dynx_generated::kInputDtypes, 3,
    dynx_generated::kWeights, 0,
    dynx_weights_data, dynx_weights_size, "",
    dynx_generated::kBuffers, 0, dynx_generated::kSlotBytes, 0,
    dynx_generated::kBoxedOps, 0,
    &dynx_generated::forward, &dynx_generated::make_constants};
