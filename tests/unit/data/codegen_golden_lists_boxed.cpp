// golden source of tests/unit/data/graph_lists.json
// second line * / ? ?=
// Backend libtorch: 6 typed operator calls, 4 through the dispatcher, 0 planned intermediate buffers. Generated code: do not edit.
#include "model_runtime.hpp"

#include <ATen/core/ivalue.h>
#include <ATen/core/List.h>
#include <ATen/ops/_softmax_ops.h>
#include <ATen/ops/amax_ops.h>
#include <ATen/ops/select_ops.h>
#include <ATen/ops/view_ops.h>
#include <ATen/ops/where_ops.h>
#include <ATen/ops/zeros_like_ops.h>
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
const dynx::runtime::DimSpec kDims0[] = {{3, -1}, {4, -1}, };
const dynx::runtime::DimSpec kDims1[] = {{2, -1}, {3, -1}, };
const dynx::runtime::InputSpec kInputs[] = {
    {"x", DLDataType{kDLFloat, 32, 1}, 2, kDims0, kDLCPU, true},  // L['x']
    {"mask", DLDataType{dynx::runtime::kDLBoolCode, 8, 1}, 2, kDims1, kDLCPU, true},  // L['mask']
};
const dynx::runtime::Signature kSignature{kInputs, 2, kSymbols, 0};
}  // namespace dynx_generated

