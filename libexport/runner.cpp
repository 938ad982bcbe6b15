// Running model.so files (see runner.hpp).
#include "dynx/export/runner.hpp"

#include <dlfcn.h>

#include <cmath>
#include <cstring>
#include <map>

#include "dynx/dtypes.hpp"
#include "dynx/files.hpp"
#include "dynx/model.h"
#include "dynx/runtime/safetensors.hpp"
#include "dynx/runtime/input_checks.hpp"
#include "dynx/strings.hpp"

namespace dynx::runner {
namespace {

std::string dtype_of(DLDataType t) {
  if (t.code == kDLUInt && t.bits == 1) return "bool";
  if (const DtypeInfo* d = t.lanes == 1 ? dtype_by_dlpack(t.code, t.bits) : nullptr) return std::string(d->name);
  return runtime::dtype_name(t);
}

}  // namespace

int64_t HostTensor::numel() const {
  int64_t n = 1;
  for (auto d : shape) n *= d;
  return n;
}

DLTensor HostTensor::view() {
  DLTensor t{};
  t.data = data.empty() ? nullptr : data.data();
  static unsigned char empty_data = 0;
  if (t.data == nullptr) t.data = &empty_data;
  t.device = {kDLCPU, 0};
  t.ndim = static_cast<int32_t>(shape.size());
  auto dt = dl_dtype(dtype);
  t.dtype = dt ? *dt : DLDataType{kDLFloat, 32, 1};
  t.shape = shape.data();
  t.strides = nullptr;
  return t;
}

size_t dtype_size(const std::string& dtype) {
  const auto* d = dtype_by_name(dtype);
  return d ? d->size : 0;
}

Expected<DLDataType> dl_dtype(const std::string& dtype) {
  const auto* d = dtype_by_name(dtype);
  if (!d) return Error{"unknown dtype " + dtype};
  return DLDataType{d->dlpack_code, d->bits, 1};
}

Expected<HostTensor> parse_npy(const std::string& bytes, const std::string& what) {
  auto fail = [&](const std::string& m) { return Error{what + ": " + m}; };
  if (bytes.size() < 10 || bytes.compare(0, 6, "\x93NUMPY") != 0) return fail("not a .npy file");
  int major = static_cast<unsigned char>(bytes[6]);
  size_t header_len = 0, start = 0;
  if (major == 1) {
    header_len = static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
    start = 10;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < 12) return fail("truncated header");
    for (int i = 3; i >= 0; --i) header_len = (header_len << 8) | static_cast<unsigned char>(bytes[8 + i]);
    start = 12;
  } else {
    return fail("unsupported .npy version " + std::to_string(major));
  }
  if (header_len > bytes.size() - start) return fail("truncated header");
  std::string header = bytes.substr(start, header_len);
  auto field = [&](const std::string& key) -> std::string {
    size_t k = header.find("'" + key + "'");
    if (k == std::string::npos) return "";
    size_t colon = header.find(':', k);
    if (colon == std::string::npos) return "";
    size_t b = header.find_first_not_of(' ', colon + 1);
    if (b == std::string::npos) return "";
    if (header[b] == '\'') {
      size_t e = header.find('\'', b + 1);
      return e == std::string::npos ? "" : header.substr(b + 1, e - b - 1);
    }
    if (header[b] == '(') {
      size_t e = header.find(')', b);
      return e == std::string::npos ? "" : header.substr(b, e - b + 1);
    }
    size_t e = header.find_first_of(",}", b);
    return e == std::string::npos ? "" : header.substr(b, e - b);
  };
  std::string descr = field("descr"), order = field("fortran_order"), shape_text = field("shape");
  if (descr.empty() || shape_text.empty()) return fail("malformed header");
  if (order != "False") return fail("Fortran-ordered arrays are not supported (save with np.ascontiguousarray)");
  char endian = descr[0];
  std::string kind = descr.substr(1);
  if (endian == '>' && kind != "i1" && kind != "u1" && kind != "b1") return fail("big-endian data is not supported");
  if (endian != '<' && endian != '|' && endian != '=') return fail("unknown byte order in '" + descr + "'");
  HostTensor t;
  for (const auto& d : kDtypes)
    if (kind == d.numpy && !d.numpy.empty()) t.dtype = d.name;
  if (t.dtype.empty()) return fail("unsupported dtype '" + descr + "'");
  // A Python tuple of non-negative integers: "()", "(3,)", "(2, 8, 32)".
  // Anything else ("(-2, 8)", "(2.0, 8)") is malformed, not read around.
  if (shape_text.front() != '(') return fail("malformed header: the shape " + shape_text + " is not a tuple of sizes");
  const std::string inside = shape_text.substr(1, shape_text.size() - 2);
  std::vector<std::string> dims;
  if (!trim(inside).empty()) dims = split(inside, ',');                 // "()": none
  if (dims.size() > 1 && trim(dims.back()).empty()) dims.pop_back();  // "(3,)"
  for (const auto& d : dims) {
    std::string_view number = trim(d);
    if (number.empty() || number.find_first_not_of("0123456789") != std::string_view::npos)
      return fail("malformed header: the shape " + shape_text + " is not a tuple of sizes");
    if (number.size() > 15) return fail("a size is too large");
    t.shape.push_back(std::stoll(std::string(number)));
  }
  uint64_t count = 1;
  for (auto d : t.shape) {
    if (d != 0 && count > (uint64_t{1} << 40) / static_cast<uint64_t>(d)) return fail("the shape is too large");
    count *= static_cast<uint64_t>(d);
  }
  uint64_t nbytes = count * dtype_size(t.dtype);
  size_t data_start = start + header_len;
  if (bytes.size() - data_start < nbytes)
    return fail("truncated: the shape needs " + std::to_string(nbytes) + " bytes of data, the file has " +
                std::to_string(bytes.size() - data_start));
  t.data.assign(bytes.begin() + static_cast<long>(data_start), bytes.begin() + static_cast<long>(data_start + nbytes));
  return t;
}

