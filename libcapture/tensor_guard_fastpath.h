// The interface between the guard evaluator and libdynx_tensor_guards (the
// fast path of tensor guards), the one module of libcapture compiled against
// PyTorch's C++ headers. The module is loaded at run time, once the program
// has imported torch, and only when the imported torch is the version it was
// built against; otherwise the evaluator reads tensors through Python
// attributes (slower, same answers; DYNX_GUARDS_PYTHON=1 forces that path).
// Plain types only: nothing of torch crosses this header.
#pragma once

#include <Python.h>

#include <cstddef>
#include <cstdint>

namespace dynx::capture {

constexpr int kTensorGuardAbi = 4;

// What a TENSOR_MATCH guard compares. sizes/strides point into the tensor
// and stay valid while the caller holds it.
struct TensorFacts {
  int dtype = -1;          // c10::ScalarType
  int device_type = -1;    // c10::DeviceType
  int device_index = -1;
  bool requires_grad = false;
  size_t ndim = 0;
  const int64_t* sizes = nullptr;
  const int64_t* strides = nullptr;
  // The tensor's dispatch key set as Dynamo's TENSOR_MATCH sees it (with
  // the thread's local include/exclude sets applied), less the keys a
  // Python mode or an eager functorch transform puts in those sets
  // (dynx's own recording modes among them): DispatchKeySet::raw_repr().
  uint64_t dispatch_keys = 0;
};

// Global state fields guarded by GLOBAL_STATE, in this order.
enum StateField : int {
  kGradMode, kDefaultDtype, kDeterministic, kNumThreads, kAutocastCpu, kAutocastCuda,
  // torch function state (Dynamo's GLOBAL_STATE torch_function; its mode stack guard):
  // enabled, all disabled, and the length of the torch function mode stack
  kTorchFunction, kTorchFunctionAllDisabled, kTorchFunctionModeStack,
  kAutocastCpuDtype,  // the dtype CPU autocast casts to (c10::ScalarType)
  kDeterministicWarnOnly,  // use_deterministic_algorithms(..., warn_only=True)
  kAllowTf32,              // cuBLAS TF32 (set_float32_matmul_precision)
  kStateFieldCount
};

struct TensorGuardApi {
  int abi;
  const char* torch_version;  // the version the module was compiled against
  // False when `tensor` cannot be read this way (symbolic sizes, sparse...).
  // `tensor` must be an instance of torch.Tensor (any subclass).
  bool (*tensor_facts)(PyObject* tensor, TensorFacts* out);
  int (*dtype_code)(PyObject* dtype);                         // -1 if not a torch.dtype
  bool (*device_code)(PyObject* device, int* type, int* index);  // false if not a torch.device
  void (*global_state)(int64_t out[kStateFieldCount]);
};

}  // namespace dynx::capture

extern "C" {
// Exported by the module; returns null when `abi` is not the one it implements.
typedef const dynx::capture::TensorGuardApi* (*DynxTensorGuardsEntry)(int abi);
}
