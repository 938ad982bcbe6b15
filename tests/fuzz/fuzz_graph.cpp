// libFuzzer target: graph JSON (dynx.graph) read by ir::graph_from_json, and
// every graph that reads fine given to dynx-aot's libtorch code generator
// with the schemas of common operators. Properties: no crash; the generated
// C++ holds only printable ASCII, and its only preprocessor lines are
// dynx's own #includes — nothing from the graph can inject code.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "dynx/export/codegen.hpp"
#include "dynx/ir/graph.hpp"
#include "dynx/json_depth.hpp"

namespace {

const dynx::exporter::TorchInfo& torch_info() {
  static const dynx::exporter::TorchInfo info = [] {
    dynx::exporter::TorchInfo t;
    t.version = "2.13.0+cpu";
    const char* const kOps[][3] = {
        {"aten::add.Tensor", "aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor", "add_Tensor"},
        {"aten::mul.Tensor", "aten::mul.Tensor(Tensor self, Tensor other) -> Tensor", "mul_Tensor"},
        {"aten::view.default", "aten::view(Tensor(a) self, SymInt[] size) -> Tensor(a)", "view"},
        {"aten::relu.default", "aten::relu(Tensor self) -> Tensor", ""},
        {"aten::cat.default", "aten::cat(Tensor[] tensors, int dim=0) -> Tensor", "cat"},
        {"aten::split.Tensor", "aten::split.Tensor(Tensor(a -> *) self, SymInt split_size, int dim=0) -> Tensor(a)[]",
         "split_Tensor"},
        {"aten::index.Tensor", "aten::index.Tensor(Tensor self, Tensor?[] indices) -> Tensor", "index_Tensor"},
        {"aten::_to_copy.default",
         "aten::_to_copy(Tensor self, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
         "bool? pin_memory=None, bool non_blocking=False, MemoryFormat? memory_format=None) -> Tensor",
         "_to_copy"},
        {"aten::native_layer_norm.default",
         "aten::native_layer_norm(Tensor input, SymInt[] normalized_shape, Tensor? weight, Tensor? bias, float eps) "
         "-> (Tensor, Tensor, Tensor)",
         "native_layer_norm"},
        {"aten::div.Tensor_mode",
         "aten::div.Tensor_mode(Tensor self, Tensor other, *, str? rounding_mode) -> Tensor", "div_Tensor_mode"},
        {"aten::add_.Tensor", "aten::add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)",
         "add__Tensor"}};
    for (const auto& op : kOps) {
      dynx::exporter::OperatorInfo o;
      o.schema = *dynx::exporter::parse_schema(op[1]);
      o.cpp_struct = op[2];
      if (*op[2]) o.header = "ATen/ops/op_ops.h";
      t.ops[op[0]] = o;
    }
    return t;
  }();
  return info;
}

bool allowed_line(const std::string& line) {
  if (line.empty() || line[0] != '#') return true;
  if (line == "#include \"model_runtime.hpp\"") return true;
  if (line.rfind("#include <", 0) != 0 || line.back() != '>') return false;
  for (size_t i = 10; i + 1 < line.size(); ++i) {
    char c = line[i];
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '/' || c == '.')) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // As read_graph: nesting is bounded before parsing.
  if (!dynx::json_depth_within(std::string_view(reinterpret_cast<const char*>(data), size))) return 0;
  auto json = nlohmann::json::parse(data, data + size, nullptr, false);
  if (json.is_discarded()) return 0;
  auto graph = dynx::ir::graph_from_json(json);
  if (!graph) return 0;
  auto backend = dynx::exporter::make_backend("libtorch");
  std::vector<dynx::exporter::WeightLayout> weights;
  for (const auto& in : graph->inputs)
    if (in.kind == "parameter" || in.kind == "buffer" || in.kind == "constant")
      weights.push_back({in.weight, in.name, in.meta.dtype, in.meta.shape, in.meta.stride, 0, 0, false});
  auto model = backend->generate(*graph, torch_info(), weights, dynx::exporter::CodegenOptions{});
  if (!model) return 0;
  size_t start = 0;
  const std::string& src = model->source;
  for (unsigned char c : src)
    if (c != '\n' && (c < 0x20 || c >= 0x7f)) {
      std::fprintf(stderr, "non-printable byte 0x%02x in the generated source\n", c);
      std::abort();
    }
  while (start < src.size()) {
    size_t end = src.find('\n', start);
    if (end == std::string::npos) end = src.size();
    std::string line = src.substr(start, end - start);
    if (!allowed_line(line)) {
      std::fprintf(stderr, "preprocessor line from the graph: %s\n", line.c_str());
      std::abort();
    }
    start = end + 1;
  }
  return 0;
}
