// golden source of tests/unit/data/graph_views.json
// second line * / ? ?=
// Backend libtorch: 4 typed operator calls, 1 through the dispatcher, 0 planned intermediate buffers. Generated code: do not edit.
#include "model_runtime.hpp"

#include <ATen/core/ivalue.h>
#include <ATen/ops/add_ops.h>
#include <ATen/ops/slice_ops.h>
#include <ATen/ops/t_ops.h>
#include <ATen/ops/view_ops.h>
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
const dynx::runtime::DimSpec kDims0[] = {{6, -1}, };
const dynx::runtime::InputSpec kInputs[] = {
    {"x", DLDataType{kDLFloat, 32, 1}, 1, kDims0, kDLCPU, true},  // L['x']
};
const dynx::runtime::Signature kSignature{kInputs, 1, kSymbols, 0};
}  // namespace dynx_generated

namespace dynx_generated {
namespace {

using dynx::model::Instance;

const char kSignatureJson[] = "{\"inputs\":[{\"dtype\":\"float32\",\"name\":\"x\",\"shape\":[6],\"source\":\"L['x']\",\"value\":\"l_x\"}],\"outputs\":[{\"dtype\":\"float32\",\"name\":\"t\",\"shape\":[3,2]},{\"dtype\":\"float32\",\"name\":\"select\",\"shape\":[2]},{\"dtype\":\"float32\",\"name\":\"add\",\"shape\":[2]}],\"symbols\":[]}";
const at::ScalarType kInputDtypes[] = {at::ScalarType::Float, };
const dynx::model::WeightSpec kWeights[] = {
    {"", at::ScalarType::Float, 0, nullptr, nullptr, 0, 0, false},  // placeholder
};
// Planned intermediates: a view each, into memory slots shared by values that are never alive together.
const dynx::model::BufferSpec kBuffers[] = {
    {at::ScalarType::Float, 0, nullptr, nullptr, 0},  // placeholder
};
const uint64_t kSlotBytes[] = {0};
const char* const kBoxedOps[] = {"aten::select", "int", };

void forward(Instance& m, const at::Tensor* in, const int64_t* sym, at::Tensor* out) {
  (void)m;
  (void)in;
  (void)sym;
  const at::Tensor& v_l_x = in[0];  // user_input L['x']
  // c27_views.py:9
  at::Tensor v_view = at::_ops::view::call(v_l_x, c10::fromIntArrayRefSlow(at::IntArrayRef({int64_t{2}, int64_t{3}})));
  at::Tensor v_t = at::_ops::t::call(v_view);
  v_view.reset();
  // c27_views.py:10
  at::Tensor v_select;
  {
    std::vector<c10::IValue> stack;
    stack.reserve(3);
    stack.emplace_back(v_t);
    stack.emplace_back(int64_t{0});
    stack.emplace_back(int64_t{1});
    dynx::model::call_boxed(m, 0, stack);  // aten::select.int
    v_select = std::move(stack[0]).toTensor();
  }
  // c27_views.py:11
  at::Tensor v_slice = at::_ops::slice_Tensor::call(v_select, int64_t{0}, std::optional<c10::SymInt>(c10::SymInt(int64_t{0})), std::optional<c10::SymInt>(c10::SymInt(int64_t{2})), c10::SymInt(int64_t{1}));
  at::Tensor v_add = at::_ops::add_Tensor::call(v_slice, m.constants[0], at::Scalar(int64_t{1}));
  v_slice.reset();
  out[0] = v_t;
  out[1] = v_select;
  out[2] = v_add;
}

void make_constants(std::vector<at::Tensor>& c) {
  (void)c;
  c.push_back(dynx::model::wrapped_scalar(at::Scalar(int64_t{1})));
}

}  // namespace
}  // namespace dynx_generated

const dynx::model::ModelSpec dynx_model_spec = {
    dynx_generated::kSignatureJson, &dynx_generated::kSignature, dynx_generated::kInputDtypes, 3,
    dynx_generated::kWeights, 0,
    nullptr, 0, "model.weights",
    dynx_generated::kBuffers, 0, dynx_generated::kSlotBytes, 0,
    dynx_generated::kBoxedOps, 1,
    &dynx_generated::forward, &dynx_generated::make_constants};
