// The runtime of native model.so files (see native_runtime.hpp).
#include "native_runtime.hpp"

#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <dlfcn.h>
#include <dnnl.h>
#include <omp.h>

#include <dnnl.hpp>

#include <algorithm>
#include <cstdlib>
#include <cmath>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <unordered_map>

#include "dynx/runtime/safetensors.hpp"

namespace dynx::native {

struct Linear {
  dnnl::matmul primitive;
  dnnl::convolution_forward conv;
  dnnl::memory weights;  // packed
  dnnl::memory::desc src, dst;
  dnnl::memory bias;
  dnnl::stream stream;
  bool has_bias = false;
  dnnl::memory src_memory, dst_memory;         // pointed at the operands of each run
  dnnl::memory src_blocked, dst_blocked;       // a convolution's own layouts, when not the caller's
  dnnl::reorder src_reorder, dst_reorder;
  std::unordered_map<int, dnnl::memory> args;  // built once
  std::vector<float> folded_weight, folded_bias;  // a convolution with its batch norm folded in
  std::shared_ptr<dnnl::memory> shared_weights;   // the packed weight, shared by the process's instances
};

namespace {

dnnl::post_ops activation(int32_t eltwise);
const dnnl::engine& cpu_engine();

// The weight reordered into the layout the primitive wants (`packed`), or
// the sibling's (the same operator made for another size) when equal.
// A weight only its prepacked copies read (release_weight): the pages wholly
// inside it are handed back (MADV_DONTNEED). The weights are file-backed
// (the model.so's .rodata or the mapped weights file), so the kernel reads
// them again from the file if anything touches them later (a primitive made
// for a new size or thread count packs them again).
void release_pages(const void* data, uint64_t bytes) {
  const uintptr_t page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
  const uintptr_t begin = reinterpret_cast<uintptr_t>(data), end = begin + bytes;
  const uintptr_t lo = (begin + page - 1) / page * page, hi = end / page * page;
  if (hi > lo) ::madvise(reinterpret_cast<void*>(lo), hi - lo, MADV_DONTNEED);
}

// A weight of the instance released as above when its spec says so.
void release_weight(const Instance& m, int32_t flag, int32_t weight) {
  if (flag == 1 && weight >= 0 && static_cast<size_t>(weight) < m.weights.size())
    release_pages(m.weights[static_cast<size_t>(weight)], m.spec->weights[static_cast<size_t>(weight)].nbytes);
}

// Packed weights shared by every instance of the process (separate
// dynx_model_create calls, an instance pool): keyed by where the original
// comes from (Instance::weights_source and the byte offset; a folded
// convolution also by its batch norm's offset) and the packed layout, held
// weakly so the last instance using one frees it.
struct PackedKey {
  uint64_t source[4];
  uint64_t offset;
  uint64_t fold[5];            // a folded batch norm: its weights' offsets (+1; 0: none) and eps's bits
  dnnl::memory::desc given;    // how the original is read (transposed or not, its leading dimension)
  dnnl::memory::desc layout;   // the packed layout
};
std::mutex packed_mutex;
std::vector<std::pair<PackedKey, std::weak_ptr<dnnl::memory>>> packed_cache;

void pack_weights(Linear& l, const dnnl::memory::desc& packed, const dnnl::memory::desc& given, const void* data,
                  const Linear* sibling, const Instance& m, const void* original, const ConvSpec* fold) {
  if (sibling != nullptr && sibling->weights.get_desc() == packed) {
    l.weights = sibling->weights;
    l.shared_weights = sibling->shared_weights;
    return;
  }
  const bool shareable = m.weights_base != nullptr && original != nullptr;
  PackedKey key{};
  if (shareable) {
    std::copy(m.weights_source, m.weights_source + 4, key.source);
    key.offset = static_cast<uint64_t>(static_cast<const unsigned char*>(original) - m.weights_base);
    if (fold != nullptr) {
      auto offset = [&](int32_t w) -> uint64_t {
        return w < 0 ? 0
                     : static_cast<uint64_t>(static_cast<const unsigned char*>(m.weights.at(static_cast<size_t>(w))) -
                                             m.weights_base) + 1;
      };
      uint32_t eps = 0;
      std::memcpy(&eps, &fold->bn_eps, sizeof eps);
      key.fold[0] = offset(fold->bn_mean);
      key.fold[1] = offset(fold->bn_var);
      key.fold[2] = offset(fold->bn_weight);
      key.fold[3] = offset(fold->bn_bias);
      key.fold[4] = eps;
    }
    key.given = given;
    key.layout = packed;
    std::lock_guard<std::mutex> lock(packed_mutex);
    for (auto it = packed_cache.begin(); it != packed_cache.end();) {
      auto held = it->second.lock();
      if (!held) {
        it = packed_cache.erase(it);
        continue;
      }
      const PackedKey& k = it->first;
      if (std::equal(k.source, k.source + 4, key.source) && k.offset == key.offset &&
          std::equal(k.fold, k.fold + 5, key.fold) && k.given == key.given && k.layout == key.layout) {
        l.shared_weights = held;
        l.weights = *held;
        return;
      }
      ++it;
    }
  }
  const auto& engine = cpu_engine();
  dnnl::memory raw(given, engine, const_cast<void*>(data));
  l.weights = dnnl::memory(packed, engine);
  dnnl::reorder(raw, l.weights).execute(l.stream, raw, l.weights);
  l.stream.wait();
  l.shared_weights = std::make_shared<dnnl::memory>(l.weights);
  if (shareable) {
    std::lock_guard<std::mutex> lock(packed_mutex);
    packed_cache.emplace_back(key, l.shared_weights);
  }
}

const dnnl::engine& cpu_engine() {
  static const dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  return engine;
}

dnnl::memory::desc matrix(int64_t rows, int64_t cols, char trans, int64_t ld) {
  using dims = dnnl::memory::dims;
  return dnnl::memory::desc(dims{rows, cols}, dnnl::memory::data_type::f32,
                            trans == 'N' ? dims{std::max<int64_t>(ld, cols), 1} : dims{1, std::max<int64_t>(ld, rows)});
}

// `sibling`: the same operator made for another size; its packed weight is
// shared when oneDNN wants the same layout (it usually does).
std::unique_ptr<Linear> make_linear(const LinearSpec& s, const Instance& m, const Linear* sibling = nullptr) {
  using dnnl::algorithm;
  auto l = std::make_unique<Linear>();
  const auto& engine = cpu_engine();
  l->src = matrix(s.m, s.k, s.transa, s.lda);
  l->dst = matrix(s.m, s.n, 'N', s.ldc);
  dnnl::memory::desc given = matrix(s.k, s.n, s.transb, s.ldb);
  dnnl::memory::desc any({s.k, s.n}, dnnl::memory::data_type::f32, dnnl::memory::format_tag::any);
  dnnl::memory::desc bias_md({1, s.n}, dnnl::memory::data_type::f32, dnnl::memory::format_tag::ab);
  dnnl::primitive_attr attr;
  attr.set_post_ops(activation(s.eltwise));
  l->has_bias = s.bias >= 0;
  auto desc = l->has_bias ? dnnl::matmul::desc(l->src, any, bias_md, l->dst) : dnnl::matmul::desc(l->src, any, l->dst);
  dnnl::matmul::primitive_desc pd(desc, attr, engine);
  l->primitive = dnnl::matmul(pd);
  l->stream = dnnl::stream(engine);
  pack_weights(*l, pd.weights_desc(), given, m.weights.at(static_cast<size_t>(s.weight)), sibling, m,
               m.weights.at(static_cast<size_t>(s.weight)), nullptr);
  release_weight(m, s.release_weight, s.weight);  // (one weight at a time: the peak holds one original)
  if (l->has_bias) l->bias = dnnl::memory(bias_md, engine, const_cast<void*>(m.weights.at(static_cast<size_t>(s.bias))));
  l->src_memory = dnnl::memory(l->src, engine, nullptr);
  l->dst_memory = dnnl::memory(l->dst, engine, nullptr);
  l->args = {{DNNL_ARG_SRC, l->src_memory}, {DNNL_ARG_WEIGHTS, l->weights}, {DNNL_ARG_DST, l->dst_memory}};
  if (l->has_bias) l->args[DNNL_ARG_BIAS] = l->bias;
  return l;
}

dnnl::post_ops activation(int32_t eltwise) {
  using dnnl::algorithm;
  static const algorithm kAlgorithms[] = {algorithm::eltwise_relu, algorithm::eltwise_relu, algorithm::eltwise_gelu_erf,
                                          algorithm::eltwise_gelu_tanh, algorithm::eltwise_tanh,
                                          algorithm::eltwise_logistic, algorithm::eltwise_swish};
  dnnl::post_ops ops;
  if (eltwise != 0) ops.append_eltwise(1.0f, kAlgorithms[eltwise], eltwise == 6 ? 1.0f : 0.0f, 0.0f);
  return ops;
}

std::unique_ptr<Linear> make_conv(const ConvSpec& s, const Instance& m, const Linear* sibling = nullptr) {
  using dims = dnnl::memory::dims;
  using dt = dnnl::memory::data_type;
  using tag = dnnl::memory::format_tag;
  auto l = std::make_unique<Linear>();
  const auto& engine = cpu_engine();
  // The caller's tensors are NCHW; oneDNN's fast convolutions want blocked
  // layouts (nChw16c...): it picks them ("any") and the run reorders in and out.
  l->src = dnnl::memory::desc(dims{s.n, s.c, s.h, s.w}, dt::f32, tag::nchw);
  l->dst = dnnl::memory::desc(dims{s.n, s.oc, s.oh, s.ow}, dt::f32, tag::nchw);
  dnnl::memory::desc src_any(dims{s.n, s.c, s.h, s.w}, dt::f32, tag::any);
  dnnl::memory::desc dst_any(dims{s.n, s.oc, s.oh, s.ow}, dt::f32, tag::any);
  const bool grouped = s.groups > 1;
  dims wdims = grouped ? dims{s.groups, s.oc / s.groups, s.c / s.groups, s.kh, s.kw} : dims{s.oc, s.c, s.kh, s.kw};
  dnnl::memory::desc given(wdims, dt::f32, grouped ? tag::goihw : tag::oihw);
  dnnl::memory::desc any(wdims, dt::f32, tag::any);
  dnnl::memory::desc bias_md(dims{s.oc}, dt::f32, tag::a);
  dnnl::primitive_attr attr;
  attr.set_post_ops(activation(s.eltwise));
  l->has_bias = s.bias >= 0 || s.bn_mean >= 0;
  dims strides{s.sh, s.sw}, dilation{s.dh - 1, s.dw - 1}, padding{s.ph, s.pw};
  auto desc = l->has_bias ? dnnl::convolution_forward::desc(dnnl::prop_kind::forward_inference,
                                                             dnnl::algorithm::convolution_direct, src_any, any, bias_md,
                                                             dst_any, strides, dilation, padding, padding)
                          : dnnl::convolution_forward::desc(dnnl::prop_kind::forward_inference,
                                                             dnnl::algorithm::convolution_direct, src_any, any, dst_any,
                                                             strides, dilation, padding, padding);
  dnnl::convolution_forward::primitive_desc pd(desc, attr, engine);
  l->conv = dnnl::convolution_forward(pd);
  l->stream = dnnl::stream(engine);
  if (pd.src_desc() != l->src) {
    l->src_blocked = dnnl::memory(pd.src_desc(), engine);
    l->src_reorder = dnnl::reorder(dnnl::memory(l->src, engine, nullptr), l->src_blocked);
  }
  if (pd.dst_desc() != l->dst) {
    l->dst_blocked = dnnl::memory(pd.dst_desc(), engine);
    l->dst_reorder = dnnl::reorder(l->dst_blocked, dnnl::memory(l->dst, engine, nullptr));
  }
  const void* weight = m.weights.at(static_cast<size_t>(s.weight));
  const void* bias = s.bias >= 0 ? m.weights.at(static_cast<size_t>(s.bias)) : nullptr;
  if (s.bn_mean >= 0) {
    // w' = w * scale[oc], b' = b * scale + shift: scale = gamma / sqrt(var + eps), shift = beta - mean * scale.
    auto channel = [&](int32_t index, float otherwise) {
      std::vector<float> v(static_cast<size_t>(s.oc), otherwise);
      if (index >= 0) std::memcpy(v.data(), m.weights.at(static_cast<size_t>(index)), v.size() * sizeof(float));
      return v;
    };
    std::vector<float> mean = channel(s.bn_mean, 0), var = channel(s.bn_var, 1), gamma = channel(s.bn_weight, 1),
                       beta = channel(s.bn_bias, 0), b0 = channel(s.bias, 0);
    const size_t per = static_cast<size_t>(s.c / s.groups * s.kh * s.kw);
    l->folded_weight.resize(static_cast<size_t>(s.oc) * per);
    l->folded_bias.resize(static_cast<size_t>(s.oc));
    const float* w0 = static_cast<const float*>(weight);
    for (size_t o = 0; o < static_cast<size_t>(s.oc); ++o) {
      float scale = gamma[o] / std::sqrt(var[o] + s.bn_eps);
      for (size_t i = 0; i < per; ++i) l->folded_weight[o * per + i] = w0[o * per + i] * scale;
      l->folded_bias[o] = b0[o] * scale + (beta[o] - mean[o] * scale);
    }
    weight = l->folded_weight.data();
    bias = l->folded_bias.data();
  }
  pack_weights(*l, pd.weights_desc(), given, weight, sibling, m, m.weights.at(static_cast<size_t>(s.weight)),
               s.bn_mean >= 0 ? &s : nullptr);
  release_weight(m, s.release_weight, s.weight);
  std::vector<float>().swap(l->folded_weight);  // (packed now; the folded bias stays: the run reads it)
  if (l->has_bias) l->bias = dnnl::memory(bias_md, engine, const_cast<void*>(bias));
  l->src_memory = dnnl::memory(l->src, engine, nullptr);
  l->dst_memory = dnnl::memory(l->dst, engine, nullptr);
  l->args = {{DNNL_ARG_SRC, l->src_blocked ? l->src_blocked : l->src_memory},
             {DNNL_ARG_WEIGHTS, l->weights},
             {DNNL_ARG_DST, l->dst_blocked ? l->dst_blocked : l->dst_memory}};
  if (l->has_bias) l->args[DNNL_ARG_BIAS] = l->bias;
  return l;
}

std::unique_ptr<Linear> make_bmm(const BmmSpec& s) {
  using dt = dnnl::memory::data_type;
  auto l = std::make_unique<Linear>();
  const auto& engine = cpu_engine();
  auto desc = [&](const int64_t* dims, const int64_t* strides) {
    return dnnl::memory::desc(dnnl::memory::dims(dims, dims + s.ndims), dt::f32,
                              dnnl::memory::dims(strides, strides + s.ndims));
  };
  l->src = desc(s.a_dims, s.a_strides);
  dnnl::memory::desc weights = desc(s.b_dims, s.b_strides);
  l->dst = desc(s.c_dims, s.c_strides);
  dnnl::primitive_attr attr;
  if (s.alpha != 1.0f) attr.set_output_scales(0, {s.alpha});
  dnnl::matmul::primitive_desc pd(dnnl::matmul::desc(l->src, weights, l->dst), attr, engine);
  l->primitive = dnnl::matmul(pd);
  l->stream = dnnl::stream(engine);
  l->src_memory = dnnl::memory(l->src, engine, nullptr);
  l->weights = dnnl::memory(weights, engine, nullptr);
  l->dst_memory = dnnl::memory(l->dst, engine, nullptr);
  l->args = {{DNNL_ARG_SRC, l->src_memory}, {DNNL_ARG_WEIGHTS, l->weights}, {DNNL_ARG_DST, l->dst_memory}};
  return l;
}

}  // namespace

void run_bmm(Instance& m, size_t index, const float* a, const float* b, float* c) {
  Linear& l = *m.linears.at(m.bmm_base + index).at(0).second;
  l.src_memory.set_data_handle(const_cast<float*>(a));
  l.weights.set_data_handle(const_cast<float*>(b));
  l.dst_memory.set_data_handle(c);
  l.primitive.execute(l.stream, l.args);
  l.stream.wait();
}

// The primitive of slot `slot` made for `size` (made now, its weight packed,
// the first time a run needs that size; at most 16 sizes are kept).
template <typename Make>
Linear& primitive_for(Instance& m, size_t slot, int64_t size, Make make) {
  auto& made = m.linears.at(slot);
  for (auto& [s, l] : made)
    if (s == size) return *l;
  const Linear* sibling = made.empty() ? nullptr : made.front().second.get();
  auto fresh = make(sibling);
  if (made.size() >= 16) made.erase(made.begin());
  made.emplace_back(size, std::move(fresh));
  return *made.back().second;
}

void run_conv(Instance& m, size_t index, int64_t n, const float* src, float* dst) {
  Linear& l = primitive_for(m, m.conv_base + index, n, [&](const Linear* sibling) {
    ConvSpec s = m.spec->convs[index];
    s.n = n;
    return make_conv(s, m, sibling);
  });
  l.src_memory.set_data_handle(const_cast<float*>(src));
  l.dst_memory.set_data_handle(dst);
  if (l.src_blocked) l.src_reorder.execute(l.stream, l.src_memory, l.src_blocked);
  l.conv.execute(l.stream, l.args);
  if (l.dst_blocked) l.dst_reorder.execute(l.stream, l.dst_blocked, l.dst_memory);
  l.stream.wait();
}

Instance::~Instance() {
  for (void* p : slots) std::free(p);
}

void run_linear(Instance& m, size_t index, int64_t rows, const float* a, float* c) {
  Linear& l = primitive_for(m, index, rows, [&](const Linear* sibling) {
    LinearSpec s = m.spec->linears[index];
    s.m = rows;
    return make_linear(s, m, sibling);
  });
  l.src_memory.set_data_handle(const_cast<float*>(a));
  l.dst_memory.set_data_handle(c);
  l.primitive.execute(l.stream, l.args);
  l.stream.wait();
}

void sgemm(char transa, char transb, int64_t m, int64_t n, int64_t k, float alpha, const float* a, int64_t lda,
           const float* b, int64_t ldb, float beta, float* c, int64_t ldc) {
  if (m <= 0 || n <= 0) return;
  if (k <= 0) {  // an empty sum: C = beta * C
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) c[i * ldc + j] = beta == 0.0f ? 0.0f : beta * c[i * ldc + j];
    return;
  }
  // A leading dimension only matters across rows that exist; oneDNN checks
  // it against the row length even when there is one row.
  int64_t a_cols = transa == 'N' ? k : m, b_cols = transb == 'N' ? n : k;
  if ((transa == 'N' ? m : k) == 1) lda = std::max(lda, a_cols);
  if ((transb == 'N' ? k : n) == 1) ldb = std::max(ldb, b_cols);
  if (m == 1) ldc = std::max(ldc, n);
  dnnl_status_t status = dnnl_sgemm(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
  if (status != dnnl_success)
    throw std::runtime_error("oneDNN's sgemm refused a " + std::to_string(m) + "x" + std::to_string(k) + " by " +
                             std::to_string(k) + "x" + std::to_string(n) + " product (status " +
                             std::to_string(static_cast<int>(status)) + ")");
}

void index_error(int64_t index, int64_t size) {
  throw std::out_of_range("index " + std::to_string(index) + " is out of bounds for dimension 0 with size " +
                          std::to_string(size));
}

}  // namespace dynx::native

