// The runtime of a model.so built by dynx-aot's native backend: the C API
// (dynx/model.h) over generated kernels, with no libtorch. Weights are read
// in place from the embedded or mapped safetensors blob, intermediates live
// in per-instance memory slots (grown when a dynamic call needs more),
// outputs are fresh 64-byte aligned allocations handed over as DLPack.
// GEMMs go to oneDNN (dnnl_sgemm), whose OpenMP pool the kernels share.
//
// Compiled by dynx-aot into every native model.so; includes no torch header.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "dynx/model.h"
#include "dynx/runtime/input_checks.hpp"
#include "model_common.hpp"

namespace dynx::native {

struct WeightSpec {
  const char* name;              // key in the weights file
  const char* safetensors_dtype;  // "F32"
  uint32_t itemsize;
  int32_t ndim;
  const int64_t* sizes;
  const int64_t* strides;
  uint64_t offset;  // bytes from the start of the data section
  uint64_t nbytes;
};

// A product by a weight of fixed sizes: C[m,n] = op(A)[m,k] op(W)[k,n]
// (+ bias[n]), then an activation; a oneDNN matmul whose weight is
// reordered into oneDNN's preferred layout once, when the model is created.
struct LinearSpec {
  int64_t m, n, k;  // m < 0: the rows are dynamic (given to each run)
  char transa, transb;  // 'N': row-major with the leading dimension; 'T': transposed
  int64_t lda, ldb, ldc;
  int32_t weight;   // index into the weights
  int32_t bias;     // a weight of n elements, or -1
  int32_t eltwise;  // 0 none, 1 relu, 2 gelu (erf), 3 gelu (tanh), 4 tanh, 5 sigmoid, 6 silu
  int32_t release_weight;  // 1: only the packed copy is read; the original's pages are released once packed
};

// A 2-D convolution of fixed sizes, NCHW in and out (dense), weight
// [oc, c/groups, kh, kw] prepacked at create, bias and activation fused.
struct ConvSpec {
  int64_t n, c, h, w, oc, kh, kw, oh, ow, sh, sw, ph, pw, dh, dw, groups;  // n < 0: dynamic batch
  int32_t weight, bias, eltwise;  // as in LinearSpec
  // A batch norm (eval) after it, folded into weight and bias at create:
  // weights of running mean and variance, scale and shift (-1: none).
  int32_t bn_mean, bn_var, bn_weight, bn_bias;
  float bn_eps;
  int32_t release_weight;  // as in LinearSpec
};

// C = alpha * A B over batch dimensions, every operand as dims and strides
// (a batch dimension an operand broadcasts has size 1 there); fixed sizes.
struct BmmSpec {
  int32_t ndims;  // batch dimensions + 2
  int64_t a_dims[6], a_strides[6], b_dims[6], b_strides[6], c_dims[6], c_strides[6];
  float alpha;
};

struct Linear;  // the primitive and its packed weight (native_runtime.cpp)

struct Instance {
  std::vector<const void*> weights;
  // Where the weights come from, for sharing packed copies between instances
  // of the process: the embedded bytes' address, or the weights file's
  // device, inode, size and modification time; and the first byte.
  uint64_t weights_source[4] = {0, 0, 0, 0};
  const unsigned char* weights_base = nullptr;
  // Per matmul, then per convolution: the primitives made so far, by the
  // dynamic size they were made for (rows, batch; the fixed one otherwise).
  std::vector<std::vector<std::pair<int64_t, std::unique_ptr<Linear>>>> linears;
  size_t conv_base = 0;  // index of the first convolution in linears
  size_t bmm_base = 0;   // index of the first batched product in linears
  const struct ModelSpec* spec = nullptr;
  int made_threads = 0;  // the OpenMP thread count the primitives were made for
  std::vector<void*> slots;              // planned intermediates (aligned)
  std::vector<uint64_t> slot_capacity;   // bytes each holds now
  std::vector<int64_t> symbols;
  ~Instance();
};

using ForwardFn = void (*)(Instance& m, const void* const* in, const int64_t* sym, void* const* out);

struct ModelSpec {
  const char* signature_json;
  const runtime::Signature* signature;
  size_t output_count;
  const DLDataType* output_dtypes;
  const int32_t* output_ndims;
  // Fills each output's sizes (output_ndims[i] each, concatenated) from the symbols.
  void (*output_shapes)(const int64_t* sym, int64_t* shapes);
  const WeightSpec* weights;
  size_t weight_count;
  const unsigned char* embedded_weights;  // the safetensors bytes, or nullptr: external
  uint64_t embedded_size;
  const char* weights_file;  // file name beside the .so (external weights)
  size_t slot_count;
  void (*slot_bytes)(const int64_t* sym, uint64_t* bytes);  // what each slot needs for these symbols
  const LinearSpec* linears;
  size_t linear_count;
  const ConvSpec* convs;
  size_t conv_count;
  const BmmSpec* bmms;
  size_t bmm_count;
  ForwardFn forward;
};

// Runs batched product `index` of the instance: c = alpha * a b.
void run_bmm(Instance& m, size_t index, const float* a, const float* b, float* c);

// Runs convolution `index` of the instance on src (batch n), writing dst.
void run_conv(Instance& m, size_t index, int64_t n, const float* src, float* dst);

// Runs linear `index` of the instance on A (m rows), writing C.
void run_linear(Instance& m, size_t index, int64_t rows, const float* a, float* c);

// C = alpha * op(A) op(B) + beta * C, row-major float32 (oneDNN's sgemm);
// throws std::runtime_error when oneDNN refuses the arguments.
void sgemm(char transa, char transb, int64_t m, int64_t n, int64_t k, float alpha, const float* a, int64_t lda,
           const float* b, int64_t ldb, float beta, float* c, int64_t ldc);

// An index read from a tensor outside [-size, size): the error PyTorch gives.
[[noreturn]] void index_error(int64_t index, int64_t size);

// Python's floor division and modulo (model_common.hpp), as kernels call them.
using dynx::model::floordiv;
using dynx::model::pymod;

// float32 exp, tanh and erf that vectorise inside the kernels' simd loops
// (libm's are scalar calls): branch-free, NaN and infinities propagated.
// exp: Cephes' expf (range reduction by ln 2, degree-6 polynomial; within
// 2 ulp). tanh: Cephes' tanhf polynomial below 0.625, 1 - 2/(e^2x + 1)
// above (within 3 ulp). erf: Abramowitz and Stegun 7.1.26 (absolute error
// below 1.5e-7), the formula PyTorch's own vectorised CPU kernel uses.
inline float exp_f32(float x) {
  const float clamped = x < -87.3365447f ? -87.3365447f : (x > 88.7228391f ? 88.7228391f : x);
  const float fx = __builtin_floorf(clamped * 1.44269504088896341f + 0.5f);
  float r = clamped - fx * 0.693359375f;
  r = r + fx * 2.12194440e-4f;
  const float z = r * r;
  float y = 1.9875691500e-4f;
  y = y * r + 1.3981999507e-3f;
  y = y * r + 8.3334519073e-3f;
  y = y * r + 4.1665795894e-2f;
  y = y * r + 1.6666665459e-1f;
  y = y * r + 5.0000001201e-1f;
  y = y * z + r + 1.0f;
  const int32_t n = static_cast<int32_t>(fx) + 127;
  float scale;
  const int32_t bits = n << 23;
  __builtin_memcpy(&scale, &bits, sizeof scale);
  float result = y * scale;
  result = x > 88.7228391f ? __builtin_inff() : result;
  result = x < -103.972076f ? 0.0f : result;
  return x != x ? x : result;
}
inline float tanh_f32(float x) {
  const float a = x < 0 ? -x : x;
  const float z = x * x;
  float p = -5.70498872745e-3f;
  p = p * z + 2.06390887954e-2f;
  p = p * z - 5.37397155531e-2f;
  p = p * z + 1.33314422036e-1f;
  p = p * z - 3.33332819422e-1f;
  const float small = x + x * z * p;
  const float e = exp_f32(2.0f * (a > 9.0f ? 9.0f : a));
  float large = 1.0f - 2.0f / (e + 1.0f);
  large = a > 9.0f ? 1.0f : large;
  large = x < 0 ? -large : large;
  const float result = a < 0.625f ? small : large;
  return x != x ? x : result;
}
inline float erf_f32(float x) {
  const float a = x < 0 ? -x : x;
  const float t = 1.0f / (0.3275911f * a + 1.0f);
  float r = 1.061405429f;
  r = r * t - 1.453152027f;
  r = r * t + 1.421413741f;
  r = r * t - 0.284496736f;
  r = r * t + 0.254829592f;
  const float y = 1.0f - r * t * exp_f32(-a * a);
  const float result = x < 0 ? -y : y;
  return x != x ? x : result;
}

}  // namespace dynx::native



extern const dynx::native::ModelSpec* const dynx_model_entries[];
extern const char* const dynx_model_entry_names[];
extern const size_t dynx_model_entry_count;
extern const char dynx_model_signature_json[];