Expected<HostTensor> read_npy(const std::string& path) {
  auto bytes = read_file(path);
  if (!bytes) return bytes.error();  // names the file
  return parse_npy(*bytes, path);
}

Expected<HostTensor> to_host(const DLTensor& tensor) {
  HostTensor t;
  t.dtype = dtype_of(tensor.dtype);
  size_t element = dtype_size(t.dtype);
  if (element == 0) return Error{"unsupported dtype " + t.dtype};
  if (tensor.device.device_type != kDLCPU) return Error{"not a CPU tensor"};
  t.shape.assign(tensor.shape, tensor.shape + tensor.ndim);
  int64_t n = t.numel();
  t.data.resize(static_cast<size_t>(n) * element);
  const auto* base = static_cast<const unsigned char*>(tensor.data) + tensor.byte_offset;
  std::vector<int64_t> strides(static_cast<size_t>(tensor.ndim));
  int64_t s = 1;
  for (int d = tensor.ndim - 1; d >= 0; --d) {
    strides[static_cast<size_t>(d)] = tensor.strides ? tensor.strides[d] : s;
    s *= tensor.shape[d];
  }
  std::vector<int64_t> index(static_cast<size_t>(tensor.ndim), 0);
  for (int64_t i = 0; i < n; ++i) {
    int64_t offset = 0;
    for (size_t d = 0; d < index.size(); ++d) offset += index[d] * strides[d];
    std::memcpy(t.data.data() + static_cast<size_t>(i) * element, base + offset * static_cast<int64_t>(element), element);
    for (int d = tensor.ndim - 1; d >= 0; --d) {
      if (++index[static_cast<size_t>(d)] < tensor.shape[d]) break;
      index[static_cast<size_t>(d)] = 0;
    }
  }
  return t;
}

Status write_npy(const std::string& path, const DLTensor& tensor) {
  auto host = to_host(tensor);
  if (!host) return host.error();
  const auto* d = dtype_by_name(host->dtype);
  if (d == nullptr || d->numpy.empty()) return Error{"dtype " + host->dtype + " has no .npy spelling"};
  std::string shape = "(";
  for (size_t i = 0; i < host->shape.size(); ++i) shape += std::to_string(host->shape[i]) + (host->shape.size() == 1 ? "," : i + 1 < host->shape.size() ? ", " : "");
  shape += ")";
  std::string descr = std::string(d->bits == 8 ? "|" : "<") + std::string(d->numpy);
  std::string header = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::string out = "\x93NUMPY";
  out += static_cast<char>(1);
  out += static_cast<char>(0);
  out += static_cast<char>(header.size() & 0xff);
  out += static_cast<char>(header.size() >> 8);
  out += header;
  out.append(reinterpret_cast<const char*>(host->data.data()), host->data.size());
  return write_file_atomic(path, out);
}