namespace {

using dynx::native::Instance;
using dynx::native::ModelSpec;

using dynx::model::common::fail;
using dynx::model::common::t_last_error;
int g_threads = 0;  // dynx_model_set_num_threads's count; 0: OpenMP's default


struct Model {
  std::vector<std::unique_ptr<Instance>> entries;
  dynx::runtime::MappedFile mapping;
  std::vector<std::string> refusals;
  int last_entry = -1;
  bool busy = false;
};

const ModelSpec& first_spec() { return *dynx_model_entries[0]; }



int load_weights(Instance& m, const ModelSpec& s, const unsigned char* data, size_t size, const std::string& what) {
  dynx::runtime::SafetensorsHeader header;
  std::string error;
  if (!dynx::runtime::parse_safetensors(data, size, &header, &error)) return fail(DYNX_ERROR_LOAD, what + ": " + error);
  for (size_t i = 0; i < s.weight_count; ++i) {
    const auto& w = s.weights[i];
    const auto* entry = header.find(w.name);
    if (entry == nullptr) return fail(DYNX_ERROR_LOAD, what + ": no tensor '" + w.name + "' (not this model's weights)");
    if (entry->dtype != w.safetensors_dtype)
      return fail(DYNX_ERROR_LOAD, what + ": tensor '" + std::string(w.name) + "' is " + entry->dtype +
                                       ", the model expects " + w.safetensors_dtype + " (not this model's weights)");
    if (entry->begin != w.offset || entry->end - entry->begin != w.nbytes)
      return fail(DYNX_ERROR_LOAD, what + ": tensor '" + std::string(w.name) + "' has " +
                                       std::to_string(entry->end - entry->begin) + " bytes at " +
                                       std::to_string(entry->begin) + ", the model expects " +
                                       std::to_string(w.nbytes) + " at " + std::to_string(w.offset) +
                                       " (not this model's weights)");
    uint64_t needed = 0;
    if (!dynx::runtime::view_bytes(w.sizes, w.strides, static_cast<size_t>(w.ndim), 0, w.itemsize, &needed) ||
        needed > w.nbytes)
      return fail(DYNX_ERROR_LOAD, what + ": tensor '" + std::string(w.name) + "' is viewed past its " +
                                       std::to_string(w.nbytes) + " bytes (a corrupt model)");
    m.weights.push_back(data + header.data_start + w.offset);
  }
  return DYNX_OK;
}

void make_primitives(Instance& m);


int create(const char* weights_path, dynx_model** out) {
#if defined(__x86_64__) && defined(__AVX2__)
  // The kernels were compiled for x86-64-v3: refuse a CPU without it rather
  // than die of SIGILL in the first run.
  if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma"))
    return fail(DYNX_ERROR_LOAD, "this model was compiled for x86-64-v3 (AVX2, FMA), which this CPU lacks");
#endif
  const auto& first = first_spec();
  auto model = std::make_unique<Model>();
  const unsigned char* data = nullptr;
  size_t size = 0;
  std::string what;
  uint64_t source[4] = {0, 0, 0, 0};  // (Instance::weights_source)
  if (first.embedded_weights != nullptr && weights_path == nullptr) {
    data = first.embedded_weights;
    size = first.embedded_size;
    what = "embedded weights";
    source[0] = 1;
    source[1] = reinterpret_cast<uintptr_t>(data);
  } else {
    bool any_weights = weights_path != nullptr;
    for (size_t e = 0; e < dynx_model_entry_count; ++e) any_weights = any_weights || dynx_model_entries[e]->weight_count > 0;
    if (any_weights) {
      std::string path = weights_path != nullptr ? std::string(weights_path) : dynx::model::common::own_directory() + "/" + first.weights_file;
      std::string error;
      if (!model->mapping.open(path, &error)) return fail(DYNX_ERROR_LOAD, "weights file '" + path + "': " + error);
      data = model->mapping.data();
      size = model->mapping.size();
      what = "weights file '" + path + "'";
      struct stat st;
      if (::stat(path.c_str(), &st) == 0) {
        source[0] = 2;
        source[1] = static_cast<uint64_t>(st.st_dev);
        source[2] = static_cast<uint64_t>(st.st_ino);
        source[3] = static_cast<uint64_t>(st.st_mtim.tv_sec) * 1000000000ull + static_cast<uint64_t>(st.st_mtim.tv_nsec) +
                    (static_cast<uint64_t>(st.st_size) << 40);
      }
    }
  }
  for (size_t e = 0; e < dynx_model_entry_count; ++e) {
    const ModelSpec& s = *dynx_model_entries[e];
    model->entries.push_back(std::make_unique<Instance>());
    Instance& m = *model->entries.back();
    if (data != nullptr)
      if (int rc = load_weights(m, s, data, size, what); rc != DYNX_OK) return rc;
    if (source[0] != 0) {  // (a weights file that could not be stat'ed: nothing shared)
      std::copy(source, source + 4, m.weights_source);
      m.weights_base = data;
    }
    m.spec = &s;
    make_primitives(m);
    m.slots.assign(s.slot_count, nullptr);
    m.slot_capacity.assign(s.slot_count, 0);
    m.symbols.resize(s.signature->symbol_count + 1);
  }
  model->refusals.resize(dynx_model_entry_count);
  *out = reinterpret_cast<dynx_model*>(model.release());
  return DYNX_OK;
}

// The oneDNN primitives of an instance for the present thread count (oneDNN
// fixes a primitive's threads when it is made): fixed sizes all made now,
// every weight packed; dynamic ones when a run meets their size.
void make_primitives(Instance& m) {
  const ModelSpec& s = *m.spec;
  m.linears.clear();
  m.linears.resize(s.linear_count + s.conv_count + s.bmm_count);
  m.conv_base = s.linear_count;
  m.bmm_base = s.linear_count + s.conv_count;
  for (size_t i = 0; i < s.bmm_count; ++i) m.linears[m.bmm_base + i].emplace_back(0, dynx::native::make_bmm(s.bmms[i]));
  for (size_t i = 0; i < s.linear_count; ++i)
    if (s.linears[i].m >= 0) m.linears[i].emplace_back(s.linears[i].m, dynx::native::make_linear(s.linears[i], m));
  for (size_t i = 0; i < s.conv_count; ++i)
    if (s.convs[i].n >= 0) m.linears[m.conv_base + i].emplace_back(s.convs[i].n, dynx::native::make_conv(s.convs[i], m));
  m.made_threads = omp_get_max_threads();
}

void* aligned(uint64_t bytes) {
  uint64_t rounded = (std::max<uint64_t>(bytes, 1) + 63) / 64 * 64;
  void* p = std::aligned_alloc(64, rounded);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

// Slots grow to what these symbols need (static models: once).
void prepare_slots(Instance& m, const ModelSpec& s) {
  std::vector<uint64_t> need(s.slot_count + 1, 0);
  s.slot_bytes(m.symbols.data(), need.data());
  for (size_t i = 0; i < s.slot_count; ++i)
    if (need[i] > m.slot_capacity[i]) {
      std::free(m.slots[i]);
      m.slots[i] = nullptr;
      m.slot_capacity[i] = 0;
      m.slots[i] = aligned(need[i]);
      m.slot_capacity[i] = need[i];
    }
}

struct Result {
  DLDataType dtype{};
  std::vector<int64_t> shape, strides;
  void* data = nullptr;
  ~Result() { std::free(data); }
};

struct Handover {
  std::unique_ptr<Result> result;
  DLManagedTensor managed{};
};


// Runs the entry that accepts the inputs into fresh outputs.
int run(Model& model, const DLTensor* const* inputs, size_t num_inputs, size_t num_outputs, bool outputs_given,
        std::vector<std::unique_ptr<Result>>& results) try {
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
  const ModelSpec& s = *dynx_model_entries[model.last_entry];
  try {
    if (int threads = __atomic_load_n(&g_threads, __ATOMIC_RELAXED); threads > 0 && omp_get_max_threads() != threads)
      omp_set_num_threads(threads);
    // Made for another thread count (dynx_model_set_num_threads after create): made again.
    if (m.made_threads != omp_get_max_threads()) make_primitives(m);
    prepare_slots(m, s);
    std::vector<const void*> in(num_inputs + 1, nullptr);
    for (size_t i = 0; i < num_inputs; ++i) in[i] = static_cast<const char*>(inputs[i]->data) + inputs[i]->byte_offset;
    size_t total_dims = 0;
    for (size_t i = 0; i < s.output_count; ++i) total_dims += static_cast<size_t>(s.output_ndims[i]);
    std::vector<int64_t> shapes(total_dims + 1, 0);
    s.output_shapes(m.symbols.data(), shapes.data());
    std::vector<void*> out(s.output_count + 1, nullptr);
    size_t at = 0;
    for (size_t i = 0; i < s.output_count; ++i) {
      auto r = std::make_unique<Result>();
      r->dtype = s.output_dtypes[i];
      int nd = s.output_ndims[i];
      r->shape.assign(shapes.begin() + static_cast<long>(at), shapes.begin() + static_cast<long>(at + nd));
      at += static_cast<size_t>(nd);
      r->strides.assign(static_cast<size_t>(nd), 1);
      uint64_t numel = 1;
      for (int d = nd - 1; d >= 0; --d) {
        r->strides[static_cast<size_t>(d)] = static_cast<int64_t>(numel);
        numel *= static_cast<uint64_t>(std::max<int64_t>(r->shape[static_cast<size_t>(d)], 0));
      }
      r->data = aligned(numel * ((r->dtype.bits + 7u) / 8u));
      out[i] = r->data;
      results.push_back(std::move(r));
    }
    s.forward(m, in.data(), m.symbols.data(), out.data());
  } catch (const std::exception& e) {
    results.clear();
    return fail(DYNX_ERROR_RUNTIME, e.what());
  } catch (...) {
    results.clear();
    return fail(DYNX_ERROR_RUNTIME, "an unknown C++ exception");
  }
  return DYNX_OK;
} catch (...) {
  return fail(DYNX_ERROR_RUNTIME, "out of memory");
}


}  // namespace

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
  } catch (...) {
  }
}

