// From a captured graph to the C++ of a model.so. The generator is split in
// two: what every backend shares (operator schemas, the model's signature,
// weights layout, the tables the runtime reads) and a Backend that turns the
// graph's operators into code. `libtorch` calls PyTorch's C++ operators
// (typed calls through at::_ops where torch declares one, the dispatcher
// otherwise); a native backend with its own kernels would be a second
// Backend beside it.
//
// Nothing from the capture reaches the generated source except through
// cpp_string_literal / cpp_comment or as an identifier made of [a-z0-9_].
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
#include "dynx/export/signature.hpp"
#include "dynx/ir/graph.hpp"

namespace dynx::exporter {

// An operator schema as torch prints it:
// "aten::addmm(Tensor self, Tensor mat1, *, Scalar beta=1) -> Tensor".
struct SchemaArgument {
  std::string type;  // alias annotations removed: "Tensor", "int[2]", "Tensor?[]", "SymInt[]?"
  std::string name;
  std::optional<std::string> default_value;  // as written: "1", "None", "[0, 0]", "\"mean\""
  bool kwarg_only = false;
  bool is_out = false;  // Tensor(a!) after the '*'
  bool is_mutable = false;  // Tensor(a!): written by the operator (in-place or out)
};
struct OperatorSchema {
  std::string name;      // "aten::addmm"
  std::string overload;  // "" for the default overload
  std::vector<SchemaArgument> arguments;
  std::vector<std::string> returns;  // types: "Tensor", "Tensor[]", "int"
  std::vector<bool> returns_alias;   // the return carries an alias annotation: Tensor(a), Tensor(a)[], Tensor(a!)
};
Expected<OperatorSchema> parse_schema(std::string_view text);

// What the Python environment's torch says about the operators of a graph
// (the answer of aot_probe.py).
struct OperatorInfo {
  std::string missing;  // non-empty: the operator does not exist (the reason)
  OperatorSchema schema;
  std::string cpp_struct, header;  // at::_ops::<cpp_struct> in <header>; empty: dispatcher only
  std::optional<OperatorSchema> out_schema;
  std::string out_struct;
};
struct TorchInfo {
  std::string version;
  std::string stamp;  // identifies the installed torch files (the probe's version.py stamp)
  std::vector<std::string> include_dirs;
  std::string library_dir;
  bool cxx11_abi = true;
  std::map<std::string, OperatorInfo> ops;  // "aten::addmm.default"
};
Expected<TorchInfo> torch_info_from_json(const nlohmann::json& json);

// Operators of a graph, by their capture name ("aten::addmm.default").
std::vector<std::string> graph_operators(const ir::Graph& graph);

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
};

struct GeneratedModel {
  std::string source;
  ModelSignature signature;
  int typed_calls = 0, boxed_calls = 0, planned_buffers = 0;
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

// "libtorch"; nullptr for an unknown name.
std::unique_ptr<Backend> make_backend(const std::string& name);
std::vector<std::string> backend_names();

// A size expression of a dynamic graph ("s0*s1//2 + 1") as C++ over
// int64_t locals named s0, s1, ...; an error for anything else.
Expected<std::string> cpp_size_expression(std::string_view expr);

}  // namespace dynx::exporter
