// The model signature, and the property that names from a capture cannot
// inject code into generated sources: hostile names are emitted into a
// signature table, compiled with the system compiler (-Werror), run, and
// must come back byte for byte in the input checks' messages.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "dynx/export/cpp_writer.hpp"
#include "dynx/export/model_signature.hpp"
#include "dynx/files.hpp"
#include "dynx/subprocess.hpp"

using namespace dynx;
using namespace dynx::exporter;

namespace {

ir::TensorMeta meta(std::vector<int64_t> shape, std::string dtype = "float32") {
  ir::TensorMeta m;
  m.shape = std::move(shape);
  m.dtype = std::move(dtype);
  m.device = "cpu";
  return m;
}

ir::Graph graph_with_inputs(const std::vector<std::string>& names) {
  ir::Graph g;
  g.id = "0/0/0";
  for (const auto& name : names) {
    ir::GraphInput in;
    in.name = name;
    in.kind = "user_input";
    in.source = "L['" + name + "']";
    in.meta = meta({2, 3});
    in.meta.sym_shape = {{0, "s0"}, {3, ""}};
    g.inputs.push_back(in);
  }
  ir::GraphInput weight;
  weight.name = "w";
  weight.kind = "parameter";
  weight.weight = "fc.weight";
  weight.meta = meta({3, 3});
  g.inputs.push_back(weight);
  g.symbols.push_back({"s0", "L['x'].size()[0]", 2, std::nullopt, 2});
  return g;
}

}  // namespace

TEST_CASE("a graph's signature: caller inputs, weights, symbols and outputs") {
  ir::Graph g = graph_with_inputs({"x"});
  ir::Node node;
  node.name = "add";
  node.op = "aten::add.Tensor";
  ir::NodeOutput out;
  out.name = "add";
  out.meta = meta({2, 3});
  node.outputs.push_back(out);
  g.nodes.push_back(node);
  g.outputs.push_back({"add", {"returned"}});
  auto sig = signature_of(g);
  REQUIRE_MESSAGE(sig.has_value(), sig.error().message);
  CHECK(sig->inputs.size() == 1);
  CHECK(sig->weights == std::vector<std::string>{"w"});
  auto j = to_json(*sig);
  CHECK(j["inputs"][0]["shape"] == nlohmann::json::array({"s0", 3}));
  CHECK(j["outputs"][0]["name"] == "add");
  CHECK(j["symbols"][0]["max"].is_null());
  g.inputs[0].meta.sym_shape[0].expr = "2*s0";
  CHECK(signature_of(g).error().message ==
        "input 'x' has a size 2*s0 derived from other sizes; a caller's sizes must be plain symbols");
}

TEST_CASE("hostile names compile into a safe table and come back byte for byte") {
  const std::vector<std::string> hostile = {
      "x\"; system(\"rm -rf /\"); //", "*/ int evil; /*", "line\nbreak", "#include <cstdlib>", "back\\slash\\",
      "tri?" "?/graph", std::string("nul\0byte", 8), "caf\xc3\xa9", "\xff\xfe"};
  ir::Graph g = graph_with_inputs(hostile);
  for (auto& in : g.inputs) in.source = "*/ " + in.name + " // \\";
  auto sig = signature_of(g);
  REQUIRE(sig.has_value());
  std::string dir = (std::filesystem::temp_directory_path() / ("dynx-hostile-" + std::to_string(::getpid()))).string();
  std::filesystem::create_directories(dir);
  std::string program = "#include <cstdio>\n#include <string>\n#include <vector>\n"
                        "#include \"dynx/runtime/input_checks.hpp\"\n" +
                        emit_signature_table(*sig) +
                        "int main() {\n"
                        "  std::vector<DLTensor> ts(" + std::to_string(hostile.size()) + ");\n"
                        "  std::vector<const DLTensor*> ps;\n"
                        "  int64_t good[2] = {4, 3}, bad[2] = {4, 5};\n"
                        "  float data[20] = {};\n"
                        "  for (size_t i = 0; i < ts.size(); ++i) {\n"
                        "    ts[i] = DLTensor{data, {kDLCPU, 0}, 2, {kDLFloat, 32, 1}, i + 1 == ts.size() ? bad : good,"
                        " nullptr, 0};\n"
                        "    ps.push_back(&ts[i]);\n  }\n"
                        "  int64_t symbols[1];\n  std::string message;\n"
                        "  if (dynx::runtime::check_inputs(dynx_generated::kSignature, ps.data(), ps.size(), symbols,"
                        " &message)) return 3;\n"
                        "  std::fwrite(message.data(), 1, message.size(), stdout);\n  return 0;\n}\n";
  REQUIRE(write_file_atomic(dir + "/main.cpp", program).ok());
  auto compiled = run_captured({"c++", "-std=c++17", "-Wall", "-Wextra", "-Werror", "-Wtrigraphs", "-Wcomment",
                               "-I" DYNX_SOURCE_DIR "/libexport/include", "-I" DYNX_SOURCE_DIR "/libsupport/include",
                               dir + "/main.cpp", DYNX_SOURCE_DIR "/libexport/runtime/input_checks.cpp", "-o", dir + "/check"},
                               "", true);
  REQUIRE(compiled.has_value());
  REQUIRE_MESSAGE(compiled->exit_code == 0, program);
  auto ran = run_captured({dir + "/check"}, "", true);
  REQUIRE(ran.has_value());
  CHECK(ran->exit_code == 0);
  CHECK(ran->output == "input '" + hostile.back() + "': size mismatch at dim 1: expected 3, got 5");
  std::filesystem::remove_all(dir);
}

TEST_CASE("the signature of a dynamic graph recorded by dynx-capture") {
  auto graph = ir::read_graph(DYNX_SOURCE_DIR "/tests/unit/data/graph_dynamic.json");
  REQUIRE_MESSAGE(graph.has_value(), graph.error().message);
  auto sig = signature_of(*graph);
  REQUIRE_MESSAGE(sig.has_value(), sig.error().message);
  auto j = to_json(*sig);
  CHECK(j["inputs"] == nlohmann::json::parse(R"([
    {"name": "l_x", "source": "L['x']", "dtype": "float32", "shape": ["s0", 4]},
    {"name": "l_w", "source": "L['w']", "dtype": "float32", "shape": [4, 6]}])"));
  CHECK(j["outputs"] == nlohmann::json::parse(R"([{"name": "sum", "dtype": "float32", "shape": ["s0", 3]}])"));
  CHECK(j["symbols"] == nlohmann::json::parse(R"([{"name": "s0", "source": "L['x'].size()[0]", "min": 2,
                                                   "max": null}])"));
}

TEST_CASE("model_dtype: exact dtype names only") {
  REQUIRE(model_dtype("bfloat16"));
  CHECK(model_dtype("bfloat16")->aten == "BFloat16");
  CHECK(model_dtype("torch.float32") == nullptr);
  CHECK(model_dtype("float8") == nullptr);
}

TEST_CASE("a graph that takes a Python int as a symbol has no model signature") {
  // Recorded by dynx-capture from f(x, n): return x * n, called with n = 2, then 3.
  auto graph = ir::read_graph(DYNX_SOURCE_DIR "/tests/unit/data/graph_dynamic_int.json");
  REQUIRE_MESSAGE(graph.has_value(), graph.error().message);
  REQUIRE(graph->symbols.size() == 1);
  CHECK(graph->symbols[0].kind == "int");
  auto sig = signature_of(*graph);
  REQUIRE_FALSE(sig.has_value());
  CHECK(sig.error().message.find("the Python int L['n'] as a dynamic value (s0)") != std::string::npos);
}