int dynx_model_run(dynx_model* model, const DLTensor* const* inputs, size_t num_inputs, DLManagedTensor** outputs,
                   size_t num_outputs) {
  return dynx::model::common::with_instance<Model>(model, [&](Model& whole) -> int {
    std::vector<std::unique_ptr<Result>> results;
    if (int rc = run(whole, inputs, num_inputs, num_outputs, outputs != nullptr, results); rc != DYNX_OK) return rc;
    try {
      for (size_t i = 0; i < num_outputs; ++i) outputs[i] = nullptr;
      for (size_t i = 0; i < num_outputs; ++i) {
        auto* h = new Handover;
        h->result = std::move(results[i]);
        auto& dl = h->managed.dl_tensor;
        dl.data = h->result->data;
        dl.device = {kDLCPU, 0};
        dl.ndim = static_cast<int32_t>(h->result->shape.size());
        dl.dtype = h->result->dtype;
        dl.shape = h->result->shape.data();
        dl.strides = h->result->strides.data();
        dl.byte_offset = 0;
        h->managed.manager_ctx = h;
        h->managed.deleter = [](DLManagedTensor* self) { delete static_cast<Handover*>(self->manager_ctx); };
        outputs[i] = &h->managed;
      }
    } catch (...) {
      return dynx::model::common::take_back_outputs(outputs, num_outputs);
    }
    return DYNX_OK;
  });
}

