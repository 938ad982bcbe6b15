// Operator schemas, torch's answer about them, and arguments bound to a schema.
#include <doctest/doctest.h>

#include "dynx/export/operator_schema.hpp"
#include "dynx/files.hpp"

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
  CHECK(split->returns_alias == std::vector<bool>{true});

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
  CHECK_FALSE(parse_schema("aten::f(Tensor) -> Tensor"));
}

TEST_CASE("schema_default: each kind of default") {
  CHECK(schema_default("None")->kind == ir::Argument::Kind::none);
  CHECK(schema_default("True")->boolean);
  CHECK(schema_default("\"mean\"")->text == "mean");
  auto list = schema_default("[0, 1]");
  REQUIRE(list);
  REQUIRE(list->items.size() == 2);
  CHECK(list->items[1].integer == 1);
  CHECK(schema_default("-3")->integer == -3);
  CHECK(schema_default("0.5")->real == 0.5);
  CHECK(schema_default("contiguous_format")->kind == ir::Argument::Kind::memory_format);
  CHECK(schema_default("long")->text == "int64");
  CHECK(schema_default("-inf")->kind == ir::Argument::Kind::special_float);
  CHECK(schema_default("what").error().message == "schema default 'what' is not understood");
}

TEST_CASE("bind_arguments: positional, keywords, defaults, and what is refused") {
  auto schema = *parse_schema("aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor");
  ir::Node node;
  ir::Argument x;
  x.kind = ir::Argument::Kind::ref;
  x.text = "x";
  node.args = {x, x};
  auto bound = bind_arguments(schema, node);
  REQUIRE(bound);
  REQUIRE(bound->size() == 3);
  CHECK((*bound)[1].text == "x");
  CHECK((*bound)[2].kind == ir::Argument::Kind::integer);
  CHECK((*bound)[2].integer == 1);

  ir::Argument two;
  two.kind = ir::Argument::Kind::integer;
  two.integer = 2;
  node.kwargs = {{"alpha", two}};
  CHECK((*bind_arguments(schema, node))[2].integer == 2);
  node.kwargs = {{"beta", two}};
  CHECK(bind_arguments(schema, node).error().message == "no argument named 'beta' in its schema");
  node.kwargs.clear();
  node.args = {x, x, x, x};
  CHECK(bind_arguments(schema, node).error().message == "more arguments than the schema has");
  node.args = {x};
  CHECK(bind_arguments(schema, node).error().message == "argument 'other' is missing");
  auto out = *parse_schema("aten::exp.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)");
  CHECK(bind_arguments(out, node).error().message ==
        "out= operators are not exported; the capture records functional calls");
}

TEST_CASE("torch_info_from_json: an answer of aot_probe.py") {
  auto text = read_file(DYNX_SOURCE_DIR "/tests/unit/data/codegen_torch_ops.json");
  REQUIRE(text);
  auto torch = torch_info_from_json(nlohmann::json::parse(*text));
  REQUIRE(torch);
  CHECK(torch->version == "2.13.0+cpu");
  const OperatorInfo* mm = find_operator(*torch, "aten::mm.default");
  REQUIRE(mm);
  CHECK(mm->cpp_struct == "mm");
  CHECK(mm->header == "ATen/ops/mm_ops.h");
  REQUIRE(mm->out_schema);
  CHECK(mm->out_struct == "mm_out");
  CHECK(find_operator(*torch, "aten::nothing.default") == nullptr);
  CHECK_FALSE(torch_info_from_json(nlohmann::json::object()));
}

TEST_CASE("graph_operators: each operator once, sorted") {
  ir::Graph g;
  g.nodes.resize(3);
  g.nodes[0].op = "aten::mul.Tensor";
  g.nodes[1].op = "aten::add.Tensor";
  g.nodes[2].op = "aten::mul.Tensor";
  CHECK(graph_operators(g) == std::vector<std::string>{"aten::add.Tensor", "aten::mul.Tensor"});
}
