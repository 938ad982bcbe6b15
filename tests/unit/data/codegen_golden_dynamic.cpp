// golden source of tests/unit/data/graph_dynamic.json
// second line * / ? ?=
// Backend libtorch: 4 typed operator calls, 0 through the dispatcher, 0 planned intermediate buffers. Generated code: do not edit.
#include "model_runtime.hpp"

#include <ATen/ops/mm_ops.h>
#include <ATen/ops/relu_ops.h>
#include <ATen/ops/sum_ops.h>
#include <ATen/ops/view_ops.h>
#include <array>
#include <limits>
#include <tuple>
#include <utility>
#include <vector>

// The model's signature, read by its input checks.
namespace dynx_generated {
const dynx::runtime::SymbolSpec kSymbols[] = {
    {"s0", 2, -1},
};
const dynx::runtime::DimSpec kDims0[] = {{0, 0}, {4, -1}, };
const dynx::runtime::DimSpec kDims1[] = {{4, -1}, {6, -1}, };
const dynx::runtime::InputSpec kInputs[] = {
    {"x", DLDataType{kDLFloat, 32, 1}, 2, kDims0, kDLCPU, true},  // L['x']
    {"w", DLDataType{kDLFloat, 32, 1}, 2, kDims1, kDLCPU, true},  // L['w']
};
const dynx::runtime::Signature kSignature{kInputs, 2, kSymbols, 1};
}  // namespace dynx_generated

namespace dynx_generated {
namespace {

using dynx::model::Instance;

const char kSignatureJson[] = "{\"inputs\":[{\"dtype\":\"float32\",\"name\":\"x\",\"shape\":[\"s0\",4],\"source\":\"L['x']\",\"value\":\"l_x\"},{\"dtype\":\"float32\",\"name\":\"w\",\"shape\":[4,6],\"source\":\"L['w']\",\"value\":\"l_w\"}],\"outputs\":[{\"dtype\":\"float32\",\"name\":\"sum\",\"shape\":[\"s0\",3]}],\"symbols\":[{\"max\":null,\"min\":2,\"name\":\"s0\",\"source\":\"L['x'].size()[0]\"}]}";
const at::ScalarType kInputDtypes[] = {at::ScalarType::Float, at::ScalarType::Float, };
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
  const at::Tensor& v_l_w = in[1];  // user_input L['w']
  const int64_t s0 = sym[0];  // L['x'].size()[0]
  (void)s0;
  // d1.py:4
  at::Tensor v_mm = at::_ops::mm::call(v_l_x, v_l_w);
  at::Tensor v_relu = at::_ops::relu::call(v_mm);
  v_mm.reset();
  at::Tensor v_view = at::_ops::view::call(v_relu, c10::fromIntArrayRefSlow(at::IntArrayRef({s0, int64_t{-1}, int64_t{2}})));
  v_relu.reset();
  at::Tensor v_sum = at::_ops::sum_dim_IntList::call(v_view, at::OptionalIntArrayRef(at::IntArrayRef({int64_t{-1}})), false, std::nullopt);
  v_view.reset();
  out[0] = v_sum;
}

void make_constants(std::vector<at::Tensor>& c) {
  (void)c;
}

}  // namespace
}  // namespace dynx_generated

extern "C" const unsigned char dynx_weights_data[];
extern "C" const uint64_t dynx_weights_size;

const dynx::model::ModelSpec dynx_model_spec = {
    dynx_generated::kSignatureJson, &dynx_generated::kSignature, dynx_generated::kInputDtypes, 1,
    dynx_generated::kWeights, 0,
    dynx_weights_data, dynx_weights_size, "",
    dynx_generated::kBuffers, 0, dynx_generated::kSlotBytes, 0,
    dynx_generated::kBoxedOps, 0,
    &dynx_generated::forward, &dynx_generated::make_constants};
