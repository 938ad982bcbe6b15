// Choosing a backend, and the generated sources of a few captured graphs
// byte for byte (the pieces have their own tests: operator_schema_test,
// size_expression_test, memory_plan_test, cpp_writer_test,
// libtorch_backend_test).
#include <doctest/doctest.h>

#include <cstdlib>

#include "dynx/export/codegen.hpp"
#include "dynx/files.hpp"
#include "dynx/ir/graph.hpp"

using namespace dynx;
using namespace dynx::exporter;

TEST_CASE("make_backend: libtorch, native, nothing for an unknown name") {
  auto backend = make_backend("libtorch");
  REQUIRE(backend);
  CHECK(backend->name() == "libtorch");
  auto native = make_backend("native");
  REQUIRE(native);
  CHECK(native->name() == "native");
  CHECK_FALSE(make_backend("auto"));  // a choice of dynx-aot, not a backend
  CHECK_FALSE(make_backend("fast"));
}

// ----- golden generated sources ------------------------------------------------------------------
// The C++ the libtorch backend writes for a few captured graphs, byte for
// byte (tests/unit/data/codegen_golden_*.cpp; the compile test checks that
// they compile warning-free against torch). The operator schemas are a real
// answer of aot_probe.py (tests/unit/data/codegen_torch_ops.json). After an
// intended change to the generated code, regenerate them with
//   DYNX_UPDATE_GOLDEN=1 build/bin/dynx_runtime_tests -tc='*golden*'
// and review the diff.
namespace {

struct GoldenCase {
  const char* graph;   // tests/unit/data/<graph>
  const char* golden;  // tests/unit/data/<golden>
  const char* weight;  // this user input becomes a parameter fed from the weights (nullptr: none)
  std::vector<std::string> boxed;  // these operators go through the dispatcher (the others: typed calls)
  bool embedded_weights;
};

void check_golden(const GoldenCase& c) {
  CAPTURE(c.golden);
  const std::string data = DYNX_SOURCE_DIR "/tests/unit/data/";
  auto probe = read_file(data + "codegen_torch_ops.json");
  REQUIRE(probe);
  auto torch = torch_info_from_json(nlohmann::json::parse(*probe));
  REQUIRE(torch);
  for (const auto& op : c.boxed) {  // as the probe describes an operator without C++ declarations
    torch->ops.at(op).cpp_struct.clear();
    torch->ops.at(op).header.clear();
    torch->ops.at(op).out_schema.reset();
    torch->ops.at(op).out_struct.clear();
  }
  auto graph = ir::read_graph(data + c.graph);
  REQUIRE(graph);
  std::vector<WeightLayout> weights;
  uint64_t offset = 0;
  for (auto& in : graph->inputs) {
    if (!c.weight || in.name != c.weight) continue;
    in.kind = "parameter";
    in.weight = "w." + in.name;
    int64_t n = 1;
    for (auto d : in.meta.shape) n *= d;
    weights.push_back({in.weight, in.name, in.meta.dtype, in.meta.shape, in.meta.stride, offset,
                       static_cast<uint64_t>(n) * 4, false});
    offset += 64;
  }
  CodegenOptions options;
  options.header_lines = {std::string("golden source of tests/unit/data/") + c.graph, "second line */ ?" "?= \\"};
  options.embedded_weights = c.embedded_weights;
  options.weights_file = "model.weights";
  auto model = make_backend("libtorch")->generate(*graph, *torch, weights, options);
  REQUIRE(model);
  const std::string path = data + c.golden;
  const char* update = std::getenv("DYNX_UPDATE_GOLDEN");
  if (update && std::string(update) == "1") {
    REQUIRE(write_file_atomic(path, model->source));
    return;
  }
  auto golden = read_file(path);
  REQUIRE_MESSAGE(golden, "no golden file " << path << " (DYNX_UPDATE_GOLDEN=1 writes it)");
  CHECK_MESSAGE(model->source == *golden, path << " differs from the generated source (DYNX_UPDATE_GOLDEN=1 "
                                                  "rewrites it; review the diff)");
}

}  // namespace

TEST_CASE("libtorch backend: golden generated sources") {
  // A dynamic graph (symbols, size expressions, no planning).
  check_golden({"graph_dynamic.json", "codegen_golden_dynamic.cpp", nullptr, {}, true});
  // In-place operators (const_cast targets, no planning of mutated values).
  check_golden({"graph_inplace.json", "codegen_golden_inplace.cpp", nullptr, {}, true});
  // Views (never planned), one operator through the dispatcher, external weights file.
  check_golden({"graph_views.json", "codegen_golden_views.cpp", nullptr, {"aten::select.int"}, false});
  // Static graph with a weight: planned buffers sharing slots, the weights table.
  check_golden({"graph_no_grad.json", "codegen_golden_weights.cpp", "l_w", {}, true});
  // A tuple-returning operator.
  check_golden({"graph_multiple_outputs.json", "codegen_golden_multiple_outputs.cpp", nullptr, {}, true});
  // List returns (split, unbind), a list of tensors (cat), bools, optionals; most results planned
  // (graph_lists.py captured).
  check_golden({"graph_lists.json", "codegen_golden_lists.cpp", nullptr, {}, true});
  // The same through the dispatcher: list returns and lists of tensors as IValues.
  check_golden({"graph_lists.json", "codegen_golden_lists_boxed.cpp", nullptr,
                {"aten::unbind.int", "aten::split.Tensor", "aten::cat.default", "aten::sum.dim_IntList"}, true});
}