Expected<std::vector<std::pair<std::string, HostTensor>>> read_safetensors(const std::string& path,
                                                                            const std::string& prefix) {
  runtime::MappedFile file;
  std::string error;
  if (!file.open(path, &error)) return Error{path + ": " + error};
  runtime::SafetensorsHeader header;
  if (!runtime::parse_safetensors(file.data(), file.size(), &header, &error)) return Error{path + ": " + error};
  std::vector<std::pair<std::string, HostTensor>> tensors;
  for (const auto& e : header.entries) {
    if (e.name.rfind(prefix, 0) != 0) continue;
    HostTensor t;
    t.dtype = runtime::torch_dtype(e.dtype);
    t.shape = e.shape;
    const unsigned char* p = file.data() + header.data_start;
    t.data.assign(p + e.begin, p + e.end);
    tensors.emplace_back(e.name.substr(prefix.size()), std::move(t));
  }
  return tensors;
}

// ----- model.so ------------------------------------------------------------------------------
struct Model::Api {
  uint32_t (*abi_version)();
  const char* (*signature)();
  size_t (*num_inputs)();
  size_t (*num_outputs)();
  int (*create)(const char*, dynx_model**);
  void (*destroy)(dynx_model*);
  int (*run)(dynx_model*, const DLTensor* const*, size_t, DLManagedTensor**, size_t);
  const char* (*last_error)();
  int (*set_threads)(int);
  int (*last_entry)(const dynx_model*);  // null in a model.so built before entries
};

Model::~Model() {
  if (instance_ && api_) api_->destroy(static_cast<dynx_model*>(instance_));
  // The library stays loaded: libtorch does not support being unloaded.
}

void Model::Outputs::release() {
  for (auto* t : tensors)
    if (t && t->deleter) t->deleter(t);
  tensors.clear();
}

Expected<std::unique_ptr<Model>> Model::open(const std::string& path, const std::string& weights_path) {
  auto kind = path_kind(path);
  if (kind == PathKind::missing) return Error{path + ": no such file"};
  if (kind == PathKind::directory) return Error{path + ": is a directory, not a model.so"};
  if (kind == PathKind::other) return Error{path + ": not a regular file, not a model.so"};
  std::string load_path = path.find('/') == std::string::npos ? "./" + path : path;
  void* handle = ::dlopen(load_path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* e = ::dlerror();
    return Error{"cannot load " + path + ": " + (e ? e : "unknown error")};
  }
  std::unique_ptr<Model> m(new Model);
  m->handle_ = handle;
  m->api_ = std::make_unique<Api>();
  auto& api = *m->api_;
  bool ok = true;
  auto sym = [&](const char* name) {
    void* p = ::dlsym(handle, name);
    if (p == nullptr) ok = false;
    return p;
  };
  api.abi_version = reinterpret_cast<uint32_t (*)()>(sym("dynx_model_abi_version"));
  api.signature = reinterpret_cast<const char* (*)()>(sym("dynx_model_signature"));
  api.num_inputs = reinterpret_cast<size_t (*)()>(sym("dynx_model_num_inputs"));
  api.num_outputs = reinterpret_cast<size_t (*)()>(sym("dynx_model_num_outputs"));
  api.create = reinterpret_cast<int (*)(const char*, dynx_model**)>(sym("dynx_model_create"));
  api.destroy = reinterpret_cast<void (*)(dynx_model*)>(sym("dynx_model_destroy"));
  api.run = reinterpret_cast<int (*)(dynx_model*, const DLTensor* const*, size_t, DLManagedTensor**, size_t)>(
      sym("dynx_model_run"));
  api.last_error = reinterpret_cast<const char* (*)()>(sym("dynx_model_last_error"));
  api.set_threads = reinterpret_cast<int (*)(int)>(sym("dynx_model_set_num_threads"));
  if (!ok) return Error{path + ": not a dynx model (the dynx_model_* functions are missing)"};
  api.last_entry = reinterpret_cast<int (*)(const dynx_model*)>(::dlsym(handle, "dynx_model_last_entry"));
  if (api.abi_version() != DYNX_MODEL_ABI_VERSION)
    return Error{path + ": model ABI version " + std::to_string(api.abi_version()) + ", this tool speaks " +
                 std::to_string(DYNX_MODEL_ABI_VERSION)};
  try {
    m->signature_ = nlohmann::json::parse(api.signature());
  } catch (const nlohmann::json::exception&) {
    return Error{path + ": the model's signature is not JSON"};
  }
  dynx_model* instance = nullptr;
  if (api.create(weights_path.empty() ? nullptr : weights_path.c_str(), &instance) != DYNX_OK)
    return Error{path + ": " + api.last_error()};
  m->instance_ = instance;
  return m;
}

