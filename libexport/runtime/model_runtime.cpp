// The runtime of every model.so (see model_runtime.hpp).
#include "model_runtime.hpp"

#include <ATen/core/dispatch/Dispatcher.h>
#include <ATen/core/ivalue.h>
#include <ATen/ops/empty.h>
#include <ATen/ops/empty_strided.h>
#include <ATen/ops/from_blob.h>
#include <ATen/ops/scalar_tensor.h>
#include <ATen/Parallel.h>
#include <c10/core/InferenceMode.h>
#include <c10/util/Exception.h>
#include <dlfcn.h>

#include <atomic>
#include <cstring>
#include <exception>
#include <memory>
#include <string>

#include "dynx/dtypes.hpp"
#include "dynx/runtime/safetensors.hpp"

namespace dynx::model {

struct Mapping {
  runtime::MappedFile file;
};

Instance::~Instance() {
  for (const void* op : boxed) delete static_cast<const c10::OperatorHandle*>(op);
}

}  // namespace dynx::model

namespace {

using dynx::model::Instance;

using dynx::model::common::fail;
using dynx::model::common::t_last_error;

// A model instance: one Instance per cache entry (each with its own
// weights' views, buffers and handles), over one mapping of the weights.
struct Model {
  Model() = default;
  Model(const Model&) = delete;
  Model& operator=(const Model&) = delete;
  ~Model() {
    entries.clear();  // their weights point into the mapping
    delete mapping;
  }
  std::vector<std::unique_ptr<Instance>> entries;
  dynx::model::Mapping* mapping = nullptr;
  std::vector<std::string> refusals;  // per entry: why its checks refused the inputs
  int last_entry = -1;
  bool busy = false;
};

const dynx::model::ModelSpec& first_spec() { return *dynx_model_entries[0]; }



std::string safetensors_name(at::ScalarType type) {
  const dynx::DtypeInfo* d = dynx::dtype_by_aten(c10::toString(type));
  return d ? std::string(d->safetensors) : "?";
}

// Checks that the weights blob is the one the model was built with and makes
// a tensor of each weight over it.
int load_weights(Instance& m, const dynx::model::ModelSpec& s, const unsigned char* data, size_t size,
                 const std::string& what) {
  dynx::runtime::SafetensorsHeader header;
  std::string error;
  if (!dynx::runtime::parse_safetensors(data, size, &header, &error))
    return fail(DYNX_ERROR_LOAD, what + ": " + error);
  m.weights.reserve(s.weight_count);
  for (size_t i = 0; i < s.weight_count; ++i) {
    const auto& w = s.weights[i];
    const auto* entry = header.find(w.name);
    if (entry == nullptr) return fail(DYNX_ERROR_LOAD, what + ": no tensor '" + w.name + "' (not this model's weights)");
    if (entry->dtype != safetensors_name(w.dtype))
      return fail(DYNX_ERROR_LOAD, what + ": tensor '" + std::string(w.name) + "' is " + entry->dtype +
                                       ", the model expects " + safetensors_name(w.dtype) + " (not this model's weights)");
    if (entry->begin != w.offset || entry->end - entry->begin != w.nbytes)
      return fail(DYNX_ERROR_LOAD, what + ": tensor '" + std::string(w.name) + "' has " +
                                       std::to_string(entry->end - entry->begin) + " bytes at " +
                                       std::to_string(entry->begin) + ", the model expects " +
                                       std::to_string(w.nbytes) + " at " + std::to_string(w.offset) +
                                       " (not this model's weights)");
    // The view must read only the tensor's own bytes (dynx-aot proved it;
    // checked again because a model.so may outlive the dynx that built it).
    uint64_t needed = 0;
    if (!dynx::runtime::view_bytes(w.sizes, w.strides, static_cast<size_t>(w.ndim), 0, c10::elementSize(w.dtype),
                                   &needed) ||
        needed > w.nbytes)
      return fail(DYNX_ERROR_LOAD, what + ": tensor '" + std::string(w.name) + "' is viewed past its " +
                                       std::to_string(w.nbytes) + " bytes (a corrupt model)");
    auto options = at::TensorOptions().dtype(w.dtype);
    void* address = const_cast<unsigned char*>(data + header.data_start + w.offset);
    at::Tensor t = at::from_blob(address, at::IntArrayRef(w.sizes, static_cast<size_t>(w.ndim)),
                                 at::IntArrayRef(w.strides, static_cast<size_t>(w.ndim)), options);
    if (w.copy) {
      at::Tensor owned = at::empty_strided(t.sizes(), t.strides(), options);
      owned.copy_(t);
      t = owned;
    }
    m.weights.push_back(std::move(t));
  }
  return DYNX_OK;
}

// The weights, constants, planned buffers and operator handles of one entry.
int create_entry(Instance& m, const dynx::model::ModelSpec& s, const unsigned char* weights, size_t weights_size,
                 const std::string& what) {
  if (weights != nullptr)
    if (int rc = load_weights(m, s, weights, weights_size, what); rc != DYNX_OK) return rc;
  s.make_constants(m.constants);
  std::vector<at::Tensor> slots;
  for (size_t i = 0; i < s.slot_count; ++i)
    slots.push_back(at::empty({static_cast<int64_t>(s.slot_bytes[i])}, at::TensorOptions().dtype(at::kByte)));
  for (size_t i = 0; i < s.buffer_count; ++i) {
    const auto& b = s.buffers[i];
    at::Tensor view = at::empty({0}, at::TensorOptions().dtype(b.dtype));
    view.set_(slots.at(b.slot).storage(), 0, at::IntArrayRef(b.sizes, static_cast<size_t>(b.ndim)),
              at::IntArrayRef(b.strides, static_cast<size_t>(b.ndim)));
    m.buffers.push_back(std::move(view));
  }
  for (size_t i = 0; i < s.boxed_count; ++i) {
    auto handle = c10::Dispatcher::singleton().findSchema({s.boxed_ops[2 * i], s.boxed_ops[2 * i + 1]});
    if (!handle) {
      std::string name = std::string(s.boxed_ops[2 * i]) + "." + s.boxed_ops[2 * i + 1];
      return fail(DYNX_ERROR_LOAD, "operator " + name + " is not registered in this libtorch");
    }
    m.boxed.push_back(new c10::OperatorHandle(*handle));
  }
  m.symbols.resize(s.signature->symbol_count + 1);
  m.inputs.resize(s.signature->input_count);
  m.outputs.resize(s.output_count);
  return DYNX_OK;
}

int create(const char* weights_path, dynx_model** out) {
  // Every entry reads the one weights blob (embedded, or one mapped file).
  const auto& first = first_spec();
  auto model = std::make_unique<Model>();
  c10::InferenceMode inference;
  const unsigned char* data = nullptr;
  size_t size = 0;
  std::string what;
  if (first.embedded_weights != nullptr && weights_path == nullptr) {
    data = first.embedded_weights;
    size = first.embedded_size;
    what = "embedded weights";
  } else {
    bool any_weights = weights_path != nullptr;
    for (size_t e = 0; e < dynx_model_entry_count; ++e) any_weights = any_weights || dynx_model_entries[e]->weight_count > 0;
    if (any_weights) {
      std::string path = weights_path != nullptr ? std::string(weights_path) : dynx::model::common::own_directory() + "/" + first.weights_file;
      model->mapping = new dynx::model::Mapping;
      std::string error;
      if (!model->mapping->file.open(path, &error)) return fail(DYNX_ERROR_LOAD, "weights file '" + path + "': " + error);
      data = model->mapping->file.data();
      size = model->mapping->file.size();
      what = "weights file '" + path + "'";
    }
  }
  for (size_t e = 0; e < dynx_model_entry_count; ++e) {
    model->entries.push_back(std::make_unique<Instance>());
    if (int rc = create_entry(*model->entries.back(), *dynx_model_entries[e], data, size, what); rc != DYNX_OK)
      return rc;
  }
  model->refusals.resize(dynx_model_entry_count);
  *out = reinterpret_cast<dynx_model*>(model.release());
  return DYNX_OK;
}

struct Handover {
  at::Tensor tensor;
  std::vector<int64_t> shape, strides;
  DLManagedTensor managed{};
};

DLDataType dl_dtype(at::ScalarType type) {
  const dynx::DtypeInfo* d = dynx::dtype_by_aten(c10::toString(type));
  if (!d) return {kDLOpaqueHandle, 0, 0};
  return {d->dlpack_code, d->bits, 1};
}

DLManagedTensor* hand_over(at::Tensor t) {
  auto* h = new Handover;
  h->tensor = std::move(t);
  h->shape = h->tensor.sizes().vec();
  h->strides = h->tensor.strides().vec();
  auto& dl = h->managed.dl_tensor;
  dl.data = h->tensor.data_ptr();
  dl.device = {kDLCPU, 0};
  dl.ndim = static_cast<int32_t>(h->shape.size());
  dl.dtype = dl_dtype(h->tensor.scalar_type());
  dl.shape = h->shape.data();
  dl.strides = h->strides.data();
  dl.byte_offset = 0;
  h->managed.manager_ctx = h;
  h->managed.deleter = [](DLManagedTensor* self) { delete static_cast<Handover*>(self->manager_ctx); };
  return &h->managed;
}

bool aliases(const at::Tensor& t, const std::vector<at::Tensor>& others) {
  if (!t.has_storage()) return false;
  for (const auto& o : others)
    if (o.defined() && o.has_storage() && t.storage().is_alias_of(o.storage())) return true;
  return false;
}


// Runs the entry that accepts the inputs; its outputs are left in its
// outputs (*ran names it).
int run(Model& model, const DLTensor* const* inputs, size_t num_inputs, size_t num_outputs, bool outputs_given,
        Instance** ran) try {
  const auto& first = first_spec();
  if (inputs == nullptr && num_inputs > 0) return fail(DYNX_ERROR_ARGUMENT, "inputs is NULL");
  if (num_inputs != first.signature->input_count)
    return fail(DYNX_ERROR_ARGUMENT, "the model takes " + std::to_string(first.signature->input_count) +
                                         " inputs, got " + std::to_string(num_inputs));
  if (num_outputs != first.output_count)
    return fail(DYNX_ERROR_ARGUMENT, "the model has " + std::to_string(first.output_count) + " outputs, got room for " +
                                         std::to_string(num_outputs));
  if (!outputs_given && num_outputs > 0) return fail(DYNX_ERROR_ARGUMENT, "outputs is NULL");
  std::string message;
  Instance* chosen = dynx::model::common::choose_entry(model, dynx_model_entries, dynx_model_entry_names,
                                                       dynx_model_entry_count, inputs, num_inputs, &message);
  if (chosen == nullptr) return fail(DYNX_ERROR_INPUT, message);
  Instance& m = *chosen;
  const auto& s = *dynx_model_entries[model.last_entry];
  *ran = chosen;
  try {
    c10::InferenceMode inference;
    for (size_t i = 0; i < num_inputs; ++i) {
      const DLTensor* in = inputs[i];
      m.inputs[i] = at::from_blob(static_cast<char*>(in->data) + in->byte_offset,
                                  at::IntArrayRef(in->shape, static_cast<size_t>(in->ndim)),
                                  at::TensorOptions().dtype(s.input_dtypes[i]));
    }
    s.forward(m, m.inputs.data(), m.symbols.data(), m.outputs.data());
    // An output that is a view of an input, a weight or a planned buffer is
    // copied: the caller owns what it gets, embedded weights are read-only
    // memory, and buffers are overwritten by the next run.
    for (auto& out : m.outputs)
      if (aliases(out, m.inputs) || aliases(out, m.weights) || aliases(out, m.buffers)) out = out.clone();
  } catch (const c10::Error& e) {
    for (auto& t : m.inputs) t.reset();
    return fail(DYNX_ERROR_RUNTIME, e.what_without_backtrace());
  } catch (const std::exception& e) {
    for (auto& t : m.inputs) t.reset();
    return fail(DYNX_ERROR_RUNTIME, e.what());
  } catch (...) {
    for (auto& t : m.inputs) t.reset();
    return fail(DYNX_ERROR_RUNTIME, "an unknown C++ exception");
  }
  for (auto& t : m.inputs) t.reset();
  return DYNX_OK;
} catch (...) {  // the checks above allocate messages
  return fail(DYNX_ERROR_RUNTIME, "out of memory");
}


}  // namespace