int dynx_model_run_into(dynx_model* model, const DLTensor* const* inputs, size_t num_inputs,
                        const DLTensor* const* outputs, size_t num_outputs) {
  return dynx::model::common::with_instance<Model>(model, [&](Model& whole) -> int {
    std::vector<std::unique_ptr<Result>> results;
    if (int rc = run(whole, inputs, num_inputs, num_outputs, outputs != nullptr, results); rc != DYNX_OK) return rc;
    try {
      // Every output checked before any is written.
      for (size_t i = 0; i < num_outputs; ++i) {
        const Result& r = *results[i];
        const DLTensor* out = outputs[i];
        int64_t numel = 1;
        for (int64_t d : r.shape) numel *= d;
        if (out == nullptr || (out->data == nullptr && numel > 0))
          return fail(DYNX_ERROR_ARGUMENT, "output " + std::to_string(i) + " is NULL");
        bool dtype_ok = out->dtype.code == r.dtype.code && out->dtype.bits == r.dtype.bits && out->dtype.lanes == 1;
        if (r.dtype.code == dynx::runtime::kDLBoolCode && out->dtype.code == kDLUInt && out->dtype.bits == 8) dtype_ok = true;
        bool shape_ok = out->ndim == static_cast<int32_t>(r.shape.size()) &&
                        std::equal(r.shape.begin(), r.shape.end(), out->shape);
        if (!dtype_ok || !shape_ok || out->device.device_type != kDLCPU)
          return fail(DYNX_ERROR_ARGUMENT, "output " + std::to_string(i) + ": expected " +
                                               dynx::runtime::dtype_name(r.dtype) + " " +
                                               dynx::model::common::dims_text(r.shape.data(), r.shape.size()) +
                                               " on cpu, got " + dynx::runtime::dtype_name(out->dtype) + " " +
                                               dynx::model::common::dims_text(out->shape, static_cast<size_t>(out->ndim)));
      }
      for (size_t i = 0; i < num_outputs; ++i) {
        const Result& r = *results[i];
        const DLTensor* out = outputs[i];
        // Element by element through the caller's strides (row-major when none).
        const size_t item = (r.dtype.bits + 7u) / 8u;
        const int nd = static_cast<int>(r.shape.size());
        std::vector<int64_t> index(static_cast<size_t>(nd), 0), strides(static_cast<size_t>(nd), 1);
        int64_t numel = 1;
        for (int d = nd - 1; d >= 0; --d) {
          strides[static_cast<size_t>(d)] = out->strides != nullptr ? out->strides[d] : numel;
          numel *= r.shape[static_cast<size_t>(d)];
        }
        char* base = static_cast<char*>(out->data) + out->byte_offset;
        const char* src = static_cast<const char*>(r.data);
        for (int64_t flat = 0; flat < numel; ++flat) {
          int64_t offset = 0;
          for (int d = 0; d < nd; ++d) offset += index[static_cast<size_t>(d)] * strides[static_cast<size_t>(d)];
          std::memcpy(base + offset * static_cast<int64_t>(item), src + flat * static_cast<int64_t>(item), item);
          for (int d = nd - 1; d >= 0; --d) {
            if (++index[static_cast<size_t>(d)] < r.shape[static_cast<size_t>(d)]) break;
            index[static_cast<size_t>(d)] = 0;
          }
        }
      }
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
  if (num_threads < 1 || num_threads > DYNX_MODEL_MAX_THREADS)
    return fail(DYNX_ERROR_ARGUMENT, "the number of threads must be between 1 and " +
                                         std::to_string(DYNX_MODEL_MAX_THREADS) + ", not " +
                                         std::to_string(num_threads));
  // The kernels' loops and oneDNN share libgomp's pool; OpenMP's setting is
  // per thread, so every run applies it on the thread that runs.
  __atomic_store_n(&g_threads, num_threads, __ATOMIC_RELAXED);
  omp_set_num_threads(num_threads);
  return DYNX_OK;
}

}  // extern "C"
