// libdynx_tensor_guards, the fast path of tensor guards: reads tensors and
// torch's global state through ATen's C++ API, so that a guard check costs a
// few loads instead of Python attribute lookups. The only translation unit of dynx that includes
// PyTorch's headers (see tensor_guard_fastpath.h for how it is loaded).
#include "tensor_guard_fastpath.h"

#include <ATen/Context.h>
#include <ATen/Parallel.h>
#include <ATen/PythonTorchFunctionTLS.h>
#include <ATen/autocast_mode.h>
#include <c10/core/DefaultDtype.h>
#include <c10/core/GradMode.h>
#include <c10/core/impl/LocalDispatchKeySet.h>
#include <torch/csrc/Device.h>
#include <torch/csrc/Dtype.h>
#include <torch/csrc/autograd/python_variable.h>

namespace {

using dynx::capture::TensorFacts;

// Keys a mode puts in the thread's include set (a Python dispatch mode,
// dynx's own; an eager functorch transform's layer): not the tensor's.
const c10::DispatchKeySet kModeKeys = c10::DispatchKeySet({
    c10::DispatchKey::Python, c10::DispatchKey::PythonTLSSnapshot, c10::DispatchKey::PythonDispatcher,
    c10::DispatchKey::PreDispatch, c10::DispatchKey::FuncTorchDynamicLayerBackMode,
    c10::DispatchKey::FuncTorchDynamicLayerFrontMode});

bool tensor_facts(PyObject* object, TensorFacts* out) {
  try {
    const at::Tensor& tensor = THPVariable_Unpack(object);
    if (!tensor.defined() || tensor.layout() != at::kStrided) return false;
    const c10::TensorImpl* impl = tensor.unsafeGetTensorImpl();
    if (impl->has_symbolic_sizes_strides()) return false;
    out->dtype = static_cast<int>(tensor.scalar_type());
    at::Device device = tensor.device();
    out->device_type = static_cast<int>(device.type());
    out->device_index = device.index();
    out->requires_grad = tensor.requires_grad();
    at::IntArrayRef sizes = tensor.sizes();
    at::IntArrayRef strides = tensor.strides();
    out->ndim = sizes.size();
    out->sizes = sizes.data();
    out->strides = strides.data();
    // Dynamo's LocalState::apply: (key_set | included) - excluded.
    const c10::impl::LocalDispatchKeySet local = c10::impl::tls_local_dispatch_key_set();
    out->dispatch_keys = (((impl->key_set() | local.included_) - local.excluded_) - kModeKeys).raw_repr();
    return true;
  } catch (...) {
    return false;
  }
}

int dtype_code(PyObject* object) {
  if (object == nullptr || !THPDtype_Check(object)) return -1;
  return static_cast<int>(reinterpret_cast<THPDtype*>(object)->scalar_type);
}

bool device_code(PyObject* object, int* type, int* index) {
  if (object == nullptr || !THPDevice_Check(object)) return false;
  const at::Device& device = reinterpret_cast<THPDevice*>(object)->device;
  *type = static_cast<int>(device.type());
  *index = device.index();
  return true;
}

void global_state(int64_t out[dynx::capture::kStateFieldCount]) {
  using namespace dynx::capture;
  out[kGradMode] = c10::GradMode::is_enabled() ? 1 : 0;
  out[kDefaultDtype] = static_cast<int64_t>(c10::get_default_dtype_as_scalartype());
  out[kDeterministic] = at::globalContext().deterministicAlgorithms() ? 1 : 0;
  out[kNumThreads] = at::get_num_threads();
  out[kAutocastCpu] = at::autocast::is_autocast_enabled(at::kCPU) ? 1 : 0;
  out[kAutocastCuda] = at::autocast::is_autocast_enabled(at::kCUDA) ? 1 : 0;
  auto disabled = at::impl::PythonTorchFunctionTLS::get_disabled_state();
  out[kTorchFunction] = disabled == at::impl::TorchFunctionDisabledState::ENABLED ? 1 : 0;
  out[kTorchFunctionAllDisabled] = disabled == at::impl::TorchFunctionDisabledState::ALL_DISABLED ? 1 : 0;
  out[kTorchFunctionModeStack] = at::impl::PythonTorchFunctionTLS::stack_len();
  out[kAutocastCpuDtype] = static_cast<int64_t>(at::autocast::get_autocast_dtype(at::kCPU));
  out[kDeterministicWarnOnly] = at::globalContext().deterministicAlgorithmsWarnOnly() ? 1 : 0;
  // The CUDA matmul precision, as Dynamo's guard reads it (allowTF32CuBLAS()
  // throws once a program mixes the legacy and the fp32_precision API).
  try {
    out[kAllowTf32] = at::globalContext().float32Precision(at::Float32Backend::CUDA, at::Float32Op::MATMUL) ==
                              at::Float32Precision::TF32
                          ? 1
                          : 0;
  } catch (...) {
    out[kAllowTf32] = -1;  // (never a guarded value: the check then misses and the probes decide)
  }
}

const dynx::capture::TensorGuardApi kApi = {dynx::capture::kTensorGuardAbi, DYNX_TORCH_VERSION, tensor_facts,
                                           dtype_code, device_code, global_state};

}  // namespace

extern "C" __attribute__((visibility("default"))) const dynx::capture::TensorGuardApi* dynx_tensor_guards(
    int abi) {
  return abi == dynx::capture::kTensorGuardAbi ? &kApi : nullptr;
}
