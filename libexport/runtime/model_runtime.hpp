// The part of every model.so that does not change with the graph: the C API
// (dynx/model.h), weights, planned buffers, input checks, outputs handed over
// as DLPack. The code dynx-aot generates defines
// a ModelSpec per cache entry (the tables and the forward function this
// runtime calls) and the table of entries declared at the end.
//
// Compiled by dynx-aot against the torch it finds (not by dynx's own build):
// this header includes torch's, so only generated models include it.
#pragma once

#include <ATen/core/Tensor.h>
#include <c10/core/ScalarType.h>
#include <c10/util/ArrayRef.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <vector>

#include "dynx/model.h"
#include "dynx/runtime/input_checks.hpp"
#include "model_common.hpp"

namespace dynx::model {

// A weight: where its bytes are in the weights blob and how to view them.
struct WeightSpec {
  const char* name;       // key in the weights file
  at::ScalarType dtype;
  int32_t ndim;
  const int64_t* sizes;
  const int64_t* strides;
  uint64_t offset;        // bytes from the start of the data section
  uint64_t nbytes;
  bool copy;              // the graph writes to it: the instance owns a copy
};

// An intermediate the graph computes into the same memory on every run
// (static shapes, an operator with an out= variant).
struct BufferSpec {
  at::ScalarType dtype;
  int32_t ndim;
  const int64_t* sizes;
  const int64_t* strides;
  size_t slot;  // the memory it is a view of (slots are shared by values never alive together)
};

struct Instance;
using ForwardFn = void (*)(Instance& m, const at::Tensor* inputs, const int64_t* symbols, at::Tensor* outputs);

struct ModelSpec {
  const char* signature_json;
  const runtime::Signature* signature;
  const at::ScalarType* input_dtypes;
  size_t output_count;
  const WeightSpec* weights;
  size_t weight_count;
  const unsigned char* embedded_weights;  // the safetensors bytes, or nullptr: external
  uint64_t embedded_size;
  const char* weights_file;  // file name beside the .so (external weights)
  const BufferSpec* buffers;
  size_t buffer_count;
  const uint64_t* slot_bytes;
  size_t slot_count;
  const char* const* boxed_ops;  // "aten::name" and overload, pairwise
  size_t boxed_count;
  ForwardFn forward;
  void (*make_constants)(std::vector<at::Tensor>& constants);  // numbers passed where a Tensor goes
};

struct Instance;

// Operators called through the dispatcher with boxed values (no generated
// typed call for them); `op` indexes ModelSpec::boxed_ops.
void call_boxed(Instance& m, size_t op, std::vector<c10::IValue>& stack);

// A Python number passed where an operator takes a Tensor (x * 2.0), as
// eager PyTorch passes it: a 0-dim "wrapped number" tensor, which does not
// take part in type promotion like a real tensor would.
at::Tensor wrapped_scalar(const at::Scalar& value);

struct Instance {
  Instance() = default;
  Instance(const Instance&) = delete;
  Instance& operator=(const Instance&) = delete;
  ~Instance();  // releases the dispatcher handles
  std::vector<at::Tensor> constants;
  std::vector<at::Tensor> weights;
  std::vector<at::Tensor> buffers;
  std::vector<const void*> boxed;  // c10::OperatorHandle*, resolved at create
  std::vector<int64_t> symbols;
  std::vector<at::Tensor> inputs, outputs;
};

// floordiv and pymod (size expressions of dynamic graphs): model_common.hpp.

}  // namespace dynx::model

// What dynx-aot generates beside the entries: the model's cache entries in
// the order a call tries them (each a ModelSpec, the first whose input checks
// accept the inputs runs), their graph ids, and the signature the C API
// reports (one entry's, or the entries' merged, with each entry's own).
// Every entry takes the same inputs and gives the same outputs by count.
extern const dynx::model::ModelSpec* const dynx_model_entries[];
extern const char* const dynx_model_entry_names[];
extern const size_t dynx_model_entry_count;
extern const char dynx_model_signature_json[];
