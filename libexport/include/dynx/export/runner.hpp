// Loading and running a model.so through its C interface (dlopen, no
// libtorch linked into the tool), .npy and safetensors tensors on the host,
// and comparing outputs. Used by dynx-run and by dynx-aot --verify.
#pragma once

#include <dlpack/dlpack.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "dynx/error.hpp"

namespace dynx::runner {

// A dense row-major tensor in host memory.
struct HostTensor {
  std::string dtype;  // "float32", ...
  std::vector<int64_t> shape;
  std::vector<unsigned char> data;
  int64_t numel() const;
  DLTensor view();  // valid while this object lives and is not resized
};

size_t dtype_size(const std::string& dtype);  // 0 if unknown
Expected<DLDataType> dl_dtype(const std::string& dtype);

// NumPy .npy files (format 1.0-3.0, little-endian, C order).
Expected<HostTensor> read_npy(const std::string& path);
Status write_npy(const std::string& path, const DLTensor& tensor);
// Parses .npy bytes (`what` names the source in errors).
Expected<HostTensor> parse_npy(const std::string& bytes, const std::string& what);

// Tensors of a safetensors file whose names start with `prefix` (the prefix
// is removed), e.g. "input." of a capture's examples file.
Expected<std::vector<std::pair<std::string, HostTensor>>> read_safetensors(const std::string& path,
                                                                            const std::string& prefix);

// A dense row-major copy of any strided tensor.
Expected<HostTensor> to_host(const DLTensor& tensor);

class Model {
 public:
  ~Model();
  Model(const Model&) = delete;
  Model& operator=(const Model&) = delete;
  // dlopen()s the .so and checks its ABI version; creates one instance.
  static Expected<std::unique_ptr<Model>> open(const std::string& path, const std::string& weights_path = "");
  const nlohmann::json& signature() const { return signature_; }
  size_t num_inputs() const;
  size_t num_outputs() const;
  Status set_threads(int threads);
  // Runs; outputs are owned by the returned holders.
  struct Outputs {
    std::vector<DLManagedTensor*> tensors;
    Outputs() = default;
    Outputs(const Outputs&) = delete;
    Outputs& operator=(const Outputs&) = delete;
    ~Outputs() { release(); }
    void release();  // calls each deleter
  };
  Status run(const std::vector<const DLTensor*>& inputs, Outputs* outputs);
  std::string last_error() const;
  // The entry the last successful run used (0 for a model of one entry).
  int last_entry() const;

 private:
  Model() = default;
  void* handle_ = nullptr;
  void* instance_ = nullptr;
  nlohmann::json signature_;
  struct Api;
  std::unique_ptr<Api> api_;
};

struct Comparison {
  std::string name;
  bool shape_ok = true, dtype_ok = true;
  double max_abs = 0, max_rel = 0;
  int64_t differing = 0;  // elements not bitwise equal
  int64_t outside = 0;    // elements with |a - e| > atol + rtol * |e| (as torch.allclose)
  int64_t count = 0;
  bool ok() const { return shape_ok && dtype_ok && outside == 0; }
};
Comparison compare(const std::string& name, const HostTensor& actual, const HostTensor& expected, double atol,
                   double rtol);

}  // namespace dynx::runner
