// Operator schemas, size expressions and what the libtorch backend makes of
// a small graph (without compiling it: the e2e test compiles real ones).
#include <doctest/doctest.h>

#include <cstdlib>

#include "dynx/export/codegen.hpp"
#include "dynx/files.hpp"
#include "dynx/ir/graph.hpp"

using namespace dynx;
using namespace dynx::exporter;

TEST_CASE("parse_schema: arguments, defaults, keyword-only, alias annotations, returns") {
  auto s = parse_schema(
      "aten::addmm.out(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) "
      "-> Tensor(a!)");
  REQUIRE(s);
  CHECK(s->name == "aten::addmm");
  CHECK(s->overload == "out");
  REQUIRE(s->arguments.size() == 6);
  CHECK(s->arguments[3].kwarg_only);
  CHECK(*s->arguments[3].default_value == "1");
  CHECK(s->arguments[5].is_out);
  CHECK(s->arguments[5].type == "Tensor");
  CHECK(s->returns == std::vector<std::string>{"Tensor"});

  auto split = parse_schema("aten::split.Tensor(Tensor(a -> *) self, SymInt split_size, int dim=0) -> Tensor(a)[]");
  REQUIRE(split);
  CHECK(split->arguments[0].type == "Tensor");
  CHECK(split->returns == std::vector<std::string>{"Tensor[]"});

  auto conv = parse_schema("aten::conv2d(Tensor input, Tensor weight, Tensor? bias=None, SymInt[2] stride=1, "
                           "SymInt[2] padding=[0, 0], str pad=\"a,b\") -> Tensor");
  REQUIRE(conv);
  CHECK(conv->arguments.size() == 6);
  CHECK(conv->arguments[3].type == "SymInt[2]");
  CHECK(*conv->arguments[4].default_value == "[0, 0]");
  CHECK(*conv->arguments[5].default_value == "\"a,b\"");

  auto sdpa = parse_schema("aten::_sdpa(Tensor query) -> (Tensor output, Tensor logsumexp)");
  REQUIRE(sdpa);
  CHECK(sdpa->returns == std::vector<std::string>{"Tensor", "Tensor"});

  auto inplace = parse_schema("aten::add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)");
  REQUIRE(inplace);
  CHECK(inplace->arguments[0].is_mutable);
  CHECK_FALSE(inplace->arguments[0].is_out);

  CHECK_FALSE(parse_schema("not a schema"));
}

TEST_CASE("cpp_size_expression: Python's floor division, only symbols and integers") {
  CHECK(*cpp_size_expression("s0") == "s0");
  CHECK(*cpp_size_expression("2*s0") == "(int64_t{2} * s0)");
  CHECK(*cpp_size_expression("s0*s1//2 + 1") == "(dynx::model::floordiv((s0 * s1), int64_t{2}) + int64_t{1})");
  CHECK(*cpp_size_expression("-(s0 - 1)") == "(-(s0 - int64_t{1}))");
  CHECK_FALSE(cpp_size_expression("s0; system(\"x\")"));
  CHECK_FALSE(cpp_size_expression("x0"));
  CHECK_FALSE(cpp_size_expression("s0 +"));
  CHECK_FALSE(cpp_size_expression("(s0"));
}

namespace {

TorchInfo torch_with(const std::map<std::string, std::pair<std::string, std::string>>& ops) {
  TorchInfo t;
  t.version = "2.13.0+cpu";
  for (const auto& [name, schema_and_struct] : ops) {
    OperatorInfo info;
    info.schema = *parse_schema(schema_and_struct.first);
    info.cpp_struct = schema_and_struct.second;
    if (!info.cpp_struct.empty()) info.header = "ATen/ops/x_ops.h";
    t.ops[name] = info;
  }
  return t;
}

ir::Graph small_graph() {
  ir::Graph g;
  g.id = "0/0/0";
  ir::GraphInput x;
  x.name = "x";
  x.kind = "user_input";
  x.source = "L['x']";
  x.meta.shape = {2, 3};
  x.meta.stride = {3, 1};
  x.meta.dtype = "float32";
  g.inputs.push_back(x);
  ir::Node mul;
  mul.name = "mul";
  mul.op = "aten::mul.Tensor";
  ir::Argument ref;
  ref.kind = ir::Argument::Kind::ref;
  ref.text = "x";
  ir::Argument two;
  two.kind = ir::Argument::Kind::real;
  two.real = 2.0;
  mul.args = {ref, two};
  ir::NodeOutput out;
  out.name = "mul";
  out.meta = x.meta;
  mul.outputs.push_back(out);
  g.nodes.push_back(mul);
  g.outputs.push_back({"mul", {"returned"}});
  return g;
}

}  // namespace

