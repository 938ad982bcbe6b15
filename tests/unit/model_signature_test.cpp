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
  g.outputs.push_back({"add", {"returned"}, ""});
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

TEST_CASE("outputs are named after what the code returned, where that name is unique and free") {
  ir::Graph g = graph_with_inputs({"x"});
  ir::Node node;
  node.name = "ops";
  node.op = "aten::add.Tensor";
  for (const char* name : {"addmm_13", "_unsafe_view_8", "mul_2", "sub_1", "div_4"}) {
    ir::NodeOutput out;
    out.name = name;
    out.meta = meta({2, 3});
    node.outputs.push_back(out);
  }
  g.nodes.push_back(node);
  g.outputs.push_back({"addmm_13", {"returned"}, "logits"});
  g.outputs.push_back({"_unsafe_view_8", {"returned"}, "output[1]"});
  g.outputs.push_back({"mul_2", {"returned"}, "x"});      // an input's name: kept as the graph's
  g.outputs.push_back({"sub_1", {"returned"}, "twice"});  // returned twice: ambiguous
  g.outputs.push_back({"div_4", {"returned"}, "twice"});
  auto sig = signature_of(g);
  REQUIRE_MESSAGE(sig.has_value(), sig.error().message);
  std::vector<std::string> names, values;
  for (const auto& o : sig->outputs) names.push_back(o.name), values.push_back(o.value);
  CHECK(names == std::vector<std::string>{"logits", "output[1]", "mul_2", "sub_1", "div_4"});
  CHECK(values == std::vector<std::string>{"addmm_13", "_unsafe_view_8", "mul_2", "sub_1", "div_4"});
  auto j = to_json(*sig);
  CHECK(j["outputs"][0]["value"] == "addmm_13");
  CHECK_FALSE(j["outputs"][2].contains("value"));
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
    {"name": "x", "source": "L['x']", "value": "l_x", "dtype": "float32", "shape": ["s0", 4]},
    {"name": "w", "source": "L['w']", "value": "l_w", "dtype": "float32", "shape": [4, 6]}])"));
  CHECK(j["outputs"] == nlohmann::json::parse(R"([{"name": "sum", "dtype": "float32", "shape": ["s0", 3]}])"));
  CHECK(j["symbols"] == nlohmann::json::parse(R"([{"name": "s0", "source": "L['x'].size()[0]", "min": 2,
                                                   "max": null}])"));
}

TEST_CASE("inputs are named after the frame's arguments they are, where that name is free") {
  ir::Graph g = graph_with_inputs({"l_ids", "l_mask", "x", "l_self_cache_k"});
  g.inputs[0].source = "L['ids']";
  g.inputs[1].source = "L['mask']";
  g.inputs[2].source = "G['x']";                  // a global's tensor, graph-named x
  g.inputs[3].source = "L['self'].cache.k";        // not an argument itself
  ir::GraphInput clash = g.inputs[0];
  clash.name = "l_x";
  clash.source = "L['x']";                         // would clash with the global's x
  g.inputs.push_back(clash);
  ir::GraphInput keyword = g.inputs[0];
  keyword.name = "l_kwargs_attention_mask";
  keyword.source = "L['kwargs']['attention_mask']";  // model(**inputs) into forward(*args, **kwargs)
  g.inputs.push_back(keyword);
  auto sig = signature_of(g);
  REQUIRE_MESSAGE(sig.has_value(), sig.error().message);
  std::vector<std::string> names, values;
  for (const auto& in : sig->inputs) names.push_back(in.name), values.push_back(in.value);
  CHECK(names == std::vector<std::string>{"ids", "mask", "x", "l_self_cache_k", "l_x", "attention_mask"});
  CHECK(values ==
        std::vector<std::string>{"l_ids", "l_mask", "x", "l_self_cache_k", "l_x", "l_kwargs_attention_mask"});
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
