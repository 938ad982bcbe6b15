// golden source of tests/unit/data/graph_no_grad.json
// second line * / ? ?=
// Backend libtorch: 4 typed operator calls, 0 through the dispatcher, 2 planned intermediate buffers. Generated code: do not edit.
#include "model_runtime.hpp"

#include <ATen/ops/abs_ops.h>
#include <ATen/ops/div_ops.h>
#include <ATen/ops/max_ops.h>
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

const char kSignatureJson[] = "{\"inputs\":[{\"dtype\":\"float32\",\"name\":\"x\",\"shape\":[3],\"source\":\"L['x']\",\"value\":\"l_x\"}],\"outputs\":[{\"dtype\":\"float32\",\"name\":\"max\",\"shape\":[]},{\"dtype\":\"float32\",\"name\":\"div\",\"shape\":[3]}],\"symbols\":[]}";
const at::ScalarType kInputDtypes[] = {at::ScalarType::Float, };
const int64_t kWeightSizes0[] = {3}, kWeightStrides0[] = {1};
const dynx::model::WeightSpec kWeights[] = {
    {"w.l_w", at::ScalarType::Float, 1, kWeightSizes0, kWeightStrides0, 0u, 12u, false},
};
const int64_t kBufferSizes0[] = {3}, kBufferStrides0[] = {1};
const int64_t kBufferSizes1[] = {3}, kBufferStrides1[] = {1};
// Planned intermediates: a view each, into memory slots shared by values that are never alive together.
const dynx::model::BufferSpec kBuffers[] = {
    {at::ScalarType::Float, 1, kBufferSizes0, kBufferStrides0, 0},
    {at::ScalarType::Float, 1, kBufferSizes1, kBufferStrides1, 0},
};
const uint64_t kSlotBytes[] = {64u, };
const char* const kBoxedOps[] = {nullptr};

void forward(Instance& m, const at::Tensor* in, const int64_t* sym, at::Tensor* out) {
  (void)m;
  (void)in;
  (void)sym;
  const at::Tensor& v_l_w = m.weights[0];  // parameter L['w']
  const at::Tensor& v_l_x = in[0];  // user_input L['x']
  // c32_no_grad.py:10
  at::_ops::abs_out::call(v_l_w, m.buffers[0]);
  const at::Tensor& v_abs = m.buffers[0];
  at::Tensor v_max = at::_ops::max::call(v_abs);
  // c32_no_grad.py:11
  at::_ops::mul_out::call(v_l_w, v_l_x, m.buffers[1]);
  const at::Tensor& v_mul = m.buffers[1];
  at::Tensor v_div = at::_ops::div_Tensor::call(v_mul, v_max);
  out[0] = v_max;
  out[1] = v_div;
}

void make_constants(std::vector<at::Tensor>& c) {
  (void)c;
}

}  // namespace
}  // namespace dynx_generated

extern "C" const unsigned char dynx_weights_data[];
extern "C" const uint64_t dynx_weights_size;

const dynx::model::ModelSpec dynx_model_spec = {
    dynx_generated::kSignatureJson, &dynx_generated::kSignature, dynx_generated::kInputDtypes, 2,
    dynx_generated::kWeights, 1,
    dynx_weights_data, dynx_weights_size, "",
    dynx_generated::kBuffers, 2, dynx_generated::kSlotBytes, 1,
    dynx_generated::kBoxedOps, 0,
    &dynx_generated::forward, &dynx_generated::make_constants};