TEST_CASE("libtorch backend: typed calls, numbers as wrapped scalars, the dispatcher when no struct") {
  auto backend = make_backend("libtorch");
  REQUIRE(backend);
  CHECK_FALSE(make_backend("native"));
  auto typed = torch_with({{"aten::mul.Tensor", {"aten::mul.Tensor(Tensor self, Tensor other) -> Tensor", "mul_Tensor"}}});
  auto model = backend->generate(small_graph(), typed, {}, CodegenOptions{});
  REQUIRE(model);
  CHECK(model->typed_calls == 1);
  CHECK(model->boxed_calls == 0);
  CHECK(model->source.find("at::_ops::mul_Tensor::call(v_x, m.constants[0])") != std::string::npos);
  CHECK(model->source.find("wrapped_scalar(at::Scalar(2.0))") != std::string::npos);
  CHECK(model->source.find("out[0] = v_mul;") != std::string::npos);

  auto boxed = torch_with({{"aten::mul.Tensor", {"aten::mul.Tensor(Tensor self, Tensor other) -> Tensor", ""}}});
  model = backend->generate(small_graph(), boxed, {}, CodegenOptions{});
  REQUIRE(model);
  CHECK(model->boxed_calls == 1);
  CHECK(model->source.find("dynx::model::call_boxed(m, 0, stack);") != std::string::npos);
  CHECK(model->source.find("\"aten::mul\", \"Tensor\"") != std::string::npos);
}

TEST_CASE("libtorch backend: errors name the operator and the argument") {
  auto backend = make_backend("libtorch");
  auto graph = small_graph();
  auto wrong = torch_with({{"aten::mul.Tensor", {"aten::mul.Tensor(Tensor self, int other) -> Tensor", "mul_Tensor"}}});
  auto model = backend->generate(graph, wrong, {}, CodegenOptions{});
  REQUIRE_FALSE(model);
  CHECK(model.error().message == "operator aten::mul.Tensor (mul): argument 'other': expected an integer");

  TorchInfo missing;
  missing.ops["aten::mul.Tensor"].missing = "aten::mul.Tensor is not an operator of torch 9";
  model = backend->generate(graph, missing, {}, CodegenOptions{});
  REQUIRE_FALSE(model);
  CHECK(model.error().message == "aten::mul.Tensor is not an operator of torch 9");
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
  const char* boxed;   // this operator goes through the dispatcher (nullptr: every call typed)
  bool embedded_weights;
};

void check_golden(const GoldenCase& c) {
  CAPTURE(c.golden);
  const std::string data = DYNX_SOURCE_DIR "/tests/unit/data/";
  auto probe = read_file(data + "codegen_torch_ops.json");
  REQUIRE(probe);
  auto torch = torch_info_from_json(nlohmann::json::parse(*probe));
  REQUIRE(torch);
  if (c.boxed) {
    torch->ops.at(c.boxed).cpp_struct.clear();
    torch->ops.at(c.boxed).header.clear();
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
  check_golden({"graph_dynamic.json", "codegen_golden_dynamic.cpp", nullptr, nullptr, true});
  // In-place operators (const_cast targets, no planning of mutated values).
  check_golden({"graph_inplace.json", "codegen_golden_inplace.cpp", nullptr, nullptr, true});
  // Views (never planned), one operator through the dispatcher, external weights file.
  check_golden({"graph_views.json", "codegen_golden_views.cpp", nullptr, "aten::select.int", false});
  // Static graph with a weight: planned buffers sharing slots, the weights table.
  check_golden({"graph_no_grad.json", "codegen_golden_weights.cpp", "l_w", nullptr, true});
  // A tuple-returning operator.
  check_golden({"graph_multiple_outputs.json", "codegen_golden_multiple_outputs.cpp", nullptr, nullptr, true});
}