size_t Model::num_inputs() const { return api_->num_inputs(); }
int Model::last_entry() const {
  return api_->last_entry != nullptr ? api_->last_entry(static_cast<const dynx_model*>(instance_)) : 0;
}
size_t Model::num_outputs() const { return api_->num_outputs(); }
std::string Model::last_error() const { return api_->last_error(); }

Status Model::set_threads(int threads) {
  if (api_->set_threads(threads) != DYNX_OK) return Error{api_->last_error()};
  return Status::ok();
}

Status Model::run(const std::vector<const DLTensor*>& inputs, Outputs* outputs) {
  outputs->release();
  outputs->tensors.assign(num_outputs(), nullptr);
  int rc = api_->run(static_cast<dynx_model*>(instance_), inputs.data(), inputs.size(), outputs->tensors.data(),
                     outputs->tensors.size());
  if (rc != DYNX_OK) {
    outputs->tensors.clear();
    return Error{api_->last_error()};
  }
  return Status::ok();
}

// ----- comparison -----------------------------------------------------------------------------
namespace {

double element(const HostTensor& t, int64_t i) {
  const unsigned char* p = t.data.data() + static_cast<size_t>(i) * dtype_size(t.dtype);
  auto get = [&](auto v) {
    std::memcpy(&v, p, sizeof v);
    return static_cast<double>(v);
  };
  const std::string& d = t.dtype;
  if (d == "float32") return get(float{});
  if (d == "float64") return get(double{});
  if (d == "int64") return get(int64_t{});
  if (d == "int32") return get(int32_t{});
  if (d == "int16") return get(int16_t{});
  if (d == "int8") return get(int8_t{});
  if (d == "uint8" || d == "bool") return get(uint8_t{});
  if (d == "bfloat16" || d == "float16") {
    uint16_t h;
    std::memcpy(&h, p, 2);
    if (d == "bfloat16") {
      uint32_t f = uint32_t{h} << 16;
      float v;
      std::memcpy(&v, &f, 4);
      return v;
    }
    int sign = h >> 15, exp = (h >> 10) & 0x1f, frac = h & 0x3ff;
    double v = exp == 0 ? std::ldexp(frac, -24) : exp == 31 ? (frac ? NAN : INFINITY) : std::ldexp(frac + 1024, exp - 25);
    return sign ? -v : v;
  }
  return 0;
}

}  // namespace

Comparison compare(const std::string& name, const HostTensor& actual, const HostTensor& expected, double atol,
                   double rtol) {
  Comparison c;
  c.name = name;
  c.shape_ok = actual.shape == expected.shape;
  c.dtype_ok = actual.dtype == expected.dtype;
  if (!c.shape_ok || !c.dtype_ok) return c;
  c.count = actual.numel();
  size_t element_size = dtype_size(actual.dtype);
  bool complex = actual.dtype.rfind("complex", 0) == 0;
  for (int64_t i = 0; i < c.count; ++i) {
    if (std::memcmp(actual.data.data() + static_cast<size_t>(i) * element_size,
                    expected.data.data() + static_cast<size_t>(i) * element_size, element_size) == 0)
      continue;
    ++c.differing;
    if (complex) {
      c.max_abs = INFINITY;
      ++c.outside;
      continue;
    }
    double a = element(actual, i), e = element(expected, i);
    if (std::isnan(a) && std::isnan(e)) {
      --c.differing;  // NaN payloads may differ
      continue;
    }
    double diff = std::fabs(a - e);
    if (std::isnan(diff)) diff = INFINITY;
    if (!(diff <= atol + rtol * std::fabs(e))) ++c.outside;
    c.max_abs = std::max(c.max_abs, diff);
    double scale = std::fabs(e);
    c.max_rel = std::max(c.max_rel, scale > 0 ? diff / scale : diff > 0 ? INFINITY : 0.0);
  }
  return c;
}

}  // namespace dynx::runner