namespace dynx_generated {
namespace {

using dynx::model::Instance;

const char kSignatureJson[] = "{\"inputs\":[{\"dtype\":\"float32\",\"name\":\"x\",\"shape\":[3,4],\"source\":\"L['x']\",\"value\":\"l_x\"},{\"dtype\":\"bool\",\"name\":\"mask\",\"shape\":[2,3],\"source\":\"L['mask']\",\"value\":\"l_mask\"}],\"outputs\":[{\"dtype\":\"float32\",\"name\":\"split_0\",\"shape\":[3,2]},{\"dtype\":\"float32\",\"name\":\"split_1\",\"shape\":[3,2]},{\"dtype\":\"float32\",\"name\":\"unbind_0\",\"shape\":[2]},{\"dtype\":\"float32\",\"name\":\"unbind_1\",\"shape\":[2]},{\"dtype\":\"float32\",\"name\":\"unbind_2\",\"shape\":[2]},{\"dtype\":\"float32\",\"name\":\"_softmax\",\"shape\":[2,3]},{\"dtype\":\"float32\",\"name\":\"where\",\"shape\":[2,3]},{\"dtype\":\"float32\",\"name\":\"sum\",\"shape\":[1,3]},{\"dtype\":\"float32\",\"name\":\"amax\",\"shape\":[2]}],\"symbols\":[]}";
const at::ScalarType kInputDtypes[] = {at::ScalarType::Float, at::ScalarType::Bool, };
const dynx::model::WeightSpec kWeights[] = {
    {"", at::ScalarType::Float, 0, nullptr, nullptr, 0, 0, false},  // placeholder
};
// Planned intermediates: a view each, into memory slots shared by values that are never alive together.
const dynx::model::BufferSpec kBuffers[] = {
    {at::ScalarType::Float, 0, nullptr, nullptr, 0},  // placeholder
};
const uint64_t kSlotBytes[] = {0};
const char* const kBoxedOps[] = {"aten::split", "Tensor", "aten::unbind", "int", "aten::cat", "", "aten::sum", "dim_IntList", };

void forward(Instance& m, const at::Tensor* in, const int64_t* sym, at::Tensor* out) {
  (void)m;
  (void)in;
  (void)sym;
  const at::Tensor& v_l_x = in[0];  // user_input L['x']
  const at::Tensor& v_l_mask = in[1];  // user_input L['mask']
  // lists.py:6
  at::Tensor v_split_0;
  at::Tensor v_split_1;
  {
    std::vector<c10::IValue> stack;
    stack.reserve(3);
    stack.emplace_back(v_l_x);
    stack.emplace_back(int64_t{2});
    stack.emplace_back(int64_t{1});
    dynx::model::call_boxed(m, 0, stack);  // aten::split.Tensor
    std::vector<at::Tensor> v_r_split = stack[0].toTensorVector();
    TORCH_CHECK(v_r_split.size() == 2, "aten::split.Tensor returned a different number of tensors than when captured");
    v_split_0 = std::move(v_r_split[0]);
    v_split_1 = std::move(v_r_split[1]);
  }
  // lists.py:7
  at::Tensor v_unbind_0;
  at::Tensor v_unbind_1;
  at::Tensor v_unbind_2;
  {
    std::vector<c10::IValue> stack;
    stack.reserve(2);
    stack.emplace_back(v_split_0);
    stack.emplace_back(int64_t{0});
    dynx::model::call_boxed(m, 1, stack);  // aten::unbind.int
    std::vector<at::Tensor> v_r_unbind = stack[0].toTensorVector();
    TORCH_CHECK(v_r_unbind.size() == 3, "aten::unbind.int returned a different number of tensors than when captured");
    v_unbind_0 = std::move(v_r_unbind[0]);
    v_unbind_1 = std::move(v_r_unbind[1]);
    v_unbind_2 = std::move(v_r_unbind[2]);
  }
  // lists.py:8
  at::Tensor v_select = at::_ops::select_int::call(v_split_1, int64_t{0}, c10::SymInt(int64_t{1}));
  at::Tensor v_cat;
  {
    std::vector<c10::IValue> stack;
    stack.reserve(2);
    stack.emplace_back(c10::List<at::Tensor>({v_unbind_0, v_select, v_unbind_1}));
    stack.emplace_back(int64_t{0});
    dynx::model::call_boxed(m, 2, stack);  // aten::cat.default
    v_cat = std::move(stack[0]).toTensor();
  }
  v_select.reset();
  at::Tensor v_view = at::_ops::view::call(v_cat, c10::fromIntArrayRefSlow(at::IntArrayRef({int64_t{2}, int64_t{3}})));
  v_cat.reset();
  // lists.py:9
  at::Tensor v_softmax = at::_ops::_softmax::call(v_view, int64_t{-1}, false);
  v_view.reset();
  // lists.py:10
  at::Tensor v_zeros_like = at::_ops::zeros_like::call(v_softmax, std::nullopt, std::nullopt, std::nullopt, std::optional<bool>(false), std::nullopt);
  at::Tensor v_where = at::_ops::where_self::call(v_l_mask, v_softmax, v_zeros_like);
  v_zeros_like.reset();
  // lists.py:11
  at::Tensor v_sum;
  {
    std::vector<c10::IValue> stack;
    stack.reserve(4);
    stack.emplace_back(v_where);
    stack.emplace_back(std::vector<int64_t>{int64_t{0}});
    stack.emplace_back(true);
    stack.emplace_back(c10::IValue());
    dynx::model::call_boxed(m, 3, stack);  // aten::sum.dim_IntList
    v_sum = std::move(stack[0]).toTensor();
  }
  at::Tensor v_amax = at::_ops::amax::call(v_where, at::IntArrayRef({int64_t{1}}), false);
  out[0] = v_split_0;
  out[1] = v_split_1;
  out[2] = v_unbind_0;
  out[3] = v_unbind_1;
  out[4] = v_unbind_2;
  out[5] = v_softmax;
  out[6] = v_where;
  out[7] = v_sum;
  out[8] = v_amax;
}

void make_constants(std::vector<at::Tensor>& c) {
  (void)c;
}

}  // namespace
}  // namespace dynx_generated

extern "C" const unsigned char dynx_weights_data[];
extern "C" const uint64_t dynx_weights_size;

const dynx::model::ModelSpec dynx_model_spec = {
    dynx_generated::kSignatureJson, &dynx_generated::kSignature, dynx_generated::kInputDtypes, 9,
    dynx_generated::kWeights, 0,
    dynx_weights_data, dynx_weights_size, "",
    dynx_generated::kBuffers, 0, dynx_generated::kSlotBytes, 0,
    dynx_generated::kBoxedOps, 4,
    &dynx_generated::forward, &dynx_generated::make_constants};
