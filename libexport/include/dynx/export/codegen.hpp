// From a captured graph to the C++ of a model.so: the Backend interface and
// what dynx-aot hands it. What every backend shares lives beside it:
//   operator_schema.hpp  torch's operator schemas, bound arguments
//   size_expression.hpp  size expressions of dynamic graphs as C++
//   memory_plan.hpp      liveness, aliasing and the memory plan
//   cpp_writer.hpp       indentation and all escaping of generated C++
//   model_signature.hpp  the model's call signature (model.json, input checks)
// `libtorch` (libtorch_backend.hpp) calls PyTorch's C++ operators (typed
// calls through at::_ops where torch declares one, the dispatcher
// otherwise); a native backend with its own kernels would be a second
// Backend beside it, reusing everything but the emission of operators.
//
// Nothing from the capture reaches the generated source except through
// cpp_writer.hpp (string literals, comments, identifiers of [a-z0-9_]).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "dynx/error.hpp"
#include "dynx/export/cpp_writer.hpp"
#include "dynx/export/model_signature.hpp"
#include "dynx/export/operator_schema.hpp"
#include "dynx/export/size_expression.hpp"
#include "dynx/ir/graph.hpp"

namespace dynx::exporter {

// A weight in the weights blob of a model.
struct WeightLayout {
  std::string key;          // tensor name in the blob
  std::string graph_input;  // the graph input it feeds
  std::string dtype;        // "float32"
  std::vector<int64_t> sizes, strides;
  uint64_t offset = 0, nbytes = 0;  // within the blob's data section
  bool copy = false;        // the graph writes to it
};

struct CodegenOptions {
  std::vector<std::string> header_lines;  // the file's opening comment (capture, graph, tool)
  bool embedded_weights = true;
  std::string weights_file;  // external weights: the file name beside model.so
  bool plan_buffers = true;
  // Where the entry's code goes: its namespace and the name of its
  // dynx::model::ModelSpec (several entries share one source, each its own).
  std::string ns = "dynx_generated";
  std::string spec_symbol = "dynx_model_spec";
};

struct GeneratedModel {
  std::string source;
  ModelSignature signature;
  int typed_calls = 0, boxed_calls = 0, planned_buffers = 0;
  // Native backend: kernels, the loop nests among them compiled (each
  // distinct one once), oneDNN matmuls, operators fused into another's kernel.
  int kernels = 0, unique_kernels = 0, library_calls = 0, fused_operators = 0;
  int64_t planned_bytes = 0;   // memory of the planned slots (shared between values)
  int64_t unshared_bytes = 0;  // what one buffer per value would have taken
};

class Backend {
 public:
  virtual ~Backend() = default;
  virtual std::string name() const = 0;
  virtual Expected<GeneratedModel> generate(const ir::Graph& graph, const TorchInfo& torch,
                                            const std::vector<WeightLayout>& weights,
                                            const CodegenOptions& options) const = 0;
};

// The end of every model's source: the table of its entries (the
// ModelSpecs named `spec_symbols`, tried in that order), their graph ids and
// the signature the C API reports (model_runtime.hpp declares them).
std::string emit_entries_table(const std::vector<std::string>& spec_symbols, const std::vector<std::string>& graph_ids,
                               const std::string& signature_json,
                               const std::string& spec_type = "dynx::model::ModelSpec");

// "libtorch" or "native"; nullptr for an unknown name.
std::unique_ptr<Backend> make_backend(const std::string& name);

}  // namespace dynx::exporter