namespace dynx::model {

at::Tensor wrapped_scalar(const at::Scalar& value) {
  at::Tensor t = at::scalar_tensor(value, at::TensorOptions().dtype(value.type()));
  t.unsafeGetTensorImpl()->set_wrapped_number(true);
  return t;
}

void call_boxed(Instance& m, size_t op, std::vector<c10::IValue>& stack) {
  static_cast<const c10::OperatorHandle*>(m.boxed[op])->callBoxed(stack);
}

}  // namespace dynx::model

extern "C" {

uint32_t dynx_model_abi_version(void) { return DYNX_MODEL_ABI_VERSION; }
const char* dynx_model_signature(void) { return dynx_model_signature_json; }
size_t dynx_model_num_inputs(void) { return first_spec().signature->input_count; }
size_t dynx_model_num_outputs(void) { return first_spec().output_count; }
size_t dynx_model_num_entries(void) { return dynx_model_entry_count; }

int dynx_model_last_entry(const dynx_model* model) {
  return model == nullptr ? -1 : reinterpret_cast<const Model*>(model)->last_entry;
}
const char* dynx_model_last_error(void) { return t_last_error.c_str(); }

int dynx_model_create(const char* weights_path, dynx_model** model) {
  t_last_error.clear();
  if (model == nullptr) return fail(DYNX_ERROR_ARGUMENT, "model is NULL");
  *model = nullptr;
  try {
    return create(weights_path, model);
  } catch (const c10::Error& e) {
    return fail(DYNX_ERROR_LOAD, e.what_without_backtrace());
  } catch (const std::exception& e) {
    return fail(DYNX_ERROR_LOAD, e.what());
  } catch (...) {
    return fail(DYNX_ERROR_LOAD, "an unknown C++ exception");
  }
}

void dynx_model_destroy(dynx_model* model) {
  if (model == nullptr) return;
  try {
    delete reinterpret_cast<Model*>(model);
  } catch (...) {  // nothing may escape a C function
  }
}

int dynx_model_run(dynx_model* model, const DLTensor* const* inputs, size_t num_inputs, DLManagedTensor** outputs,
                   size_t num_outputs) {
  return dynx::model::common::with_instance<Model>(model, [&](Model& whole) -> int {
    Instance* ran = nullptr;
    if (int rc = run(whole, inputs, num_inputs, num_outputs, outputs != nullptr, &ran); rc != DYNX_OK) return rc;
    Instance& m = *ran;
    try {
      for (size_t i = 0; i < num_outputs; ++i) outputs[i] = nullptr;
      for (size_t i = 0; i < num_outputs; ++i) outputs[i] = hand_over(std::move(m.outputs[i]));
    } catch (...) {
      return dynx::model::common::take_back_outputs(outputs, num_outputs);
    }
    return DYNX_OK;
  });
}

int dynx_model_run_into(dynx_model* model, const DLTensor* const* inputs, size_t num_inputs,
                        const DLTensor* const* outputs, size_t num_outputs) {
  return dynx::model::common::with_instance<Model>(model, [&](Model& whole) -> int {
    Instance* ran = nullptr;
    if (int rc = run(whole, inputs, num_inputs, num_outputs, outputs != nullptr, &ran); rc != DYNX_OK) return rc;
    Instance& m = *ran;
    try {
      for (size_t i = 0; i < num_outputs; ++i) {
        at::Tensor& result = m.outputs[i];
        const DLTensor* out = outputs[i];
        if (out == nullptr || out->data == nullptr) return fail(DYNX_ERROR_ARGUMENT, "output " + std::to_string(i) + " is NULL");
        std::vector<int64_t> shape(out->shape, out->shape + out->ndim);
        DLDataType want = dl_dtype(result.scalar_type());
        bool dtype_ok = out->dtype.code == want.code && out->dtype.bits == want.bits && out->dtype.lanes == 1;
        if (want.code == dynx::runtime::kDLBoolCode && out->dtype.code == kDLUInt && out->dtype.bits == 8) dtype_ok = true;
        if (!dtype_ok || shape != result.sizes().vec() || out->device.device_type != kDLCPU)
          return fail(DYNX_ERROR_ARGUMENT, "output " + std::to_string(i) + ": expected " +
                                               std::string(c10::toString(result.scalar_type())) + " " +
                                               dynx::model::common::dims_text(result.sizes().data(), result.sizes().size()) + " on cpu, got " +
                                               dynx::runtime::dtype_name(out->dtype) + " " + dynx::model::common::dims_text(shape.data(), shape.size()));
        at::Tensor target = out->strides == nullptr
                                ? at::from_blob(static_cast<char*>(out->data) + out->byte_offset, shape,
                                                at::TensorOptions().dtype(result.scalar_type()))
                                : at::from_blob(static_cast<char*>(out->data) + out->byte_offset, shape,
                                                at::IntArrayRef(out->strides, static_cast<size_t>(out->ndim)),
                                                at::TensorOptions().dtype(result.scalar_type()));
        c10::InferenceMode inference;
        target.copy_(result);
        result.reset();
      }
    } catch (const c10::Error& e) {
      return fail(DYNX_ERROR_RUNTIME, e.what_without_backtrace());
    } catch (const std::exception& e) {
      return fail(DYNX_ERROR_RUNTIME, e.what());
    } catch (...) {
      return fail(DYNX_ERROR_RUNTIME, "an unknown C++ exception");
    }
    return DYNX_OK;
  });
}

int dynx_model_set_num_threads(int num_threads) {
  t_last_error.clear();
  // libtorch's pool takes any number and crashes starting 100000 threads.
  if (num_threads < 1 || num_threads > DYNX_MODEL_MAX_THREADS)
    return fail(DYNX_ERROR_ARGUMENT, "the number of threads must be between 1 and " +
                                         std::to_string(DYNX_MODEL_MAX_THREADS) + ", not " +
                                         std::to_string(num_threads));
  try {
    at::set_num_threads(num_threads);
  } catch (const std::exception& e) {
    return fail(DYNX_ERROR_RUNTIME, e.what());
  } catch (...) {
    return fail(DYNX_ERROR_RUNTIME, "an unknown C++ exception");
  }
  return DYNX_OK;
}

}  // extern "C"
