// What the libtorch backend makes of a small graph (without compiling it:
// the golden sources of codegen_test.cpp and e2e/aot compile real ones).
#include <doctest/doctest.h>

#include "dynx/export/libtorch_backend.hpp"

using namespace dynx;
using namespace dynx::exporter;

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
  g.outputs.push_back({"mul", {"returned"}, ""});
  return g;
}

}  // namespace

TEST_CASE("libtorch backend: typed calls, numbers as wrapped scalars, the dispatcher when no struct") {
  auto backend = std::make_unique<LibtorchBackend>();
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
  auto backend = std::make_unique<LibtorchBackend>();
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

TEST_CASE("libtorch backend: an in-place operator on a weight gets a copy by its schema, not the capture's claim") {
  auto backend = std::make_unique<LibtorchBackend>();
  auto graph = small_graph();
  graph.inputs[0].kind = "parameter";
  graph.inputs[0].weight = "w";
  graph.nodes[0].op = "aten::mul_.Tensor";
  graph.nodes[0].outputs[0].alias = "inplace";
  REQUIRE(graph.nodes[0].mutates.empty());  // the capture does not say it writes
  WeightLayout w;
  w.key = "w";
  w.graph_input = "x";
  w.dtype = "float32";
  w.sizes = {2, 3};
  w.strides = {3, 1};
  w.nbytes = 24;
  auto inplace = torch_with(
      {{"aten::mul_.Tensor", {"aten::mul_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", "mul__Tensor"}}});
  CHECK(graph_writes(graph, inplace));
  auto model = backend->generate(graph, inplace, {w}, CodegenOptions{});
  REQUIRE(model);
  CHECK(model->source.find("24u, true},") != std::string::npos);

  graph.nodes[0].op = "aten::mul.Tensor";
  graph.nodes[0].outputs[0].alias = "";
  auto functional = torch_with({{"aten::mul.Tensor", {"aten::mul.Tensor(Tensor self, Tensor other) -> Tensor", "mul_Tensor"}}});
  CHECK_FALSE(graph_writes(graph, functional));
  model = backend->generate(graph, functional, {w}, CodegenOptions{});
  REQUIRE(model);
  CHECK(model->source.find("24u, false},") != std::string::npos);
}

TEST_CASE("aten_scalar_type: the ATen name of each dtype a model carries") {
  CHECK(*aten_scalar_type("float32") == "at::ScalarType::Float");
  CHECK(*aten_scalar_type("bool") == "at::ScalarType::Bool");
  CHECK(*aten_scalar_type("complex128") == "at::ScalarType::ComplexDouble");
  CHECK(aten_scalar_type("float8").error().message == "dtype float8 is not supported by the libtorch backend");
  CHECK_FALSE(aten_scalar_type("torch.float32"));
}
